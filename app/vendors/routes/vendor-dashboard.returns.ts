import type { z } from "zod";
import { confirmReturnAndRefund, refundReceivedReturn } from "../../../domain/flows/refund-return";
import { giveReturnInstructions, rejectReturnByVendor } from "../../../domain/returns/service";
import { RETURN_TEXTS } from "../../../domain/returns/texts";
import { returnInstructionsSchema, returnReceiptSchema, returnRefundSchema, vendorRejectReturnSchema } from "../../../domain/returns/validation";
import { formatNaira } from "../../../lib/money";
import { requireRole } from "../../server/access.server";
import { answerIntent, answerPage, invalid, ok } from "../../server/answer.server";
import { FORM_TEXTS, readForm } from "../../server/forms.server";
import type { Route } from "./+types/vendor-dashboard.returns";

const BACK = "/vendor-dashboard?tab=claims";

/**
 * POST /vendor-dashboard/returns: the change-of-mind returns of the vendor's own orders (anyone
 * else's is 'Return not found'): 'instructions' (where and how to send the phone), 'received' (the
 * phone arrived, optionally put back on sale; the refund follows at once), 'refund' (asked again
 * after the provider refused it) and 'reject' (with a reason, after the tick).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireRole(context, "sell");
  const form = await readForm(request);
  const deps = { db: context.db, mailer: context.mailer, publicUrl: context.config.publicUrl, payments: context.payments };
  const returnIntent = <T>(schema: z.ZodType<T>, fields: string[], failed: string, run: (input: T) => Promise<Awaited<ReturnType<typeof ok>>>) =>
    answerIntent(request, BACK, form, { schema, fields: ["returnId", ...fields], failed }, run);
  switch (form.get("intent")) {
    case "instructions":
      return returnIntent(returnInstructionsSchema, ["instructions"], RETURN_TEXTS.instructionsFailed, async (input) => {
        await giveReturnInstructions(deps, viewer, input);
        return ok(RETURN_TEXTS.instructionsGiven);
      });
    case "received":
      return returnIntent(returnReceiptSchema, ["restock"], RETURN_TEXTS.receiveFailed, async (input) => {
        const outcome = await confirmReturnAndRefund(deps, viewer, input);
        return outcome.refunded === null
          ? ok(RETURN_TEXTS.receivedRefundFailed(outcome.refundError), { tone: "info" })
          : ok(RETURN_TEXTS.received(formatNaira(outcome.refunded)));
      });
    case "refund":
      return returnIntent(returnRefundSchema, ["confirm"], RETURN_TEXTS.refundFailedTitle, async (input) => {
        const { refunded } = await refundReceivedReturn(deps, viewer, input);
        return ok(RETURN_TEXTS.refunded(formatNaira(refunded)));
      });
    case "reject":
      return returnIntent(vendorRejectReturnSchema, ["reason", "confirm"], RETURN_TEXTS.rejectFailed, async (input) => {
        await rejectReturnByVendor(deps, viewer, input);
        return ok(RETURN_TEXTS.rejected);
      });
  }
  return answerPage(request, BACK, invalid({ intent: FORM_TEXTS.unknownIntent }, FORM_TEXTS.unknownIntent));
}
