import { describe, expect, it } from "vitest";
import { NIGERIAN_STATES } from "../../lib/constants";
import { GEOPOLITICAL_ZONES, deliveryFeeFor, uniformDeliveryFee } from "./delivery-fees";

describe("delivery fees by state", () => {
  it("charge a state's own fee, and the default to a state without one", () => {
    const fees = { defaultFeeKobo: 500_000, byState: { Lagos: 0, Oyo: 250_000 } };
    expect(deliveryFeeFor(fees, "Lagos")).toBe(0);
    expect(deliveryFeeFor(fees, "Oyo")).toBe(250_000);
    expect(deliveryFeeFor(fees, "Sokoto")).toBe(500_000);
    expect(uniformDeliveryFee(fees)).toBeNull();
    expect(uniformDeliveryFee({ defaultFeeKobo: 300_000, byState: { Kano: 300_000 } })).toBe(300_000);
  });

  it("place each of the 37 states in exactly one zone", () => {
    const zoned = GEOPOLITICAL_ZONES.flatMap((zone) => zone.states);
    expect([...zoned].sort()).toEqual([...NIGERIAN_STATES].sort());
  });
});
