import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { TEST_ENGINES, createDatabaseFor } from "../../tests/support/database";
import { users } from "../../db/schema/accounts";
import { vendors } from "../../db/schema/vendors";
import { products } from "../../db/schema/catalog";
import { SITEMAP_PAGES, listSitemapProducts, renderSitemap } from "./sitemap";

const at = (minutes: number) => new Date(Date.parse("2026-02-01T09:00:00Z") + minutes * 60_000);

describe.each(TEST_ENGINES)("sitemap products on %s", (engine) => {
  let handle: DatabaseHandle;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    handle = await createDatabaseFor(engine);
    const { db } = handle;
    await db.insert(users).values({ id: "seller", name: "Seller", email: "seller@example.ng" });
    const [vendor] = await db
      .insert(vendors)
      .values({
        userId: "seller",
        businessName: "Ikeja Gadgets",
        contactEmail: "sales@ikeja.ng",
        contactPhone: "+2348030000000",
        businessAddress: "12 Allen Avenue, Ikeja, Lagos",
        status: "approved",
      })
      .returning();
    const specs = [
      ["live", "approved", true, 0],
      ["newer live", "approved", true, 10],
      ["hidden", "approved", false, 20],
      ["pending", "pending", true, 30],
      ["rejected", "rejected", true, 40],
    ] as const;
    for (const [name, status, isLive, minutes] of specs) {
      const [row] = await db
        .insert(products)
        .values({
          vendorId: vendor!.id,
          name,
          brand: "Apple",
          model: "iPhone 12",
          storage: "128GB",
          grade: "A",
          suggestedPrice: 40_000_000,
          finalPrice: status === "approved" ? 38_000_000 : null,
          status,
          isLive,
          createdAt: at(minutes),
          updatedAt: at(minutes + 5),
        })
        .returning();
      ids[name] = row!.id;
    }
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("lists only approved, live products, newest first, with when they last changed", async () => {
    expect(await listSitemapProducts(handle.db)).toEqual([
      { id: ids["newer live"], updatedAt: at(15).toISOString() },
      { id: ids.live, updatedAt: at(5).toISOString() },
    ]);
  });

  it("stops at the limit", async () => {
    expect(await listSitemapProducts(handle.db, 1)).toEqual([{ id: ids["newer live"], updatedAt: at(15).toISOString() }]);
  });
});

describe("sitemap XML", () => {
  const xml = renderSitemap("https://tokunbo.ng", [
    { id: "0b9f8a52-5d6e-4c1b-9a57-3f1c2f8e9d10", updatedAt: "2026-02-01T09:05:00.000Z" },
  ]);

  it("gives every public page and product an absolute URL on the public address", () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locations).toEqual([
      "https://tokunbo.ng/",
      "https://tokunbo.ng/shop",
      "https://tokunbo.ng/privacy",
      "https://tokunbo.ng/product/0b9f8a52-5d6e-4c1b-9a57-3f1c2f8e9d10",
    ]);
    expect(SITEMAP_PAGES.map((p) => p.path)).toEqual(["/", "/shop", "/privacy"]);
    expect(xml).toContain("<lastmod>2026-02-01T09:05:00.000Z</lastmod>");
    expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);
  });

  it("escapes what XML needs escaped in an address", () => {
    const odd = renderSitemap("https://tokunbo.ng", [{ id: "a&b", updatedAt: "2026-02-01T09:05:00.000Z" }]);
    expect(odd).toContain("<loc>https://tokunbo.ng/product/a&amp;b</loc>");
    expect(odd).not.toContain("a&b");
  });
});
