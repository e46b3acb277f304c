import { Refusal } from "../../../domain/core/refusal";
import { z } from "../../../lib/zod";
import { REVIEW_TEXTS, setReviewApproval } from "../../../domain/reviews/moderation";
import { answer, forbiddenFrom, formObject, invalidInput, refused, requireBackOffice } from "../../server/admin-forms.server";
import type { Route } from "./+types/admin.reviews";
import { readForm } from "../../server/forms.server";

const BACK = "/admin?tab=reviews";

const reviewDecisionSchema = z.object({
  reviewId: z.guid({ error: REVIEW_TEXTS.notFound }),
  decision: z.enum(["approve", "reject"], { error: REVIEW_TEXTS.failed }),
});

/** Approve or Reject a review; only approved reviews count in ratings. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireBackOffice(context);
  const parsed = reviewDecisionSchema.safeParse(formObject(await readForm(request)));
  if (!parsed.success) return invalidInput(request, BACK, REVIEW_TEXTS.failed, parsed.error);
  try {
    const { approved } = await setReviewApproval(context.db, viewer, { reviewId: parsed.data.reviewId, approved: parsed.data.decision === "approve" });
    return answer(request, BACK, { ok: true, title: approved ? REVIEW_TEXTS.approved : REVIEW_TEXTS.rejected });
  } catch (error) {
    if (error instanceof Refusal) return refused(request, BACK, REVIEW_TEXTS.failed, error);
    return forbiddenFrom(error);
  }
}
