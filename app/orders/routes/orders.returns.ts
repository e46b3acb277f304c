import { askForReturn } from "../../../domain/flows/refund-return";
import { cancelReturn, escalateReturn, sendReturnBack } from "../../../domain/returns/service";
import { RETURN_TEXTS } from "../../../domain/returns/texts";
import { askReturnSchema, cancelReturnSchema, escalateReturnSchema, returnParcelSchema } from "../../../domain/returns/validation";
import { formatNaira } from "../../../lib/money";
import { requireUser } from "../../server/access.server";
import { answerIntent, answerPage, invalid, ok } from "../../server/answer.server";
import { FORM_TEXTS, readForm } from "../../server/forms.server";
import type { Route } from "./+types/orders.returns";

const BACK = "/orders";

/**
 * POST /orders/returns: the buyer's change-of-mind returns (docs/after-sale.md): 'ask' on their
 * own delivered order within the return window, 'send' (the phone sent back with courier and
 * tracking number), 'cancel' (before sending, after the tick) and 'escalate' (the vendor is late).
 * With scripts the answer is JSON; a form sent without scripts goes back to /orders with a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(context);
  const form = await readForm(request);
  const deps = { db: context.db, mailer: context.mailer, publicUrl: context.config.publicUrl };
  switch (form.get("intent")) {
    case "ask":
      return answerIntent(request, BACK, form, { schema: askReturnSchema, fields: ["orderId", "reason", "unused"], failed: RETURN_TEXTS.askFailed }, async (input) => {
        const { refundAmount } = await askForReturn({ ...deps, payments: context.payments }, viewer, input);
        return ok(RETURN_TEXTS.asked, { detail: RETURN_TEXTS.refundLine(formatNaira(refundAmount), null) });
      });
    case "send":
      return answerIntent(request, BACK, form, { schema: returnParcelSchema, fields: ["returnId", "carrier", "carrierName", "trackingNumber"], failed: RETURN_TEXTS.sendFailed }, async (input) => {
        await sendReturnBack(deps, viewer, input);
        return ok(RETURN_TEXTS.sent);
      });
    case "cancel":
      return answerIntent(request, BACK, form, { schema: cancelReturnSchema, fields: ["returnId", "confirm"], failed: RETURN_TEXTS.cancelFailed }, async (input) => {
        await cancelReturn(deps, viewer, input);
        return ok(RETURN_TEXTS.cancelled);
      });
    case "escalate":
      return answerIntent(request, BACK, form, { schema: escalateReturnSchema, fields: ["returnId", "note"], failed: RETURN_TEXTS.escalateFailed }, async (input) => {
        await escalateReturn(deps, viewer, input);
        return ok(RETURN_TEXTS.escalated);
      });
  }
  return answerPage(request, BACK, invalid({ intent: FORM_TEXTS.unknownIntent }, FORM_TEXTS.unknownIntent));
}
