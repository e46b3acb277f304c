/** Back-office forms that are not a module's own; zod only, so the browser checks them too. */
import { z } from "zod";
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

export const VENDOR_DECISION_TEXTS = {
  updated: (status: string) => `Vendor ${status} successfully`,
  updateFailed: "Failed to update vendor status",
  reasonRequired: "Give the reason for the rejection (10 to 500 characters)",
} as const;

export const PRODUCT_DECISION_TEXTS = {
  updated: (status: string) => `Product ${status} successfully`,
  updateFailed: "Failed to update product",
  reasonRequired: "Give the reason for the rejection (10 to 500 characters)",
} as const;

export const rejectionReasonSchema = z
  .string({ error: VENDOR_DECISION_TEXTS.reasonRequired })
  .trim()
  .min(10, VENDOR_DECISION_TEXTS.reasonRequired)
  .max(500, VENDOR_DECISION_TEXTS.reasonRequired);

export const DASHBOARD_TEXTS = {
  loadFailed: "Failed to load dashboard data",
} as const;

/** operations.md §8 (super admin), and ours where the spec has none. */
export const ADMIN_MANAGEMENT_TEXTS = {
  loadFailed: "Failed to load admin users",
  removed: "Admin role removed successfully",
  removeFailed: "Failed to remove admin role",
  invalidEmail: "Please enter a valid email address",
  // Ours:
  assigned: "Admin role assigned successfully!",
  assignFailed: "Failed to assign admin role",
  enterEmailOrId: "Enter the person's email address or user ID",
  noSuchUser: "No account uses that email address or user ID. Ask the person to sign up first.",
  alreadySuperAdmin: "This person is a super admin already; their role stays as it is.",
  superAdminRow: "Super admin roles cannot be removed here.",
  notFound: "That admin role no longer exists.",
  confirmRemove: (who: string) => `Remove the admin role from ${who}? They lose access to the admin and CMS dashboards at once.`,
} as const;

/** Who gets the admin role: an e-mail address, or a user ID as shown in the admin list. */
export const assignAdminSchema = z.object({
  identifier: z
    .string({ error: ADMIN_MANAGEMENT_TEXTS.enterEmailOrId })
    .trim()
    .min(1, ADMIN_MANAGEMENT_TEXTS.enterEmailOrId)
    .max(255, ADMIN_MANAGEMENT_TEXTS.invalidEmail)
    .refine((value) => !value.includes("@") || z.email().safeParse(value).success, ADMIN_MANAGEMENT_TEXTS.invalidEmail),
});
