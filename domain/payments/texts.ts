import { formatNaira } from "../../lib/money";

const orderList = (numbers: readonly string[]) => numbers.map((n) => `#${n}`).join(", ");
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** What buyers and vendors are told about payments, in notifications and e-mail. */
export const PAYMENT_NOTICES = {
  paidTitle: "Payment confirmed",
  paidMessage: (amount: number, numbers: readonly string[]) =>
    `We received ${formatNaira(amount)} for ${plural(numbers.length, "order")} (${orderList(numbers)}). We will let you know when your phones ship.`,
  vendorTitle: "New paid order",
  vendorMessage: (number: string, quantity: number, productName: string, total: number) =>
    `Order #${number}: ${quantity} × ${productName} (${formatNaira(total)}) has been paid. Please prepare it for dispatch.`,
  expiredTitle: "Reservation expired",
  expiredMessage: (numbers: readonly string[], minutes: number) =>
    `Your payment for ${plural(numbers.length, "order")} (${orderList(numbers)}) was not completed within ${minutes} minutes, so the phones were released and the orders cancelled.`,
  lateRefundTitle: "Payment will be refunded",
  lateRefundMessage: (amount: number, numbers: readonly string[]) =>
    `Your payment arrived after the reservation for ${orderList(numbers)} had expired and the phones were no longer available. ${formatNaira(amount)} will be refunded.`,
  lateRefundReason: (amount: number, numbers: readonly string[]) =>
    `Paid after the reservation expired; ${orderList(numbers)} (${formatNaira(amount)}) could not be fulfilled`,
  mismatchReason: (problem: string) => `Provider reported a successful payment that does not match: ${problem}`,
  cancelledTitle: "Order cancelled",
  cancelledMessage: (numbers: readonly string[]) =>
    `You cancelled ${plural(numbers.length, "order")} (${orderList(numbers)}) before paying. The phones are back on sale and nothing was charged.`,
  vendorCancelledTitle: "Order cancelled by the buyer",
  vendorCancelledMessage: (number: string) => `Order #${number} was cancelled by the buyer before payment. Its stock is back on sale.`,
  supersededTitle: "Earlier checkout released",
  supersededMessage: (numbers: readonly string[]) =>
    `You placed a new order, so your earlier unpaid ${plural(numbers.length, "order")} (${orderList(numbers)}) ${numbers.length === 1 ? "was" : "were"} cancelled and the phones released.`,
  replacedRefundTitle: "Payment will be refunded",
  replacedRefundMessage: (amount: number) =>
    `A payment of ${formatNaira(amount)} arrived for an order you had already paid again with 'Pay now' or cancelled. It paid for nothing and will be refunded.`,
  replacedRefundReason: "Paid on a payment that 'Pay now' had replaced; it paid for nothing",
  cancelledHistoryNote: "Cancelled by the buyer before payment; the phones were released",
  supersededHistoryNote: "Replaced by the buyer's newer checkout; the phones were released",
  retryHistoryNote: "A new payment was started ('Pay now')",
  replacedFailureReason: "Replaced by a new payment ('Pay now')",
  cancelledRefundReason: "Paid after the buyer had cancelled the order; it paid for nothing",
  testReceiptNote: "Test payment: made in test mode, no real money was taken.",
  expiredHistoryNote: "Payment not completed in time; the phones were released",
  initFailedHistoryNote: "The payment could not be started",
} as const;

export const PAYMENT_TEXTS = {
  verifying: "Verifying your payment...",
  successTitle: "Payment Successful!",
  failedTitle: "Payment Verification Failed",
  noReference: "No payment reference found",
  verificationFailed: "Payment verification failed. Please check your orders page.",
  verifiedRemoved: (removed: number) => `Payment verified successfully! ${removed} checked-out items removed from your cart.`,
  verifiedUpdating: "Payment verified successfully! Your orders may take a moment to update.",
  paidStatus: "Paid",
  pageTitle: "Payment",
  noReferenceBody: "This page needs the payment reference from the payment provider. If you have paid, your orders page shows it.",
  verifyWithoutScripts: "Scripts are turned off in your browser: press the button to check your payment.",
  verifyNow: "Verify Payment",
  ordersLabel: "Orders",
  paidOrdersLabel: "Phones paid for",
  paidOrderName: (name: string, quantity: number) => (quantity > 1 ? `${quantity} × ${name}` : name),
  paidOrderNumber: (orderNumber: string) => `Order #${orderNumber}`,
  totalLabel: "Total",
  /** The delivery fee the payment was charged for the chosen state (docs/cart-and-checkout.md). */
  deliveryLabel: "Delivery (included)",
  freeDelivery: "Free",
  statusLabel: "Status",
  referenceLabel: "Reference",
  receiptNotice: "A receipt is on its way to your e-mail address.",
  ordersNotice: "You can follow each order on your orders page.",
  failedIntro: "We could not confirm this payment:",
  viewOrders: "View Orders",
  backToCheckout: "Back to Checkout",
  continueShopping: "Continue Shopping",
  retry: "Retry Verification",
  checkOrders: "Check Orders",
  /** The quiet way to the orders page under 'Payment failed'. */
  myOrders: "My Orders",
  signIn: "Sign In",
  reasonSignedOut: "Please sign in to verify this payment, then open this page again.",
  reasonOffline: "We could not reach the shop. Please check your connection and try again.",

  reasonNotFound: "We have no payment with this reference.",
  reasonNotPaid: "The payment provider has not confirmed this payment.",
  reasonDeclined: (gatewayResponse: string) => `The payment was not completed. The payment provider said: "${gatewayResponse}".`,
  reasonAmountMismatch: "The amount paid does not match the order total.",
  reasonCurrencyMismatch: "The payment was not made in naira.",
  reasonReleased: "The reservation expired before the payment was confirmed.",
  reasonNoLongerPayable: "This payment can no longer be completed: its orders were paid another way, cancelled or released. Your orders page shows where each one stands.",
  reasonUnreachable: "We could not reach the payment provider. Please try again in a moment.",
} as const;
