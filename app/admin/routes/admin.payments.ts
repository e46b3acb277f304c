import { Refusal } from "../../../domain/core/refusal";
import { nairaTextToKobo } from "../../../lib/money";
import { REFUND_FORM_TEXTS, adminRefundSchema } from "../../../domain/payments/refund-validation";
import { refundPayment } from "../../../domain/payments/refunds";
import { formatNaira } from "../../../lib/money";
import { answer, forbiddenFrom, formObject, invalidInput, requireBackOffice } from "../../server/admin-forms.server";
import { FORM_TEXTS, readForm } from "../../server/forms.server";
import type { Route } from "./+types/admin.payments";

const BACK = "/admin?tab=payments";

/**
 * The admin payments door: 'Refund' of a payment (or of the amount flagged for refund), full or
 * partial, through Paystack. The form carries the idempotency key the page rendered into it, so
 * a double submit refunds once; the amount is checked against what is left under a lock.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireBackOffice(context);
  const fields = formObject(await readForm(request));
  if (fields.intent !== "refund") return answer(request, BACK, { ok: false, title: REFUND_FORM_TEXTS.failed, description: FORM_TEXTS.unknownIntent });
  const parsed = adminRefundSchema.safeParse(fields);
  if (!parsed.success) return invalidInput(request, BACK, REFUND_FORM_TEXTS.failed, parsed.error);
  const { paymentId, orderId, amountNaira, reason, idempotencyKey } = parsed.data;
  const amount = nairaTextToKobo(amountNaira);
  try {
    const deps = { db: context.db, payments: context.payments, mailer: context.mailer, publicUrl: context.config.publicUrl };
    const refund = await refundPayment(deps, viewer, { paymentId, orderId, amount, reason, idempotencyKey: `admin:${idempotencyKey}` });
    if (refund.status === "failed") {
      const description = REFUND_FORM_TEXTS.failedAtProvider(refund.failureReason ?? "");
      return answer(request, BACK, { ok: false, title: REFUND_FORM_TEXTS.failed, description }, "conflict");
    }
    const title = refund.status === "processed" ? REFUND_FORM_TEXTS.processed(formatNaira(refund.amount)) : REFUND_FORM_TEXTS.requested(formatNaira(refund.amount));
    return answer(request, BACK, { ok: true, title });
  } catch (error) {
    if (!(error instanceof Refusal)) return forbiddenFrom(error);
    if (error.code === "forbidden") return forbiddenFrom(error);
    // The core names the amount field `amount`; the form calls it `amountNaira`.
    const { amount: amountError, ...others } = error.fieldErrors;
    const errors = { ...others, ...(amountError && { amountNaira: amountError }) };
    return answer(request, BACK, { ok: false, title: REFUND_FORM_TEXTS.failed, description: error.message, errors }, error.code);
  }
}
