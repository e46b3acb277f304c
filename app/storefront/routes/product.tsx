import { Link, data, useNavigate } from "react-router";
import { DEFAULT_PROMISES, type StorePromises, trustPoints } from "../../../domain/catalog/promises";
import {
  type PublicProduct,
  type PublicReview,
  getPublicProduct,
  getStorePromises,
  listApprovedReviews,
  listSimilarProducts,
} from "../../../domain/catalog/service";
import {
  GRADE_DESCRIPTIONS,
  GRADE_LABELS,
  INSPECTION_POINTS,
  SITE_DEFAULTS,
  stockBadge,
  TEXTS,
  WARRANTY_TERMS,
  warrantyLabel,
} from "../../../lib/constants";
import { PREVIEW_IMAGE, hasRenditions, previewImageUrl } from "../../../domain/media/image-urls";
import { discountPercent, displayPrice, formatNaira, koboToNaira, wasPrice } from "../../../lib/money";
import { DiscountBadge, GradeBadge, InspectedBadge, VerifiedVendorBadge } from "../../ui/badges";
import { FavouriteButton } from "../favourite-button";
import { formatDate, plural } from "../../ui/format";
import {
  ArrowLeftIcon,
  BadgeCheckIcon,
  CheckCircleIcon,
  ClipboardCheckIcon,
  ShieldIcon,
  TruckIcon,
  XCircleIcon,
} from "../../ui/icons";
import { ProductGallery } from "../product-gallery";
import { type ProductCardData, toCardData } from "../product-card";
import { ProductGrid } from "../product-grid";
import { JsonLd, productJsonLd } from "../product-structured-data";
import { PurchaseBox } from "../purchase-box";
import { StockAlert } from "../stock-alert";
import { isWaitingForStock } from "../../../domain/catalog/stock-alerts";
import { absoluteUrl, pageMeta, siteFromMatches, useSite } from "../../site/site";
import { StarRating, formatRating } from "../../ui/star-rating";
import { Tabs } from "../../ui/tabs";
import type { Route } from "./+types/product";
import { productHeading } from "../../../lib/product-heading";
import { logServerError } from "../../server/log.server";

/** Texts of the product page beyond the spec's (docs/storefront.md). */
export const PRODUCT_TEXTS = {
  soldOut: "Sold out",
  soldOutBody: "This phone has sold out. These similar phones are for sale now.",
  noSimilar: "No similar phones are for sale right now.",
  similarTitle: "Similar phones",
  browseShop: "Browse Shop",
  inspectionTitle: "Quality inspection report",
  inspectedBy: (date: string | null) => (date ? `Inspected by Tokunbo on ${date}` : "Inspected by Tokunbo"),
  notInspected: "Not yet inspected",
  notInspectedBody:
    "Our team has not inspected this phone yet; the vendor graded it. An inspection covers these 15 points:",
  inspectedBody: "Our team checked every one of these 15 points:",
  checked: "Checked",
} as const;

type ProductLoaderData =
  | { product: PublicProduct; reviews: PublicReview[]; promises: StorePromises; similar: ProductCardData[]; waitingForStock: boolean }
  | { product: null; reviews: []; promises: StorePromises; similar: []; waitingForStock: false };

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const [product, reviews, promises] = await Promise.all([
      getPublicProduct(context.db, params.id),
      listApprovedReviews(context.db, params.id),
      getStorePromises(context.db),
    ]);
    if (!product) return data<ProductLoaderData>({ product: null, reviews: [], promises, similar: [], waitingForStock: false }, { status: 404 });
    if (product.stockQuantity > 0) return data<ProductLoaderData>({ product, reviews, promises, similar: [], waitingForStock: false });
    // A sold-out phone's shared link never dead-ends: phones like it that can be bought.
    const [similar, waitingForStock] = await Promise.all([listSimilarProducts(context.db, product), waitsForStock(context, product.id)]);
    return data<ProductLoaderData>({ product, reviews, promises, similar: similar.map(toCardData), waitingForStock });
  } catch (error) {
    // 'Failed to load product': the screen shows the not-found view (docs/storefront.md).
    logServerError("Failed to load product", error);
    return data<ProductLoaderData>({ product: null, reviews: [], promises: DEFAULT_PROMISES, similar: [], waitingForStock: false }, { status: 503 });
  }
}

/** Whether the signed-in viewer asked to be told when this phone is back; signed out, never (the page stays shareable and cached). */
async function waitsForStock(context: Route.LoaderArgs["context"], productId: string): Promise<boolean> {
  const viewer = await context.getViewer();
  return viewer ? isWaitingForStock(context.db, viewer.userId, productId) : false;
}

function metaDescription(product: PublicProduct, price: string, warrantyDays: number): string {
  return [
    product.stockQuantity > 0 ? null : PRODUCT_TEXTS.soldOut,
    price,
    `Grade ${product.grade}: ${GRADE_DESCRIPTIONS[product.grade]}`,
    product.color,
    warrantyLabel(warrantyDays),
    `Sold by ${product.vendor.businessName}`,
  ]
    .filter(Boolean)
    .join(" · ");
}

/** Size and type of the link-preview image, known for our own stored images. */
function previewImageMeta(cover: string | undefined, alt: string) {
  if (!cover) return [];
  const altText = { property: "og:image:alt", content: alt };
  if (!hasRenditions(cover)) return [altText];
  return [
    { property: "og:image:type", content: PREVIEW_IMAGE.type },
    { property: "og:image:width", content: String(PREVIEW_IMAGE.width) },
    { property: "og:image:height", content: String(PREVIEW_IMAGE.height) },
    altText,
  ];
}

/** Title, description, Open Graph product and Twitter card tags: what a shared link previews. */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const product = loaderData?.product;
  if (!product) {
    return [{ title: `${TEXTS.productNotFound} | ${site.siteName}` }, { name: "robots", content: "noindex" }];
  }
  const heading = productHeading(product);
  const price = formatNaira(displayPrice(product));
  const title = `${heading} (Grade ${product.grade}) – ${price} | ${site.siteName}`;
  const description = metaDescription(product, price, loaderData.promises.warrantyDays);
  const cover = product.images[0];
  return [
    ...pageMeta(site, {
      title,
      description,
      path: `/product/${product.id}`,
      image: cover ? previewImageUrl(cover) : null,
      type: "product",
    }),
    ...previewImageMeta(cover, heading),
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { property: "product:price:amount", content: String(koboToNaira(displayPrice(product))) },
    { property: "product:price:currency", content: SITE_DEFAULTS.currency },
  ];
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.product) return <ProductNotFound />;
  return <ProductDetail {...loaderData} product={loaderData.product} />;
}

function ProductNotFound() {
  const navigate = useNavigate();
  return (
    <section className="container-page flex flex-col items-center py-20 text-center" aria-labelledby="product-missing-title">
      <h1 id="product-missing-title" className="text-2xl font-bold text-gray-900">
        {TEXTS.productNotFound}
      </h1>
      <p className="mt-3 max-w-md text-gray-700">{TEXTS.productNotFoundBody}</p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Link
          to="/shop"
          className="inline-flex items-center justify-center rounded-lg bg-brand-strong px-5 py-2.5 text-sm font-semibold text-white hover:opacity-90"
        >
          Browse Shop
        </Link>
        <button
          type="button"
          onClick={() => (window.history.length > 1 ? navigate(-1) : navigate("/"))}
          className="inline-flex items-center justify-center rounded-lg border border-gray-300 px-5 py-2.5 text-sm font-semibold text-gray-900 hover:bg-gray-50"
        >
          Go Back
        </button>
      </div>
    </section>
  );
}

const TRUST_ICONS = [ShieldIcon, TruckIcon, ClipboardCheckIcon, BadgeCheckIcon];

function ProductDetail({
  product,
  reviews,
  promises,
  similar,
  waitingForStock,
}: {
  product: PublicProduct;
  reviews: PublicReview[];
  promises: StorePromises;
  similar: ProductCardData[];
  waitingForStock: boolean;
}) {
  const site = useSite();
  const heading = productHeading(product);
  const price = displayPrice(product);
  const was = wasPrice(product);
  const discount = discountPercent(product);
  const inStock = product.stockQuantity > 0;
  const lowStockBadge = inStock ? stockBadge(product.stockQuantity) : null;
  const sellerName = product.vendor.businessName.trim() || TEXTS.unknownVendor;

  return (
    <div className="container-page py-4 sm:py-8">
      <Link to="/shop" className="inline-flex items-center gap-1.5 rounded-md py-2 text-sm font-semibold text-gray-800 hover:text-brand-strong">
        <ArrowLeftIcon className="h-4 w-4" />
        Back to Shop
      </Link>

      <div className="mt-2 grid gap-6 md:grid-cols-2 md:gap-10">
        <ProductGallery images={product.images} alt={heading} />

        <div>
          <div className="flex flex-wrap items-center gap-2">
            <GradeBadge grade={product.grade} withLabel />
            {product.adminInspected ? <InspectedBadge /> : null}
            {product.vendor.verified ? <VerifiedVendorBadge /> : null}
          </div>

          <div className="mt-3 flex items-start justify-between gap-3">
            <h1 className="text-2xl font-extrabold tracking-tight text-gray-900 sm:text-3xl">{heading}</h1>
            <FavouriteButton productId={product.id} productName={heading} className="shrink-0" />
          </div>
          <p className="mt-1 text-sm text-gray-700">{GRADE_DESCRIPTIONS[product.grade]}</p>

          <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-gray-700">
            <StarRating rating={product.ratingAverage} />
            <span>
              {product.reviewCount > 0 ? `${formatRating(product.ratingAverage)} · ` : null}
              {plural(product.reviewCount, "review", "reviews")}
            </span>
          </p>

          <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1">
            <p className="text-3xl font-extrabold text-gray-900">
              <span className="sr-only">Price: </span>
              {formatNaira(price)}
            </p>
            {was !== null ? (
              <p className="text-lg text-gray-600 line-through">
                <span className="sr-only">Was </span>
                {formatNaira(was)}
              </p>
            ) : null}
            {discount !== null ? <DiscountBadge percent={discount} className="text-sm" /> : null}
          </div>

          <dl className="mt-4 space-y-1 text-sm">
            <div className="flex gap-1">
              <dt className="text-gray-700">Seller:</dt>
              <dd className="font-semibold text-gray-900">{sellerName}</dd>
            </div>
            <div className="flex gap-1">
              <dt className="text-gray-700">Availability:</dt>
              <dd className="font-semibold text-gray-900">
                {inStock ? `${product.stockQuantity} in stock` : PRODUCT_TEXTS.soldOut}
                {lowStockBadge ? (
                  <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                    {lowStockBadge}
                  </span>
                ) : null}
              </dd>
            </div>
          </dl>

          {inStock ? <PurchaseBox product={product} cartCount={site.cartCount} /> : <SoldOutNotice productId={product.id} waitingForStock={waitingForStock} />}

          <ul className="mt-6 grid grid-cols-2 gap-3">
            {trustPoints(promises).map((point, i) => {
              const Icon = TRUST_ICONS[i] ?? CheckCircleIcon;
              return (
                <li key={point} className="flex items-center gap-2 rounded-lg bg-gray-50 p-3 text-sm font-medium text-gray-900">
                  <Icon className="h-5 w-5 shrink-0 text-brand-strong" />
                  {point}
                </li>
              );
            })}
          </ul>
        </div>
      </div>

      {inStock ? null : <SimilarPhones products={similar} />}

      <JsonLd
        data={productJsonLd(product, {
          url: absoluteUrl(site, `/product/${product.id}`),
          images: product.images.map((image) => absoluteUrl(site, image)),
        })}
      />
      <div className="mt-10">
        <Tabs
          label="Product information"
          items={[
            { id: "specs", label: "Specifications", content: <Specifications product={product} /> },
            { id: "quality", label: "Quality Check", content: <QualityCheck product={product} /> },
            { id: "warranty", label: "Warranty", content: <Warranty days={promises.warrantyDays} /> },
            { id: "reviews", label: `Reviews (${reviews.length})`, content: <Reviews reviews={reviews} /> },
          ]}
        />
      </div>
    </div>
  );
}

function Specifications({ product }: { product: PublicProduct }) {
  const rows: Array<[string, string]> = [
    ["Brand", product.brand],
    ["Model", product.model],
    ["Storage", product.storage],
    ["Color", product.color?.trim() || TEXTS.notSpecified],
    ["Grade", `Grade ${product.grade} (${GRADE_LABELS[product.grade]})`],
  ];
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <dl className="divide-y divide-gray-200 rounded-xl border border-gray-200">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 px-4 py-3 text-sm">
            <dt className="text-gray-700">{label}</dt>
            <dd className="text-right font-semibold text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <h2 className="text-base font-bold text-gray-900">Description</h2>
        <p className="mt-2 whitespace-pre-line text-sm text-gray-800">{product.description?.trim() || TEXTS.noDescription}</p>
      </div>
    </div>
  );
}

function SoldOutNotice({ productId, waitingForStock }: { productId: string; waitingForStock: boolean }) {
  return (
    <div className="mt-5 rounded-xl border border-gray-300 bg-gray-50 p-4">
      <div role="status">
        <p className="text-lg font-bold text-gray-900">{PRODUCT_TEXTS.soldOut}</p>
        <p className="mt-1 text-sm text-gray-700">{PRODUCT_TEXTS.soldOutBody}</p>
      </div>
      <StockAlert productId={productId} waiting={waitingForStock} />
      <a href="#similar-phones" className="mt-2 inline-block text-sm font-semibold text-brand-strong underline-offset-2 hover:underline">
        {PRODUCT_TEXTS.similarTitle}
      </a>
    </div>
  );
}

/** Listed phones of the same model, else the same brand: a sold-out phone's way on. */
function SimilarPhones({ products }: { products: ProductCardData[] }) {
  return (
    <section id="similar-phones" aria-labelledby="similar-phones-title" className="mt-10">
      <h2 id="similar-phones-title" className="text-xl font-bold text-gray-900">
        {PRODUCT_TEXTS.similarTitle}
      </h2>
      {products.length > 0 ? (
        <div className="mt-4">
          <ProductGrid products={products} />
        </div>
      ) : (
        <p className="mt-2 text-sm text-gray-700">
          {PRODUCT_TEXTS.noSimilar}{" "}
          <Link to="/shop" className="font-semibold text-brand-strong underline-offset-2 hover:underline">
            {PRODUCT_TEXTS.browseShop}
          </Link>
        </p>
      )}
    </section>
  );
}

/**
 * The 15-point inspection (docs/admin.md): results and when only once an admin completed the
 * checklist (never the admin's own name); otherwise an honest 'Not yet inspected'.
 */
function QualityCheck({ product }: { product: Pick<PublicProduct, "adminInspected" | "inspectedAt"> }) {
  const inspected = product.adminInspected;
  return (
    <div>
      <h2 className="text-base font-bold text-gray-900">{PRODUCT_TEXTS.inspectionTitle}</h2>
      <p className="mt-1 text-sm font-semibold text-gray-900">
        {inspected ? PRODUCT_TEXTS.inspectedBy(product.inspectedAt ? formatDate(product.inspectedAt) : null) : PRODUCT_TEXTS.notInspected}
      </p>
      <p className="mt-1 text-sm text-gray-700">{inspected ? PRODUCT_TEXTS.inspectedBody : PRODUCT_TEXTS.notInspectedBody}</p>
      <ul className="mt-4 grid gap-2 sm:grid-cols-2">
        {INSPECTION_POINTS.map((point) => (
          <li key={point} className="flex items-center justify-between gap-3 rounded-lg border border-gray-200 px-3 py-2.5 text-sm">
            <span className="flex items-center gap-2 text-gray-900">
              {inspected ? <CheckCircleIcon className="h-5 w-5 text-emerald-700" /> : null}
              {point}
            </span>
            {inspected ? (
              <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">{PRODUCT_TEXTS.checked}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Warranty({ days }: { days: number }) {
  return (
    <div>
      <h2 className="text-base font-bold text-gray-900">{warrantyLabel(days)}</h2>
      <p className="mt-1 text-sm text-gray-700">
        If something goes wrong within {days} days of delivery, contact us and we will repair or replace your phone.
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <WarrantyTerms title="What's covered" items={WARRANTY_TERMS.covers} covered />
        <WarrantyTerms title="What's not covered" items={WARRANTY_TERMS.excludes} covered={false} />
      </div>
    </div>
  );
}

function WarrantyTerms({ title, items, covered }: { title: string; items: readonly string[]; covered: boolean }) {
  const Icon = covered ? CheckCircleIcon : XCircleIcon;
  return (
    <div className={`rounded-xl border p-4 ${covered ? "border-emerald-200 bg-emerald-50" : "border-red-200 bg-red-50"}`}>
      <h3 className={`text-sm font-bold ${covered ? "text-emerald-900" : "text-red-900"}`}>{title}</h3>
      <ul className="mt-2 space-y-1.5 text-sm text-gray-900">
        {items.map((item) => (
          <li key={item} className="flex items-center gap-2">
            <Icon className={`h-4 w-4 shrink-0 ${covered ? "text-emerald-700" : "text-red-700"}`} />
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Reviews({ reviews }: { reviews: PublicReview[] }) {
  if (reviews.length === 0) return <p className="text-sm text-gray-700">{TEXTS.noReviews}</p>;
  return (
    <ul className="space-y-4">
      {reviews.map((review) => (
        <li key={review.id} className="rounded-xl border border-gray-200 p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-semibold text-gray-900">{review.reviewerName}</p>
            <time dateTime={review.createdAt} className="text-xs text-gray-600">
              {formatDate(review.createdAt)}
            </time>
          </div>
          <div className="mt-1">
            <StarRating rating={review.rating} />
          </div>
          {review.comment ? <p className="mt-2 text-sm text-gray-800">{review.comment}</p> : null}
        </li>
      ))}
    </ul>
  );
}
