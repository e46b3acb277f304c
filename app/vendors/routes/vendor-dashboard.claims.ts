import { answerClaim, confirmReturnReceived, returnRepairedPhone } from "../../../domain/claims/service";
import { CLAIM_TEXTS } from "../../../domain/claims/texts";
import { claimReceiptSchema, claimRefundSchema, claimReplacementSchema, repairReturnSchema, vendorAnswerSchema } from "../../../domain/claims/validation";
import { refundAcceptedClaim } from "../../../domain/flows/carry-out-claim";
import { sendReplacement } from "../../../domain/flows/replace-claimed-phone";
import { formatNaira } from "../../../lib/money";
import { requireRole } from "../../server/access.server";
import { answerPage, answering, invalid, ok } from "../../server/answer.server";
import { formValues } from "../../server/auth-forms.server";
import { FORM_TEXTS, readForm } from "../../server/forms.server";
import type { Route } from "./+types/vendor-dashboard.claims";

const BACK = "/vendor-dashboard?tab=claims";

/**
 * POST /vendor-dashboard/claims: the vendor's own claims (anyone else's is 'Claim not found'):
 * accept or decline an open one (no intent, or 'answer'), and carry out an accepted one:
 * 'received' (the returned phone arrived), 'refund' (after the receipt, through the refund core),
 * 'returned' (a repaired phone sent back with courier and tracking number) and 'replace' (after
 * the receipt, a zero-priced order of the same phone or another of the vendor's listings).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireRole(context, "sell");
  const form = await readForm(request);
  const intent = form.get("intent") ?? "answer";
  const deps = { db: context.db, mailer: context.mailer, publicUrl: context.config.publicUrl };
  if (intent === "answer") {
    const parsed = vendorAnswerSchema.safeParse(formValues(form, "claimId", "answer", "outcome", "returnInstructions", "declineReason"));
    if (!parsed.success) return answerPage(request, BACK, invalid(parsed.error, CLAIM_TEXTS.answerFailed));
    return answerPage(
      request,
      BACK,
      answering(async () => {
        const { status } = await answerClaim(deps, viewer, parsed.data);
        return ok(CLAIM_TEXTS.answered(status === "accepted"));
      }, CLAIM_TEXTS.answerFailed),
    );
  }
  if (intent === "received") {
    const parsed = claimReceiptSchema.safeParse(formValues(form, "claimId"));
    if (!parsed.success) return answerPage(request, BACK, invalid(parsed.error, CLAIM_TEXTS.receiveFailed));
    return answerPage(
      request,
      BACK,
      answering(async () => {
        await confirmReturnReceived(deps, viewer, parsed.data);
        return ok(CLAIM_TEXTS.received);
      }, CLAIM_TEXTS.receiveFailed),
    );
  }
  if (intent === "refund") {
    const parsed = claimRefundSchema.safeParse(formValues(form, "claimId", "confirm"));
    if (!parsed.success) return answerPage(request, BACK, invalid(parsed.error, CLAIM_TEXTS.refundFailedTitle));
    return answerPage(
      request,
      BACK,
      answering(async () => {
        const { refunded } = await refundAcceptedClaim({ ...deps, payments: context.payments }, viewer, parsed.data);
        return ok(CLAIM_TEXTS.refunded(formatNaira(refunded)));
      }, CLAIM_TEXTS.refundFailedTitle),
    );
  }
  if (intent === "returned") {
    const parsed = repairReturnSchema.safeParse(formValues(form, "claimId", "carrier", "carrierName", "trackingNumber"));
    if (!parsed.success) return answerPage(request, BACK, invalid(parsed.error, CLAIM_TEXTS.returnToBuyerFailed));
    return answerPage(
      request,
      BACK,
      answering(async () => {
        await returnRepairedPhone(deps, viewer, parsed.data);
        return ok(CLAIM_TEXTS.returnedToBuyer);
      }, CLAIM_TEXTS.returnToBuyerFailed),
    );
  }
  if (intent === "replace") {
    const parsed = claimReplacementSchema.safeParse(formValues(form, "claimId", "productId"));
    if (!parsed.success) return answerPage(request, BACK, invalid(parsed.error, CLAIM_TEXTS.replacementFailed));
    return answerPage(
      request,
      BACK,
      answering(async () => {
        await sendReplacement(deps, viewer, parsed.data);
        return ok(CLAIM_TEXTS.replacementSent);
      }, CLAIM_TEXTS.replacementFailed),
    );
  }
  return answerPage(request, BACK, invalid({ intent: FORM_TEXTS.unknownIntent }, FORM_TEXTS.unknownIntent));
}
