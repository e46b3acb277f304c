import { Link } from "react-router";
import type { ProductSummary } from "../../domain/catalog/service";
import { discountPercent, displayPrice, formatNaira } from "../../lib/money";
import { DiscountBadge, GradeBadge } from "../ui/badges";
import { CART_TEXTS } from "../../domain/cart/texts";
import { useAddToCart } from "../checkout/add-to-cart";
import { IMAGE_SIZES, ProductImage } from "./catalog-image";
import { FavouriteButton } from "./favourite-button";
import { CartIcon } from "../ui/icons";
import { StarRating } from "../ui/star-rating";

export type ProductCardData = Pick<
  ProductSummary,
  | "id" | "name" | "brand" | "model" | "storage" | "grade" | "image" | "finalPrice" | "suggestedPrice" | "comparePrice"
  | "ratingAverage" | "reviewCount"
>;

/** Only what a card shows: keeps the page data small on slow connections. */
export function toCardData(p: ProductCardData): ProductCardData {
  return {
    id: p.id,
    name: p.name,
    brand: p.brand,
    model: p.model,
    storage: p.storage,
    grade: p.grade,
    image: p.image,
    finalPrice: p.finalPrice,
    suggestedPrice: p.suggestedPrice,
    comparePrice: p.comparePrice,
    ratingAverage: p.ratingAverage,
    reviewCount: p.reviewCount,
  };
}

const addedOne = () => CART_TEXTS.added;

/** `eager`: the card is at the top of the page, so its image is fetched first. */
export function ProductCard({ product, eager = false }: { product: ProductCardData; eager?: boolean }) {
  const price = displayPrice(product);
  const discount = discountPercent(product);
  const { add, busy } = useAddToCart({ successText: addedOne });
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm transition hover:shadow-md">
      <div className="relative aspect-square overflow-hidden bg-gray-100">
        <ProductImage
          src={product.image}
          alt=""
          sizes={IMAGE_SIZES.card}
          width={600}
          height={800}
          priority={eager}
          className="h-full w-full object-contain transition duration-300 group-hover:scale-105"
        />
        <div className="pointer-events-none absolute left-2 top-2 flex flex-col items-start gap-1">
          <GradeBadge grade={product.grade} />
          {discount !== null ? <DiscountBadge percent={discount} /> : null}
        </div>
        <FavouriteButton productName={product.name} className="absolute right-2 top-2 z-10" />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="line-clamp-2 text-sm font-semibold leading-snug text-gray-900 sm:text-base">
          <ProductLink product={product} />
        </h3>
        <p className="text-xs text-gray-600">
          {product.brand} · {product.storage}
        </p>
        <RatingCount product={product} />
        <div className="mt-auto flex items-center justify-between gap-2 pt-1">
          <p className="text-base font-bold text-gray-900 sm:text-lg">{formatNaira(price)}</p>
          <button
            type="button"
            onClick={() => add(product.id, 1)}
            disabled={busy}
            aria-label={`Add ${product.name} to cart`}
            title="Add to Cart"
            className="relative z-10 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-strong text-white hover:opacity-90"
          >
            <CartIcon className="h-5 w-5" />
          </button>
        </div>
      </div>
    </article>
  );
}

/** The product's name linking to its page; the link covers the whole card. */
export function ProductLink({ product }: { product: Pick<ProductCardData, "id" | "name"> }) {
  return (
    <Link
      to={`/product/${product.id}`}
      prefetch="intent"
      className="after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-4 focus-visible:after:outline-brand-strong"
    >
      {product.name}
    </Link>
  );
}

/** The stars and the number of reviews, once the product has any. */
export function RatingCount({ product }: { product: Pick<ProductCardData, "ratingAverage" | "reviewCount"> }) {
  if (product.reviewCount === 0) return null;
  return (
    <p className="flex items-center gap-1 text-xs text-gray-700">
      <StarRating rating={product.ratingAverage} size="h-3.5" />
      <span>({product.reviewCount.toLocaleString("en-US")})</span>
    </p>
  );
}
