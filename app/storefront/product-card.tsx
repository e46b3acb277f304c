import { Link } from "react-router";
import type { ProductSummary } from "../../domain/catalog/service";
import { discountPercent, displayPrice, formatNaira } from "../../lib/money";
import { DiscountBadge, GradeBadge } from "../ui/badges";
import { CART_TEXTS } from "../../domain/cart/texts";
import { useAddToCart } from "../checkout/add-to-cart";
import { IMAGE_SIZES, ProductImage } from "../ui/catalog-image";
import { FavouriteButton } from "./favourite-button";
import { SpriteIcon } from "../ui/sprite";
import { StarRating } from "../ui/star-rating";

type CardSource = Pick<
  ProductSummary,
  "id" | "name" | "brand" | "storage" | "grade" | "image" | "finalPrice" | "suggestedPrice" | "comparePrice" | "ratingAverage" | "reviewCount"
>;

/**
 * Only what a card shows, prices worked out on the server: the page data (sent to the browser
 * with the page) stays small on slow connections.
 */
export type ProductCardData = Pick<CardSource, "id" | "name" | "brand" | "storage" | "grade" | "image" | "ratingAverage" | "reviewCount"> & {
  /** Kobo: what the buyer pays (docs/storefront.md). */
  price: number;
  /** Rounded percent off the approved comparison price, or null. */
  discount: number | null;
};

export function toCardData(p: CardSource): ProductCardData {
  return {
    id: p.id,
    name: p.name,
    brand: p.brand,
    storage: p.storage,
    grade: p.grade,
    image: p.image,
    price: displayPrice(p),
    discount: discountPercent(p),
    ratingAverage: p.ratingAverage,
    reviewCount: p.reviewCount,
  };
}

const addedOne = () => CART_TEXTS.added;

/**
 * `eager`: the card is at the top of the page, so its image is fetched first. The card's look
 * is in app.css (`.card`…): its markup stays small however many cards a page holds.
 */
export function ProductCard({ product, eager = false }: { product: ProductCardData; eager?: boolean }) {
  const { price, discount } = product;
  const { add, busy } = useAddToCart({ successText: addedOne });
  return (
    <article className="card">
      <div className="card-media">
        <ProductImage src={product.image} alt="" sizes={IMAGE_SIZES.card} width={600} height={800} priority={eager} />
        <div className="card-badges">
          <GradeBadge grade={product.grade} />
          {discount !== null ? <DiscountBadge percent={discount} /> : null}
        </div>
        <FavouriteButton productId={product.id} productName={product.name} />
      </div>
      <div className="card-body">
        <h3 className="card-title">
          <ProductLink product={product} />
        </h3>
        <p className="card-meta">{`${product.brand} · ${product.storage}`}</p>
        <RatingCount product={product} />
        <div className="card-foot">
          <p className="card-price">{formatNaira(price)}</p>
          <button
            type="button"
            onClick={() => add(product.id, 1)}
            disabled={busy}
            aria-label={`Add ${product.name} to cart`}
            title="Add to Cart"
            className="card-cart"
          >
            <SpriteIcon id="cart" />
          </button>
        </div>
      </div>
    </article>
  );
}

/** The product's name linking to its page; the link covers the whole card (`.card-link`). */
export function ProductLink({ product }: { product: Pick<ProductCardData, "id" | "name"> }) {
  return (
    <Link to={`/product/${product.id}`} prefetch="intent" className="card-link">
      {product.name}
    </Link>
  );
}

/** The stars and the number of reviews, once the product has any. */
export function RatingCount({ product }: { product: Pick<ProductCardData, "ratingAverage" | "reviewCount"> }) {
  if (product.reviewCount === 0) return null;
  return (
    <p className="card-rating">
      <StarRating rating={product.ratingAverage} size="h-3.5" />
      <span>{`(${product.reviewCount.toLocaleString("en-US")})`}</span>
    </p>
  );
}
