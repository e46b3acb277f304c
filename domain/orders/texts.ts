import { formatNaira } from "../../lib/money";

/** What a buyer's order card and its Details say about the money and the delivery (docs/orders.md). */
export const ORDER_DETAILS_TEXTS = {
  delivery: "Delivery",
  free: "Free",
  totalCharged: "Total charged",
  totalToPay: "Total to pay",
  checkoutTotal: "Checkout total",
  /** A checkout of several phones is one payment: its total covers them all. */
  forOrders: (total: number, orderCount: number) => (orderCount > 1 ? `${formatNaira(total)} for ${orderCount} orders` : formatNaira(total)),
  seller: "Seller",
  deliverTo: "Deliver to",
  price: "Price",
  payment: "Payment",
  paid: "Paid",
  notPaidYet: "Not paid yet",
  testMode: "test mode, no real money",
} as const;
