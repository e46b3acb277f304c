import type { AppLoadContext } from "react-router";
import { Refusal } from "../../../domain/core/refusal";
import type { Viewer } from "../../../domain/accounts/viewer";
import { postAdjustment } from "../../../domain/payouts/admin-payouts";
import { retryPayout, startPayoutRun } from "../../../domain/flows/run-payouts";
import { PAYOUT_TEXTS } from "../../../domain/payouts/texts";
import { type PayoutDeps, finalizePayoutTransfer, resendPayoutOtp } from "../../../domain/payouts/transfers";
import { PAYOUT_ADMIN_TEXTS as T, RUN_AS_OF_TEXTS, adjustmentSchema, payoutIdSchema, payoutOtpSchema, runAsOfSchema } from "../../../domain/payouts/validation";
import { answer, formObject, requireBackOffice, settleForm } from "../../server/admin-forms.server";
import { FORM_TEXTS, mailDepsOf, readForm } from "../../server/forms.server";
import type { Route } from "./+types/admin.payouts";

const BACK = "/admin?tab=payouts";

type Fields = Record<string, string>;

/**
 * The admin payouts door (docs/admin.md, payouts): intent=start runs (or resumes) the payout
 * run now, intent=retry sends a failed or reversed payout again, intent=adjust credits or
 * debits a vendor's available balance with a reason, intent=finalize-otp sends a payout Paystack
 * holds for its OTP, and intent=resend-otp asks Paystack for a new OTP.
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
    case "finalize-otp":
      return settleForm(request, BACK, T.otpFailed, payoutOtpSchema.safeParse(fields), async (input) => {
        const { amount } = await finalizePayoutTransfer(payoutDepsOf(context), viewer, input);
        return PAYOUT_TEXTS.otpAccepted(amount);
      });
    case "resend-otp":
      return settleForm(request, BACK, T.resendFailed, payoutIdSchema.safeParse(fields), async ({ payoutId }) => {
        await resendPayoutOtp(payoutDepsOf(context), viewer, payoutId);
        return PAYOUT_TEXTS.otpResent;
      });
    default:
      return answer(request, BACK, { ok: false, title: T.failed, description: FORM_TEXTS.unknownIntent });
  }
}

function payoutDepsOf(context: AppLoadContext): PayoutDeps {
  return { ...mailDepsOf(context), payments: context.payments };
}

async function start(request: Request, context: AppLoadContext, viewer: Viewer, fields: Fields) {
  return settleForm(request, BACK, T.startFailed, runAsOfSchema.safeParse(fields), async ({ asOf }) => {
    if (asOf && context.paymentsMode !== "test") throw new Refusal("invalid", RUN_AS_OF_TEXTS.onlyInTest);
    const summary = await startPayoutRun(payoutDepsOf(context), viewer, asOf);
    const description = summary.unsent > 0 ? T.unsent(summary.unsent) : undefined;
    return { title: PAYOUT_TEXTS.runStarted(summary.payouts, summary.amount), description };
  });
}

async function retry(request: Request, context: AppLoadContext, viewer: Viewer, fields: Fields) {
  return settleForm(request, BACK, T.retryFailed, payoutIdSchema.safeParse(fields), async ({ payoutId }) => {
    const { amount } = await retryPayout(payoutDepsOf(context), viewer, payoutId);
    return PAYOUT_TEXTS.retried(amount);
  });
}

async function adjust(request: Request, context: AppLoadContext, viewer: Viewer, fields: Fields) {
  return settleForm(request, BACK, T.adjustFailed, adjustmentSchema.safeParse(fields), async (adjustment) => {
    await postAdjustment(context.db, viewer, adjustment);
    return PAYOUT_TEXTS.adjustmentPosted;
  });
}
