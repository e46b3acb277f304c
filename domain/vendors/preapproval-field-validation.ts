/** The admin's form for the questions the pre-approval form asks vendors; zod only, so the browser checks it too. */
import { z } from "../../lib/zod";
import { LIMITS, PREAPPROVAL_FIELD_TYPES } from "../../lib/constants";

export const PREAPPROVAL_TEXTS = {
  added: "Field added successfully",
  addFailed: "Failed to add field",
  activated: "Field activated",
  deactivated: "Field deactivated",
  updateFailed: "Failed to update field",
  deleted: "Field deleted",
  deleteFailed: "Failed to delete field",
  fieldName: `Field name must be 1 to ${LIMITS.preapprovalFieldNameMax} lowercase letters and underscores`,
  fieldLabel: `Label must be 1 to ${LIMITS.preapprovalFieldLabelMax} characters`,
  fieldType: "Choose a field type",
  fieldOrder: "Order must be a whole number from 0 to 999",
  duplicate: "A field with this name already exists",
  notFound: "Field not found",
  confirmDelete: (label: string) => `Delete the field "${label}"? Vendors will no longer be asked for it.`,
} as const;

export const PREAPPROVAL_FIELD_TYPE_LABELS: Record<(typeof PREAPPROVAL_FIELD_TYPES)[number], string> = {
  text: "Text",
  email: "Email",
  phone: "Phone",
  textarea: "Long text",
  file: "File",
};

const checkbox = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

export const preapprovalFieldSchema = z.object({
  fieldName: z
    .string({ error: PREAPPROVAL_TEXTS.fieldName })
    .trim()
    .regex(new RegExp(`^[a-z_]{1,${LIMITS.preapprovalFieldNameMax}}$`), PREAPPROVAL_TEXTS.fieldName),
  fieldLabel: z
    .string({ error: PREAPPROVAL_TEXTS.fieldLabel })
    .trim()
    .min(1, PREAPPROVAL_TEXTS.fieldLabel)
    .max(LIMITS.preapprovalFieldLabelMax, PREAPPROVAL_TEXTS.fieldLabel),
  fieldType: z.enum(PREAPPROVAL_FIELD_TYPES, { error: PREAPPROVAL_TEXTS.fieldType }),
  required: checkbox,
  fieldOrder: z
    .union([z.string(), z.number()], { error: PREAPPROVAL_TEXTS.fieldOrder })
    .transform((value) => String(value).trim())
    .pipe(z.string().regex(/^\d{1,3}$/, PREAPPROVAL_TEXTS.fieldOrder))
    .transform(Number),
});

export type PreapprovalFieldInput = z.infer<typeof preapprovalFieldSchema>;
