import { VENDOR_DECISION_TEXTS } from "../../../domain/admin/validation";
import { setVendorStatus } from "../../../domain/vendors/approval";
import { Refusal } from "../../../domain/core/refusal";
import { vendorStatusChangeSchema } from "../../../domain/vendors/validation";
import { answer, forbiddenFrom, formObject, invalidInput, refused, requireBackOffice } from "../../server/admin-forms.server";
import type { Route } from "./+types/admin.vendors";
import { readForm } from "../../server/forms.server";

const BACK = "/admin?tab=vendors";

/** Set a vendor's status: approving verifies them and grants the vendor role; rejecting says why. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireBackOffice(context);
  const parsed = vendorStatusChangeSchema.safeParse(formObject(await readForm(request)));
  if (!parsed.success) return invalidInput(request, BACK, VENDOR_DECISION_TEXTS.updateFailed, parsed.error);
  try {
    const { vendor } = await setVendorStatus(
      { db: context.db, mailer: context.mailer, publicUrl: context.config.publicUrl },
      viewer,
      parsed.data,
    );
    return answer(request, BACK, { ok: true, title: VENDOR_DECISION_TEXTS.updated(vendor.status) });
  } catch (error) {
    if (error instanceof Refusal) {
      if (error.status === 403) return forbiddenFrom(error);
      return refused(request, BACK, VENDOR_DECISION_TEXTS.updateFailed, error);
    }
    return forbiddenFrom(error);
  }
}
