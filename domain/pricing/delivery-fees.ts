/**
 * Delivery fees by state (docs/cart-and-checkout.md): a state's own fee, else the default. Plain
 * code shared by the server (which charges) and the browser (which only shows the figure).
 */
import { NIGERIAN_STATES } from "../../lib/constants";

export type NigerianState = (typeof NIGERIAN_STATES)[number];

export interface DeliveryFees {
  /** Kobo: what a state without its own fee pays (the pricing config's delivery fee). */
  defaultFeeKobo: number;
  /** Kobo, per state that has its own fee. */
  byState: Partial<Record<NigerianState, number>>;
}

export const isNigerianState = (state: string): state is NigerianState => (NIGERIAN_STATES as readonly string[]).includes(state);

/** Kobo charged for delivery to a state: its own fee, else the default. */
export function deliveryFeeFor(fees: DeliveryFees, state: string): number {
  return (isNigerianState(state) ? fees.byState[state] : undefined) ?? fees.defaultFeeKobo;
}

/** The one fee every state pays, or null when states pay different fees. */
export function uniformDeliveryFee(fees: DeliveryFees): number | null {
  const distinct = new Set(NIGERIAN_STATES.map((state) => deliveryFeeFor(fees, state)));
  return distinct.size === 1 ? [...distinct][0]! : null;
}

/** The six geopolitical zones, for filling in a zone's fee at once (each state is still stored on its own). */
export const GEOPOLITICAL_ZONES: readonly { name: string; states: readonly NigerianState[] }[] = [
  { name: "North Central", states: ["Benue", "Federal Capital Territory", "Kogi", "Kwara", "Nasarawa", "Niger", "Plateau"] },
  { name: "North East", states: ["Adamawa", "Bauchi", "Borno", "Gombe", "Taraba", "Yobe"] },
  { name: "North West", states: ["Jigawa", "Kaduna", "Kano", "Katsina", "Kebbi", "Sokoto", "Zamfara"] },
  { name: "South East", states: ["Abia", "Anambra", "Ebonyi", "Enugu", "Imo"] },
  { name: "South South", states: ["Akwa Ibom", "Bayelsa", "Cross River", "Delta", "Edo", "Rivers"] },
  { name: "South West", states: ["Ekiti", "Lagos", "Ogun", "Ondo", "Osun", "Oyo"] },
];
