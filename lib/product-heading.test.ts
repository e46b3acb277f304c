import { describe, expect, it } from "vitest";
import { brandAndModel, productHeading } from "./product-heading";

describe("a listing's display title", () => {
  it("names the brand once, whether or not the model already starts with it", () => {
    expect(productHeading({ brand: "Huawei", model: "Huawei Mate 20 Pro", storage: "128GB" })).toBe("Huawei Mate 20 Pro 128GB");
    expect(productHeading({ brand: "Samsung", model: "Galaxy S22", storage: "256GB" })).toBe("Samsung Galaxy S22 256GB");
    expect(brandAndModel({ brand: "OnePlus", model: "oneplus 10 Pro " })).toBe("oneplus 10 Pro");
    expect(brandAndModel({ brand: "Apple", model: "iPhone 13" })).toBe("Apple iPhone 13");
  });
});
