/** What a refund that ended failed says, to the admins, the buyer and on the payment (docs/after-sale.md). */
import { formatNaira } from "../../lib/money";

const what = (orderNumbers: readonly string[], reference: string) =>
  orderNumbers.length > 0 ? `order ${orderNumbers.map((n) => `#${n}`).join(", ")}` : `payment ${reference}`;

export const REFUND_FAILURE_TEXTS = {
  /** On the payment, in the flagged-for-refund panel: the provider's own words. */
  flagReason: (amount: number, reason: string) => `The refund of ${formatNaira(amount)} failed at Paystack: ${reason}`,
  adminTitle: "Refund failed",
  adminMessage: (amount: number, orderNumbers: readonly string[], reference: string, reason: string) =>
    `The refund of ${formatNaira(amount)} for ${what(orderNumbers, reference)} failed at Paystack: ${reason}. The payment is flagged for refund.`,
  adminSubject: (amount: number, reference: string) => `Refund of ${formatNaira(amount)} failed (payment ${reference})`,
  adminClaimNote: "The warranty claim is back with the admins to decide again.",
  buyerTitle: "Refund not completed",
  buyerMessage: (amount: number, orderNumbers: readonly string[], reference: string) =>
    `Your refund of ${formatNaira(amount)} for ${what(orderNumbers, reference)} could not be completed. We are on it and will write to you when the money is on its way.`,
  buyerSubject: (amount: number, orderNumbers: readonly string[], reference: string) =>
    `Your refund of ${formatNaira(amount)} for ${what(orderNumbers, reference)} could not be completed`,
  buyerHeading: (name: string) => `${name}, your refund could not be completed`,
  buyerParagraphs: (amount: number, orderNumbers: readonly string[], reference: string) => [
    `We tried to send ${formatNaira(amount)} back for ${what(orderNumbers, reference)} (payment reference ${reference}), but the payment provider could not complete it.`,
    "Our team has been told and is on it. We will write to you as soon as the money is on its way; you do not need to do anything.",
  ],
  /** The claim's timeline entry when its refund failed. */
  claimEvent: (amount: number, reason: string) => `The refund of ${formatNaira(amount)} failed at Paystack: ${reason}. An admin will decide again.`,
  claimReopenedNote: (reason: string) => `Refund failed: ${reason}`,
} as const;
