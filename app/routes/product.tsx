import { Link, data, useNavigate } from "react-router";
import {
  type PublicProduct,
  type PublicReview,
  getPublicProduct,
  listApprovedReviews,
} from "../../domain/catalog/service";
import {
  GRADE_DESCRIPTIONS,
  GRADE_LABELS,
  INSPECTION_CHECKLIST,
  SITE_DEFAULTS,
  stockBadge,
  TEXTS,
  TRUST_POINTS,
  WARRANTY_TERMS,
} from "../../lib/constants";
import { PREVIEW_IMAGE, hasRenditions, previewImageUrl } from "../../domain/media/image-urls";
import { discountPercent, displayPrice, formatNaira, koboToNaira } from "../../lib/money";
import { DiscountBadge, GradeBadge, InspectedBadge, VerifiedVendorBadge } from "../components/badges";
import { FavouriteButton } from "../components/favourite-button";
import { formatDate, plural } from "../components/format";
import {
  ArrowLeftIcon,
  BadgeCheckIcon,
  CheckCircleIcon,
  ClipboardCheckIcon,
  ShieldIcon,
  TruckIcon,
  XCircleIcon,
} from "../components/icons";
import { ProductGallery } from "../components/product-gallery";
import { JsonLd, productJsonLd } from "../components/product-structured-data";
import { PurchaseBox } from "../components/purchase-box";
import { absoluteUrl, pageMeta, siteFromMatches, useSite } from "../components/site";
import { StarRating, formatRating } from "../components/star-rating";
import { Tabs } from "../components/tabs";
import type { Route } from "./+types/product";
import { productHeading } from "../../lib/product-heading";

type ProductLoaderData = { product: PublicProduct; reviews: PublicReview[] } | { product: null; reviews: [] };

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const [product, reviews] = await Promise.all([
      getPublicProduct(context.db, params.id),
      listApprovedReviews(context.db, params.id),
    ]);
    if (!product) return data<ProductLoaderData>({ product: null, reviews: [] }, { status: 404 });
    return data<ProductLoaderData>({ product, reviews });
  } catch (error) {
    // 'Failed to load product': the screen shows the not-found view (storefront.md §8).
    console.error("Failed to load product", error);
    return data<ProductLoaderData>({ product: null, reviews: [] }, { status: 503 });
  }
}

function metaDescription(product: PublicProduct, price: string): string {
  return [
    price,
    `Grade ${product.grade}: ${GRADE_DESCRIPTIONS[product.grade]}`,
    product.color,
    `${WARRANTY_TERMS.days}-day warranty`,
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
  const description = metaDescription(product, price);
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
  return <ProductDetail product={loaderData.product} reviews={loaderData.reviews} />;
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

function ProductDetail({ product, reviews }: { product: PublicProduct; reviews: PublicReview[] }) {
  const site = useSite();
  const heading = productHeading(product);
  const price = displayPrice(product);
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
            <FavouriteButton productName={heading} className="shrink-0" />
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
            {discount !== null ? (
              <>
                <p className="text-lg text-gray-600 line-through">
                  <span className="sr-only">Was </span>
                  {formatNaira(product.suggestedPrice)}
                </p>
                <DiscountBadge percent={discount} className="text-sm" />
              </>
            ) : null}
          </div>

          <dl className="mt-4 space-y-1 text-sm">
            <div className="flex gap-1">
              <dt className="text-gray-700">Seller:</dt>
              <dd className="font-semibold text-gray-900">{sellerName}</dd>
            </div>
            <div className="flex gap-1">
              <dt className="text-gray-700">Availability:</dt>
              <dd className="font-semibold text-gray-900">
                {inStock ? `${product.stockQuantity} in stock` : TEXTS.outOfStock}
                {lowStockBadge ? (
                  <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                    {lowStockBadge}
                  </span>
                ) : null}
              </dd>
            </div>
          </dl>

          <PurchaseBox product={product} cartCount={site.cartCount} />

          <ul className="mt-6 grid grid-cols-2 gap-3">
            {TRUST_POINTS.map((point, i) => {
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
            { id: "quality", label: "Quality Check", content: <QualityCheck /> },
            { id: "warranty", label: "Warranty", content: <Warranty /> },
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

const CHECK_STYLES: Record<string, { label: string; className: string }> = {
  excellent: { label: "Excellent", className: "bg-emerald-100 text-emerald-900" },
  good: { label: "Good", className: "bg-sky-100 text-sky-900" },
};

function QualityCheck() {
  return (
    <div>
      <h2 className="text-base font-bold text-gray-900">Quality inspection report</h2>
      <p className="mt-1 text-sm text-gray-700">Every phone is inspected before it is listed.</p>
      <ul className="mt-4 grid gap-2 sm:grid-cols-2">
        {INSPECTION_CHECKLIST.map((check) => {
          const style = CHECK_STYLES[check.status] ?? { label: "Checked", className: "bg-gray-100 text-gray-800" };
          return (
            <li key={check.item} className="flex items-center justify-between gap-3 rounded-lg border border-gray-200 px-3 py-2.5 text-sm">
              <span className="flex items-center gap-2 text-gray-900">
                <CheckCircleIcon className="h-5 w-5 text-emerald-700" />
                {check.item}
              </span>
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${style.className}`}>{style.label}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Warranty() {
  return (
    <div>
      <h2 className="text-base font-bold text-gray-900">{WARRANTY_TERMS.days}-day warranty</h2>
      <p className="mt-1 text-sm text-gray-700">
        If something goes wrong within {WARRANTY_TERMS.days} days of delivery, contact us and we will repair or replace your phone.
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
