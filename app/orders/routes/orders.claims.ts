import { escalateClaim, openClaim, shipReturn } from "../../../domain/claims/service";
import { CLAIM_TEXTS } from "../../../domain/claims/texts";
import { escalateClaimSchema, openClaimSchema, returnShipmentSchema } from "../../../domain/claims/validation";
import { fileStorageFor } from "../../../domain/media/storage-config";
import { filesFromForm } from "../../../domain/media/uploads";
import { requireUser } from "../../server/access.server";
import { answerIntent, answerPage, answering, invalid, ok } from "../../server/answer.server";
import { formValues } from "../../server/auth-forms.server";
import { FORM_TEXTS, readForm } from "../../server/forms.server";
import type { Route } from "./+types/orders.claims";

const BACK = "/orders";

/**
 * POST /orders/claims: the buyer's warranty claims (docs/after-sale.md). 'open' (multipart, with
 * up to five photos) on their own delivered order, 'escalate' of their own claim, 'return' (the
 * phone of their own accepted claim sent back, with courier and tracking number). With scripts
 * the answer is JSON; a form sent without scripts goes back to /orders with a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(context);
  const form = await readForm(request);
  const intent = form.get("intent");
  const deps = { db: context.db, mailer: context.mailer, publicUrl: context.config.publicUrl };
  if (intent === "open") {
    const parsed = openClaimSchema.safeParse(formValues(form, "orderId", "reason", "description"));
    if (!parsed.success) return answerPage(request, BACK, invalid(parsed.error, CLAIM_TEXTS.openFailed));
    return answerPage(
      request,
      BACK,
      answering(async () => {
        const photos = await filesFromForm(form, "photos");
        const { claimId } = await openClaim({ ...deps, storage: fileStorageFor(context.config) }, viewer, parsed.data, photos);
        return ok(CLAIM_TEXTS.opened, { claimId });
      }, CLAIM_TEXTS.openFailed),
    );
  }
  if (intent === "escalate") {
    return answerIntent(request, BACK, form, { schema: escalateClaimSchema, fields: ["claimId", "note"], failed: CLAIM_TEXTS.escalateFailed }, async (input) => {
      await escalateClaim(deps, viewer, input);
      return ok(CLAIM_TEXTS.escalated);
    });
  }
  if (intent === "return") {
    const fields = ["claimId", "carrier", "carrierName", "trackingNumber"];
    return answerIntent(request, BACK, form, { schema: returnShipmentSchema, fields, failed: CLAIM_TEXTS.returnShipFailed }, async (input) => {
      await shipReturn(deps, viewer, input);
      return ok(CLAIM_TEXTS.returnShipped);
    });
  }
  return answerPage(request, BACK, invalid({ intent: FORM_TEXTS.unknownIntent }, FORM_TEXTS.unknownIntent));
}
