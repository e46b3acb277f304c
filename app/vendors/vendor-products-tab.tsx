import { Link } from "react-router";
import type { VendorProductRow } from "../../domain/vendors/dashboard";
import { formatNaira } from "../../lib/money";
import { productHeading } from "../../lib/product-heading";
import { GradeBadge } from "../ui/badges";
import { StatusBadge, StockBadge } from "../ui/status-badges";
import { ProductThumb } from "../ui/product-thumb";
import { useAction } from "../ui/answer";
import { SectionTitle } from "../ui/page-title";

/** The Products tab: the vendor's listings with status, price, stock and the show-in-shop switch. */
export function VendorProductsTab({ products }: { products: readonly VendorProductRow[] }) {
  return (
    <section aria-labelledby="vendor-products-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SectionTitle id="vendor-products-title">Your products</SectionTitle>
        <Link to="/products?add=1" className="rounded-lg bg-brand-strong px-4 py-2.5 text-sm font-semibold text-white hover:opacity-90">
          Add Product
        </Link>
      </div>
      {products.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-gray-300 p-6 text-center text-gray-700">
          You have not listed any phones yet. Add your first one: our team checks it and sets the final price.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
          {products.map((product) => (
            <VendorProductItem key={product.id} product={product} />
          ))}
        </ul>
      )}
    </section>
  );
}

function VendorProductItem({ product }: { product: VendorProductRow }) {
  return (
    <li aria-label={product.name} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <ProductThumb src={product.image} />
        <div className="min-w-0">
          <h3 className="truncate font-semibold text-gray-900">{product.name}</h3>
          <p className="text-sm text-gray-700">
            {productHeading(product)}
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-1.5">
            <GradeBadge grade={product.grade} />
            <StatusBadge status={product.status} />
            <StockBadge stock={product.stockQuantity} />
          </div>
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 text-sm sm:w-72">
        <dt className="text-gray-600">Price</dt>
        <dd className="font-semibold text-gray-900">
          {product.finalPrice === null ? <span className="font-normal text-gray-700">Suggested {formatNaira(product.suggestedPrice)}</span> : formatNaira(product.finalPrice)}
        </dd>
        <dt className="text-gray-600">In stock</dt>
        <dd className="text-gray-900">{product.stockQuantity}</dd>
      </dl>
      <div className="flex items-center gap-3">
        <LiveSwitch product={product} />
        <Link to={`/products?edit=${product.id}`} className="text-sm font-semibold text-brand-strong hover:underline" aria-label={`Edit ${product.name}`}>
          Edit
        </Link>
      </div>
    </li>
  );
}

/** Shows or hides the phone in the shop; optimistic while the change is on its way. */
function LiveSwitch({ product }: { product: VendorProductRow }) {
  const { fetcher } = useAction();
  const pending = fetcher.formData?.get("isLive");
  const isLive = pending === undefined || pending === null ? product.isLive : pending === "true";
  return (
    <fetcher.Form method="post" action="/vendor-dashboard?tab=products">
      <input type="hidden" name="intent" value="live" />
      <input type="hidden" name="productId" value={product.id} />
      <input type="hidden" name="isLive" value={String(!isLive)} />
      <button
        type="submit"
        role="switch"
        aria-checked={isLive}
        aria-label={`Show ${product.name} in the shop`}
        className="inline-flex items-center gap-2 rounded-full text-sm font-medium text-gray-800"
      >
        <span aria-hidden="true" className={`relative inline-block h-6 w-11 rounded-full transition ${isLive ? "bg-emerald-600" : "bg-gray-300"}`}>
          <span className={`absolute top-0.5 h-5 w-5 rounded-full bg-white shadow transition-all ${isLive ? "left-5" : "left-0.5"}`} />
        </span>
        {isLive ? "Visible" : "Hidden"}
      </button>
    </fetcher.Form>
  );
}
