import { describe, expect, it } from "vitest";
import {
  BRAND_QUERY_ALIASES, BRANDS, GRADE_DESCRIPTIONS, NIGERIAN_STATES, ROLE_RANK,
  STORAGE_OPTIONS, stockBadge,
} from "./constants";

describe("business constants", () => {
  it("grades carry the documented descriptions", () => {
    expect(GRADE_DESCRIPTIONS).toEqual({
      A: "Excellent condition with minimal signs of use",
      B: "Good condition with light signs of use",
      C: "Fair condition with visible signs of use",
    });
  });

  it("brands, storage and the iphone alias follow docs/storefront.md", () => {
    expect(BRANDS).toEqual(["Apple", "Samsung", "Google", "OnePlus", "Xiaomi", "Huawei", "Oppo", "Vivo"]);
    expect(STORAGE_OPTIONS).toEqual(["32GB", "64GB", "128GB", "256GB", "512GB", "1TB"]);
    expect(BRAND_QUERY_ALIASES.iphone).toBe("Apple");
  });

  it("roles rank customer < vendor < admin < super_admin", () => {
    expect(ROLE_RANK).toEqual({ customer: 1, vendor: 2, admin: 3, super_admin: 4 });
  });

  it("lists the 36 states and the FCT", () => {
    expect(NIGERIAN_STATES).toHaveLength(37);
    expect(NIGERIAN_STATES).toContain("Federal Capital Territory");
    expect(new Set(NIGERIAN_STATES).size).toBe(37);
  });

  it("badges stock: 0 out of stock, 1 to 2 low stock", () => {
    expect([0, 1, 2, 3].map(stockBadge)).toEqual(["Out of stock", "Low stock", "Low stock", null]);
  });
});
