/**
 * Pre-approval (docs/vendors.md): a pending applicant answers the active fields an
 * admin set up, in field order; required fields and field types are checked here, documents go
 * through the upload pipeline, and one submission per application is kept for review.
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { PreapprovalField as FieldSetting } from "./preapproval-fields";
import type { Database } from "../../db/client";
import type { PreapprovalFieldType, VendorStatus } from "../../lib/constants";
import { recordActivity } from "../activity/service";
import { PUBLIC_UPLOADS_PREFIX } from "../media/image-urls";
import { preapprovalDocumentHref } from "../media/private-uploads";
import type { FileStorage } from "../media/storage";
import { type IncomingFile, storeUploadedImages } from "../media/uploads";
import { fieldErrors } from "../accounts/validation";
import { Refusal } from "../core/refusal";
import { vendorPreapprovalFields, vendorPreapprovalSubmissions, vendors } from "../../db/schema/vendors";
import { findVendorByUser } from "../catalog/vendor-listings";
import { VENDOR_TEXTS } from "./texts";
import { preapprovalSchema } from "./validation";

/** A question of the pre-approval form, as the vendor is asked it. */
export type PreapprovalField = Pick<FieldSetting, "id" | "fieldName" | "fieldLabel" | "fieldType" | "required">;

export interface PreapprovalState {
  vendor: { id: string; businessName: string; status: VendorStatus; rejectionReason: string | null } | null;
  fields: PreapprovalField[];
  /** When the applicant sent their information (ISO 8601), or null. */
  submittedAt: string | null;
}

/** The active fields, in field order (docs/vendors.md). */
export function listActivePreapprovalFields(db: Database): Promise<PreapprovalField[]> {
  return db
    .select({
      id: vendorPreapprovalFields.id,
      fieldName: vendorPreapprovalFields.fieldName,
      fieldLabel: vendorPreapprovalFields.fieldLabel,
      fieldType: vendorPreapprovalFields.fieldType,
      required: vendorPreapprovalFields.required,
    })
    .from(vendorPreapprovalFields)
    .where(eq(vendorPreapprovalFields.active, true))
    .orderBy(asc(vendorPreapprovalFields.fieldOrder), asc(vendorPreapprovalFields.createdAt));
}

async function latestSubmission(db: Database, vendorId: string): Promise<{ createdAt: Date } | null> {
  const [row] = await db
    .select({ createdAt: vendorPreapprovalSubmissions.createdAt })
    .from(vendorPreapprovalSubmissions)
    .where(and(eq(vendorPreapprovalSubmissions.vendorId, vendorId), eq(vendorPreapprovalSubmissions.status, "pending")))
    .orderBy(desc(vendorPreapprovalSubmissions.createdAt))
    .limit(1);
  return row ?? null;
}

/** What /vendor-pre-approval shows the user: their application, the form's fields, and whether they already sent it. */
export async function getPreapprovalState(db: Database, userId: string): Promise<PreapprovalState> {
  const vendor = await findVendorByUser(db, userId);
  if (!vendor) return { vendor: null, fields: [], submittedAt: null };
  const [fields, submission] = await Promise.all([listActivePreapprovalFields(db), latestSubmission(db, vendor.id)]);
  return {
    vendor: { id: vendor.id, businessName: vendor.businessName, status: vendor.status, rejectionReason: vendor.rejectionReason },
    fields,
    submittedAt: submission ? new Date(submission.createdAt).toISOString() : null,
  };
}

function isFile(value: unknown): value is File {
  return typeof File !== "undefined" && value instanceof File && value.size > 0;
}

/**
 * Stores the applicant's answers. `values` maps field names to what the form sent: text for
 * text fields, a File for file fields. Refused when the user has no pending application or
 * already sent their information; a missing required field or a bad value names the field.
 */
export async function submitPreapproval(
  deps: { db: Database; storage: FileStorage },
  actor: { userId: string },
  values: Record<string, unknown>,
): Promise<{ submissionId: string }> {
  const { db, storage } = deps;
  const vendor = await findVendorByUser(db, actor.userId);
  if (!vendor) throw new Refusal("not_found", VENDOR_TEXTS.vendorNotFound);
  if (vendor.status !== "pending") throw new Refusal("conflict", VENDOR_TEXTS.preapprovalNotPending);
  if (await latestSubmission(db, vendor.id)) throw new Refusal("conflict", VENDOR_TEXTS.preapprovalAlreadySent);

  const fields = await listActivePreapprovalFields(db);
  const parsed = preapprovalSchema(fields).safeParse(values);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    throw new Refusal("invalid", Object.values(errors)[0] ?? VENDOR_TEXTS.preapprovalFailed, { fieldErrors: errors });
  }

  const answers: Record<string, string> = {};
  const documents: Array<{ fieldName: string; file: IncomingFile }> = [];
  for (const field of fields) {
    const value = parsed.data[field.fieldName];
    if (isFile(value)) documents.push({ fieldName: field.fieldName, file: { name: value.name, bytes: Buffer.from(await value.arrayBuffer()) } });
    else if (typeof value === "string" && value !== "") answers[field.fieldName] = value;
  }
  if (documents.length > 0) {
    const stored = await storeUploadedImages(storage, "preapproval", documents.map((d) => d.file));
    documents.forEach((d, i) => (answers[d.fieldName] = stored[i]!.url));
  }

  return db.transaction(async (tx) => {
    // One submission per application, even when two arrive at once.
    await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, vendor.id)).for("update");
    if (await latestSubmission(tx, vendor.id)) throw new Refusal("conflict", VENDOR_TEXTS.preapprovalAlreadySent);
    const [row] = await tx
      .insert(vendorPreapprovalSubmissions)
      .values({ vendorId: vendor.id, submissionData: answers, status: "pending" })
      .returning({ id: vendorPreapprovalSubmissions.id });
    await recordActivity(tx, {
      userId: actor.userId,
      userType: "vendor",
      activityType: "preapproval_submitted",
      description: `${vendor.businessName} sent pre-approval information`,
      metadata: { vendor_id: vendor.id },
    });
    return { submissionId: row!.id };
  });
}

export interface PreapprovalAnswer {
  label: string;
  value: string;
  /** For a document: where an admin opens it. */
  documentHref: string | null;
}

/** A vendor's latest submission as admins review it: answers in field order. */
export interface PreapprovalReview {
  submittedAt: string;
  answers: PreapprovalAnswer[];
}

type FieldLabel = Pick<PreapprovalField, "fieldName" | "fieldLabel" | "fieldType">;

function toAnswer(label: string, value: string, fieldType: PreapprovalFieldType | null): PreapprovalAnswer {
  // Documents stored before the private folder existed are still public uploads.
  const publicFile = fieldType === "file" && value.startsWith(PUBLIC_UPLOADS_PREFIX) ? value : null;
  return { label, value, documentHref: preapprovalDocumentHref(value) ?? publicFile };
}

/** Answers of every field, inactive ones included; answers of deleted fields come last, under their field name. */
function answersOf(data: Record<string, string>, fields: readonly FieldLabel[]): PreapprovalAnswer[] {
  const known = new Set(fields.map((field) => field.fieldName));
  return [
    ...fields.filter((field) => field.fieldName in data).map((field) => toAnswer(field.fieldLabel, data[field.fieldName]!, field.fieldType)),
    ...Object.entries(data).filter(([name]) => !known.has(name)).map(([name, value]) => toAnswer(name, value, null)),
  ];
}

/** The latest submission of each of the vendors, read in one query (callers check the admin role). */
export async function latestSubmissionsOf(db: Database, vendorIds: readonly string[]): Promise<Map<string, PreapprovalReview>> {
  if (vendorIds.length === 0) return new Map();
  const [rows, fields] = await Promise.all([
    db
      .selectDistinctOn([vendorPreapprovalSubmissions.vendorId], {
        vendorId: vendorPreapprovalSubmissions.vendorId,
        data: vendorPreapprovalSubmissions.submissionData,
        createdAt: vendorPreapprovalSubmissions.createdAt,
      })
      .from(vendorPreapprovalSubmissions)
      .where(inArray(vendorPreapprovalSubmissions.vendorId, [...vendorIds]))
      .orderBy(vendorPreapprovalSubmissions.vendorId, desc(vendorPreapprovalSubmissions.createdAt)),
    db
      .select({ fieldName: vendorPreapprovalFields.fieldName, fieldLabel: vendorPreapprovalFields.fieldLabel, fieldType: vendorPreapprovalFields.fieldType })
      .from(vendorPreapprovalFields)
      .orderBy(asc(vendorPreapprovalFields.fieldOrder), asc(vendorPreapprovalFields.createdAt)),
  ]);
  return new Map(
    rows.map((row) => [row.vendorId, { submittedAt: new Date(row.createdAt).toISOString(), answers: answersOf(row.data, fields) }]),
  );
}
