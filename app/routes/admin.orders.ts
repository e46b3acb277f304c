import { OrderStatusError, changeOrderStatus } from "../../domain/orders/admin";
import { ORDER_STATUS_TEXTS, orderStatusChangeSchema } from "../../domain/orders/status";
import { answer, forbiddenFrom, formObject, invalidInput, refused, requireBackOffice } from "../server/admin-forms.server";
import type { Route } from "./+types/admin.orders";
import { readForm } from "../server/forms.server";

const BACK = "/admin?tab=orders";

/** The order status menu (operations.md §4): only the allowed moves, decided here. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireBackOffice(context);
  const parsed = orderStatusChangeSchema.safeParse(formObject(await readForm(request)));
  if (!parsed.success) return invalidInput(request, BACK, ORDER_STATUS_TEXTS.updateFailed, parsed.error);
  try {
    const { status } = await changeOrderStatus(context.db, viewer, parsed.data);
    return answer(request, BACK, { ok: true, title: ORDER_STATUS_TEXTS.updated(status) });
  } catch (error) {
    if (error instanceof OrderStatusError) return refused(request, BACK, ORDER_STATUS_TEXTS.updateFailed, error);
    return forbiddenFrom(error);
  }
}
