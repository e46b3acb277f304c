import { z } from "zod";
import { PRODUCT_DECISION_TEXTS } from "../../domain/admin/validation";
import { approveProduct, rejectProduct } from "../../domain/catalog/moderation";
import { Refusal } from "../../domain/vendors/errors";
import { answer, forbiddenFrom, formObject, invalidInput, refused, requireBackOffice } from "../server/admin-forms.server";
import type { Route } from "./+types/admin.products";
import { readForm } from "../server/forms.server";

const BACK = "/admin?tab=products";

const productDecisionSchema = z.object({
  productId: z.guid({ error: PRODUCT_DECISION_TEXTS.updateFailed }),
  decision: z.enum(["approve", "reject"], { error: PRODUCT_DECISION_TEXTS.updateFailed }),
  reason: z.string().trim().max(500, PRODUCT_DECISION_TEXTS.reasonRequired).optional(),
});

/** Approve (final price from the pricing config) or Reject a listing; the vendor is told either way. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireBackOffice(context);
  const parsed = productDecisionSchema.safeParse(formObject(await readForm(request)));
  if (!parsed.success) return invalidInput(request, BACK, PRODUCT_DECISION_TEXTS.updateFailed, parsed.error);
  const { productId, decision, reason } = parsed.data;
  try {
    const result = decision === "approve"
      ? await approveProduct(context.db, viewer, productId)
      : await rejectProduct(context.db, viewer, productId, reason);
    return answer(request, BACK, { ok: true, title: PRODUCT_DECISION_TEXTS.updated(result.status) });
  } catch (error) {
    if (error instanceof Refusal) {
      if (error.status === 403) return forbiddenFrom(error);
      return refused(request, BACK, PRODUCT_DECISION_TEXTS.updateFailed, error);
    }
    return forbiddenFrom(error);
  }
}
