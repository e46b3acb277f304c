/** Cart texts, importable by the browser. */
/** storefront.md §8; the stock and availability texts are ours. */
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

/** 'Added {n} item(s) to cart' on the product page (storefront.md §8). */
export function addedToCartText(quantity: number): string {
  return `Added ${quantity} item(s) to cart`;
}

/** Only {n} in stock: the line was capped there. */
export function stockCapText(stock: number): string {
  return `Only ${stock} in stock: your cart now holds ${stock} of this phone.`;
}
