import { formatNaira } from "../../lib/money";

/** Wishlist texts (docs/storefront.md), importable by the browser. */
export const WISHLIST_TEXTS = {
  title: "Wishlist",
  added: "Saved to your wishlist",
  removed: "Removed from your wishlist",
  saveFailed: "Failed to update your wishlist",
  unavailable: "This phone is no longer available.",
  full: (most: number) => `Your wishlist holds up to ${most} phones. Remove one to save another.`,
  signInRequired: "Please sign in to save phones to your wishlist",
  signInHint: "Sign in or create an account to keep a wishlist.",
  empty: "Your wishlist is empty",
  emptyBody: "Tap the heart on any phone to save it here. We'll tell you when its price drops.",
  browseShop: "Browse the shop",
  inStock: "In stock",
  soldOut: "Sold out",
  noLongerAvailable: "No longer available",
  remove: "Remove",
  addToCart: "Add to Cart",
  priceDropTitle: "Price drop",
  priceDrop: (phone: string, now: number, was: number) => `Price drop: ${phone} is now ${formatNaira(now)} (was ${formatNaira(was)})`,
} as const;

/** 'Notify me when available' texts (docs/storefront.md), importable by the browser. */
export const STOCK_ALERT_TEXTS = {
  subscribe: "Notify me when available",
  subscribed: "We'll e-mail you when it's back",
  subscribedDetail: "You'll also get a notification here. We tell you once.",
  cancel: "Cancel alert",
  saved: "We'll e-mail you when it's back",
  cancelled: "Alert cancelled",
  failed: "Failed to update the alert",
  unavailable: "This phone is no longer available.",
  inStock: "This phone is in stock: you can buy it now.",
  signInRequired: "Please sign in to be told when it's back",
  signInHint: "Sign in or create an account and we'll e-mail you when this phone is back in stock.",
  backTitle: "Back in stock",
  back: (phone: string, price: number) => `${phone} is back in stock at ${formatNaira(price)}.`,
} as const;
