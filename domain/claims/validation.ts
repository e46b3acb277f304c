/**
 * The claim forms (docs/after-sale.md): plain data and zod, shared by the forms in the browser
 * and the checks on the server.
 */
import { z } from "../../lib/zod";
import { NAIRA_TEXT, nairaTextToKobo } from "../../lib/money";
import { CLAIM_ADMIN_DECISIONS, CLAIM_REASONS, CLAIM_VENDOR_OUTCOMES } from "../../lib/constants";
import { COURIERS, trackingFormatProblem } from "../../lib/couriers";
import { CLAIM_LIMITS, CLAIM_TEXTS } from "./texts";

/** Text a person typed: no NUL, no lone surrogates; line breaks are fine. */
const NO_SURROGATES = /^[^\p{Cs}]*$/u;
export const isWritten = (text: string) => NO_SURROGATES.test(text) && !text.includes("\u0000");

export function writtenText(min: number, max: number, message: string) {
  return z.string({ error: message }).trim().min(min, message).max(max, message).refine(isWritten, message);
}

const claimId = z.guid({ error: CLAIM_TEXTS.notFound });

export const openClaimSchema = z.object({
  orderId: z.guid({ error: CLAIM_TEXTS.orderNotFound }),
  reason: z.enum(CLAIM_REASONS, { error: CLAIM_TEXTS.reason }),
  description: writtenText(CLAIM_LIMITS.descriptionMin, CLAIM_LIMITS.descriptionMax, CLAIM_TEXTS.description),
});
export type OpenClaimInput = z.infer<typeof openClaimSchema>;

const optionalText = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

export const vendorAnswerSchema = z
  .object({
    claimId,
    answer: z.enum(["accept", "decline"], { error: CLAIM_TEXTS.chooseAnswer }),
    outcome: optionalText,
    returnInstructions: optionalText,
    declineReason: optionalText,
  })
  .superRefine((value, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    const note = (text: string | undefined) =>
      text !== undefined && text.length >= CLAIM_LIMITS.noteMin && text.length <= CLAIM_LIMITS.noteMax && isWritten(text);
    if (value.answer === "accept") {
      if (!(CLAIM_VENDOR_OUTCOMES as readonly string[]).includes(value.outcome ?? "")) issue("outcome", CLAIM_TEXTS.outcome);
      if (!note(value.returnInstructions)) issue("returnInstructions", CLAIM_TEXTS.returnInstructions);
    } else if (!note(value.declineReason)) {
      issue("declineReason", CLAIM_TEXTS.declineReason);
    }
  })
  .transform((value) =>
    value.answer === "accept"
      ? { claimId: value.claimId, answer: "accept" as const, outcome: value.outcome as (typeof CLAIM_VENDOR_OUTCOMES)[number], returnInstructions: value.returnInstructions! }
      : { claimId: value.claimId, answer: "decline" as const, declineReason: value.declineReason! },
  );
export type VendorAnswerInput = z.infer<typeof vendorAnswerSchema>;

export const escalateClaimSchema = z.object({
  claimId,
  note: writtenText(CLAIM_LIMITS.noteMin, CLAIM_LIMITS.noteMax, CLAIM_TEXTS.escalationNote),
});
export type EscalateClaimInput = z.infer<typeof escalateClaimSchema>;

const OTHER_COURIER = "Other";

/** The courier and tracking number of a phone sent on, as typed into a parcel form. */
export const parcelFields = { carrier: optionalText, carrierName: optionalText, trackingNumber: optionalText };
type ParcelFields = { carrier?: string; carrierName?: string; trackingNumber?: string };

/**
 * A phone sent back or on: the courier of COURIERS ('Other' with its name, 2 to 40 characters)
 * and a tracking number of that courier's format, as shipping an order asks (docs/after-sale.md).
 * Claims and change-of-mind returns check their parcels with it.
 */
export function checkParcel(value: ParcelFields, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (!value.carrier || !(COURIERS as readonly string[]).includes(value.carrier)) issue("carrier", CLAIM_TEXTS.carrier);
  // eslint-disable-next-line no-control-regex
  else if (value.carrier === OTHER_COURIER && !(value.carrierName && value.carrierName.length >= 2 && value.carrierName.length <= 40 && !/[\u0000-\u001f\u007f]/.test(value.carrierName) && isWritten(value.carrierName))) {
    issue("carrierName", CLAIM_TEXTS.carrierName);
  }
  const number = value.trackingNumber;
  if (!number) issue("trackingNumber", CLAIM_TEXTS.trackingRequired);
  else if (!/^[A-Za-z0-9][A-Za-z0-9 /-]{2,59}$/.test(number)) issue("trackingNumber", CLAIM_TEXTS.trackingFormat);
  else {
    const problem = trackingFormatProblem(value.carrier, number);
    if (problem) issue("trackingNumber", problem);
  }
}

/** A checked parcel as stored and shown: the courier picked, or the name typed for 'Other', and the number. */
export function parcelOf(value: ParcelFields): { carrier: string; trackingNumber: string } {
  return { carrier: value.carrier === OTHER_COURIER ? value.carrierName! : value.carrier!, trackingNumber: value.trackingNumber! };
}

const parcelSchema = z
  .object({ claimId, ...parcelFields })
  .superRefine(checkParcel)
  .transform((value) => ({ claimId: value.claimId, ...parcelOf(value) }));

/** The buyer's return of the phone of an accepted claim. */
export const returnShipmentSchema = parcelSchema;
export type ParcelInput = z.infer<typeof parcelSchema>;
/** The vendor sends a repaired phone back to the buyer. */
export const repairReturnSchema = parcelSchema;

/** The vendor confirms the returned phone arrived. */
export const claimReceiptSchema = z.object({ claimId });
export type ClaimReceiptInput = z.infer<typeof claimReceiptSchema>;

/** The vendor sends a replacement: the same phone, or another of its listings (`productId`). */
export const claimReplacementSchema = z.object({
  claimId,
  productId: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined)
    .pipe(z.guid({ error: CLAIM_TEXTS.chooseListing }).optional()),
});
export type ClaimReplacementInput = z.infer<typeof claimReplacementSchema>;

/** The vendor pays the accepted refund, ticking the box first. */
export const claimRefundSchema = z
  .object({ claimId, confirm: optionalText })
  .superRefine((value, ctx) => {
    if (value.confirm !== "yes") ctx.addIssue({ code: "custom", path: ["confirm"], message: CLAIM_TEXTS.confirmRefund });
  })
  .transform((value) => ({ claimId: value.claimId }));
export type ClaimRefundInput = z.infer<typeof claimRefundSchema>;

/** Naira as typed ('25,000.50'), to kobo. */
const nairaAmount = z
  .string({ error: CLAIM_TEXTS.amount })
  .transform((value) => value.trim().replace(/,/g, ""))
  .pipe(z.string().regex(NAIRA_TEXT, CLAIM_TEXTS.amount))
  .transform(nairaTextToKobo);

export const adminDecisionSchema = z
  .object({
    claimId,
    decision: z.enum(CLAIM_ADMIN_DECISIONS, { error: CLAIM_TEXTS.chooseDecision }),
    amountNaira: optionalText,
    note: optionalText,
    /** The "Yes, …" box: money and rejections are asked for twice, with or without scripts. */
    confirm: optionalText,
  })
  .superRefine((value, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (value.decision === "partial_refund") {
      if (!value.amountNaira) issue("amountNaira", CLAIM_TEXTS.amountRequired);
      else {
        const parsed = nairaAmount.safeParse(value.amountNaira);
        if (!parsed.success) issue("amountNaira", CLAIM_TEXTS.amount);
        else if (parsed.data <= 0) issue("amountNaira", CLAIM_TEXTS.amountRequired);
      }
    }
    const note = value.note ?? "";
    if (value.decision === "reject") {
      if (note.length < CLAIM_LIMITS.noteMin || note.length > CLAIM_LIMITS.noteMax || !isWritten(note)) issue("note", CLAIM_TEXTS.adminNoteRequired);
    } else if (note.length > CLAIM_LIMITS.noteMax || !isWritten(note)) {
      issue("note", CLAIM_TEXTS.adminNote);
    }
    if (value.confirm !== "yes") issue("confirm", CLAIM_TEXTS.confirm);
  })
  .transform((value) => ({
    claimId: value.claimId,
    decision: value.decision,
    /** Kobo, for a partial refund. */
    amount: value.decision === "partial_refund" ? nairaAmount.parse(value.amountNaira) : undefined,
    note: value.note,
  }));
export type AdminDecisionInput = z.infer<typeof adminDecisionSchema>;

/** The admin list's filters. */
export const CLAIM_FILTERS = ["attention", "open", "overdue", "accepted", "declined", "escalated", "resolved", "rejected"] as const;
export type ClaimFilter = (typeof CLAIM_FILTERS)[number];
export const CLAIM_FILTER_LABELS: Record<ClaimFilter, string> = {
  attention: "Needs attention",
  open: "Waiting for vendor",
  overdue: "Overdue",
  accepted: "Accepted",
  declined: "Declined",
  escalated: "Escalated",
  resolved: "Resolved",
  rejected: "Rejected",
};
