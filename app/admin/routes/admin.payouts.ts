import type { AppLoadContext } from "react-router";
import { Refusal } from "../../../domain/core/refusal";
import type { Viewer } from "../../../domain/accounts/viewer";
import { postAdjustment } from "../../../domain/payouts/admin-payouts";
import { retryPayout, startPayoutRun } from "../../../domain/flows/run-payouts";
import { PAYOUT_TEXTS } from "../../../domain/payouts/texts";
import type { PayoutDeps } from "../../../domain/payouts/transfers";
import { PAYOUT_ADMIN_TEXTS as T, RUN_AS_OF_TEXTS, adjustmentSchema, payoutIdSchema, runAsOfSchema } from "../../../domain/payouts/validation";
import { answer, formObject, invalidInput, refused, refusedOrForbidden, requireBackOffice } from "../../server/admin-forms.server";
import { FORM_TEXTS, mailDepsOf, readForm } from "../../server/forms.server";
import type { Route } from "./+types/admin.payouts";

const BACK = "/admin?tab=payouts";

type Fields = Record<string, string>;

/**
 * The admin payouts door (docs/admin.md, payouts): intent=start runs (or resumes) the payout
 * run now, intent=retry sends a failed or reversed payout again, intent=adjust credits or
 * debits a vendor's available balance with a reason.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireBackOffice(context);
  const fields = formObject(await readForm(request));
  switch (fields.intent) {
    case "start":
      return start(request, context, viewer, fields);
    case "retry":
      return retry(request, context, viewer, fields);
    case "adjust":
      return adjust(request, context, viewer, fields);
    default:
      return answer(request, BACK, { ok: false, title: T.failed, description: FORM_TEXTS.unknownIntent });
  }
}

function payoutDepsOf(context: AppLoadContext): PayoutDeps {
  return { ...mailDepsOf(context), payments: context.payments };
}

async function start(request: Request, context: AppLoadContext, viewer: Viewer, fields: Fields) {
  const parsed = runAsOfSchema.safeParse(fields);
  if (!parsed.success) return invalidInput(request, BACK, T.startFailed, parsed.error);
  if (parsed.data.asOf && context.paymentsMode !== "test") {
    return refused(request, BACK, T.startFailed, new Refusal("invalid", RUN_AS_OF_TEXTS.onlyInTest));
  }
  try {
    const summary = await startPayoutRun(payoutDepsOf(context), viewer, parsed.data.asOf);
    const description = summary.unsent > 0 ? T.unsent(summary.unsent) : undefined;
    return answer(request, BACK, { ok: true, title: PAYOUT_TEXTS.runStarted(summary.payouts, summary.amount), description });
  } catch (error) {
    return refusedOrForbidden(request, BACK, T.startFailed, error);
  }
}

async function retry(request: Request, context: AppLoadContext, viewer: Viewer, fields: Fields) {
  const parsed = payoutIdSchema.safeParse(fields);
  if (!parsed.success) return invalidInput(request, BACK, T.retryFailed, parsed.error);
  try {
    const { amount } = await retryPayout(payoutDepsOf(context), viewer, parsed.data.payoutId);
    return answer(request, BACK, { ok: true, title: PAYOUT_TEXTS.retried(amount) });
  } catch (error) {
    return refusedOrForbidden(request, BACK, T.retryFailed, error);
  }
}

async function adjust(request: Request, context: AppLoadContext, viewer: Viewer, fields: Fields) {
  const parsed = adjustmentSchema.safeParse(fields);
  if (!parsed.success) return invalidInput(request, BACK, T.adjustFailed, parsed.error);
  try {
    await postAdjustment(context.db, viewer, parsed.data);
    return answer(request, BACK, { ok: true, title: PAYOUT_TEXTS.adjustmentPosted });
  } catch (error) {
    return refusedOrForbidden(request, BACK, T.adjustFailed, error);
  }
}
