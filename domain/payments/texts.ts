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
