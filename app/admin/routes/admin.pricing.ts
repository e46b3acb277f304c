import { updatePricingConfig } from "../../../domain/pricing/service";
import { PRICING_TEXTS, pricingConfigSchema } from "../../../domain/pricing/validation";
import { answer, forbiddenFrom, formObject, invalidInput, requireBackOffice } from "../../server/admin-forms.server";
import type { Route } from "./+types/admin.pricing";
import { readForm } from "../../server/forms.server";

const BACK = "/admin?tab=pricing";

/** Default markup, default commission and delivery fee, within the bounds of PRICING_BOUNDS. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireBackOffice(context);
  const parsed = pricingConfigSchema.safeParse(formObject(await readForm(request)));
  if (!parsed.success) return invalidInput(request, BACK, PRICING_TEXTS.updateFailed, parsed.error);
  try {
    await updatePricingConfig(context.db, viewer, parsed.data);
    return answer(request, BACK, { ok: true, title: PRICING_TEXTS.updated });
  } catch (error) {
    return forbiddenFrom(error);
  }
}
