/** Vendor forms, shared by the browser (instant feedback) and the server (the decision). */
import { z } from "../../lib/zod";
import { LIMITS, type PreapprovalFieldType, VENDOR_STATUSES } from "../../lib/constants";
import { nigerianPhoneSchema as nigerianPhone } from "../../lib/nigerian-phone";
import { emailSchema } from "../accounts/validation";
import { VENDOR_TEXTS as T } from "./texts";

export const nigerianPhoneSchema = nigerianPhone(T.phoneInvalid);

export const businessNameSchema = z
  .string({ error: T.businessNameTooShort })
  .trim()
  .min(2, T.businessNameTooShort)
  .max(100, T.businessNameTooLong);

export const businessAddressSchema = z
  .string({ error: T.addressTooShort })
  .trim()
  .min(5, T.addressTooShort)
  .max(200, T.addressTooLong);

/** The business details a vendor gives when applying and edits on the Profile tab. */
export const vendorDetailsSchema = z.object({
  businessName: businessNameSchema,
  contactEmail: emailSchema,
  contactPhone: nigerianPhoneSchema,
  businessAddress: businessAddressSchema,
});
export type VendorDetails = z.output<typeof vendorDetailsSchema>;

/** Exactly the business detail columns, whatever else the caller's object carries. */
export function detailColumns(input: VendorDetails): VendorDetails {
  return {
    businessName: input.businessName,
    contactEmail: input.contactEmail,
    contactPhone: input.contactPhone,
    businessAddress: input.businessAddress,
  };
}

/** The application form: the details plus the accepted terms (a checkbox sends "on"). Status is never read. */
export const vendorApplicationSchema = vendorDetailsSchema.extend({
  acceptTerms: z.literal("on", { error: T.acceptTerms }),
});

/** An admin's decision on a vendor; a rejection may say why. */
export const vendorStatusChangeSchema = z.object({
  vendorId: z.guid({ error: T.vendorNotFound }),
  status: z.enum(VENDOR_STATUSES),
  reason: z.string().trim().max(500, T.reasonTooLong).optional(),
});
export type VendorStatusChange = z.output<typeof vendorStatusChangeSchema>;

export interface PreapprovalFieldDefinition {
  fieldName: string;
  fieldLabel: string;
  fieldType: PreapprovalFieldType;
  required: boolean;
}

const TEXT_LIMITS: Record<Exclude<PreapprovalFieldType, "file">, number> = { text: 200, email: LIMITS.emailMax, phone: 30, textarea: 2000 };

const isChosenFile = (value: unknown): value is File => typeof File !== "undefined" && value instanceof File && value.size > 0;
const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "") || (typeof File !== "undefined" && value instanceof File && value.size === 0);

/** A file field holds the chosen File (its bytes are checked by the upload pipeline on the server). */
function fileRule(field: PreapprovalFieldDefinition): z.ZodType<unknown> {
  const required = `${field.fieldLabel} is required`;
  if (field.required) return z.custom<File>(isChosenFile, required);
  return z
    .custom<File | undefined>((value) => isBlank(value) || isChosenFile(value), `${field.fieldLabel}: please choose an image`)
    .transform((value) => (isChosenFile(value) ? value : undefined));
}

function textRule(field: PreapprovalFieldDefinition & { fieldType: Exclude<PreapprovalFieldType, "file"> }): z.ZodType<unknown> {
  const label = field.fieldLabel;
  const limit = TEXT_LIMITS[field.fieldType];
  const tooLong = `${label} must be less than ${limit} characters`;
  const byType: Record<Exclude<PreapprovalFieldType, "file">, z.ZodType<string, string>> = {
    text: z.string().trim().max(limit, tooLong),
    textarea: z.string().trim().max(limit, tooLong),
    email: emailSchema,
    phone: nigerianPhoneSchema,
  };
  const rule = byType[field.fieldType];
  if (field.required) {
    const required = `${label} is required`;
    return z.preprocess((value) => (isBlank(value) ? "" : value), z.string({ error: required }).refine((v) => v.trim() !== "", required).pipe(rule));
  }
  return z.preprocess((value) => (isBlank(value) ? undefined : value), z.string({ error: tooLong }).pipe(rule).optional());
}

/**
 * The schema of a pre-approval submission, built from the active fields: required ones must be
 * filled, each value follows its field type, and unknown names are dropped.
 */
export function preapprovalSchema(fields: readonly PreapprovalFieldDefinition[]) {
  const shape: Record<string, z.ZodType<unknown>> = {};
  for (const field of fields) {
    shape[field.fieldName] = field.fieldType === "file" ? fileRule(field) : textRule({ ...field, fieldType: field.fieldType });
  }
  return z.object(shape);
}
