/**
 * A vendor's cancellation of a paid order it cannot fulfil (docs/after-sale.md): its texts and the
 * form's schema. Plain data and zod, shared by the page and the server.
 */
import { VENDOR_CANCEL_REASONS } from "../../lib/constants";
import { type z } from "../../lib/zod";
import { cancellationSchema } from "./cancellation-validation";

export const VENDOR_CANCELLATION_TEXTS = {
  cancelOrder: "Cancel order",
  title: "Cancel this order?",
  body: "The buyer gets all their money back (with the delivery fee if nothing else of their checkout ships) and is told your reason. This cannot be undone.",
  reasonLabel: "Why are you cancelling?",
  otherReasonLabel: "Tell the buyer why",
  chooseReason: "Choose a reason",
  reasonRequired: "Choose why you are cancelling the order.",
  confirm: "Yes, cancel and refund the buyer",
  cancelling: "Cancelling…",
  cancelled: "Order cancelled: the buyer is refunded",
  refunding: (amount: string) => `The buyer is being refunded ${amount}.`,
  failed: "Could not cancel the order",
  buyerNoticeTitle: "Order cancelled by the seller",
  buyerNotice: (orderNumber: string, reason: string, amount: string, destination: string) =>
    `The seller cancelled order #${orderNumber}: ${reason}. A refund of ${amount} is on its way to ${destination}.`,
  historyNote: (reason: string) => `Cancelled by the vendor before shipping: ${reason}`,
  refundReason: (orderNumber: string, reason: string) => `Order #${orderNumber} cancelled by the vendor before shipping: ${reason}`,
  /** On the payment, for the admins, when the refund could not even be written (a payment recorded by hand). */
  refundNotMade: (orderNumber: string, amount: string, why: string) =>
    `Order #${orderNumber} (${amount}) was cancelled by the vendor; the refund could not be made: ${why}`,
} as const;

export const vendorOrderCancellationSchema = cancellationSchema(VENDOR_CANCEL_REASONS, VENDOR_CANCELLATION_TEXTS.reasonRequired);
export type VendorOrderCancellation = z.output<typeof vendorOrderCancellationSchema>;
