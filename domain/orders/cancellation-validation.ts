/**
 * A buyer's cancellation of a paid order (docs/after-sale.md): its texts, the statuses it is
 * offered in and the form's schema. Plain data and zod, shared by the page and the server.
 */
import { z } from "../../lib/zod";
import { CANCEL_REASONS, type CancelReason, type OrderStatus } from "../../lib/constants";

/** The most an 'Other' reason may say, in characters. */
export const OTHER_REASON_MAX = 300;

export const CANCELLATION_TEXTS = {
  title: "Cancel this order?",
  body: (destination: string) =>
    `The vendor will not ship it and the money goes back to ${destination} (with the delivery fee if nothing else of this checkout ships). This cannot be undone.`,
  reasonLabel: "Why are you cancelling?",
  otherReasonLabel: "Tell us why",
  otherReasonRequired: "Tell us in a few words why you are cancelling.",
  otherReasonTooLong: `Keep the reason under ${OTHER_REASON_MAX} characters.`,
  chooseReason: "Choose a reason",
  reasonRequired: "Choose why you are cancelling the order.",
  confirm: "Yes, cancel and refund",
  keep: "Keep order",
  cancelOrder: "Cancel order",
  cancelled: "Order cancelled",
  refundOnItsWay: (amount: string) => `Refund of ${amount} on its way`,
  refunded: "Refunded",
  refundedAmount: (amount: string, destination: string) => `${amount} sent back to ${destination}. Banks can take a few working days to show it.`,
  refundFailed: (amount: string) => `The refund of ${amount} did not go through. Our team will sort it out and contact you.`,
  failed: "Could not cancel the order",
  notFound: "Order not found",
  alreadyShipped: "This order has already shipped, so it can no longer be cancelled.",
  alreadyCancelled: "This order is already cancelled.",
  notPaid: "This order is not paid yet: use 'Cancel order' on it to release the phones.",
  changedMeanwhile: "This order changed while you were cancelling it. Please look at it again.",
  buyerNoticeTitle: "Order cancelled",
  buyerNotice: (orderNumber: string, amount: string, destination: string) =>
    `You cancelled order #${orderNumber}. A refund of ${amount} is on its way to ${destination}.`,
  vendorNoticeTitle: "Order cancelled by the buyer",
  vendorNotice: (orderNumber: string, product: string, reason: string) =>
    `Order #${orderNumber} (${product}) was cancelled by the buyer before it shipped: please do not ship it. Reason: ${reason}.`,
  historyNote: (reason: string) => `Cancelled by the buyer before shipping: ${reason}`,
  refundReason: (orderNumber: string, reason: string) => `Order #${orderNumber} cancelled by the buyer before shipping: ${reason}`,
  /** On the payment, for the admins, when the refund could not even be written (a payment recorded by hand). */
  refundNotMade: (orderNumber: string, amount: string, why: string) =>
    `Order #${orderNumber} (${amount}) was cancelled by the buyer; the refund could not be made: ${why}`,
} as const;

/** Orders a buyer may cancel with a refund: paid and not shipped yet. */
export const BUYER_CANCELLABLE: readonly OrderStatus[] = ["paid", "processing"];

/** The reason 'Other' asks for the buyer's own words, which then are the reason the order keeps. */
export const OTHER_REASON = "Other" satisfies CancelReason;

/** A cancellation form's schema: the order, a reason from the list, and the own words 'Other' asks for (which then are the reason). */
export function cancellationSchema<Reasons extends readonly [string, ...string[]]>(reasons: Reasons, reasonRequired: string) {
  return z
    .object({
      orderId: z.guid({ error: CANCELLATION_TEXTS.notFound }),
      reason: z.enum(reasons, { error: reasonRequired }),
      otherReason: z.string({ error: CANCELLATION_TEXTS.otherReasonRequired }).trim().max(OTHER_REASON_MAX, CANCELLATION_TEXTS.otherReasonTooLong).optional(),
    })
    .superRefine((value, ctx) => {
      if (value.reason === OTHER_REASON && !value.otherReason) ctx.addIssue({ code: "custom", path: ["otherReason"], message: CANCELLATION_TEXTS.otherReasonRequired });
    })
    .transform(({ orderId, reason, otherReason }) => ({ orderId, reason: reason === OTHER_REASON ? otherReason! : (reason as string) }));
}

export const paidOrderCancellationSchema = cancellationSchema(CANCEL_REASONS, CANCELLATION_TEXTS.reasonRequired);
export type PaidOrderCancellation = z.output<typeof paidOrderCancellationSchema>;

