/**
 * The return forms (docs/after-sale.md): plain data and zod, shared by the forms in the browser and
 * the checks on the server. The courier and tracking number are checked as a claim's parcel is.
 */
import { z } from "../../lib/zod";
import { checkParcel, parcelFields, parcelOf, writtenText } from "../claims/validation";
import { RETURN_DECISIONS, RETURN_LIMITS, RETURN_TEXTS } from "./texts";

const returnId = z.guid({ error: RETURN_TEXTS.notFound });
const ticked = (message: string) => z.string().optional().refine((value) => value === "yes", message);
/** A written note of the returns' usual length, refused with `message`. */
const note = (message: string) => writtenText(RETURN_LIMITS.noteMin, RETURN_LIMITS.noteMax, message);
/** A return named and the box ticked (refused with `message`): only the return is kept. */
const tickedFor = (message: string) => z.object({ returnId, confirm: ticked(message) }).transform(({ returnId }) => ({ returnId }));
const optionalText = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

/** The buyer asks: a short reason, and the tick that the phone is unused and in the condition sold. */
export const askReturnSchema = z.object({
  orderId: z.guid({ error: RETURN_TEXTS.orderNotFound }),
  reason: writtenText(RETURN_LIMITS.reasonMin, RETURN_LIMITS.reasonMax, RETURN_TEXTS.reason),
  unused: ticked(RETURN_TEXTS.unused),
}).transform(({ orderId, reason }) => ({ orderId, reason }));
export type AskReturnInput = z.infer<typeof askReturnSchema>;

/** The vendor says where and how to send the phone. */
export const returnInstructionsSchema = z.object({
  returnId,
  instructions: note(RETURN_TEXTS.instructions),
});
export type ReturnInstructionsInput = z.infer<typeof returnInstructionsSchema>;

/** The buyer sends the phone back: courier and tracking number, checked as a claim's return is. */
export const returnParcelSchema = z
  .object({ returnId, ...parcelFields })
  .superRefine(checkParcel)
  .transform((value) => ({ returnId: value.returnId, ...parcelOf(value) }));
export type ReturnParcelInput = z.infer<typeof returnParcelSchema>;

/** The buyer cancels before sending, ticking the box first. */
export const cancelReturnSchema = tickedFor(RETURN_TEXTS.confirmCancel);
export type CancelReturnInput = z.infer<typeof cancelReturnSchema>;

/** The vendor confirms the phone arrived; 'Put back on sale' adds it to the listing's stock. */
export const returnReceiptSchema = z
  .object({ returnId, restock: optionalText })
  .transform(({ returnId, restock }) => ({ returnId, putBackOnSale: restock === "yes" }));
export type ReturnReceiptInput = z.infer<typeof returnReceiptSchema>;

/** The vendor asks again for a refund the provider refused, ticking the box first. */
export const returnRefundSchema = tickedFor(RETURN_TEXTS.confirmRefund);
export type ReturnRefundInput = z.infer<typeof returnRefundSchema>;

/** The vendor rejects (the phone arrived used…), with a reason and the tick. */
export const vendorRejectReturnSchema = z
  .object({ returnId, reason: note(RETURN_TEXTS.rejectReason), confirm: ticked(RETURN_TEXTS.confirmReject) })
  .transform(({ returnId, reason }) => ({ returnId, reason }));
export type RejectReturnInput = z.infer<typeof vendorRejectReturnSchema>;

/** The buyer sends a return whose vendor step is late to our support team. */
export const escalateReturnSchema = z.object({ returnId, note: note(RETURN_TEXTS.escalationNote) });
export type EscalateReturnInput = z.infer<typeof escalateReturnSchema>;

/** An admin decides: refund (the return's amount) or reject (with a note); asked twice, the box. */
export const adminReturnDecisionSchema = z
  .object({
    returnId,
    decision: z.enum(RETURN_DECISIONS, { error: RETURN_TEXTS.chooseDecision }),
    note: optionalText,
    confirm: optionalText,
  })
  .superRefine((value, ctx) => {
    const text = value.note ?? "";
    const written = note(RETURN_TEXTS.rejectReason).safeParse(text).success;
    if (value.decision === "reject" && !written) ctx.addIssue({ code: "custom", path: ["note"], message: RETURN_TEXTS.rejectReason });
    const fine = text === "" || writtenText(1, RETURN_LIMITS.noteMax, RETURN_TEXTS.adminNote).safeParse(text).success;
    if (value.decision === "refund" && !fine) ctx.addIssue({ code: "custom", path: ["note"], message: RETURN_TEXTS.adminNote });
    if (value.confirm !== "yes") ctx.addIssue({ code: "custom", path: ["confirm"], message: RETURN_TEXTS.confirm });
  })
  .transform(({ returnId, decision, note }) => ({ returnId, decision, note: note ?? null }));
export type AdminReturnDecisionInput = z.infer<typeof adminReturnDecisionSchema>;
