import type { PublicProduct } from "../../domain/catalog/service";
import { SITE_DEFAULTS } from "../../lib/constants";
import { displayPrice, koboToNaira } from "../../lib/money";

type ProductFacts = Pick<
  PublicProduct,
  | "id" | "name" | "brand" | "model" | "color" | "description" | "grade" | "finalPrice" | "suggestedPrice"
  | "stockQuantity" | "ratingAverage" | "reviewCount"
> & { vendor: Pick<PublicProduct["vendor"], "businessName"> };

/**
 * schema.org Product for search engines: an offer in naira with its availability, and the
 * rating when there are approved reviews. `url` and `images` are absolute.
 */
export function productJsonLd(product: ProductFacts, { url, images }: { url: string; images: readonly string[] }) {
  const condition = "https://schema.org/RefurbishedCondition";
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": url,
    name: product.name,
    sku: product.id,
    brand: { "@type": "Brand", name: product.brand },
    model: product.model,
    ...(product.color ? { color: product.color } : {}),
    ...(product.description ? { description: product.description } : {}),
    ...(images.length > 0 ? { image: images } : {}),
    itemCondition: condition,
    additionalProperty: { "@type": "PropertyValue", name: "Grade", value: product.grade },
    offers: {
      "@type": "Offer",
      url,
      priceCurrency: SITE_DEFAULTS.currency,
      price: koboToNaira(displayPrice(product)),
      availability: product.stockQuantity > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: condition,
      seller: { "@type": "Organization", name: product.vendor.businessName },
    },
    ...(product.reviewCount > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.ratingAverage,
            reviewCount: product.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/**
 * JSON for a script element: `<`, `>` and `&` become \u escapes (still the same JSON), so no
 * text in the data can close the element or open a comment; U+2028 and U+2029 likewise.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
