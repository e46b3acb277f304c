import { decideClaim } from "../../../domain/flows/decide-claim";
import { CLAIM_TEXTS } from "../../../domain/claims/texts";
import { adminDecisionSchema } from "../../../domain/claims/validation";
import { Refusal } from "../../../domain/core/refusal";
import { answer, forbiddenFrom, formObject, invalidInput, requireBackOffice } from "../../server/admin-forms.server";
import { readForm } from "../../server/forms.server";
import type { Route } from "./+types/admin.claims";

const BACK = "/admin?tab=claims";

/**
 * POST /admin/claims: an admin decides a warranty claim still in progress (docs/after-sale.md):
 * full or partial refund through the refund core, replacement, or reject with a note.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireBackOffice(context);
  const parsed = adminDecisionSchema.safeParse(formObject(await readForm(request)));
  if (!parsed.success) return invalidInput(request, BACK, CLAIM_TEXTS.decideFailed, parsed.error);
  try {
    await decideClaim({ db: context.db, payments: context.payments, mailer: context.mailer, publicUrl: context.config.publicUrl }, viewer, parsed.data);
    return answer(request, BACK, { ok: true, title: CLAIM_TEXTS.decided });
  } catch (error) {
    if (error instanceof Refusal && error.code !== "forbidden") {
      const errors = Object.keys(error.fieldErrors).length > 0 ? error.fieldErrors : undefined;
      return answer(request, BACK, { ok: false, title: CLAIM_TEXTS.decideFailed, description: error.message, errors }, error.code);
    }
    return forbiddenFrom(error);
  }
}
