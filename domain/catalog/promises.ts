/**
 * What the storefront promises about warranty and delivery, worked out from the pricing config
 * (docs/orders.md, docs/admin.md), so every page states the same number: 'Free delivery' only when the
 * delivery fee is zero, otherwise the fee.
 */
import { PRICING_DEFAULTS, warrantyLabel } from "../../lib/constants";
import { formatNaira } from "../../lib/money";

export interface StorePromises {
  warrantyDays: number;
  /** Kobo. */
  deliveryFeeKobo: number;
}

export const DEFAULT_PROMISES: StorePromises = {
  warrantyDays: PRICING_DEFAULTS.warrantyDays,
  deliveryFeeKobo: PRICING_DEFAULTS.deliveryFeeKobo,
};

export const FREE_DELIVERY = "Free delivery";

/** 'Free delivery', or the fee: 'Delivery ₦2,500'. */
export function deliveryPromise(deliveryFeeKobo: number): string {
  return deliveryFeeKobo === 0 ? FREE_DELIVERY : `Delivery ${formatNaira(deliveryFeeKobo)}`;
}

/** The product page's trust points (docs/storefront.md), with the configured warranty and delivery. */
export function trustPoints(promises: StorePromises): string[] {
  return [warrantyLabel(promises.warrantyDays), deliveryPromise(promises.deliveryFeeKobo), "Quality tested", "Authentic"];
}

/** The top banner's default text: 'Free delivery on every order, plus a 30-day warranty on all phones.' */
export function defaultTopBannerText(promises: StorePromises): string {
  const warranty = warrantyLabel(promises.warrantyDays);
  if (promises.deliveryFeeKobo === 0) return `Free delivery on every order, plus a ${warranty} on all phones.`;
  return `A ${warranty} on all phones. Delivery ${formatNaira(promises.deliveryFeeKobo)} anywhere in Nigeria.`;
}
