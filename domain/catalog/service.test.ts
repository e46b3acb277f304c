import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Database, DatabaseHandle } from "../../db/client";
import { profiles, users } from "../../db/schema/accounts";
import { reviews } from "../../db/schema/reviews";
import { vendors } from "../../db/schema/vendors";
import { products } from "../../db/schema/catalog";
import {
  getPublicProduct,
  listApprovedReviews,
  listFeaturedProducts,
  listProductRow,
  listSimilarProducts,
} from "./service";
import { listShopPage } from "./shop";
import { TEST_ENGINES, createDatabaseFor } from "../../tests/support/database";

let handle: DatabaseHandle;
let db: Database;

const BASE_TIME = Date.parse("2026-01-01T08:00:00Z");
const at = (minutes: number) => new Date(BASE_TIME + minutes * 60_000);

async function insertUser(id: string, fullName: string | null) {
  await db.insert(users).values({ id, name: fullName ?? id, email: `${id}@example.ng` });
  if (fullName !== undefined) await db.insert(profiles).values({ userId: id, fullName });
}

async function insertVendor(userId: string, businessName: string, verified: boolean) {
  await insertUser(userId, null);
  const [vendor] = await db
    .insert(vendors)
    .values({
      userId,
      businessName,
      contactEmail: `${userId}@shop.ng`,
      contactPhone: "+2348030000000",
      businessAddress: "12 Allen Avenue, Ikeja, Lagos",
      status: "approved",
      verified,
      commissionRate: 12.5,
    })
    .returning();
  return vendor!;
}

type ProductInsert = typeof products.$inferInsert;

async function insertProduct(values: Partial<ProductInsert> & { vendorId: string; name: string }) {
  const [row] = await db
    .insert(products)
    .values({
      brand: "Apple",
      model: values.name,
      storage: "128GB",
      grade: "A",
      suggestedPrice: 50_000_000,
      finalPrice: 50_000_000,
      status: "approved",
      ...values,
    })
    .returning();
  return row!;
}

describe.each(TEST_ENGINES)("catalog service on %s", (engine) => {
  let vendorA: Awaited<ReturnType<typeof insertVendor>>;
  let vendorB: Awaited<ReturnType<typeof insertVendor>>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    handle = await createDatabaseFor(engine);
    db = handle.db;
    vendorA = await insertVendor("vendor-a", "Ikeja Gadgets", true);
    vendorB = await insertVendor("vendor-b", "Wuse Phones", false);

    // name, status, live, final, suggested, units sold, minutes after BASE_TIME
    const specs: Array<[string, "approved" | "pending" | "rejected", boolean, number | null, number, number, number, string]> = [
      ["iPhone 11", "approved", true, 30_000_000, 35_000_000, 5, 0, vendorA.id],
      ["iPhone 12", "approved", true, 45_000_000, 45_000_000, 20, 10, vendorA.id],
      ["Galaxy S21", "approved", false, 40_000_000, 42_000_000, 1, 20, vendorB.id],
      ["Pixel 6", "approved", true, 25_000_000, 30_000_000, 20, 30, vendorB.id],
      ["iPhone 13 Pro", "approved", true, 90_000_000, 95_000_000, 0, 40, vendorA.id],
      ["Pending Phone", "pending", true, 1_000_000, 1_000_000, 100, 50, vendorA.id],
      ["Rejected Phone", "rejected", true, 99_000_000, 99_000_000, 100, 60, vendorB.id],
    ];
    for (const [name, status, isLive, finalPrice, suggestedPrice, unitsSold, minutes, vendorId] of specs) {
      const row = await insertProduct({
        name,
        status,
        isLive,
        finalPrice,
        suggestedPrice,
        unitsSold,
        vendorId,
        createdAt: at(minutes),
        images: name === "iPhone 11" ? ["/uploads/products/iphone-11-a.webp", "/uploads/products/iphone-11-b.webp"] : [],
        color: name === "iPhone 11" ? "Purple" : null,
        description: name === "iPhone 11" ? "Battery health 89%, no scratches." : null,
      });
      ids[name] = row.id;
    }
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("lists only approved products that are live, newest first on the shop page", async () => {
    const page = await listShopPage(db, { page: 1 });
    expect(page.items.map((p) => p.name)).toEqual(["iPhone 13 Pro", "Pixel 6", "iPhone 12", "iPhone 11"]);
    expect(page.total).toBe(4);
    expect(page.pageCount).toBe(1);
    expect(page.page).toBe(1);
    expect(page.pageSize).toBe(24);
  });

  it("maps a summary with the vendor, cover image and kobo prices", async () => {
    const page = await listShopPage(db, {});
    const iphone11 = page.items.find((p) => p.name === "iPhone 11");
    expect(iphone11).toEqual({
      id: ids["iPhone 11"],
      name: "iPhone 11",
      brand: "Apple",
      model: "iPhone 11",
      storage: "128GB",
      grade: "A",
      image: "/uploads/products/iphone-11-a.webp",
      finalPrice: 30_000_000,
      suggestedPrice: 35_000_000,
      comparePrice: null,
      stockQuantity: 1,
      isLive: true,
      adminInspected: false,
      ratingAverage: 0,
      reviewCount: 0,
      createdAt: at(0).toISOString(),
      vendor: { businessName: "Ikeja Gadgets", verified: true },
    });
    const pixel = page.items.find((p) => p.name === "Pixel 6");
    expect(pixel?.image).toBeNull();
    expect(pixel?.finalPrice).toBe(25_000_000);
    expect(pixel?.suggestedPrice).toBe(30_000_000);
    expect(pixel?.vendor).toEqual({ businessName: "Wuse Phones", verified: false });
  });

  it("orders the home rows as specified", async () => {
    const names = async (kind: "trending" | "new" | "premium" | "deals") =>
      (await listProductRow(db, kind, 12)).map((p) => p.name);
    // Units sold descending, ties newest first.
    expect(await names("trending")).toEqual(["Pixel 6", "iPhone 12", "iPhone 11", "iPhone 13 Pro"]);
    expect(await names("new")).toEqual(["iPhone 13 Pro", "Pixel 6", "iPhone 12", "iPhone 11"]);
    // By the final price (approved products always have one), falling back to the suggested price.
    expect(await names("premium")).toEqual(["iPhone 13 Pro", "iPhone 12", "iPhone 11", "Pixel 6"]);
    expect(await names("deals")).toEqual(["Pixel 6", "iPhone 11", "iPhone 12", "iPhone 13 Pro"]);
  });

  it("honours the limit", async () => {
    expect((await listProductRow(db, "new", 2)).map((p) => p.name)).toEqual(["iPhone 13 Pro", "Pixel 6"]);
    expect(await listFeaturedProducts(db, 0)).toEqual([]);
    const featured = await listFeaturedProducts(db, 8);
    expect(featured).toHaveLength(4);
    expect(featured.map((p) => p.name)).not.toContain("Pending Phone");
    expect(featured.map((p) => p.name)).not.toContain("Rejected Phone");
  });

  it("pages the shop 24 at a time with counts", async () => {
    for (let i = 0; i < 25; i++) {
      await insertProduct({ name: `Bulk ${i}`, vendorId: vendorB.id, createdAt: at(-1000 - i) });
    }
    await insertProduct({ name: "Bulk pending", vendorId: vendorB.id, status: "pending", createdAt: at(-5000) });

    const first = await listShopPage(db, { page: "1" });
    expect(first.total).toBe(29);
    expect(first.pageCount).toBe(2);
    expect(first.items).toHaveLength(24);
    expect(first.items[0]?.name).toBe("iPhone 13 Pro");
    expect(first.items[23]?.name).toBe("Bulk 19");

    const second = await listShopPage(db, { page: 2 });
    expect(second.page).toBe(2);
    expect(second.items.map((p) => p.name)).toEqual(["Bulk 20", "Bulk 21", "Bulk 22", "Bulk 23", "Bulk 24"]);

    const beyond = await listShopPage(db, { page: 9 });
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(29);
    expect(beyond.pageCount).toBe(2);

    for (const bad of ["abc", "-3", "0", "1.5", undefined]) {
      const page = await listShopPage(db, { page: bad });
      expect(page.page).toBe(1);
      expect(page.items).toHaveLength(24);
    }
  });

  it("returns an approved, live product with its vendor", async () => {
    const product = await getPublicProduct(db, ids["iPhone 11"]);
    expect(product).toEqual({
      id: ids["iPhone 11"],
      name: "iPhone 11",
      brand: "Apple",
      model: "iPhone 11",
      storage: "128GB",
      color: "Purple",
      description: "Battery health 89%, no scratches.",
      grade: "A",
      images: ["/uploads/products/iphone-11-a.webp", "/uploads/products/iphone-11-b.webp"],
      finalPrice: 30_000_000,
      suggestedPrice: 35_000_000,
      comparePrice: null,
      stockQuantity: 1,
      adminInspected: false,
      inspectedAt: null,
      ratingAverage: 0,
      reviewCount: 0,
      vendor: { businessName: "Ikeja Gadgets", verified: true },
    });
  });

  it("hides non-live, pending and rejected products and unknown ids from the detail page", async () => {
    expect(await getPublicProduct(db, ids["Galaxy S21"])).toBeNull();
    expect(await getPublicProduct(db, ids["Pending Phone"])).toBeNull();
    expect(await getPublicProduct(db, ids["Rejected Phone"])).toBeNull();
    expect(await getPublicProduct(db, "3f2b7c1e-9a4d-4c2b-8e1f-0a1b2c3d4e5f")).toBeNull();
  });

  it("answers a sold-out phone's page, with listed phones of its model, else its brand, as similar phones", async () => {
    const soldOut = await insertProduct({ name: "iPhone 12 sold out", model: "iPhone 12", vendorId: vendorA.id, stockQuantity: 0, createdAt: at(70) });
    const inspectedAt = at(80);
    await db.update(products).set({ comparePrice: 55_000_000, adminInspected: true, inspectedAt }).where(eq(products.id, soldOut.id));
    expect(await getPublicProduct(db, soldOut.id)).toMatchObject({ stockQuantity: 0, comparePrice: 55_000_000, adminInspected: true, inspectedAt: inspectedAt.toISOString() });
    expect((await listShopPage(db, { search: "iphone 12" })).items.map((p) => p.id)).not.toContain(soldOut.id);

    const similar = async (id: string) => (await listSimilarProducts(db, (await getPublicProduct(db, id))!)).map((p) => p.name);
    expect(await similar(soldOut.id)).toEqual(["iPhone 12"]);
    await insertProduct({ name: "iPhone 12 hidden", model: "iPhone 12", vendorId: vendorA.id, isLive: false });
    await insertProduct({ name: "iPhone 12 empty", model: "iPhone 12", vendorId: vendorA.id, stockQuantity: 0 });
    expect(await similar(soldOut.id)).toEqual(["iPhone 12"]);
    // No other phone of the model is for sale: the brand's newest, never itself.
    await db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, ids["iPhone 12"]!));
    expect((await similar(soldOut.id)).slice(0, 3)).toEqual(["iPhone 13 Pro", "Pixel 6", "iPhone 11"]);
    expect(await similar(soldOut.id)).not.toContain("iPhone 12 sold out");
    await db.update(products).set({ stockQuantity: 1 }).where(eq(products.id, ids["iPhone 12"]!));
  });

  it("returns null for ids that are not UUIDs instead of failing in SQL", async () => {
    for (const bad of ["not-a-uuid", "", "1", "' or 1=1 --", `${ids["iPhone 11"]}x`, null, undefined, 42]) {
      expect(await getPublicProduct(db, bad)).toBeNull();
      expect(await listApprovedReviews(db, bad)).toEqual([]);
    }
  });

  it("lists approved reviews only, newest first, with the reviewer's name or 'Anonymous'", async () => {
    const productId = ids["iPhone 12"]!;
    await insertUser("buyer-ada", "Ada Okafor");
    await insertUser("buyer-nameless", null);
    await db.insert(users).values({ id: "buyer-noprofile", name: "x", email: "noprofile@example.ng" });
    await insertUser("buyer-pending", "Tunde Bakare");
    await db.insert(reviews).values([
      { productId, customerId: "buyer-ada", rating: 5, comment: "Like new, battery 92%.", approved: true, createdAt: at(100) },
      { productId, customerId: "buyer-nameless", rating: 4, comment: null, approved: true, createdAt: at(200) },
      { productId, customerId: "buyer-noprofile", rating: 4, comment: "Fast delivery to Abuja.", approved: true, createdAt: at(50) },
      { productId, customerId: "buyer-pending", rating: 1, comment: "Not yet moderated", approved: false, createdAt: at(300) },
    ]);

    const list = await listApprovedReviews(db, productId);
    expect(list.map(({ reviewerName, rating, comment, createdAt }) => ({ reviewerName, rating, comment, createdAt }))).toEqual([
      { reviewerName: "Anonymous", rating: 4, comment: null, createdAt: at(200).toISOString() },
      { reviewerName: "Ada Okafor", rating: 5, comment: "Like new, battery 92%.", createdAt: at(100).toISOString() },
      { reviewerName: "Anonymous", rating: 4, comment: "Fast delivery to Abuja.", createdAt: at(50).toISOString() },
    ]);
    expect(await listApprovedReviews(db, ids["iPhone 11"])).toEqual([]);

    // The detail page shows the rating kept on the product (maintained from approved reviews), as cards do.
    await db.update(products).set({ ratingAverage: 4.33, reviewCount: 3 }).where(eq(products.id, productId));
    const product = await getPublicProduct(db, productId);
    expect(product?.reviewCount).toBe(3);
    expect(product?.ratingAverage).toBe(4.33);
  });
});
