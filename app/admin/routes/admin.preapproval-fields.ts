import { Refusal } from "../../../domain/core/refusal";
import { z } from "../../../lib/zod";
import { PREAPPROVAL_TEXTS, preapprovalFieldSchema } from "../../../domain/vendors/preapproval-field-validation";
import {
  addPreapprovalField, deletePreapprovalField, setPreapprovalFieldActive,
} from "../../../domain/vendors/preapproval-fields";
import { answer, forbiddenFrom, formObject, invalidInput, refused, requireBackOffice } from "../../server/admin-forms.server";
import type { Route } from "./+types/admin.preapproval-fields";
import { FORM_TEXTS, readForm } from "../../server/forms.server";

const BACK = "/admin?tab=preapproval";

const fieldIdSchema = z.object({ fieldId: z.guid({ error: PREAPPROVAL_TEXTS.notFound }) });
const toggleSchema = fieldIdSchema.extend({ active: z.enum(["true", "false"]).transform((value) => value === "true") });

/** The Pre-Approval tab: add a field, turn one on or off, delete one. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireBackOffice(context);
  const values = formObject(await readForm(request));
  try {
    switch (values.intent) {
      case "add": {
        const parsed = preapprovalFieldSchema.safeParse(values);
        if (!parsed.success) return invalidInput(request, BACK, PREAPPROVAL_TEXTS.addFailed, parsed.error);
        await addPreapprovalField(context.db, viewer, parsed.data);
        return answer(request, BACK, { ok: true, title: PREAPPROVAL_TEXTS.added });
      }
      case "toggle": {
        const parsed = toggleSchema.safeParse(values);
        if (!parsed.success) return invalidInput(request, BACK, PREAPPROVAL_TEXTS.updateFailed, parsed.error);
        const field = await setPreapprovalFieldActive(context.db, viewer, parsed.data);
        return answer(request, BACK, { ok: true, title: field.active ? PREAPPROVAL_TEXTS.activated : PREAPPROVAL_TEXTS.deactivated });
      }
      case "delete": {
        const parsed = fieldIdSchema.safeParse(values);
        if (!parsed.success) return invalidInput(request, BACK, PREAPPROVAL_TEXTS.deleteFailed, parsed.error);
        await deletePreapprovalField(context.db, viewer, parsed.data.fieldId);
        return answer(request, BACK, { ok: true, title: PREAPPROVAL_TEXTS.deleted });
      }
      default:
        return answer(request, BACK, { ok: false, title: PREAPPROVAL_TEXTS.updateFailed, description: FORM_TEXTS.unknownIntent });
    }
  } catch (error) {
    if (error instanceof Refusal) {
      const title = values.intent === "add" ? PREAPPROVAL_TEXTS.addFailed : values.intent === "delete" ? PREAPPROVAL_TEXTS.deleteFailed : PREAPPROVAL_TEXTS.updateFailed;
      return refused(request, BACK, title, error);
    }
    return forbiddenFrom(error);
  }
}
