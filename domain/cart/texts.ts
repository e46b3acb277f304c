import { LIMITS } from "../../lib/constants";

/** Cart texts, importable by the browser. */
/** docs/cart-and-checkout.md; the stock and availability texts are ours. */
export const CART_TEXTS = {
  added: "Item added to cart",
  addFailed: "Failed to add item to cart",
  unavailable: "This phone is no longer available.",
  outOfStock: "This phone is out of stock.",
  itemNotFound: "This item is no longer in your cart.",
  quantityFailed: "Failed to update quantity",
  removed: "Item removed from cart",
  removeFailed: "Failed to remove item",
  clearFailed: "Failed to clear cart",
  unavailableLine: "No longer available",
} as const;

/** 'Added {n} item(s) to cart' on the product page (docs/cart-and-checkout.md). */
export function addedToCartText(quantity: number): string {
  return `Added ${quantity} item(s) to cart`;
}

/**
 * The line was capped: at the stock ('Only {n} in stock'), or at the most one order takes of one
 * graded phone (LIMITS.maxUnitsPerLine, 'Up to 5 per order').
 */
export function stockCapText(cappedAt: number): string {
  if (cappedAt >= LIMITS.maxUnitsPerLine) return `Up to ${LIMITS.maxUnitsPerLine} per order: your cart now holds ${cappedAt} of this phone.`;
  return `Only ${cappedAt} in stock: your cart now holds ${cappedAt} of this phone.`;
}
