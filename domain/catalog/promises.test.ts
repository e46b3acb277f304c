import { describe, expect, it } from "vitest";
import { CMS_DEFAULTS, topBannerFor } from "../cms/defaults";
import { deliveryPromise, trustPoints } from "./promises";

describe("the storefront's promises", () => {
  it("say 'Free delivery' only when the delivery fee is zero, otherwise the fee", () => {
    expect(deliveryPromise(0)).toBe("Free delivery");
    expect(deliveryPromise(250_000)).toBe("Delivery ₦2,500");
    expect(trustPoints({ warrantyDays: 30, deliveryFeeKobo: 0 })).toEqual(["30-day warranty", "Free delivery", "Quality tested", "Authentic"]);
    expect(trustPoints({ warrantyDays: 7, deliveryFeeKobo: 150_000 })).toEqual(["7-day warranty", "Delivery ₦1,500", "Quality tested", "Authentic"]);
  });

  it("give the top banner's default text from the config, and leave an admin's own text as written", () => {
    expect(CMS_DEFAULTS.top_banner.text).toBe("Free delivery on every order, plus a 30-day warranty on all phones.");
    expect(topBannerFor(CMS_DEFAULTS.top_banner, { warrantyDays: 60, deliveryFeeKobo: 0 }).text).toBe(
      "Free delivery on every order, plus a 60-day warranty on all phones.",
    );
    expect(topBannerFor(CMS_DEFAULTS.top_banner, { warrantyDays: 30, deliveryFeeKobo: 300_000 }).text).toBe(
      "A 30-day warranty on all phones. Delivery ₦3,000 anywhere in Nigeria.",
    );
    const own = { ...CMS_DEFAULTS.top_banner, text: "Black Friday: Grade A iPhones this week" };
    expect(topBannerFor(own, { warrantyDays: 60, deliveryFeeKobo: 300_000 })).toEqual(own);
  });
});
