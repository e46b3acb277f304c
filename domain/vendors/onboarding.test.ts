import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { TEST_ENGINES, createDatabaseFor } from "../../tests/support/database";
import { createLocalStorage } from "../media/storage";
import { applyAsVendor } from "./application";
import { getPreapprovalState, submitPreapproval } from "./preapproval";
import { vendorPreapprovalFields } from "../../db/schema/vendors";
import { insertPerson } from "../../tests/support/rows";
import { preapprovalSchema, vendorApplicationSchema } from "./validation";

const details = {
  businessName: "Garki Phone Store",
  contactEmail: "sales@garkiphones.ng",
  contactPhone: "+2348057788123",
  businessAddress: "Shop 12, Garki International Market, Abuja",
};

describe("vendor forms", () => {
  it("normalises Nigerian phone numbers and insists on the terms", () => {
    const parsed = vendorApplicationSchema.safeParse({ ...details, contactPhone: "0805 778 8123", acceptTerms: "on", status: "approved" });
    expect(parsed.data).toEqual({ ...details, acceptTerms: "on" });
    const refused = vendorApplicationSchema.safeParse({ ...details, contactPhone: "12345", acceptTerms: "" });
    expect(refused.error?.issues.map((i) => i.message)).toEqual(["Please enter a valid Nigerian phone number", "Please accept the terms and conditions"]);
  });

  it("builds the pre-approval schema from the fields: required, typed, unknown names dropped", () => {
    const schema = preapprovalSchema([
      { fieldName: "cac_number", fieldLabel: "CAC number", fieldType: "text", required: true },
      { fieldName: "email", fieldLabel: "Business email", fieldType: "email", required: false },
      { fieldName: "id_document", fieldLabel: "Valid ID", fieldType: "file", required: true },
    ]);
    const missing = schema.safeParse({ cac_number: " ", email: "nope", id_document: new File([], "") });
    expect(missing.error?.issues.map((i) => i.message)).toEqual(["CAC number is required", "Please enter a valid email address", "Valid ID is required"]);
    const file = new File([Buffer.from("x")], "id.jpg");
    expect(schema.parse({ cac_number: "BN 1", email: "", id_document: file, role: "admin" })).toEqual({ cac_number: "BN 1", email: undefined, id_document: file });
  });
});

describe.each(TEST_ENGINES)("applying and pre-approval (%s)", (engine) => {
  let database: DatabaseHandle;
  let uploadsDir: string;
  const applicant = { userId: "applicant-1" };
  const deps = () => ({ db: database.db, storage: createLocalStorage(uploadsDir) });

  beforeAll(async () => {
    database = await createDatabaseFor(engine);
    uploadsDir = await mkdtemp(path.join(tmpdir(), "tokunbo-preapproval-"));
    await insertPerson(database.db, "applicant-1");
    await insertPerson(database.db, "bystander");
    await database.db.insert(vendorPreapprovalFields).values([
      { fieldName: "cac_number", fieldLabel: "CAC registration number", fieldType: "text", required: true, fieldOrder: 2 },
      { fieldName: "owner_phone", fieldLabel: "Owner's phone", fieldType: "phone", required: false, fieldOrder: 1 },
      { fieldName: "id_document", fieldLabel: "Valid ID", fieldType: "file", required: true, fieldOrder: 3 },
      { fieldName: "old_question", fieldLabel: "Retired question", fieldType: "text", required: true, active: false, fieldOrder: 0 },
    ]);
  });
  afterAll(async () => {
    await database?.close();
    await rm(uploadsDir, { recursive: true, force: true });
  });

  it("stores one pending application per user, with the current commission rate, and says so", async () => {
    await applyAsVendor(database.db, applicant, details);
    await expect(applyAsVendor(database.db, applicant, { ...details, businessName: "Second Try" })).rejects.toMatchObject({ status: 409 });
    const rows = await database.query<{ status: string; verified: boolean; commission_rate: string }>(
      "select status, verified, commission_rate::text from vendors where user_id = 'applicant-1'",
    );
    expect(rows).toEqual([{ status: "pending", verified: false, commission_rate: "10.00" }]);
    const [note] = await database.query<{ title: string }>("select title from notifications where user_id = 'applicant-1'");
    expect(note?.title).toBe("Application received");
  });

  it("shows the active fields in field order", async () => {
    const state = await getPreapprovalState(database.db, "applicant-1");
    expect(state.vendor?.status).toBe("pending");
    expect(state.fields.map((f) => f.fieldName)).toEqual(["owner_phone", "cac_number", "id_document"]);
    expect(state.submittedAt).toBeNull();
    expect((await getPreapprovalState(database.db, "bystander")).vendor).toBeNull();
  });

  it("refuses missing required fields and a document that is not a picture, storing nothing", async () => {
    await expect(submitPreapproval(deps(), applicant, { cac_number: "", owner_phone: "" })).rejects.toMatchObject({
      status: 400,
      fieldErrors: { cac_number: "CAC registration number is required", id_document: "Valid ID is required" },
    });
    const notAPicture = new File([Buffer.from("%PDF-1.7 pretend")], "id.jpg");
    await expect(submitPreapproval(deps(), applicant, { cac_number: "BN 3482915", id_document: notAPicture })).rejects.toThrow(
      "id.jpg is not a JPEG, PNG or WebP image.",
    );
    expect(await readdir(uploadsDir)).toEqual([]);
  });

  it("stores the answers and the document, then refuses a second submission", async () => {
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#ccc" } }).jpeg().toBuffer();
    await submitPreapproval(deps(), applicant, {
      cac_number: " BN 3482915 ",
      owner_phone: "0803 123 4567",
      id_document: new File([photo], "nin-slip.jpg"),
      old_question: "ignored",
      status: "approved",
    });
    const [row] = await database.query<{ submission_data: Record<string, string>; status: string }>(
      "select submission_data, status from vendor_preapproval_submissions",
    );
    expect(row?.status).toBe("pending");
    expect(row?.submission_data).toEqual({
      cac_number: "BN 3482915",
      owner_phone: "+2348031234567",
      id_document: expect.stringMatching(/^\/uploads\/preapproval\/[a-f0-9]{32}\.webp$/),
    });
    expect((await getPreapprovalState(database.db, "applicant-1")).submittedAt).not.toBeNull();
    await expect(submitPreapproval(deps(), applicant, { cac_number: "again", id_document: new File([photo], "x.jpg") })).rejects.toMatchObject({ status: 409 });
  });

  it("refuses someone without an application", async () => {
    await expect(submitPreapproval(deps(), { userId: "bystander" }, {})).rejects.toMatchObject({ status: 404 });
  });
});
