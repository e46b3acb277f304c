import { answerClaim } from "../../../domain/claims/service";
import { CLAIM_TEXTS } from "../../../domain/claims/texts";
import { vendorAnswerSchema } from "../../../domain/claims/validation";
import { requireRole } from "../../server/access.server";
import { answerPage, answering, invalid, ok } from "../../server/answer.server";
import { formValues } from "../../server/auth-forms.server";
import { readForm } from "../../server/forms.server";
import type { Route } from "./+types/vendor-dashboard.claims";

const BACK = "/vendor-dashboard?tab=claims";

/** POST /vendor-dashboard/claims: the vendor accepts or declines one of its own open claims (anyone else's is 'Claim not found'). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireRole(context, "sell");
  const form = await readForm(request);
  const parsed = vendorAnswerSchema.safeParse(formValues(form, "claimId", "answer", "outcome", "returnInstructions", "declineReason"));
  if (!parsed.success) return answerPage(request, BACK, invalid(parsed.error, CLAIM_TEXTS.answerFailed));
  const deps = { db: context.db, mailer: context.mailer, publicUrl: context.config.publicUrl };
  return answerPage(
    request,
    BACK,
    answering(async () => {
      const { status } = await answerClaim(deps, viewer, parsed.data);
      return ok(CLAIM_TEXTS.answered(status === "accepted"));
    }, CLAIM_TEXTS.answerFailed),
  );
}
