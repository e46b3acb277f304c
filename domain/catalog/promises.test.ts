import { describe, expect, it } from "vitest";
import { NIGERIAN_STATES } from "../../lib/constants";
import { CMS_DEFAULTS, topBannerFor } from "../cms/defaults";
import { deliveryPromise, trustPoints } from "./promises";

const flat = (defaultFeeKobo: number) => ({ defaultFeeKobo, byState: {} });
const SOUTH_WEST = { Lagos: 0, Ogun: 250_000, Oyo: 250_000 };

describe("the storefront's promises", () => {
  it("say 'Free delivery' only where the fee is zero, otherwise the fee", () => {
    expect(deliveryPromise(flat(0))).toBe("Free delivery anywhere in Nigeria");
    expect(deliveryPromise(flat(300_000))).toBe("Delivery ₦3,000 anywhere in Nigeria");
    expect(trustPoints({ warrantyDays: 30, delivery: flat(0) })).toEqual(["30-day warranty", "Free delivery anywhere in Nigeria", "Quality tested", "Authentic"]);
    expect(trustPoints({ warrantyDays: 7, delivery: flat(150_000) })).toEqual(["7-day warranty", "Delivery ₦1,500 anywhere in Nigeria", "Quality tested", "Authentic"]);
  });

  it("name the cheapest states and the least paid elsewhere when states pay different fees", () => {
    expect(deliveryPromise({ defaultFeeKobo: 500_000, byState: SOUTH_WEST })).toBe("Free delivery to Lagos · from ₦2,500 elsewhere");
    expect(deliveryPromise({ defaultFeeKobo: 500_000, byState: { Lagos: 100_000, Ogun: 100_000 } })).toBe("Delivery ₦1,000 to Lagos and Ogun · from ₦5,000 elsewhere");
    expect(deliveryPromise({ defaultFeeKobo: 0, byState: { Sokoto: 650_000 } })).toBe("Free delivery to 36 states · from ₦6,500 elsewhere");
    const everyStateOwn = Object.fromEntries(NIGERIAN_STATES.map((state) => [state, 300_000]));
    expect(deliveryPromise({ defaultFeeKobo: 0, byState: everyStateOwn })).toBe("Delivery ₦3,000 anywhere in Nigeria");
  });

  it("give the top banner's default text from the config, and leave an admin's own text as written", () => {
    expect(CMS_DEFAULTS.top_banner.text).toBe("Free delivery on every order, plus a 30-day warranty on all phones.");
    expect(topBannerFor(CMS_DEFAULTS.top_banner, { warrantyDays: 60, delivery: flat(0) }).text).toBe(
      "Free delivery on every order, plus a 60-day warranty on all phones.",
    );
    expect(topBannerFor(CMS_DEFAULTS.top_banner, { warrantyDays: 30, delivery: flat(300_000) }).text).toBe(
      "A 30-day warranty on all phones. Delivery ₦3,000 anywhere in Nigeria.",
    );
    expect(topBannerFor(CMS_DEFAULTS.top_banner, { warrantyDays: 30, delivery: { defaultFeeKobo: 500_000, byState: SOUTH_WEST } }).text).toBe(
      "A 30-day warranty on all phones. Free delivery to Lagos · from ₦2,500 elsewhere.",
    );
    const own = { ...CMS_DEFAULTS.top_banner, text: "Black Friday: Grade A iPhones this week" };
    expect(topBannerFor(own, { warrantyDays: 60, delivery: flat(300_000) })).toEqual(own);
  });
});
