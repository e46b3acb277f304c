import { data, Link, redirect } from "react-router";
import { type WishlistEntry, listWishlist } from "../../../domain/catalog/wishlist";
import { WISHLIST_TEXTS } from "../../../domain/catalog/wishlist-texts";
import { CART_TEXTS } from "../../../domain/cart/texts";
import { formatNaira } from "../../../lib/money";
import { productHeading } from "../../../lib/product-heading";
import { useAddToCart } from "../../checkout/add-to-cart";
import { signInHref } from "../../checkout/cart-sign-in";
import { useAction } from "../../ui/answer";
import { GradeBadge } from "../../ui/badges";
import { PageTitle } from "../../ui/page-title";
import { IMAGE_SIZES, ProductImage } from "../../ui/catalog-image";
import { WISHLIST_ACTION } from "../product-switch";
import type { Route } from "./+types/wishlist";

const PAGE = "/wishlist";

export const meta: Route.MetaFunction = () => [{ title: WISHLIST_TEXTS.title }, { name: "robots", content: "noindex" }];

/** The signed-in buyer's saved phones (docs/storefront.md). */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await context.getViewer();
  if (!viewer) throw redirect(signInHref(PAGE));
  return data({ items: await listWishlist(context.db, viewer.userId) }, { headers: { "Cache-Control": "no-store" } });
}

export default function WishlistPage({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  return (
    <section className="container-page max-w-3xl py-8" aria-labelledby="wishlist-title">
      <PageTitle id="wishlist-title">{WISHLIST_TEXTS.title}</PageTitle>
      {items.length === 0 ? (
        <EmptyWishlist />
      ) : (
        <ul className="mt-4 divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
          {items.map((item) => (
            <li key={item.productId}>
              <WishlistRow item={item} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function EmptyWishlist() {
  return (
    <div role="status" className="mt-6 rounded-xl border border-dashed border-gray-300 bg-gray-50 px-4 py-10 text-center">
      <p className="text-lg font-bold text-gray-900">{WISHLIST_TEXTS.empty}</p>
      <p className="mt-1 text-sm text-gray-700">{WISHLIST_TEXTS.emptyBody}</p>
      <Link to="/shop" className="mt-4 inline-flex h-11 items-center justify-center rounded-lg bg-brand-strong px-5 text-sm font-semibold text-white hover:opacity-90">
        {WISHLIST_TEXTS.browseShop}
      </Link>
    </div>
  );
}

const addedOne = () => CART_TEXTS.added;

function WishlistRow({ item }: { item: WishlistEntry }) {
  const heading = productHeading(item);
  const inStock = item.available && item.stockQuantity > 0;
  const { add, busy: adding } = useAddToCart({ successText: addedOne });
  const { fetcher, busy: removing } = useAction();
  if (removing) return null;
  return (
    <article className="flex gap-3 p-3 sm:gap-4 sm:p-4" aria-label={heading}>
      <div className="h-24 w-20 shrink-0 overflow-hidden rounded-lg bg-gray-100">
        <ProductImage src={item.image} alt="" sizes={IMAGE_SIZES.thumbnail} width={80} height={96} />
      </div>
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold text-gray-900">
          {item.available ? (
            <Link to={`/product/${item.productId}`} className="hover:text-brand-strong hover:underline">
              {heading}
            </Link>
          ) : (
            heading
          )}
        </h2>
        <div className="mt-1 flex flex-wrap items-center gap-2 text-sm">
          <GradeBadge grade={item.grade} />
          {item.available ? (
            <>
              <span className="font-bold text-gray-900">{formatNaira(item.price)}</span>
              <span className={inStock ? "font-semibold text-emerald-800" : "font-semibold text-gray-700"}>
                {inStock ? WISHLIST_TEXTS.inStock : WISHLIST_TEXTS.soldOut}
              </span>
            </>
          ) : (
            <span className="font-semibold text-gray-700">{WISHLIST_TEXTS.noLongerAvailable}</span>
          )}
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          {inStock ? (
            <button
              type="button"
              onClick={() => add(item.productId, 1)}
              disabled={adding}
              aria-busy={adding}
              aria-label={`${WISHLIST_TEXTS.addToCart}: ${heading}`}
              className="inline-flex h-10 items-center justify-center rounded-lg bg-brand-strong px-4 text-sm font-semibold text-white hover:opacity-90 disabled:opacity-60"
            >
              {WISHLIST_TEXTS.addToCart}
            </button>
          ) : null}
          <fetcher.Form method="post" action={WISHLIST_ACTION}>
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="productId" value={item.productId} />
            <button
              type="submit"
              aria-label={`${WISHLIST_TEXTS.remove} ${heading}`}
              className="inline-flex h-10 items-center justify-center rounded-lg border border-gray-300 px-4 text-sm font-semibold text-gray-900 hover:bg-gray-50"
            >
              {WISHLIST_TEXTS.remove}
            </button>
          </fetcher.Form>
        </div>
      </div>
    </article>
  );
}
