import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveryStateFees } from "../../../db/schema/buyers";
import { DEMO_DELIVERY_FEES } from "../../../db/seed/delivery-fees";
import { useTestApp } from "../../../tests/support/lifecycle";
import type { DatabaseHandle } from "../../../db/client";
import { seedDemoShop } from "../../../tests/support/demo-images";
import { displayPrice, formatNaira, koboToNaira } from "../../../lib/money";
import { type TestApp, startTestApp } from "../../../tests/support/app";
import { createTestDatabase } from "../../../tests/support/database";

/** The built app over the demo catalogue, fetched the way a crawler or a first visit does. */
describe("server-rendered storefront pages", () => {
  const PUBLIC_URL = "https://tokunbo.test";
  let database: DatabaseHandle;
  let app: TestApp;

  interface Row {
    id: string;
    name: string;
    final_price: number | null;
    suggested_price: number;
    cover: string;
  }
  const productWhere = async (condition: string): Promise<Row> => {
    const [row] = await database.query<Row>(
      `select id, name, final_price::int as final_price, suggested_price::int as suggested_price, images[1] as cover
       from products where ${condition} order by created_at desc limit 1`,
    );
    if (!row) throw new Error(`no product where ${condition}`);
    return row;
  };
  const get = (path: string) => fetch(`${app.base}${path}`);
  const metaContent = (html: string, property: string) =>
    html.match(new RegExp(`<meta property="${property}" content="([^"]*)"`))?.[1];

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startTestApp(database, { PUBLIC_URL });
    await seedDemoShop(database.db, { uploadsDir: app.config.uploadsDir });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("send a live product's page complete: name, naira price, and a preview card with an absolute JPEG image", async () => {
    const product = await productWhere("status = 'approved' and is_live and cardinality(images) > 0");
    const res = await get(`/product/${product.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();

    const price = displayPrice({ finalPrice: product.final_price, suggestedPrice: product.suggested_price });
    expect(html).toContain(product.name);
    expect(html).toContain(formatNaira(price));
    // Every tab is in the HTML, not fetched later.
    for (const text of ["Battery health", "Physical damage or drops", "Specifications"]) expect(html).toContain(text);

    const ogImage = metaContent(html, "og:image");
    expect(ogImage).toBe(`${PUBLIC_URL}${product.cover.replace(/\.webp$/, "-og.jpg")}`);
    expect(metaContent(html, "og:type")).toBe("product");
    expect(metaContent(html, "product:price:amount")).toBe(String(koboToNaira(price)));
    expect(metaContent(html, "product:price:currency")).toBe("NGN");
    expect(html).toMatch(/<meta name="twitter:card" content="summary_large_image"/);

    const image = await get(new URL(ogImage!).pathname);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");

    const jsonLd = html.match(/<script type="application\/ld\+json">([^<]*)<\/script>/)?.[1];
    expect(JSON.parse(jsonLd ?? "null")).toMatchObject({
      "@type": "Product",
      name: product.name,
      offers: { priceCurrency: "NGN", price: koboToNaira(price), url: `${PUBLIC_URL}/product/${product.id}` },
    });
  });

  it("offer the gallery image in WebP widths, fetched first, with its size set", async () => {
    const product = await productWhere("status = 'approved' and is_live and cardinality(images) > 0");
    const html = await (await get(`/product/${product.id}`)).text();
    const mainImage = html.match(/<img[^>]*fetchPriority="high"[^>]*>/i)?.[0] ?? "";
    const base = product.cover.replace(/\.webp$/, "");
    expect(mainImage).toContain(`srcSet="${base}-320w.webp 320w, ${base}-640w.webp 640w, ${base}-1280w.webp 1280w"`);
    expect(mainImage).toMatch(/width="600"/);
    expect(mainImage).toMatch(/height="800"/);
    expect(mainImage).not.toContain('loading="lazy"');
  });

  it.each([
    ["pending", "status = 'pending'"],
    ["rejected", "status = 'rejected'"],
  ])("answer 404 with 'Product not found' for a %s product", async (_, condition) => {
    const product = await productWhere(condition);
    const res = await get(`/product/${product.id}`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Product not found");
    expect(html).not.toContain(product.name);
  });

  it("lazy-load the home page's product images from their WebP widths", async () => {
    const html = await (await get("/")).text();
    const cards = html.match(/<img[^>]*-320w\.webp 320w[^>]*>/g) ?? [];
    expect(cards.length).toBeGreaterThanOrEqual(8);
    for (const card of cards) expect(card).toContain('loading="lazy"');
  });

  it("list every live product and the public pages in /sitemap.xml, on the public address", async () => {
    const res = await get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await res.text();
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

    const live = await database.query<{ id: string }>("select id from products where status = 'approved' and is_live and stock_quantity > 0");
    const expected = [`${PUBLIC_URL}/`, `${PUBLIC_URL}/shop`, `${PUBLIC_URL}/privacy`, ...live.map((p) => `${PUBLIC_URL}/product/${p.id}`)];
    expect([...locations].sort()).toEqual(expected.sort());
    const pending = await productWhere("status = 'pending'");
    expect(xml).not.toContain(pending.id);
  });

  it("answer a sold-out phone's shared link with 'Sold out', no way to buy it, and similar phones; a hidden one with 404", async () => {
    const soldOut = await productWhere("status = 'approved' and is_live and stock_quantity = 0");
    const res = await get(`/product/${soldOut.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Sold out");
    expect(html).toContain("Similar phones");
    for (const control of [">Add to Cart<", "Buy Now", "Decrease quantity", "per order"]) expect(html).not.toContain(control);
    expect(html).toContain("https://schema.org/OutOfStock");
    expect(html).toMatch(/href="\/product\/[0-9a-f-]{36}"/);

    const hidden = await productWhere("status = 'approved' and is_live and stock_quantity > 0");
    await database.query("update products set is_live = false where id = $1", [hidden.id]);
    expect((await get(`/product/${hidden.id}`)).status).toBe(404);
    expect(await (await get(`/shop?search=${encodeURIComponent(hidden.name)}`)).text()).not.toContain(hidden.id);
    await database.query("update products set is_live = true where id = $1", [hidden.id]);
  });

  it("state the warranty days and delivery fees of the pricing config on product pages and the top banner", async () => {
    const product = await productWhere("status = 'approved' and is_live and stock_quantity > 0");
    // The demo shop's fees by state: free to Lagos, ₦2,500 to the rest of the South West, more further away.
    const seeded = await (await get(`/product/${product.id}`)).text();
    expect(seeded).toContain("30-day warranty");
    expect(seeded).toContain("Free delivery to Lagos · from ₦2,500 elsewhere");
    expect(await (await get("/")).text()).toContain("A 30-day warranty on all phones. Free delivery to Lagos · from ₦2,500 elsewhere.");

    // The fees table has no storefront trigger: the pricing update after it drops the kept pages.
    await database.query("delete from delivery_state_fees");
    await database.query("update admin_pricing_config set warranty_days = 30, delivery_fee = 0");
    const before = await (await get(`/product/${product.id}`)).text();
    expect(before).toContain("Free delivery anywhere in Nigeria");
    expect(await (await get("/")).text()).toContain("Free delivery on every order, plus a 30-day warranty on all phones.");

    await database.query("update admin_pricing_config set warranty_days = 14, delivery_fee = 250000");
    const after = await (await get(`/product/${product.id}`)).text();
    expect(after).toContain("14-day warranty");
    expect(after).toContain("Delivery ₦2,500 anywhere in Nigeria");
    expect(after).not.toContain("30-day warranty");
    expect(after).not.toContain("Free delivery");
    expect(metaContent(after, "og:description")).toContain("14-day warranty");
    const home = await (await get("/")).text();
    expect(home).toContain("A 14-day warranty on all phones. Delivery ₦2,500 anywhere in Nigeria.");
    expect(home).not.toContain("Free delivery");
    expect(await (await get("/privacy")).text()).toContain("every phone carries a 14-day warranty from delivery");
    await database.db.insert(deliveryStateFees).values(DEMO_DELIVERY_FEES);
    await database.query("update admin_pricing_config set warranty_days = 30, delivery_fee = 0");
  });

  it("let crawlers into the storefront but not the account, admin or checkout areas", async () => {
    const res = await get("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const lines = (await res.text()).split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const area of ["/checkout", "/cart", "/orders", "/admin", "/cms", "/super-admin", "/vendor-dashboard", "/auth", "/api/"]) {
      expect(lines).toContain(`Disallow: ${area}`);
    }
    expect(lines).not.toContain("Disallow: /product/");
    expect(lines).not.toContain("Disallow: /shop");
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});

describe("the home page of a shop with no phones yet", () => {
  const { app } = useTestApp();

  it("says so in the featured grid and in each of the four rows, and keeps its default sections", async () => {
    const res = await fetch(`${app().base}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.match(/No products available yet\./g)).toHaveLength(1);
    expect(html.match(/No products available in this section yet\./g)).toHaveLength(4);
    for (const text of ["Quality UK-Used Phones", "Shop by Brand", "120+ models", "Why Choose Tokunbo Phones?", "Create Account"]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('href="/shop?brand=apple"');
    expect(html).toContain('href="/vendor-application"');
  });
});
