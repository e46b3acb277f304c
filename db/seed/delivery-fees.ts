import { GEOPOLITICAL_ZONES, type NigerianState } from "../../domain/pricing/delivery-fees";

/** Kobo by zone: free in Lagos, ₦2,500 elsewhere in the South West, ₦4,000 to ₦6,500 further away. */
const ZONE_FEES: Record<string, number> = {
  "South West": 250_000,
  "South South": 450_000,
  "South East": 450_000,
  "North Central": 500_000,
  "North West": 600_000,
  "North East": 650_000,
};
const OWN_FEES: Partial<Record<NigerianState, number>> = { Lagos: 0, "Federal Capital Territory": 400_000, Kano: 550_000 };

/** The demo shop's delivery fee of every state (docs/cart-and-checkout.md). */
export const DEMO_DELIVERY_FEES: { state: NigerianState; fee: number }[] = GEOPOLITICAL_ZONES.flatMap((zone) =>
  zone.states.map((state) => ({ state, fee: OWN_FEES[state] ?? ZONE_FEES[zone.name]! })),
);
