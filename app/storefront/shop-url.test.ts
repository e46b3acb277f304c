import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as domain from "../../domain/catalog/shop-query";
import { BRANDS, GRADES, SORT_OPTIONS, STORAGE_OPTIONS } from "../../lib/constants";
import * as browser from "./shop-url";

/** Values as they come from URLs and forms, with the shop's own words mixed in. */
const word = fc.oneof(
  fc.string(),
  fc.constantFrom(
    ...BRANDS.map((brand) => brand.toLowerCase()), "iphone", "IPHONE", ...GRADES, "a", ...STORAGE_OPTIONS, "128gb",
    ...SORT_OPTIONS.map((option) => option.value), "grid", "list", "true", "1", "on", "false", "", " ",
    "0", "5", "250000", "1000000", "1000001", "-1", "2.5", "1e5", " 42 ", "0x10", "Infinity", "NaN",
  ),
);
const value = fc.oneof(word, fc.array(word, { maxLength: 22 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(undefined), fc.constant(null));
const input = fc.record(
  {
    search: value, brand: value, grade: value, storage: value, minPrice: value, maxPrice: value,
    verified: value, inspected: value, sort: value, view: value, page: value,
  },
  { requiredKeys: [] },
);

describe("the browser's shop query", () => {
  it("reads any input as the server does", () => {
    fc.assert(
      fc.property(input, (raw) => {
        expect(browser.parseShopQuery(raw)).toEqual(domain.parseShopQuery(raw));
      }),
      { numRuns: 3000 },
    );
  });

  it("reads any /shop URL as the server does", () => {
    const pairs = fc.array(fc.tuple(fc.constantFrom("search", "brand", "grade", "storage", "minPrice", "maxPrice", "verified", "inspected", "sort", "view", "page"), word), { maxLength: 12 });
    fc.assert(
      fc.property(pairs, (entries) => {
        const params = new URLSearchParams(entries);
        const query = browser.parseShopParams(params);
        expect(query).toEqual(domain.parseShopParams(params));
      }),
      { numRuns: 3000 },
    );
  });

  it("has the server's defaults", () => {
    expect(browser.parseShopQuery()).toEqual(domain.DEFAULT_SHOP_QUERY);
    expect(browser.SHOP_VIEWS).toEqual(domain.SHOP_VIEWS);
    expect(browser.SEARCH_MAX_LENGTH).toBe(domain.SEARCH_MAX_LENGTH);
  });
});
