import { decideClaim } from "../../../domain/flows/decide-claim";
import { CLAIM_TEXTS } from "../../../domain/claims/texts";
import { adminDecisionSchema } from "../../../domain/claims/validation";
import { backOfficeFormAction } from "../../server/admin-forms.server";
import type { Route } from "./+types/admin.claims";

const FORM = { fallback: "/admin?tab=claims", failedTitle: CLAIM_TEXTS.decideFailed, schema: adminDecisionSchema };

/**
 * POST /admin/claims: an admin decides a warranty claim still in progress (docs/after-sale.md):
 * full or partial refund through the refund core, replacement, or reject with a note.
 */
export async function action(args: Route.ActionArgs) {
  const { context } = args;
  return backOfficeFormAction(args, FORM, async (viewer, decision) => {
    await decideClaim({ db: context.db, payments: context.payments, mailer: context.mailer, publicUrl: context.config.publicUrl }, viewer, decision);
    return CLAIM_TEXTS.decided;
  });
}
