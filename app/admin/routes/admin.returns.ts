import { decideReturn } from "../../../domain/flows/refund-return";
import { RETURN_TEXTS } from "../../../domain/returns/texts";
import { adminReturnDecisionSchema } from "../../../domain/returns/validation";
import { formatNaira } from "../../../lib/money";
import { backOfficeFormAction } from "../../server/admin-forms.server";
import type { Route } from "./+types/admin.returns";

const FORM = { fallback: "/admin?tab=claims", failedTitle: RETURN_TEXTS.decideFailed, schema: adminReturnDecisionSchema };

/**
 * POST /admin/returns: an admin decides a change-of-mind return still in progress
 * (docs/after-sale.md): refund the buyer (through the refund core) or reject it with a note.
 */
export async function action(args: Route.ActionArgs) {
  const { context } = args;
  return backOfficeFormAction(args, FORM, async (viewer, decision) => {
    const { refunded } = await decideReturn({ db: context.db, payments: context.payments, mailer: context.mailer, publicUrl: context.config.publicUrl }, viewer, decision);
    return refunded === null ? RETURN_TEXTS.decided : { title: RETURN_TEXTS.decided, description: RETURN_TEXTS.refunded(formatNaira(refunded)) };
  });
}
