import { describe, expect, it } from "vitest";
import {
  mulDivKobo,
  commissionOf, discountPercent, displayPrice, wasPrice, finalPriceFromSuggested, formatNaira, nairaToKobo, roundKobo,
} from "./money";

describe("money in kobo", () => {
  it("formats naira with the symbol and thousands separators", () => {
    expect(formatNaira(125_000_000)).toBe("₦1,250,000");
    expect(formatNaira(0)).toBe("₦0");
    expect(formatNaira(123_456)).toBe("₦1,234.56");
  });

  it("rounds to the nearest kobo, half up", () => {
    expect(roundKobo(10.5)).toBe(11);
    expect(roundKobo(10.49)).toBe(10);
    expect(roundKobo(-10.5)).toBe(-11);
    expect(() => roundKobo(Number.NaN)).toThrow(RangeError);
  });

  it("converts naira to kobo", () => {
    expect(nairaToKobo(1_250_000)).toBe(125_000_000);
    expect(nairaToKobo(0.015)).toBe(2);
  });

  it("applies the operations formulas", () => {
    expect(finalPriceFromSuggested(50_000_000, 0)).toBe(50_000_000);
    expect(finalPriceFromSuggested(50_000_000, 12.5)).toBe(56_250_000);
    expect(finalPriceFromSuggested(333, 10)).toBe(366); // 366.3
    expect(commissionOf(56_250_000, 10)).toBe(5_625_000);
    expect(commissionOf(35, 10)).toBe(4); // 3.5 rounds half up
  });

  it("shows the final price, falling back to the suggested price", () => {
    expect(displayPrice({ finalPrice: 40_000_000, suggestedPrice: 45_000_000 })).toBe(40_000_000);
    expect(displayPrice({ finalPrice: null, suggestedPrice: 45_000_000 })).toBe(45_000_000);
  });

  it("gives a 'Was' price and a rounded discount only from an approved comparison price above the price", () => {
    const approved = { finalPrice: 40_000_000, suggestedPrice: 38_000_000, comparePrice: 45_000_000 };
    expect(wasPrice(approved)).toBe(45_000_000);
    expect(discountPercent(approved)).toBe(11);
    // A suggested price above the final price is no comparison an admin approved.
    expect(discountPercent({ finalPrice: 40_000_000, suggestedPrice: 45_000_000, comparePrice: null })).toBeNull();
    expect(wasPrice({ finalPrice: 40_000_000, suggestedPrice: 45_000_000, comparePrice: null })).toBeNull();
    expect(discountPercent({ finalPrice: 45_000_000, suggestedPrice: 45_000_000, comparePrice: 45_000_000 })).toBeNull();
    expect(discountPercent({ finalPrice: 50_000_000, suggestedPrice: 45_000_000, comparePrice: 45_000_000 })).toBeNull();
    expect(discountPercent({ finalPrice: null, suggestedPrice: 40_000_000, comparePrice: 45_000_000 })).toBe(11);
    // Under half a percent off is no discount worth a badge.
    expect(discountPercent({ finalPrice: 99_900_000, suggestedPrice: 99_900_000, comparePrice: 100_000_000 })).toBeNull();
  });
});

describe("a × b ÷ c in kobo", () => {
  it("rounds half up, exactly, where the product passes 2^53 and floating point loses the half", () => {
    expect(mulDivKobo(100_000_001, 100_000_001, 2)).toBe(5_000_000_100_000_001);
    expect(Math.floor((100_000_001 * 100_000_001) / 2 + 0.5)).not.toBe(5_000_000_100_000_001);
    expect(mulDivKobo(270_000_00, 100_000_00, 300_000_00)).toBe(90_000_00);
    expect(mulDivKobo(5, 1, 2)).toBe(3);
    expect(mulDivKobo(0, 7, 3)).toBe(0);
  });
});
