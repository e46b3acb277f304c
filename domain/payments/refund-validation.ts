/**
 * 'Refund' on the admin Payments tab (docs/admin.md): the form's fields, bounds and texts. Plain
 * data and zod, shared by the admin's form in the browser and the check on the server.
 */
import { z } from "../../lib/zod";
import { nairaAmountText, oneLineReason } from "../../lib/form-fields";

export const REFUND_FORM_BOUNDS = { reasonMax: 500, keyMin: 16, keyMax: 100 } as const;

export const REFUND_FORM_TEXTS = {
  action: "Refund",
  title: (reference: string) => `Refund payment ${reference}`,
  amountLabel: "Amount to refund (₦)",
  amountHint: (left: string) => `Up to ${left}, the whole of what is left, or part of it`,
  amount: "Enter the amount in naira, greater than zero, with at most two decimals (kobo)",
  reasonLabel: "Reason",
  reason: `Give a reason for the refund (at most ${REFUND_FORM_BOUNDS.reasonMax} characters)`,
  confirmLabel: (destination: string) => `I have checked the amount: this sends the money back to ${destination}`,
  confirm: "Tick the box to confirm the refund",
  submit: "Refund",
  submitAmount: (amount: string) => `Refund ${amount}`,
  flaggedAction: "Refund",
  requested: (amount: string) => `Refund of ${amount} asked for`,
  processed: (amount: string) => `Refund of ${amount} processed`,
  failedAtProvider: (reason: string) => `The payment provider refused the refund: ${reason}`,
  failed: "Could not refund the payment",
  stale: "This form has expired. Reload the page and try again.",
  paymentNotFound: "Payment not found",
  refunds: "Refunds",
  nothingLeft: "Nothing left to refund",
  statuses: { pending: "Pending", processed: "Processed", failed: "Failed" },
} as const;

export const adminRefundSchema = z.object({
  paymentId: z.guid({ error: REFUND_FORM_TEXTS.paymentNotFound }),
  orderId: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined)
    .pipe(z.guid({ error: REFUND_FORM_TEXTS.paymentNotFound }).optional()),
  amountNaira: nairaAmountText(REFUND_FORM_TEXTS.amount),
  reason: oneLineReason(1, REFUND_FORM_BOUNDS.reasonMax, REFUND_FORM_TEXTS.reason),
  idempotencyKey: z
    .string({ error: REFUND_FORM_TEXTS.stale })
    .regex(new RegExp(`^[A-Za-z0-9-]{${REFUND_FORM_BOUNDS.keyMin},${REFUND_FORM_BOUNDS.keyMax}}$`), REFUND_FORM_TEXTS.stale),
  confirm: z.literal("yes", { error: REFUND_FORM_TEXTS.confirm }),
});

export type AdminRefundInput = z.output<typeof adminRefundSchema>;
