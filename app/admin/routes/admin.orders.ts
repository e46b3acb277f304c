import { changeOrderStatus } from "../../../domain/flows/change-order-status";
import { ORDER_STATUS_TEXTS, orderStatusChangeSchema } from "../../../domain/orders/status";
import { recordManualPayment } from "../../../domain/flows/record-manual-payment";
import { MANUAL_PAYMENT_TEXTS, manualPaymentSchema } from "../../../domain/payments/manual-validation";
import { answer, forbiddenFrom, formObject, invalidInput, refused, requireBackOffice } from "../../server/admin-forms.server";
import { Refusal } from "../../../domain/core/refusal";
import type { Route } from "./+types/admin.orders";
import { FORM_TEXTS, mailDepsOf, readForm } from "../../server/forms.server";

const BACK = "/admin?tab=orders";

/**
 * The admin orders door: the status menu (ORDER_TRANSITIONS: only the allowed moves, never
 * 'Paid', decided here whatever the browser sends) and 'Record a payment received outside
 * Paystack'. Forms without an intent are the status menu of pages loaded before it had one.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireBackOffice(context);
  const fields = formObject(await readForm(request));
  const intent = fields.intent ?? "status";
  if (intent === "record-payment") return recordPayment(request, context, viewer, fields);
  if (intent !== "status") return answer(request, BACK, { ok: false, title: ORDER_STATUS_TEXTS.updateFailed, description: FORM_TEXTS.unknownIntent });
  const parsed = orderStatusChangeSchema.safeParse(fields);
  if (!parsed.success) return invalidInput(request, BACK, ORDER_STATUS_TEXTS.updateFailed, parsed.error);
  try {
    const { status } = await changeOrderStatus(mailDepsOf(context), viewer, parsed.data);
    return answer(request, BACK, { ok: true, title: ORDER_STATUS_TEXTS.updated(status) });
  } catch (error) {
    if (error instanceof Refusal) return refused(request, BACK, ORDER_STATUS_TEXTS.updateFailed, error);
    return forbiddenFrom(error);
  }
}

async function recordPayment(
  request: Request,
  context: Route.ActionArgs["context"],
  viewer: Awaited<ReturnType<typeof requireBackOffice>>,
  fields: Record<string, string>,
) {
  const parsed = manualPaymentSchema.safeParse(fields);
  if (!parsed.success) return invalidInput(request, BACK, MANUAL_PAYMENT_TEXTS.failed, parsed.error);
  try {
    const recorded = await recordManualPayment(mailDepsOf(context), viewer, parsed.data);
    return answer(request, BACK, { ok: true, title: MANUAL_PAYMENT_TEXTS.recorded(recorded.orderNumber) });
  } catch (error) {
    if (error instanceof Refusal) {
      const errors = Object.keys(error.fieldErrors).length > 0 ? error.fieldErrors : undefined;
      return answer(request, BACK, { ok: false, title: MANUAL_PAYMENT_TEXTS.failed, description: error.message, errors }, error.code);
    }
    return forbiddenFrom(error);
  }
}
