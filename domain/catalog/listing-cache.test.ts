/**
 * The remembered shop pages: used while the catalogue version stands, dropped in the very
 * transaction that changes what a listing holds, and never stale on stock or price.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "../../db/client";
import { TEST_ENGINES } from "../../tests/support/database";
import { type CountedDatabase, openCountedDatabase } from "../../tests/support/query-counter";
import { insertListing, insertPerson, insertVendor } from "../../tests/support/rows";
import { vendors } from "../../db/schema/vendors";
import { type ListingCache, createListingCache } from "./listing-cache";
import { catalogueVersion, products } from "../../db/schema/catalog";
import { listShopPage } from "./shop";

describe("the listing cache's memory", () => {
  it("keeps pages of the newest version only, and at most as many as it may", () => {
    const cache = createListingCache(2);
    cache.remember("a", { version: 1, ids: ["1"], total: 1 });
    cache.remember("b", { version: 2, ids: ["2"], total: 1 });
    expect(cache.get("a")).toBeUndefined();
    cache.remember("a", { version: 1, ids: ["1"], total: 1 });
    expect(cache.get("a")).toBeUndefined();
    cache.remember("c", { version: 2, ids: [], total: 0 });
    cache.remember("d", { version: 2, ids: [], total: 0 });
    expect([cache.get("b"), cache.get("c"), cache.get("d")].map(Boolean)).toEqual([false, true, true]);
  });

  it("works a key out once for everyone asking while it runs, and again after", async () => {
    const cache = createListingCache();
    let reads = 0;
    const read = async () => ++reads;
    expect(await Promise.all([cache.once("k", read), cache.once("k", read), cache.once("other", read)])).toEqual([1, 1, 2]);
    expect(await cache.once("k", read)).toBe(3);
  });
});

describe.each(TEST_ENGINES)("shop pages through the listing cache (%s)", (engine) => {
  let counted: CountedDatabase;
  let handle: DatabaseHandle;
  let db: Database;
  let cache: ListingCache;
  let vendorId: string;
  const version = async () => (await db.select().from(catalogueVersion))[0]!.version;
  const names = async (query = {}) => (await listShopPage(db, query, cache)).items.map((item) => item.name);

  beforeAll(async () => {
    counted = await openCountedDatabase(engine);
    handle = counted.database;
    db = handle.db;
    cache = createListingCache();
    await insertPerson(db, "cache-vendor", "vendor");
    vendorId = (await insertVendor(db, "cache-vendor", "Cache Phones")).id;
    for (const [i, name] of ["Pixel 7", "Pixel 8", "iPhone 12"].entries()) {
      await insertListing(db, vendorId, name, {
        brand: name.startsWith("Pixel") ? "Google" : "Apple",
        status: "approved",
        finalPrice: 200_000_00 + i * 10_000_00,
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      });
    }
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("reads a remembered page back by its product ids, with fresh stock and prices", async () => {
    expect(await names()).toEqual(["iPhone 12", "Pixel 8", "Pixel 7"]);
    const before = await version();
    // A sale that leaves stock above zero changes no list: the version stands and the page is reused, fresh.
    await db.update(products).set({ stockQuantity: 1 }).where(eq(products.name, "Pixel 8"));
    expect(await version()).toBe(before);
    const page = await listShopPage(db, {}, cache);
    expect(page.items.find((item) => item.name === "Pixel 8")?.stockQuantity).toBe(1);
    expect(page.total).toBe(3);
  });

  it("follows stock crossing zero and the vendor's switch, once each, and not other stock moves", async () => {
    const before = await version();
    await db.update(products).set({ stockQuantity: 0 }).where(eq(products.name, "Pixel 8"));
    expect(await names()).toEqual(["iPhone 12", "Pixel 7"]);
    await db.update(products).set({ stockQuantity: 2 }).where(eq(products.name, "Pixel 8"));
    await db.update(products).set({ stockQuantity: 3 }).where(eq(products.name, "Pixel 8"));
    expect(await names()).toEqual(["iPhone 12", "Pixel 8", "Pixel 7"]);
    await db.update(products).set({ isLive: false }).where(eq(products.name, "iPhone 12"));
    expect((await listShopPage(db, {}, cache)).total).toBe(2);
    await db.update(products).set({ isLive: true }).where(eq(products.name, "iPhone 12"));
    expect(await names()).toEqual(["iPhone 12", "Pixel 8", "Pixel 7"]);
    expect(await version()).toBe(before + 4);
  });

  it("sees a change in the same transaction that made it: a new listing, a price, a rejected vendor", async () => {
    expect(await names({ search: "pixel" })).toEqual(["Pixel 8", "Pixel 7"]);
    await insertListing(db, vendorId, "Pixel 9", { brand: "Google", status: "approved", finalPrice: 500_000_00 });
    expect(await names({ search: "pixel" })).toHaveLength(3);

    expect(await names({ sort: "price-low" })).toEqual(["Pixel 7", "Pixel 8", "iPhone 12", "Pixel 9"]);
    await db.update(products).set({ finalPrice: 100_000_00 }).where(eq(products.name, "Pixel 9"));
    expect(await names({ sort: "price-low" })).toEqual(["Pixel 9", "Pixel 7", "Pixel 8", "iPhone 12"]);

    await db.update(vendors).set({ status: "rejected", verified: false }).where(eq(vendors.id, vendorId));
    const empty = await listShopPage(db, {}, cache);
    expect([empty.items, empty.total]).toEqual([[], 0]);
  });

  it("asks the database one statement for a remembered page", async () => {
    await db.update(vendors).set({ status: "approved" }).where(eq(vendors.id, vendorId));
    await listShopPage(db, { brand: ["google"] }, cache);
    let page: Awaited<ReturnType<typeof listShopPage>> | undefined;
    const statements = await counted.statementsDuring(async () => {
      page = await listShopPage(db, { brand: ["google"] }, cache);
    });
    expect(page?.items.map((item) => item.name)).toEqual(["Pixel 9", "Pixel 8", "Pixel 7"]);
    expect(statements).toHaveLength(1);
  });

  it("raises the version once per statement, whatever the number of rows", async () => {
    const before = await version();
    await db.update(products).set({ adminInspected: true });
    await db.execute(sql`update products set units_sold = units_sold + 1`);
    expect(await version()).toBe(before + 2);
  });
});
