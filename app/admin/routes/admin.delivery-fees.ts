import { updateStateDeliveryFees } from "../../../domain/pricing/delivery";
import { PRICING_TEXTS, stateFeesSchema } from "../../../domain/pricing/validation";
import { backOfficeFormAction } from "../../server/admin-forms.server";
import type { Route } from "./+types/admin.delivery-fees";

const FORM = { fallback: "/admin?tab=pricing", failedTitle: PRICING_TEXTS.stateFeesFailed, schema: stateFeesSchema };

/** Every state's own delivery fee at once (docs/admin.md); a blank state pays the default delivery fee. */
export async function action(args: Route.ActionArgs) {
  return backOfficeFormAction(args, FORM, async (viewer, fees) => {
    await updateStateDeliveryFees(args.context.db, viewer, fees);
    return PRICING_TEXTS.stateFeesUpdated;
  });
}
