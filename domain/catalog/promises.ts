/**
 * What the storefront promises about warranty and delivery, worked out from the pricing config
 * and the delivery fees by state (docs/storefront.md, docs/admin.md), so every page states the same
 * thing and never more than is true: 'Free delivery' only where the fee is zero.
 */
import { NIGERIAN_STATES, PRICING_DEFAULTS, warrantyLabel } from "../../lib/constants";
import { formatNaira } from "../../lib/money";
import { type DeliveryFees, deliveryFeeFor, uniformDeliveryFee } from "../pricing/delivery-fees";

export interface StorePromises {
  warrantyDays: number;
  delivery: DeliveryFees;
}

export const DEFAULT_PROMISES: StorePromises = {
  warrantyDays: PRICING_DEFAULTS.warrantyDays,
  delivery: { defaultFeeKobo: PRICING_DEFAULTS.deliveryFeeKobo, byState: {} },
};

export const FREE_DELIVERY = "Free delivery";
/** The most cheapest states a promise names; more are counted instead. */
const NAMED_STATES_MAX = 2;

/**
 * 'Free delivery anywhere in Nigeria', 'Delivery ₦3,000 anywhere in Nigeria', or, when states pay
 * different fees, the cheapest and the least paid elsewhere: 'Free delivery to Lagos · from ₦2,500 elsewhere'.
 */
export function deliveryPromise(fees: DeliveryFees): string {
  const uniform = uniformDeliveryFee(fees);
  if (uniform !== null) return uniform === 0 ? `${FREE_DELIVERY} anywhere in Nigeria` : `Delivery ${formatNaira(uniform)} anywhere in Nigeria`;
  const feeOf = (state: string) => deliveryFeeFor(fees, state);
  const cheapest = Math.min(...NIGERIAN_STATES.map(feeOf));
  const cheapestStates = NIGERIAN_STATES.filter((state) => feeOf(state) === cheapest);
  const elsewhere = Math.min(...NIGERIAN_STATES.filter((state) => feeOf(state) !== cheapest).map(feeOf));
  const where = cheapestStates.length <= NAMED_STATES_MAX ? cheapestStates.join(" and ") : `${cheapestStates.length} states`;
  const near = cheapest === 0 ? `${FREE_DELIVERY} to ${where}` : `Delivery ${formatNaira(cheapest)} to ${where}`;
  return `${near} · from ${formatNaira(elsewhere)} elsewhere`;
}

/** The product page's trust points (docs/storefront.md), with the configured warranty and delivery. */
export function trustPoints(promises: StorePromises): string[] {
  return [warrantyLabel(promises.warrantyDays), deliveryPromise(promises.delivery), "Quality tested", "Authentic"];
}

/** The top banner's default text: 'Free delivery on every order, plus a 30-day warranty on all phones.' */
export function defaultTopBannerText(promises: StorePromises): string {
  const warranty = warrantyLabel(promises.warrantyDays);
  if (uniformDeliveryFee(promises.delivery) === 0) return `Free delivery on every order, plus a ${warranty} on all phones.`;
  return `A ${warranty} on all phones. ${deliveryPromise(promises.delivery)}.`;
}
