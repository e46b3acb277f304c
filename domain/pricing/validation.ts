/** The pricing form (docs/admin.md, pricing config) and its bounds; shared by the browser and the server. */
import { z } from "../../lib/zod";
import { NIGERIAN_STATES, PRICING_DEFAULTS, WEEKDAYS } from "../../lib/constants";
import { KOBO_PER_NAIRA, NAIRA_TEXT, formatNaira, nairaTextToKobo, nairaToKobo } from "../../lib/money";

export const PRICING_BOUNDS = {
  markupPercentage: { min: 0, max: 100 },
  commissionRate: { min: 0, max: 50 },
  deliveryFeeNaira: { min: 0, max: 50_000 },
  warrantyDays: { min: PRICING_DEFAULTS.warrantyDaysMin, max: PRICING_DEFAULTS.warrantyDaysMax },
  autoDeliverAfterDays: { min: PRICING_DEFAULTS.autoDeliverAfterDaysMin, max: PRICING_DEFAULTS.autoDeliverAfterDaysMax },
  returnWindowDays: { min: PRICING_DEFAULTS.returnWindowDaysMin, max: PRICING_DEFAULTS.returnWindowDaysMax },
  /** Kobo: the least available balance a payout run pays. */
  payoutMinimumKobo: { min: PRICING_DEFAULTS.payoutMinimumKoboMin, max: PRICING_DEFAULTS.payoutMinimumKoboMax },
} as const;

export const PRICING_TEXTS = {
  updated: "Pricing configuration updated",
  updateFailed: "Failed to update configuration",
  markup: `Markup must be a number from ${PRICING_BOUNDS.markupPercentage.min} to ${PRICING_BOUNDS.markupPercentage.max}, with at most two decimals`,
  commission: `Commission must be a number from ${PRICING_BOUNDS.commissionRate.min} to ${PRICING_BOUNDS.commissionRate.max}, with at most two decimals`,
  deliveryFee: `Delivery fee must be from ₦0 to ₦${PRICING_BOUNDS.deliveryFeeNaira.max.toLocaleString("en-NG")}, with at most two decimals`,
  stateDeliveryFee: (state: string) =>
    `Delivery fee for ${state} must be from ₦0 to ₦${PRICING_BOUNDS.deliveryFeeNaira.max.toLocaleString("en-NG")}, with at most two decimals, or blank for the default`,
  stateFeesUpdated: "Delivery fees by state updated",
  stateFeesFailed: "Failed to update delivery fees by state",
  warrantyDays: `Warranty must be a whole number of days from ${PRICING_BOUNDS.warrantyDays.min} to ${PRICING_BOUNDS.warrantyDays.max}`,
  autoDeliverAfterDays:
    `Automatic delivery must be a whole number of days from ${PRICING_BOUNDS.autoDeliverAfterDays.min} to ${PRICING_BOUNDS.autoDeliverAfterDays.max} after shipping`,
  returnWindowDays:
    `The return window must be a whole number of days from ${PRICING_BOUNDS.returnWindowDays.min} to ${PRICING_BOUNDS.returnWindowDays.max} after delivery (0 turns returns off)`,
  payoutWeekday: "Choose the payout day from the list",
  payoutMinimum:
    `Minimum payout must be from ${formatNaira(PRICING_BOUNDS.payoutMinimumKobo.min)} to ${formatNaira(PRICING_BOUNDS.payoutMinimumKobo.max)}, with at most two decimals`,
} as const;

/** A decimal typed into a form: at most two decimals, within bounds; blank is refused, not read as 0. */
function decimalField(message: string, { min, max }: { min: number; max: number }) {
  return z
    .union([z.string(), z.number()], { error: message })
    .transform((value) => String(value).trim().replace(/,/g, ""))
    .pipe(z.string().regex(/^\d+(\.\d{1,2})?$/, message))
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));
}

/** Whole days typed into a form, within bounds; blank is refused. */
function wholeDaysField(message: string, { min, max }: { min: number; max: number }) {
  return z
    .union([z.string(), z.number()], { error: message })
    .transform((value) => String(value).trim())
    .pipe(z.string().regex(/^\d{1,3}$/, message))
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));
}

/** A day of WEEKDAYS by its number, 0 = Sunday, as the select sends it. */
function weekdayField(message: string) {
  return z
    .union([z.string(), z.number()], { error: message })
    .transform((value) => String(value).trim())
    .pipe(z.string().regex(new RegExp(`^[0-${WEEKDAYS.length - 1}]$`), message))
    .transform(Number);
}

/** Naira typed into a form ("5,000", "₦5000.50"), kept as text for nairaTextToKobo, within bounds in kobo. */
function nairaTextField(message: string, { min, max }: { min: number; max: number }) {
  return z
    .union([z.string(), z.number()], { error: message })
    .transform((value) => String(value).trim().replace(/,/g, "").replace(/^₦/, ""))
    .pipe(z.string().regex(NAIRA_TEXT, message))
    .refine((value) => nairaTextToKobo(value) >= min && nairaTextToKobo(value) <= max, message);
}

export const pricingConfigSchema = z.object({
  markupPercentage: decimalField(PRICING_TEXTS.markup, PRICING_BOUNDS.markupPercentage),
  commissionRate: decimalField(PRICING_TEXTS.commission, PRICING_BOUNDS.commissionRate),
  deliveryFeeNaira: decimalField(PRICING_TEXTS.deliveryFee, PRICING_BOUNDS.deliveryFeeNaira),
  /** Days of warranty from delivery, on every page, order and receipt from now on (docs/orders.md). */
  warrantyDays: wholeDaysField(PRICING_TEXTS.warrantyDays, PRICING_BOUNDS.warrantyDays),
  /** A shipped order nobody marked delivered becomes delivered this many days after shipping (docs/after-sale.md). */
  autoDeliverAfterDays: wholeDaysField(PRICING_TEXTS.autoDeliverAfterDays, PRICING_BOUNDS.autoDeliverAfterDays),
  /** Days after delivery a buyer who changed their mind may return the phone; 0 turns returns off (docs/after-sale.md). */
  returnWindowDays: wholeDaysField(PRICING_TEXTS.returnWindowDays, PRICING_BOUNDS.returnWindowDays),
  /** The weekly payout run's day, Lagos time (docs/admin.md, payouts). */
  payoutWeekday: weekdayField(PRICING_TEXTS.payoutWeekday),
  /** The least available balance a payout run pays, in naira as typed. */
  payoutMinimumNaira: nairaTextField(PRICING_TEXTS.payoutMinimum, PRICING_BOUNDS.payoutMinimumKobo),
});

export type PricingConfigInput = z.infer<typeof pricingConfigSchema>;

export function deliveryFeeKoboOf(input: PricingConfigInput): number {
  return nairaToKobo(input.deliveryFeeNaira);
}

export function payoutMinimumKoboOf(input: PricingConfigInput): number {
  return nairaTextToKobo(input.payoutMinimumNaira);
}

/** The form field of one state's delivery fee on the admin Pricing tab. */
export const stateFeeField = (state: string) => `fee:${state}`;

/** One state's fee as typed: blank means the default fee (no row of its own), else kobo within the delivery fee's bounds. */
function stateFeeInput(state: string) {
  const message = PRICING_TEXTS.stateDeliveryFee(state);
  const { min, max } = PRICING_BOUNDS.deliveryFeeNaira;
  return z
    .union([z.string(), z.number()], { error: message })
    .transform((value) => String(value).trim().replace(/,/g, "").replace(/^₦/, ""))
    .refine((value) => value === "" || (NAIRA_TEXT.test(value) && nairaTextToKobo(value) >= min * KOBO_PER_NAIRA && nairaTextToKobo(value) <= max * KOBO_PER_NAIRA), message)
    .transform((value) => (value === "" ? null : nairaTextToKobo(value)))
    .optional();
}

/** Every state's fee (`fee:<State>` fields), parsed to kobo or null for the default (blank or left out); other fields are ignored. */
export const stateFeesSchema = z
  .object(Object.fromEntries(NIGERIAN_STATES.map((state) => [stateFeeField(state), stateFeeInput(state)])) as Record<string, ReturnType<typeof stateFeeInput>>)
  .transform((fields) =>
    Object.fromEntries(NIGERIAN_STATES.map((state) => [state, fields[stateFeeField(state)] ?? null])) as Record<
      (typeof NIGERIAN_STATES)[number],
      number | null
    >,
  );

export type StateFeesInput = z.output<typeof stateFeesSchema>;
