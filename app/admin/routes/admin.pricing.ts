import { updatePricingConfig } from "../../../domain/pricing/service";
import { PRICING_TEXTS, pricingConfigSchema } from "../../../domain/pricing/validation";
import { backOfficeFormAction } from "../../server/admin-forms.server";
import type { Route } from "./+types/admin.pricing";

const FORM = { fallback: "/admin?tab=pricing", failedTitle: PRICING_TEXTS.updateFailed, schema: pricingConfigSchema };

/** Default markup, default commission and delivery fee, within the bounds of PRICING_BOUNDS. */
export async function action(args: Route.ActionArgs) {
  return backOfficeFormAction(args, FORM, async (viewer, config) => {
    await updatePricingConfig(args.context.db, viewer, config);
    return PRICING_TEXTS.updated;
  });
}
