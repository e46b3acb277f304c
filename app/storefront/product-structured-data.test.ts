import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { JsonLd, productJsonLd, serializeJsonLd } from "./product-structured-data";

const PRODUCT = {
  id: "6d1c7c51-8f53-4a8e-9b38-5f0c1c7f1a11",
  name: "iPhone 13 128GB",
  brand: "Apple",
  model: "iPhone 13",
  color: "Midnight",
  description: "Battery health 91%.",
  grade: "A" as const,
  finalPrice: 38_500_050,
  suggestedPrice: 40_000_000,
  stockQuantity: 3,
  ratingAverage: 4.5,
  reviewCount: 2,
  vendor: { id: "v1", businessName: "Ikeja Gadget Hub", verified: true, commissionRate: 10 },
};
const WHERE = {
  url: "https://tokunbo.ng/product/6d1c7c51-8f53-4a8e-9b38-5f0c1c7f1a11",
  images: ["https://tokunbo.ng/uploads/products/a.webp"],
};

describe("product structured data", () => {
  it("describes the phone with an offer in naira, its availability and rating", () => {
    const data = productJsonLd(PRODUCT, WHERE);
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "iPhone 13 128GB",
      sku: PRODUCT.id,
      brand: { "@type": "Brand", name: "Apple" },
      image: WHERE.images,
      offers: {
        "@type": "Offer",
        url: WHERE.url,
        priceCurrency: "NGN",
        price: 385_000.5,
        availability: "https://schema.org/InStock",
        seller: { "@type": "Organization", name: "Ikeja Gadget Hub" },
      },
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.5, reviewCount: 2 },
    });
  });

  it("prices by the suggested price until a final price is set, and says when stock is gone", () => {
    const data = productJsonLd({ ...PRODUCT, finalPrice: null, stockQuantity: 0 }, WHERE);
    expect(data.offers.price).toBe(400_000);
    expect(data.offers.availability).toBe("https://schema.org/OutOfStock");
  });

  it("leaves the rating out when there are no reviews", () => {
    const data = productJsonLd({ ...PRODUCT, reviewCount: 0, ratingAverage: 0 }, WHERE);
    expect(data).not.toHaveProperty("aggregateRating");
  });

  it("cannot be broken out of its script element by the text it carries", () => {
    const hostile = { ...PRODUCT, name: "</script><script>alert(1)</script>", description: "<!-- & \u2028" };
    const json = serializeJsonLd(productJsonLd(hostile, WHERE));
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json).name).toBe("</script><script>alert(1)</script>");
    expect(JSON.parse(json).description).toBe("<!-- & \u2028");

    const html = renderToStaticMarkup(createElement(JsonLd, { data: productJsonLd(hostile, WHERE) }));
    expect(html.startsWith('<script type="application/ld+json">')).toBe(true);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain("\\u003c/script\\u003e");
  });
});
