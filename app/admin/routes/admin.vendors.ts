import type { AppLoadContext } from "react-router";
import type { Viewer } from "../../../domain/accounts/viewer";
import { VENDOR_DECISION_TEXTS } from "../../../domain/admin/validation";
import { setVendorStatus } from "../../../domain/vendors/approval";
import { changeCommissionRate } from "../../../domain/payouts/commission";
import { COMMISSION_TEXTS, commissionChangeSchema } from "../../../domain/payouts/validation";
import { vendorStatusChangeSchema } from "../../../domain/vendors/validation";
import { answer, formObject, invalidInput, refusedOrForbidden, requireBackOffice } from "../../server/admin-forms.server";
import type { Route } from "./+types/admin.vendors";
import { mailDepsOf, readForm } from "../../server/forms.server";

const BACK = "/admin?tab=vendors";

/**
 * The admin vendors door: set a vendor's status (approving verifies them and grants the vendor
 * role; rejecting says why), or with intent=commission change the vendor's commission rate.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireBackOffice(context);
  const fields = formObject(await readForm(request));
  return fields.intent === "commission" ? changeCommission(request, context, viewer, fields) : changeStatus(request, context, viewer, fields);
}

async function changeStatus(request: Request, context: AppLoadContext, viewer: Viewer, fields: Record<string, string>) {
  const parsed = vendorStatusChangeSchema.safeParse(fields);
  if (!parsed.success) return invalidInput(request, BACK, VENDOR_DECISION_TEXTS.updateFailed, parsed.error);
  try {
    const { vendor } = await setVendorStatus(mailDepsOf(context), viewer, parsed.data);
    return answer(request, BACK, { ok: true, title: VENDOR_DECISION_TEXTS.updated(vendor.status) });
  } catch (error) {
    return refusedOrForbidden(request, BACK, VENDOR_DECISION_TEXTS.updateFailed, error);
  }
}

async function changeCommission(request: Request, context: AppLoadContext, viewer: Viewer, fields: Record<string, string>) {
  const parsed = commissionChangeSchema.safeParse(fields);
  if (!parsed.success) return invalidInput(request, BACK, COMMISSION_TEXTS.failed, parsed.error);
  try {
    const changed = await changeCommissionRate(context.db, viewer, parsed.data);
    return answer(request, BACK, { ok: true, title: COMMISSION_TEXTS.changed(changed.businessName, changed.newRate) });
  } catch (error) {
    return refusedOrForbidden(request, BACK, COMMISSION_TEXTS.failed, error);
  }
}
