import { asc, eq } from "drizzle-orm";
import { Refusal } from "../core/refusal";
import type { Database } from "../../db/client";
import type { PreapprovalFieldType } from "../../lib/constants";
import { recordActivity } from "../activity/service";
import { type Actor, assertMay } from "../core/access";
import { PREAPPROVAL_TEXTS, type PreapprovalFieldInput } from "./preapproval-field-validation";
import { vendorPreapprovalFields } from "../../db/schema/vendors";

export interface PreapprovalField {
  id: string;
  fieldName: string;
  fieldLabel: string;
  fieldType: PreapprovalFieldType;
  required: boolean;
  active: boolean;
  fieldOrder: number;
}

const COLUMNS = {
  id: vendorPreapprovalFields.id,
  fieldName: vendorPreapprovalFields.fieldName,
  fieldLabel: vendorPreapprovalFields.fieldLabel,
  fieldType: vendorPreapprovalFields.fieldType,
  required: vendorPreapprovalFields.required,
  active: vendorPreapprovalFields.active,
  fieldOrder: vendorPreapprovalFields.fieldOrder,
};


/** Every field, active or not, in form order (the admin's Pre-Approval tab). */
export async function listPreapprovalFields(db: Database, actor: Actor): Promise<PreapprovalField[]> {
  assertMay(actor, "back_office");
  return db
    .select(COLUMNS)
    .from(vendorPreapprovalFields)
    .orderBy(asc(vendorPreapprovalFields.fieldOrder), asc(vendorPreapprovalFields.createdAt));
}

export async function addPreapprovalField(db: Database, actor: Actor, input: PreapprovalFieldInput): Promise<PreapprovalField> {
  assertMay(actor, "back_office");
  return db.transaction(async (tx) => {
    const [field] = await tx
      .insert(vendorPreapprovalFields)
      .values({ ...input, active: true })
      .onConflictDoNothing({ target: vendorPreapprovalFields.fieldName })
      .returning(COLUMNS);
    if (!field) throw new Refusal("conflict", PREAPPROVAL_TEXTS.duplicate);
    await record(tx, actor, "preapproval_field_added", `Added the pre-approval field "${field.fieldLabel}" (${field.fieldName})`, field);
    return field;
  });
}

export async function setPreapprovalFieldActive(
  db: Database,
  actor: Actor,
  input: { fieldId: string; active: boolean },
): Promise<PreapprovalField> {
  assertMay(actor, "back_office");
  return db.transaction(async (tx) => {
    const [field] = await tx
      .update(vendorPreapprovalFields)
      .set({ active: input.active })
      .where(eq(vendorPreapprovalFields.id, input.fieldId))
      .returning(COLUMNS);
    if (!field) throw new Refusal("not_found", PREAPPROVAL_TEXTS.notFound);
    const verb = input.active ? "Activated" : "Deactivated";
    await record(tx, actor, input.active ? "preapproval_field_activated" : "preapproval_field_deactivated", `${verb} the pre-approval field "${field.fieldLabel}"`, field);
    return field;
  });
}

export async function deletePreapprovalField(db: Database, actor: Actor, fieldId: string): Promise<void> {
  assertMay(actor, "back_office");
  await db.transaction(async (tx) => {
    const [field] = await tx.delete(vendorPreapprovalFields).where(eq(vendorPreapprovalFields.id, fieldId)).returning(COLUMNS);
    if (!field) throw new Refusal("not_found", PREAPPROVAL_TEXTS.notFound);
    await record(tx, actor, "preapproval_field_deleted", `Deleted the pre-approval field "${field.fieldLabel}"`, field);
  });
}

function record(tx: Database, actor: Actor, activityType: string, description: string, field: PreapprovalField) {
  return recordActivity(tx, {
    userId: actor.userId,
    userType: "admin",
    activityType,
    description,
    metadata: { field_id: field.id, field_name: field.fieldName },
  });
}
