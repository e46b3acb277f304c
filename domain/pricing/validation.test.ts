import { describe, expect, it } from "vitest";
import { PRICING_DEFAULTS } from "../../lib/constants";
import { PRICING_TEXTS, payoutMinimumKoboOf, pricingConfigSchema } from "./validation";

const FORM = { markupPercentage: "10", commissionRate: "10", deliveryFeeNaira: "0", warrantyDays: "30", autoDeliverAfterDays: "14", returnWindowDays: "7", payoutWeekday: "5", payoutMinimumNaira: "5000" };

const messageOf = (fields: Record<string, string>) => {
  const parsed = pricingConfigSchema.safeParse(fields);
  return parsed.success ? null : parsed.error.issues[0]!.message;
};

describe("the pricing form's payout day and minimum payout", () => {
  it("takes a weekday by its number and the minimum as naira text, read to the kobo", () => {
    const parsed = pricingConfigSchema.parse({ ...FORM, payoutWeekday: "0", payoutMinimumNaira: " ₦12,345.67 " });
    expect(parsed.payoutWeekday).toBe(0);
    expect(payoutMinimumKoboOf(parsed)).toBe(1_234_567);
    expect(payoutMinimumKoboOf(pricingConfigSchema.parse({ ...FORM, payoutMinimumNaira: "100" }))).toBe(10_000);
    expect(payoutMinimumKoboOf(pricingConfigSchema.parse({ ...FORM, payoutMinimumNaira: "1,000,000" }))).toBe(100_000_000);
  });

  it("refuses a day outside Sunday to Saturday", () => {
    for (const day of ["7", "-1", "1.5", "", "Friday"]) expect(messageOf({ ...FORM, payoutWeekday: day }), day).toBe(PRICING_TEXTS.payoutWeekday);
  });

  it("refuses a minimum under ₦100, over ₦1,000,000 or with more than two decimals", () => {
    expect(PRICING_TEXTS.payoutMinimum).toBe("Minimum payout must be from ₦100 to ₦1,000,000, with at most two decimals");
    for (const naira of ["99.99", "1000000.01", "0", "", "5000.001", "-5000", "5e3"]) {
      expect(messageOf({ ...FORM, payoutMinimumNaira: naira }), naira).toBe(PRICING_TEXTS.payoutMinimum);
    }
  });
});

describe("the pricing form's return window", () => {
  it("takes 0 (returns off) to 30 days, 7 by default", () => {
    expect(pricingConfigSchema.parse({ ...FORM, returnWindowDays: "0" }).returnWindowDays).toBe(0);
    expect(pricingConfigSchema.parse({ ...FORM, returnWindowDays: " 30 " }).returnWindowDays).toBe(30);
    expect(PRICING_DEFAULTS.returnWindowDays).toBe(7);
  });

  it("refuses anything else with one message", () => {
    for (const days of ["-1", "31", "3.5", "", "seven", "1e1"]) expect(messageOf({ ...FORM, returnWindowDays: days }), days).toBe(PRICING_TEXTS.returnWindowDays);
  });
});
