/** Vendor forms, shared by the browser (instant feedback) and the server (the decision). */
import { z } from "zod";
import { LIMITS, type PreapprovalFieldType, VENDOR_STATUSES } from "../../lib/constants";
import { emailSchema } from "../accounts/validation";
import { VENDOR_TEXTS as T } from "./texts";

/** Nigerian numbers as people type them (0803…, +234 803…, 234-803…), kept as +234…. */
export const nigerianPhoneSchema = z
  .string({ error: T.phoneInvalid })
  .transform((value) => value.replace(/[\s().-]/g, ""))
  .pipe(z.string().regex(/^(?:\+?234|0)[1-9]\d{7,9}$/, T.phoneInvalid))
  .transform((digits) => `+234${digits.replace(/^(?:\+?234|0)/, "")}`);

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

/** A stored pre-approval document: a WebP original written by the upload pipeline. */
export const PREAPPROVAL_FILE_URL = /^\/uploads\/preapproval\/[a-f0-9]{32}\.webp$/;

const TEXT_LIMITS: Record<PreapprovalFieldType, number> = { text: 200, email: LIMITS.emailMax, phone: 30, textarea: 2000, file: 200 };

function fieldRule(field: PreapprovalFieldDefinition): z.ZodType<string | undefined> {
  const label = field.fieldLabel;
  const tooLong = `${label} must be less than ${TEXT_LIMITS[field.fieldType]} characters`;
  const base: Record<PreapprovalFieldType, z.ZodType<string, string>> = {
    text: z.string().trim().max(TEXT_LIMITS.text, tooLong),
    textarea: z.string().trim().max(TEXT_LIMITS.textarea, tooLong),
    email: emailSchema,
    phone: nigerianPhoneSchema,
    file: z.string().regex(PREAPPROVAL_FILE_URL, `${label}: please upload a JPEG, PNG or WebP image`),
  };
  const blank = z.string().trim().length(0);
  if (field.required) {
    return z
      .string({ error: `${label} is required` })
      .refine((value) => value.trim().length > 0, `${label} is required`)
      .pipe(base[field.fieldType]);
  }
  return z.union([blank.transform(() => undefined), base[field.fieldType]]).optional();
}

/**
 * The schema of a pre-approval submission, built from the active fields: required ones must be
 * filled, each value follows its field type, and unknown names are dropped.
 */
export function preapprovalSchema(fields: readonly PreapprovalFieldDefinition[]) {
  const shape: Record<string, z.ZodType<string | undefined>> = {};
  for (const field of fields) shape[field.fieldName] = fieldRule(field);
  return z.object(shape);
}
