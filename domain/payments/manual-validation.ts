/**
 * 'Record a payment received outside Paystack' (docs/admin.md): the form's fields, bounds and
 * texts. Plain data and zod, shared by the admin's form in the browser and the check on the server.
 */
import { z } from "../../lib/zod";
import { NAIRA_TEXT } from "../../lib/money";

export const MANUAL_PAYMENT_METHODS = ["bank_transfer", "cash", "pos"] as const;
export type ManualPaymentMethod = (typeof MANUAL_PAYMENT_METHODS)[number];

export const MANUAL_PAYMENT_METHOD_LABELS: Record<ManualPaymentMethod, string> = {
  bank_transfer: "Bank transfer",
  cash: "Cash",
  pos: "POS",
};

/** A stored payment method as people read it: manual methods by their label, Paystack's channels as they are. */
export function paymentMethodLabel(method: string | null): string | null {
  if (method === null) return null;
  return (MANUAL_PAYMENT_METHOD_LABELS as Record<string, string>)[method] ?? method;
}

export const MANUAL_PAYMENT_BOUNDS = {
  referenceMin: 3,
  referenceMax: 100,
  noteMax: 500,
} as const;

export const MANUAL_PAYMENT_TEXTS = {
  action: "Record a payment received outside Paystack",
  submit: "Record payment",
  recorded: (orderNumber: string) => `Payment recorded: order #${orderNumber} is paid`,
  failed: "Failed to record the payment",
  method: "Choose how the money was paid: bank transfer, cash or POS",
  reference: `Enter the payment reference (${MANUAL_PAYMENT_BOUNDS.referenceMin} to ${MANUAL_PAYMENT_BOUNDS.referenceMax} characters)`,
  amount: "Enter the amount received in naira, with at most two decimals",
  amountNotTotal: (total: string) => `The amount must be exactly the order total, ${total}`,
  note: `The note can be at most ${MANUAL_PAYMENT_BOUNDS.noteMax} characters`,
  notPending: (orderNumber: string, status: string) =>
    `Only an unpaid order can take a recorded payment; order #${orderNumber} is ${status.toLowerCase()}.`,
  notFound: "Order not found",
  manual: "Manual",
  recordedBy: (name: string) => `Recorded by ${name}`,
} as const;

/** Control characters (line breaks included) have no place in a reference or a one-line note. */
const PRINTABLE = /^[^\p{Cc}\p{Cs}]*$/u;

export const manualPaymentSchema = z.object({
  orderId: z.guid({ error: MANUAL_PAYMENT_TEXTS.notFound }),
  method: z.enum(MANUAL_PAYMENT_METHODS, { error: MANUAL_PAYMENT_TEXTS.method }),
  reference: z
    .string({ error: MANUAL_PAYMENT_TEXTS.reference })
    .trim()
    .min(MANUAL_PAYMENT_BOUNDS.referenceMin, MANUAL_PAYMENT_TEXTS.reference)
    .max(MANUAL_PAYMENT_BOUNDS.referenceMax, MANUAL_PAYMENT_TEXTS.reference)
    .regex(PRINTABLE, MANUAL_PAYMENT_TEXTS.reference),
  amountNaira: z
    .string({ error: MANUAL_PAYMENT_TEXTS.amount })
    .transform((value) => value.trim().replace(/,/g, ""))
    .pipe(z.string().regex(NAIRA_TEXT, MANUAL_PAYMENT_TEXTS.amount)),
  note: z
    .string({ error: MANUAL_PAYMENT_TEXTS.note })
    .trim()
    .max(MANUAL_PAYMENT_BOUNDS.noteMax, MANUAL_PAYMENT_TEXTS.note)
    .regex(/^[^\p{Cs}]*$/u, MANUAL_PAYMENT_TEXTS.note)
    .refine((value) => !value.includes("\u0000"), MANUAL_PAYMENT_TEXTS.note)
    .optional()
    .transform((value) => value || undefined),
});

export type ManualPaymentInput = z.infer<typeof manualPaymentSchema>;
