/**
 * The payout forms' fields, bounds and texts (docs/payouts.md): plain data and zod, shared by the
 * forms in the browser and the checks on the server.
 */
import { z } from "zod";
import { NAIRA_TEXT, nairaTextToKobo } from "../../lib/money";

export const ADJUSTMENT_BOUNDS = { reasonMin: 3, reasonMax: 300 } as const;

export const PAYOUT_FORM_TEXTS = {
  vendor: "Choose a vendor",
  direction: "Choose credit or debit",
  amount: "Enter the amount in naira, greater than zero, with at most two decimals (kobo)",
  reason: `Give the reason the vendor will read (${ADJUSTMENT_BOUNDS.reasonMin} to ${ADJUSTMENT_BOUNDS.reasonMax} characters)`,
  payout: "Payout not found",
  month: "Choose a month such as 2026-11",
} as const;

const REASON_TEXT = /^[^\p{Cc}\p{Cs}]*$/u;

export const adjustmentSchema = z
  .object({
    vendorId: z.guid({ error: PAYOUT_FORM_TEXTS.vendor }),
    direction: z.enum(["credit", "debit"], { error: PAYOUT_FORM_TEXTS.direction }),
    amountNaira: z
      .string({ error: PAYOUT_FORM_TEXTS.amount })
      .transform((value) => value.trim().replace(/,/g, "").replace(/^₦/, ""))
      .pipe(z.string().regex(NAIRA_TEXT, PAYOUT_FORM_TEXTS.amount))
      .refine((value) => /[1-9]/.test(value), PAYOUT_FORM_TEXTS.amount),
    reason: z
      .string({ error: PAYOUT_FORM_TEXTS.reason })
      .transform((value) => value.replace(/\r?\n/g, " ").trim())
      .pipe(z.string().min(ADJUSTMENT_BOUNDS.reasonMin, PAYOUT_FORM_TEXTS.reason).max(ADJUSTMENT_BOUNDS.reasonMax, PAYOUT_FORM_TEXTS.reason).regex(REASON_TEXT, PAYOUT_FORM_TEXTS.reason)),
  })
  .transform(({ vendorId, direction, amountNaira, reason }) => ({
    vendorId,
    amount: (direction === "credit" ? 1 : -1) * nairaTextToKobo(amountNaira),
    reason,
  }));

export const payoutIdSchema = z.object({ payoutId: z.guid({ error: PAYOUT_FORM_TEXTS.payout }) });

/** A statement's month: 2026-11. */
export const statementMonthSchema = z.string({ error: PAYOUT_FORM_TEXTS.month }).regex(/^20\d{2}-(0[1-9]|1[0-2])$/, PAYOUT_FORM_TEXTS.month);
