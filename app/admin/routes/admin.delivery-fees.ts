import { updateStateDeliveryFees } from "../../../domain/pricing/delivery";
import { PRICING_TEXTS, stateFeesSchema } from "../../../domain/pricing/validation";
import { answer, forbiddenFrom, formObject, invalidInput, requireBackOffice } from "../../server/admin-forms.server";
import type { Route } from "./+types/admin.delivery-fees";
import { readForm } from "../../server/forms.server";

const BACK = "/admin?tab=pricing";

/** Every state's own delivery fee at once (docs/admin.md); a blank state pays the default delivery fee. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireBackOffice(context);
  const parsed = stateFeesSchema.safeParse(formObject(await readForm(request)));
  if (!parsed.success) return invalidInput(request, BACK, PRICING_TEXTS.stateFeesFailed, parsed.error);
  try {
    await updateStateDeliveryFees(context.db, viewer, parsed.data);
    return answer(request, BACK, { ok: true, title: PRICING_TEXTS.stateFeesUpdated });
  } catch (error) {
    return forbiddenFrom(error);
  }
}
