/**
 * The payout forms' fields, bounds and texts (docs/payouts.md): plain data and zod, shared by the
 * forms in the browser and the checks on the server.
 */
import { z } from "../../lib/zod";
import { DAY_MS, lagosNoon, lagosToday } from "../../lib/lagos-time";
import { nairaAmountText, oneLineReason } from "../../lib/form-fields";
import { nairaTextToKobo } from "../../lib/money";

export const ADJUSTMENT_BOUNDS = { reasonMin: 3, reasonMax: 300 } as const;

export const PAYOUT_FORM_TEXTS = {
  vendor: "Choose a vendor",
  direction: "Choose credit or debit",
  amount: "Enter the amount in naira, greater than zero, with at most two decimals (kobo)",
  reason: `Give the reason the vendor will read (${ADJUSTMENT_BOUNDS.reasonMin} to ${ADJUSTMENT_BOUNDS.reasonMax} characters)`,
  payout: "Payout not found",
  month: "Choose a month such as 2026-11",
  otp: "Enter the OTP Paystack sent to the business's phone (4 to 8 digits)",
} as const;

export const adjustmentSchema = z
  .object({
    vendorId: z.guid({ error: PAYOUT_FORM_TEXTS.vendor }),
    direction: z.enum(["credit", "debit"], { error: PAYOUT_FORM_TEXTS.direction }),
    amountNaira: nairaAmountText(PAYOUT_FORM_TEXTS.amount),
    reason: oneLineReason(ADJUSTMENT_BOUNDS.reasonMin, ADJUSTMENT_BOUNDS.reasonMax, PAYOUT_FORM_TEXTS.reason),
  })
  .transform(({ vendorId, direction, amountNaira, reason }) => ({
    vendorId,
    amount: (direction === "credit" ? 1 : -1) * nairaTextToKobo(amountNaira),
    reason,
  }));

export const payoutIdSchema = z.object({ payoutId: z.guid({ error: PAYOUT_FORM_TEXTS.payout }) });

export const payoutOtpSchema = payoutIdSchema.extend({
  otp: z.string({ error: PAYOUT_FORM_TEXTS.otp }).trim().regex(/^\d{4,8}$/, PAYOUT_FORM_TEXTS.otp),
});

/** A statement's month: 2026-11. */
export const statementMonthSchema = z.string({ error: PAYOUT_FORM_TEXTS.month }).regex(/^20\d{2}-(0[1-9]|1[0-2])$/, PAYOUT_FORM_TEXTS.month);

/** A vendor's own commission rate (docs/admin.md, commission changes): percent of each order's total. */
export const COMMISSION_BOUNDS = { rateMin: 0, rateMax: 100, reasonMin: 3, reasonMax: 300 } as const;

export const COMMISSION_TEXTS = {
  vendor: "Choose a vendor",
  rate: `Enter the new commission as a number from ${COMMISSION_BOUNDS.rateMin} to ${COMMISSION_BOUNDS.rateMax}, with at most two decimals`,
  reason: `Give the reason for the change (${COMMISSION_BOUNDS.reasonMin} to ${COMMISSION_BOUNDS.reasonMax} characters)`,
  unchanged: (rate: number) => `The commission is already ${rate}%: enter a different rate`,
  changed: (business: string, rate: number) => `${business}'s commission is now ${rate}%`,
  failed: "Failed to change the commission",
  notificationTitle: "Commission rate changed",
  notification: (rate: number) => `Your commission rate is now ${rate}% for orders placed from now on. Orders already placed keep their rate.`,
  activity: (business: string, from: number, to: number, reason: string) => `Changed ${business}'s commission from ${from}% to ${to}%: ${reason}`,
  current: (rate: number) => `Commission: ${rate}% of each order`,
  action: "Change commission",
  rateLabel: "New rate (%)",
  reasonLabel: "Reason",
  save: "Save the new rate",
  confirm: (business: string) => `Orders placed from now on use the new rate; orders already placed keep theirs. Change ${business}'s commission?`,
  confirmButton: "Yes, change the commission",
  history: (count: number) => `Commission history (${count})`,
} as const;

export const commissionChangeSchema = z.object({
  vendorId: z.guid({ error: COMMISSION_TEXTS.vendor }),
  rate: z
    .string({ error: COMMISSION_TEXTS.rate })
    .transform((value) => value.trim().replace(/%$/, "").trim())
    .pipe(z.string().regex(/^\d{1,3}(\.\d{1,2})?$/, COMMISSION_TEXTS.rate))
    .transform(Number)
    .pipe(z.number().min(COMMISSION_BOUNDS.rateMin, COMMISSION_TEXTS.rate).max(COMMISSION_BOUNDS.rateMax, COMMISSION_TEXTS.rate)),
  reason: oneLineReason(COMMISSION_BOUNDS.reasonMin, COMMISSION_BOUNDS.reasonMax, COMMISSION_TEXTS.reason),
});

export type CommissionChangeInput = z.infer<typeof commissionChangeSchema>;

/** The admins' Payouts tab and its door (docs/admin.md, payouts). */
export const PAYOUT_ADMIN_TEXTS = {
  nextRun: "Next payout run:",
  lagosTime: "Lagos time",
  schedule: (weekday: string, minimum: string) => `Runs every ${weekday} and pays each vendor whose available balance is at least ${minimum}.`,
  start: "Start payout run",
  startConfirm: (minimum: string) => `This pays every vendor whose available balance is at least ${minimum} by bank transfer. Continue?`,
  startButton: "Continue",
  unsent: (count: number) => `${count} ${count === 1 ? "payout was" : "payouts were"} not yet sent to Paystack; they are sent on the next start or check.`,
  withoutBank: "Vendors without bank details",
  everyoneHasBank: "Every approved vendor has bank details.",
  owed: (available: string, pending: string) => `${available} available, ${pending} pending`,
  nameMismatches: "Account names to check",
  nameMismatchHint: "The name the bank gave for these accounts matches neither the business nor its owner.",
  balances: "Balances",
  noBalances: "No vendor has a balance yet.",
  adjust: "Adjust",
  directionLegend: "Credit or debit",
  credit: "Credit (adds to the available balance)",
  debit: "Debit (takes from the available balance)",
  amountLabel: "Amount (₦)",
  reasonLabel: "Reason the vendor reads",
  post: "Post adjustment",
  adjustConfirm: (business: string) => `This changes ${business}'s available balance at once, and they see the reason. Post it?`,
  postButton: "Yes, post it",
  runs: "Runs",
  noRuns: "No payout runs yet.",
  noPayouts: "No vendor was due a payout in this run.",
  bySchedule: "Schedule",
  retry: "Retry",
  retryConfirm: (business: string) => `Send ${business}'s available balance again, by bank transfer to their current account?`,
  retryButton: "Yes, send it again",
  otpLabel: "OTP from Paystack",
  sendWithOtp: "Send payout",
  resendOtp: "Resend OTP",
  otpFailed: "Failed to send the payout",
  resendFailed: "Failed to resend the OTP",
  download: "Download CSV",
  startFailed: "Failed to start the payout run",
  retryFailed: "Failed to retry the payout",
  adjustFailed: "Failed to post the adjustment",
  failed: "Failed to update payouts",
} as const;

export const RUN_AS_OF_TEXTS = {
  label: "Run as of (test mode)",
  hint: "Test mode only: the run pays as if it were this day, so warranty windows can end without waiting. Leave empty to run as of now.",
  onlyInTest: "Only a shop in test mode can run payouts as of another day",
  invalid: "Choose a day from today to a year ahead",
} as const;

/**
 * The day a test-mode run pays as of (empty: now). Noon in Lagos that day, or now when that is
 * already past: a run never goes back in time.
 */
export const runAsOfSchema = z.object({
  asOf: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined)
    .pipe(z.iso.date({ error: RUN_AS_OF_TEXTS.invalid }).optional())
    .transform((day, context) => {
      if (!day) return undefined;
      const noon = lagosNoon(day).getTime();
      const now = Date.now();
      const today = lagosNoon(lagosToday()).getTime();
      if (noon < today || noon > today + 366 * DAY_MS) {
        context.addIssue({ code: "custom", message: RUN_AS_OF_TEXTS.invalid });
        return z.NEVER;
      }
      return new Date(Math.max(noon, now));
    }),
});
