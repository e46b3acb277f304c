import type { z } from "zod";
import { answerClaim, confirmReturnReceived, returnRepairedPhone } from "../../../domain/claims/service";
import { CLAIM_TEXTS } from "../../../domain/claims/texts";
import { claimReceiptSchema, claimRefundSchema, claimReplacementSchema, repairReturnSchema, vendorAnswerSchema } from "../../../domain/claims/validation";
import { refundAcceptedClaim } from "../../../domain/flows/carry-out-claim";
import { sendReplacement } from "../../../domain/flows/replace-claimed-phone";
import { formatNaira } from "../../../lib/money";
import { requireRole } from "../../server/access.server";
import { answerIntent, answerPage, invalid, ok } from "../../server/answer.server";
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
  const claimIntent = <T>(schema: z.ZodType<T>, fields: string[], failed: string, run: (input: T) => Promise<string>) =>
    answerIntent(request, BACK, form, { schema, fields: ["claimId", ...fields], failed }, async (input) => ok(await run(input)));
  switch (intent) {
    case "answer":
      return claimIntent(vendorAnswerSchema, ["answer", "outcome", "returnInstructions", "declineReason"], CLAIM_TEXTS.answerFailed, async (input) => {
        const { status } = await answerClaim(deps, viewer, input);
        return CLAIM_TEXTS.answered(status === "accepted");
      });
    case "received":
      return claimIntent(claimReceiptSchema, [], CLAIM_TEXTS.receiveFailed, async (input) => {
        await confirmReturnReceived(deps, viewer, input);
        return CLAIM_TEXTS.received;
      });
    case "refund":
      return claimIntent(claimRefundSchema, ["confirm"], CLAIM_TEXTS.refundFailedTitle, async (input) => {
        const { refunded } = await refundAcceptedClaim({ ...deps, payments: context.payments }, viewer, input);
        return CLAIM_TEXTS.refunded(formatNaira(refunded));
      });
    case "returned":
      return claimIntent(repairReturnSchema, ["carrier", "carrierName", "trackingNumber"], CLAIM_TEXTS.returnToBuyerFailed, async (input) => {
        await returnRepairedPhone(deps, viewer, input);
        return CLAIM_TEXTS.returnedToBuyer;
      });
    case "replace":
      return claimIntent(claimReplacementSchema, ["productId"], CLAIM_TEXTS.replacementFailed, async (input) => {
        await sendReplacement(deps, viewer, input);
        return CLAIM_TEXTS.replacementSent;
      });
  }
  return answerPage(request, BACK, invalid({ intent: FORM_TEXTS.unknownIntent }, FORM_TEXTS.unknownIntent));
}
