import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "../../db/client";
import { LIMITS } from "../../lib/constants";
import { nairaToKobo } from "../../lib/money";
import { TEST_ENGINES, createDatabaseFor } from "../../tests/support/database";
import { users } from "../../db/schema/accounts";
import { vendors } from "../../db/schema/vendors";
import { products } from "../../db/schema/catalog";
import { listShopPage, searchTerm } from "./shop";
import { DEFAULT_SHOP_QUERY, SEARCH_MAX_LENGTH, type ShopQueryInput, parseShopParams, shopOrder } from "./shop-query";
import { activeFilterCount, shopHref, shopSearchParams } from "./shop-params";

describe("the shop query in the URL", () => {
  const parse = (search: string) => parseShopParams(new URLSearchParams(search));

  it("has defaults that leave the URL empty", () => {
    expect(parse("")).toEqual({
      search: "", brand: [], grade: [], storage: [], minPrice: 0, maxPrice: 1_000_000,
      verified: false, inspected: false, sort: undefined, view: "grid", page: 1,
    });
    expect(shopHref(DEFAULT_SHOP_QUERY)).toBe("/shop");
  });

  it("reads brand slugs (iphone meaning Apple), grades and storage in any case, each once", () => {
    const query = parse("brand=iphone&brand=apple&brand=SAMSUNG,oneplus&grade=a&grade=C&storage=128gb&storage=1TB");
    expect(query.brand).toEqual(["Apple", "Samsung", "OnePlus"]);
    expect(query.grade).toEqual(["A", "C"]);
    expect(query.storage).toEqual(["128GB", "1TB"]);
  });

  it("ignores what it does not know instead of failing", () => {
    const query = parse(
      "brand=nokia&grade=Z&storage=2TB&minPrice=-5&maxPrice=abc&verified=maybe&sort=cheapest&view=table&page=0&unknown=1",
    );
    expect(query).toEqual(DEFAULT_SHOP_QUERY);
    expect(parse("page=2.5").page).toBe(1);
    expect(parse("maxPrice=2000000").maxPrice).toBe(1_000_000);
    expect(parse("maxPrice=").maxPrice).toBe(1_000_000);
    expect(parse(`${"brand=apple&".repeat(21)}`).brand).toEqual([]);
  });

  it("trims, collapses and bounds the search", () => {
    expect(parse("search=%20%20iphone%20%20%2012%20").search).toBe("iphone 12");
    expect(parse(`search=${"a".repeat(5000)}`).search).toHaveLength(SEARCH_MAX_LENGTH);
  });

  it("swaps a minimum above the maximum", () => {
    const query = parse("minPrice=500000&maxPrice=200000");
    expect([query.minPrice, query.maxPrice]).toEqual([200_000, 500_000]);
  });

  it("takes the last view, as a form sends the current view before the chosen one", () => {
    expect(parse("view=grid&view=list").view).toBe("list");
  });

  it("writes a query back to the same URL it was read from, defaults left out", () => {
    const href =
      "/shop?search=pixel&brand=google&brand=samsung&grade=A&storage=128GB&minPrice=100000&maxPrice=500000&verified=true&inspected=true&sort=price-low&view=list&page=3";
    const query = parse(href.split("?")[1]!);
    expect(shopHref(query)).toBe(href);
    expect(parseShopParams(shopSearchParams(query))).toEqual(query);
    expect(shopHref({ ...DEFAULT_SHOP_QUERY, brand: ["Apple"] })).toBe("/shop?brand=apple");
    expect(activeFilterCount(query)).toBe(7);
  });

  it("orders by best match when searching with the default sort, else by the chosen sort", () => {
    expect(shopOrder(parse("search=pixel"))).toBe("relevance");
    expect(shopOrder(parse(""))).toBe("newest");
    expect(shopOrder(parse("search=pixel&sort=newest"))).toBe("newest");
    expect(shopHref(parse("search=pixel&sort=newest"))).toBe("/shop?search=pixel&sort=newest");
    expect(shopHref(parse("sort=newest"))).toBe("/shop");
  });

  it("searches letters and digits only, a model number split from its name", () => {
    expect(searchTerm("iPhone12 (Pro)")).toBe("iphone 12 pro");
    expect(searchTerm("S21")).toBe("s21");
    expect(searchTerm("!!!")).toBe("");
  });
});

let handle: DatabaseHandle;
let db: Database;

const BASE_TIME = Date.parse("2026-01-01T08:00:00Z");

interface PhoneSpec {
  name: string;
  brand: string;
  model: string;
  storage: string;
  grade: "A" | "B" | "C";
  naira: number;
  vendor: "verified" | "unverified";
  inspected?: boolean;
  rating?: number;
  sold?: number;
  status?: "approved" | "pending" | "rejected";
}

// Listed oldest first: each one a minute newer than the one before.
const PHONES: PhoneSpec[] = [
  { name: "iPhone 12 128GB", brand: "Apple", model: "iPhone 12", storage: "128GB", grade: "A", naira: 440_000, vendor: "verified", inspected: true, rating: 4.5, sold: 10 },
  { name: "iPhone 12 Pro 256GB", brand: "Apple", model: "iPhone 12 Pro", storage: "256GB", grade: "B", naira: 570_000, vendor: "verified", rating: 4.8, sold: 3 },
  { name: "iPhone 11 64GB", brand: "Apple", model: "iPhone 11", storage: "64GB", grade: "C", naira: 330_000, vendor: "unverified", sold: 30 },
  { name: "Samsung Galaxy S21 128GB", brand: "Samsung", model: "Galaxy S21", storage: "128GB", grade: "A", naira: 300_000, vendor: "unverified", inspected: true, rating: 4.5 },
  { name: "Samsung Galaxy S21 Ultra 256GB", brand: "Samsung", model: "Galaxy S21 Ultra", storage: "256GB", grade: "B", naira: 470_000, vendor: "verified", rating: 3, sold: 10 },
  { name: "Google Pixel 7 128GB", brand: "Google", model: "Pixel 7", storage: "128GB", grade: "A", naira: 330_000, vendor: "verified", inspected: true },
  { name: "Google Pixel 6 128GB", brand: "Google", model: "Pixel 6", storage: "128GB", grade: "B", naira: 230_000, vendor: "verified" },
  { name: "Samsung Galaxy S23 Ultra 1TB", brand: "Samsung", model: "Galaxy S23 Ultra", storage: "1TB", grade: "A", naira: 1_080_000, vendor: "verified", sold: 30 },
  { name: "iPhone 12 64GB", brand: "Apple", model: "iPhone 12", storage: "64GB", grade: "A", naira: 400_000, vendor: "verified", status: "pending" },
  { name: "Google Pixel 7 256GB", brand: "Google", model: "Pixel 7", storage: "256GB", grade: "A", naira: 365_000, vendor: "verified", status: "rejected" },
];

async function insertVendor(userId: string, verified: boolean): Promise<string> {
  await db.insert(users).values({ id: userId, name: userId, email: `${userId}@example.ng` });
  const [vendor] = await db
    .insert(vendors)
    .values({
      userId, businessName: userId, contactEmail: `${userId}@shop.ng`, contactPhone: "+2348030000000",
      businessAddress: "12 Allen Avenue, Ikeja, Lagos", status: "approved", verified,
    })
    .returning({ id: vendors.id });
  return vendor!.id;
}

async function names(input: ShopQueryInput): Promise<string[]> {
  return (await listShopPage(db, input)).items.map((item) => item.name);
}

describe.each(TEST_ENGINES)("the shop listing on %s", (engine) => {
  beforeAll(async () => {
    handle = await createDatabaseFor(engine);
    db = handle.db;
    const vendorIds = { verified: await insertVendor("verified-vendor", true), unverified: await insertVendor("unverified-vendor", false) };
    await db.insert(products).values(
      PHONES.map((phone, i) => {
        const status = phone.status ?? "approved";
        return {
          vendorId: vendorIds[phone.vendor], name: phone.name, brand: phone.brand, model: phone.model,
          storage: phone.storage, grade: phone.grade, status,
          suggestedPrice: nairaToKobo(phone.naira),
          finalPrice: status === "approved" ? nairaToKobo(phone.naira) : null,
          adminInspected: phone.inspected ?? false, ratingAverage: phone.rating ?? 0,
          reviewCount: phone.rating ? 2 : 0, unitsSold: phone.sold ?? 0,
          createdAt: new Date(BASE_TIME + i * 60_000),
        };
      }),
    );
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("lists approved products only, newest first", async () => {
    const page = await listShopPage(db);
    expect(page.items.map((item) => item.name)).toEqual([
      "Samsung Galaxy S23 Ultra 1TB", "Google Pixel 6 128GB", "Google Pixel 7 128GB", "Samsung Galaxy S21 Ultra 256GB",
      "Samsung Galaxy S21 128GB", "iPhone 11 64GB", "iPhone 12 Pro 256GB", "iPhone 12 128GB",
    ]);
    expect(page).toMatchObject({ total: 8, page: 1, pageSize: LIMITS.shopPageSize, pageCount: 1 });
  });

  it("finds what a misspelt or reordered search meant, best matches first", async () => {
    const iphone12 = await names({ search: "iphnoe 12" });
    expect(iphone12.slice(0, 2)).toEqual(["iPhone 12 128GB", "iPhone 12 Pro 256GB"]);
    expect(iphone12).not.toContain("Google Pixel 7 128GB");

    const s21 = await names({ search: "galaxy s21 samsung" });
    expect(s21.slice(0, 2)).toEqual(["Samsung Galaxy S21 128GB", "Samsung Galaxy S21 Ultra 256GB"]);
    expect(s21).not.toContain("iPhone 12 128GB");

    const pixel7 = await names({ search: "pixle 7" });
    expect(pixel7[0]).toBe("Google Pixel 7 128GB");
    expect(pixel7).not.toContain("iPhone 12 128GB");
  });

  it("matches name, brand and model in any case", async () => {
    expect(await names({ search: "SAMSUNG" })).toHaveLength(3);
    expect((await names({ search: "Galaxy S23 Ultra" }))[0]).toBe("Samsung Galaxy S23 Ultra 1TB");
    expect(await names({ search: "iPhone12" })).toEqual(["iPhone 12 128GB", "iPhone 12 Pro 256GB", "iPhone 11 64GB"]);
    expect(await names({ search: "motorola razr" })).toEqual([]);
  });

  it("keeps a chosen sort for search results", async () => {
    expect(await names({ search: "iphone", sort: "price-low" })).toEqual(["iPhone 11 64GB", "iPhone 12 128GB", "iPhone 12 Pro 256GB"]);
    expect(await names({ search: "iphone", sort: "newest" })).toEqual(["iPhone 11 64GB", "iPhone 12 Pro 256GB", "iPhone 12 128GB"]);
  });

  it("filters by brand, grade and storage, any of the values in each", async () => {
    expect(await names({ brand: ["iphone"] })).toEqual(["iPhone 11 64GB", "iPhone 12 Pro 256GB", "iPhone 12 128GB"]);
    expect(await names({ brand: ["google", "apple"], grade: ["A"] })).toEqual(["Google Pixel 7 128GB", "iPhone 12 128GB"]);
    expect(await names({ storage: ["256GB", "1TB"] })).toEqual([
      "Samsung Galaxy S23 Ultra 1TB", "Samsung Galaxy S21 Ultra 256GB", "iPhone 12 Pro 256GB",
    ]);
  });

  it("filters by price in naira, bounds included, the slider's top meaning no upper limit", async () => {
    expect(await names({ minPrice: 330_000, maxPrice: 440_000, sort: "price-low" })).toEqual([
      "Google Pixel 7 128GB", "iPhone 11 64GB", "iPhone 12 128GB",
    ]);
    expect(await names({ minPrice: 1_000_000 })).toEqual(["Samsung Galaxy S23 Ultra 1TB"]);
    expect(await names({ minPrice: 500_000, maxPrice: 990_000 })).toEqual(["iPhone 12 Pro 256GB"]);
  });

  it("keeps verified vendors only and admin-inspected phones only", async () => {
    const verified = await names({ verified: true });
    expect(verified).toHaveLength(6);
    expect(verified).not.toContain("iPhone 11 64GB");
    expect(verified).not.toContain("Samsung Galaxy S21 128GB");
    expect(await names({ inspected: "true" })).toEqual(["Google Pixel 7 128GB", "Samsung Galaxy S21 128GB", "iPhone 12 128GB"]);
    expect(await names({ inspected: true, verified: true })).toEqual(["Google Pixel 7 128GB", "iPhone 12 128GB"]);
  });

  it("sorts by price, rating and units sold, ties newest first", async () => {
    expect(await names({ sort: "price-low" })).toEqual([
      "Google Pixel 6 128GB", "Samsung Galaxy S21 128GB", "Google Pixel 7 128GB", "iPhone 11 64GB",
      "iPhone 12 128GB", "Samsung Galaxy S21 Ultra 256GB", "iPhone 12 Pro 256GB", "Samsung Galaxy S23 Ultra 1TB",
    ]);
    expect(await names({ sort: "price-high" })).toEqual([
      "Samsung Galaxy S23 Ultra 1TB", "iPhone 12 Pro 256GB", "Samsung Galaxy S21 Ultra 256GB", "iPhone 12 128GB",
      "Google Pixel 7 128GB", "iPhone 11 64GB", "Samsung Galaxy S21 128GB", "Google Pixel 6 128GB",
    ]);
    expect((await names({ sort: "rating" })).slice(0, 4)).toEqual([
      "iPhone 12 Pro 256GB", "Samsung Galaxy S21 128GB", "iPhone 12 128GB", "Samsung Galaxy S21 Ultra 256GB",
    ]);
    expect((await names({ sort: "popular" })).slice(0, 4)).toEqual([
      "Samsung Galaxy S23 Ultra 1TB", "iPhone 11 64GB", "Samsung Galaxy S21 Ultra 256GB", "iPhone 12 128GB",
    ]);
  });

  it("counts all pages and answers a page past the end with the total", async () => {
    const extra = Array.from({ length: 25 }, (_, i) => ({ ...PHONES[6]!, name: `Google Pixel 6 ${i}` }));
    const [vendor] = await db.select({ id: vendors.id }).from(vendors).limit(1);
    await db.insert(products).values(
      extra.map((phone, i) => ({
        vendorId: vendor!.id, name: phone.name, brand: phone.brand, model: phone.model, storage: phone.storage,
        grade: phone.grade, status: "approved" as const, suggestedPrice: nairaToKobo(phone.naira),
        finalPrice: nairaToKobo(phone.naira), createdAt: new Date(BASE_TIME - (i + 1) * 60_000),
      })),
    );
    const google = { brand: ["google"] };
    expect(await listShopPage(db, google)).toMatchObject({ total: 27, pageCount: 2 });
    const second = await listShopPage(db, { ...google, page: 2 });
    expect(second.items.map((item) => item.name)).toEqual(["Google Pixel 6 22", "Google Pixel 6 23", "Google Pixel 6 24"]);
    expect(second.total).toBe(27);
    expect(await listShopPage(db, { ...google, page: 3 })).toMatchObject({ items: [], total: 27, page: 3, pageCount: 2 });
    expect(await listShopPage(db, { brand: ["vivo"] })).toMatchObject({ items: [], total: 0, pageCount: 1 });
  });
});
