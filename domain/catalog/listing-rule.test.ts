/**
 * No public list ever holds a hidden, sold-out or unapproved phone (docs/storefront.md), whatever the
 * catalogue and whatever happened to it: random catalogues, then random hides, shows, sales,
 * restocks, approvals and vendor decisions, after each of which every public list is compared with
 * the rule worked out from the rows. Two listing caches stand for two app instances sharing one
 * database: each must see every change the other's users made.
 */
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "../../db/client";
import { TEST_ENGINES, createDatabaseFor } from "../../tests/support/database";
import { CART_TEXTS, addToCart } from "../cart/service";
import { vendors } from "../../db/schema/vendors";
import { insertPerson, insertVendor } from "../../tests/support/rows";
import { type ListingCache, createListingCache } from "./listing-cache";
import { products } from "../../db/schema/catalog";
import { getPublicProduct, listFeaturedProducts, listProductRow } from "./service";
import { listShopPage } from "./shop";
import { listSitemapProducts } from "./sitemap";
import { reserveStock, restoreStock } from "./stock";

const VENDORS = 3;
const PRODUCT_STATUSES = ["approved", "approved", "approved", "pending", "rejected"] as const;
const VENDOR_STATUSES = ["approved", "approved", "pending", "rejected"] as const;

const phone = fc.record({
  vendor: fc.nat({ max: VENDORS - 1 }),
  status: fc.constantFrom(...PRODUCT_STATUSES),
  isLive: fc.boolean(),
  stock: fc.constantFrom(0, 0, 1, 2, 5),
  brand: fc.constantFrom("Apple", "Samsung"),
});

const change = fc.oneof(
  fc.record({ kind: fc.constant("switch" as const), product: fc.nat(), isLive: fc.boolean() }),
  fc.record({ kind: fc.constant("sell" as const), product: fc.nat(), quantity: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant("restock" as const), product: fc.nat(), quantity: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant("stock" as const), product: fc.nat(), stock: fc.constantFrom(0, 1, 4) }),
  fc.record({ kind: fc.constant("review" as const), product: fc.nat(), status: fc.constantFrom(...PRODUCT_STATUSES) }),
  fc.record({ kind: fc.constant("vendor" as const), vendor: fc.nat({ max: VENDORS - 1 }), status: fc.constantFrom(...VENDOR_STATUSES) }),
);

type Change = typeof change extends fc.Arbitrary<infer T> ? T : never;

async function apply(db: Database, ids: readonly string[], vendorIds: readonly string[], step: Change): Promise<void> {
  if (step.kind === "vendor") {
    await db.update(vendors).set({ status: step.status, verified: step.status === "approved" }).where(eq(vendors.id, vendorIds[step.vendor]!));
    return;
  }
  const id = ids[step.product % ids.length]!;
  switch (step.kind) {
    case "switch":
      await db.update(products).set({ isLive: step.isLive }).where(eq(products.id, id));
      return;
    case "sell":
      await db.transaction(async (tx) => void (await reserveStock(tx, id, step.quantity)));
      return;
    case "restock":
      await db.transaction((tx) => restoreStock(tx, id, step.quantity));
      return;
    case "stock":
      await db.update(products).set({ stockQuantity: step.stock }).where(eq(products.id, id));
      return;
    case "review":
      await db.update(products).set({ status: step.status }).where(eq(products.id, id));
  }
}

interface Row {
  id: string;
  status: string;
  is_live: boolean;
  stock_quantity: number;
  vendor_status: string;
}

/** The rule, worked out from the rows in plain code. */
async function expectedListing(handle: DatabaseHandle): Promise<{ listed: Set<string>; shown: Set<string>; all: string[] }> {
  const rows = await handle.query<Row>(
    "select p.id, p.status, p.is_live, p.stock_quantity, v.status as vendor_status from products p join vendors v on v.id = p.vendor_id",
  );
  const shown = rows.filter((r) => r.status === "approved" && r.is_live && r.vendor_status === "approved");
  return {
    shown: new Set(shown.map((r) => r.id)),
    listed: new Set(shown.filter((r) => r.stock_quantity > 0).map((r) => r.id)),
    all: rows.map((r) => r.id),
  };
}

async function expectListsFollowTheRule(handle: DatabaseHandle, caches: readonly ListingCache[]): Promise<void> {
  const db = handle.db;
  const { listed, shown, all } = await expectedListing(handle);
  const sorted = (ids: Iterable<string>) => [...ids].sort();
  for (const cache of caches) {
    const shop = await listShopPage(db, {}, cache);
    expect(sorted(shop.items.map((p) => p.id))).toEqual(sorted(listed));
    expect(shop.total).toBe(listed.size);
    const apple = await listShopPage(db, { brand: ["apple"], sort: "price-low" }, cache);
    for (const item of apple.items) expect(listed.has(item.id)).toBe(true);
    const search = await listShopPage(db, { search: "galaxy" }, cache);
    for (const item of search.items) expect(listed.has(item.id)).toBe(true);
  }
  for (const kind of ["trending", "new", "premium", "deals"] as const) {
    expect(sorted((await listProductRow(db, kind, 100)).map((p) => p.id))).toEqual(sorted(listed));
  }
  expect(sorted((await listFeaturedProducts(db, 100)).map((p) => p.id))).toEqual(sorted(listed));
  expect(sorted((await listSitemapProducts(db)).map((p) => p.id))).toEqual(sorted(listed));
  for (const id of all) {
    const page = await getPublicProduct(db, id);
    expect(page !== null).toBe(shown.has(id));
    if (page) expect(page.stockQuantity > 0).toBe(listed.has(id));
  }
}

describe.each(TEST_ENGINES)("the public listing rule (%s)", (engine) => {
  let handle: DatabaseHandle;
  const vendorIds: string[] = [];
  // Two app instances, each remembering shop pages on its own.
  const caches = [createListingCache(), createListingCache()];

  beforeAll(async () => {
    handle = await createDatabaseFor(engine);
    for (let i = 0; i < VENDORS; i++) {
      await insertPerson(handle.db, `rule-vendor-${i}`, "vendor");
      vendorIds.push((await insertVendor(handle.db, `rule-vendor-${i}`, `Rule Phones ${i}`)).id);
    }
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("no public list ever holds a hidden, sold-out or unapproved phone, on either instance", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(phone, { minLength: 1, maxLength: 8 }), fc.array(change, { maxLength: 8 }), async (catalogue, changes) => {
        const db = handle.db;
        await db.execute(sql`delete from products`);
        await db.update(vendors).set({ status: "approved", verified: true });
        const ids: string[] = [];
        for (const [i, p] of catalogue.entries()) {
          const [row] = await db
            .insert(products)
            .values({
              vendorId: vendorIds[p.vendor]!,
              name: `${p.brand === "Apple" ? "iPhone" : "Galaxy S"} ${10 + i}`,
              brand: p.brand,
              model: `${10 + i}`,
              storage: "128GB",
              grade: "A",
              suggestedPrice: 200_000_00 + i * 1_000_00,
              finalPrice: 210_000_00 + i * 1_000_00,
              status: p.status,
              isLive: p.isLive,
              stockQuantity: p.stock,
            })
            .returning({ id: products.id });
          ids.push(row!.id);
        }
        // Each instance remembers its pages before the changes, as a busy shop would.
        await expectListsFollowTheRule(handle, caches);
        for (const step of changes) {
          await apply(db, ids, vendorIds, step);
          await expectListsFollowTheRule(handle, "product" in step && step.product % 2 === 1 ? [...caches].reverse() : caches);
        }
      }),
      { numRuns: engine === "pglite" ? 25 : 40 },
    );
  }, 240_000);

  it("adding to the cart and reserving at checkout refuse a hidden, sold-out or unapproved phone with the existing texts", async () => {
    const db = handle.db;
    await db.execute(sql`delete from products`);
    await db.update(vendors).set({ status: "approved", verified: true });
    const buyer = { userId: "rule-buyer" };
    await insertPerson(db, buyer.userId);
    const phoneOf = async (name: string, extra: Partial<typeof products.$inferInsert>) =>
      (await db
        .insert(products)
        .values({ vendorId: vendorIds[0]!, name, brand: "Apple", model: name, storage: "128GB", grade: "A", suggestedPrice: 300_000_00, finalPrice: 300_000_00, status: "approved", stockQuantity: 2, ...extra })
        .returning({ id: products.id }))[0]!.id;
    const hidden = await phoneOf("iPhone 11", { isLive: false });
    const soldOut = await phoneOf("iPhone 12", { stockQuantity: 0 });
    const pending = await phoneOf("iPhone 13", { status: "pending" });
    const ofRejectedVendor = await phoneOf("iPhone 14", { vendorId: vendorIds[1]! });
    await db.update(vendors).set({ status: "rejected", verified: false }).where(eq(vendors.id, vendorIds[1]!));

    const add = (productId: string) => addToCart(db, buyer, { productId, quantity: 1 });
    await expect(add(hidden)).rejects.toMatchObject({ status: 404, message: CART_TEXTS.unavailable });
    await expect(add(pending)).rejects.toMatchObject({ status: 404, message: CART_TEXTS.unavailable });
    await expect(add(ofRejectedVendor)).rejects.toMatchObject({ status: 404, message: CART_TEXTS.unavailable });
    await expect(add(soldOut)).rejects.toMatchObject({ status: 409, message: CART_TEXTS.outOfStock });
    for (const id of [hidden, soldOut, pending, ofRejectedVendor]) {
      expect(await db.transaction((tx) => reserveStock(tx, id, 1))).toBeNull();
    }
    const rows = await handle.query<{ stock_quantity: number; is_live: boolean }>("select stock_quantity, is_live from products order by name");
    expect(rows).toEqual([
      { stock_quantity: 2, is_live: false },
      { stock_quantity: 0, is_live: true },
      { stock_quantity: 2, is_live: true },
      { stock_quantity: 2, is_live: true },
    ]);
    await db.update(vendors).set({ status: "approved", verified: true });
  });
});
