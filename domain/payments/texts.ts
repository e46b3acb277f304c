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
  expiredHistoryNote: "Payment not completed in time; the phones were released",
  initFailedHistoryNote: "The payment could not be started",
} as const;
