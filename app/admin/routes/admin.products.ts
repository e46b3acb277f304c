import { z } from "../../../lib/zod";
import { PRODUCT_DECISION_TEXTS } from "../../../domain/admin/validation";
import { approveProduct, inspectProduct, rejectProduct, withdrawInspection } from "../../../domain/catalog/moderation";
import { MODERATION_TEXTS, approvalFinalPriceSchema, comparePriceChoiceSchema, inspectionSchema } from "../../../domain/catalog/moderation-validation";
import { Refusal } from "../../../domain/core/refusal";
import { answer, forbiddenFrom, formObject, invalidInput, requireBackOffice } from "../../server/admin-forms.server";
import type { Route } from "./+types/admin.products";
import { FORM_TEXTS, readForm } from "../../server/forms.server";

const BACK = "/admin?tab=products";

const productDecisionSchema = z.object({
  productId: z.guid({ error: PRODUCT_DECISION_TEXTS.updateFailed }),
  decision: z.enum(["approve", "reject"], { error: PRODUCT_DECISION_TEXTS.updateFailed }),
  reason: z.string().trim().max(500, PRODUCT_DECISION_TEXTS.reasonRequired).optional(),
});

const withdrawSchema = z.object({ productId: z.guid({ error: MODERATION_TEXTS.notFound }) });

type Viewer = Awaited<ReturnType<typeof requireBackOffice>>;
type Context = Route.ActionArgs["context"];

/**
 * The admin products door: Approve (the final price typed in the queue, else the suggested price
 * plus the markup; a comparison price only as chosen) or Reject a listing, the vendor told either way; and the 15-point inspection, marked
 * or withdrawn. Forms without an intent are the decision form of pages loaded before it had one.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireBackOffice(context);
  const form = await readForm(request);
  const fields = formObject(form);
  switch (fields.intent ?? "decide") {
    case "decide":
      return decide(request, context, viewer, fields);
    case "inspect":
      return inspect(request, context, viewer, { productId: fields.productId, points: form.getAll("point").filter((p) => typeof p === "string") });
    case "withdraw-inspection":
      return withdraw(request, context, viewer, fields);
    default:
      return answer(request, BACK, { ok: false, title: PRODUCT_DECISION_TEXTS.updateFailed, description: FORM_TEXTS.unknownIntent });
  }
}

async function decide(request: Request, context: Context, viewer: Viewer, fields: Record<string, string>) {
  const parsed = productDecisionSchema.safeParse(fields);
  if (!parsed.success) return invalidInput(request, BACK, PRODUCT_DECISION_TEXTS.updateFailed, parsed.error);
  const approving = parsed.data.decision === "approve";
  const price = approving ? approvalFinalPriceSchema.safeParse(fields) : null;
  if (price && !price.success) return invalidInput(request, BACK, PRODUCT_DECISION_TEXTS.updateFailed, price.error);
  const compare = approving ? comparePriceChoiceSchema.safeParse(fields) : null;
  if (compare && !compare.success) return invalidInput(request, BACK, PRODUCT_DECISION_TEXTS.updateFailed, compare.error);
  const { productId, decision, reason } = parsed.data;
  return settle(request, PRODUCT_DECISION_TEXTS.updateFailed, async () => {
    const result = decision === "approve"
      ? await approveProduct(context.db, viewer, productId, compare?.data, price?.data.finalPriceNaira)
      : await rejectProduct(context.db, viewer, productId, reason);
    return PRODUCT_DECISION_TEXTS.updated(result.status);
  });
}

async function inspect(request: Request, context: Context, viewer: Viewer, input: { productId?: string; points: string[] }) {
  const parsed = inspectionSchema.safeParse(input);
  if (!parsed.success) return invalidInput(request, BACK, MODERATION_TEXTS.inspectFailed, parsed.error);
  return settle(request, MODERATION_TEXTS.inspectFailed, async () => {
    await inspectProduct(context.db, viewer, parsed.data);
    return MODERATION_TEXTS.inspected;
  });
}

async function withdraw(request: Request, context: Context, viewer: Viewer, fields: Record<string, string>) {
  const parsed = withdrawSchema.safeParse(fields);
  if (!parsed.success) return invalidInput(request, BACK, PRODUCT_DECISION_TEXTS.updateFailed, parsed.error);
  return settle(request, PRODUCT_DECISION_TEXTS.updateFailed, async () => {
    await withdrawInspection(context.db, viewer, parsed.data.productId);
    return MODERATION_TEXTS.inspectionWithdrawn;
  });
}

/** Runs the service: its title on success, its refusal (not found, incomplete…) as a 4xx. */
async function settle(request: Request, failedTitle: string, act: () => Promise<string>) {
  try {
    return answer(request, BACK, { ok: true, title: await act() });
  } catch (error) {
    if (error instanceof Refusal) {
      if (error.status === 403) return forbiddenFrom(error);
      const errors = Object.keys(error.fieldErrors).length > 0 ? error.fieldErrors : undefined;
      return answer(request, BACK, { ok: false, title: failedTitle, description: error.message, errors }, error.code);
    }
    return forbiddenFrom(error);
  }
}
