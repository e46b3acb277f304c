import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { TEST_ENGINES, createDatabaseFor } from "../../tests/support/database";
import { resolveRole } from "../accounts/roles";
import { listApprovedVendors, listVendors, setVendorStatus } from "./approval";
import { Refusal } from "./errors";
import { insertPerson, insertVendor, recordingMailer } from "./testing";

describe.each(TEST_ENGINES)("vendor approval (%s)", (engine) => {
  let database: DatabaseHandle;
  const mailer = recordingMailer();
  const ctx = () => ({ db: database.db, mailer, publicUrl: "https://tokunbo.example" });
  let admin: { userId: string; role: "admin" };
  let applicant: { id: string; userId: string };

  beforeAll(async () => {
    database = await createDatabaseFor(engine);
    await insertPerson(database.db, "admin-1", "admin");
    admin = { userId: "admin-1", role: "admin" };
    await insertPerson(database.db, "applicant-1");
    applicant = await insertVendor(database.db, "applicant-1", "Garki Phone Store", "pending");
  });
  afterAll(async () => {
    await database?.close();
  });

  const notificationsOf = (userId: string) =>
    database.query<{ title: string; message: string; type: string }>("select title, message, type from notifications where user_id = $1 order by created_at", [userId]);

  it("refuses anyone but an admin, changing nothing", async () => {
    for (const role of ["customer", "vendor"] as const) {
      await expect(setVendorStatus(ctx(), { userId: "applicant-1", role }, { vendorId: applicant.id, status: "approved" })).rejects.toMatchObject({
        status: 403,
      });
    }
    await expect(listVendors(database.db, { userId: "applicant-1", role: "vendor" })).rejects.toBeInstanceOf(Refusal);
    const [row] = await database.query<{ status: string }>("select status from vendors where id = $1", [applicant.id]);
    expect(row?.status).toBe("pending");
  });

  it("approving verifies the vendor, grants the vendor role, notifies and e-mails them, and logs it", async () => {
    const result = await setVendorStatus(ctx(), admin, { vendorId: applicant.id, status: "approved" });
    expect(result.changed).toBe(true);
    expect(result.vendor).toMatchObject({ status: "approved", verified: true, businessName: "Garki Phone Store" });
    expect(await resolveRole(database.db, "applicant-1")).toBe("vendor");
    expect(await notificationsOf("applicant-1")).toEqual([
      expect.objectContaining({ title: "Vendor application approved", type: "info" }),
    ]);
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({ to: "applicant-1@shop.ng", subject: "Your vendor account is approved" });
    expect(mailer.sent[0]?.text).toContain("https://tokunbo.example/vendor-dashboard");
    const [activity] = await database.query<{ activity_type: string; user_type: string }>(
      "select activity_type, user_type from user_activities where activity_type = 'vendor_approved'",
    );
    expect(activity).toEqual({ activity_type: "vendor_approved", user_type: "admin" });
    expect(await listApprovedVendors(database.db, admin)).toEqual([{ id: applicant.id, businessName: "Garki Phone Store" }]);
  });

  it("approving twice changes and sends nothing more", async () => {
    const again = await setVendorStatus(ctx(), admin, { vendorId: applicant.id, status: "approved" });
    expect(again.changed).toBe(false);
    expect(mailer.sent).toHaveLength(1);
    expect(await notificationsOf("applicant-1")).toHaveLength(1);
  });

  it("rejecting removes verification and the vendor role, stores the reason and sends it", async () => {
    const reason = "We could not verify your CAC registration number.";
    const result = await setVendorStatus(ctx(), admin, { vendorId: applicant.id, status: "rejected", reason });
    expect(result.vendor).toMatchObject({ status: "rejected", verified: false, rejectionReason: reason });
    expect(await resolveRole(database.db, "applicant-1")).toBe("customer");
    const notes = await notificationsOf("applicant-1");
    expect(notes.at(-1)).toEqual({ title: "Vendor application rejected", message: reason, type: "warning" });
    expect(mailer.sent.at(-1)?.text).toContain(reason);
    expect(await listVendors(database.db, admin, { status: "rejected" })).toEqual([
      expect.objectContaining({ id: applicant.id, ownerEmail: "applicant-1@example.ng" }),
    ]);
  });

  it("answers 'not found' for an unknown vendor", async () => {
    await expect(
      setVendorStatus(ctx(), admin, { vendorId: "00000000-0000-4000-8000-000000000000", status: "approved" }),
    ).rejects.toMatchObject({ status: 404, message: "Vendor account not found" });
  });

  it("an admin who applied keeps the admin role when approved", async () => {
    await insertPerson(database.db, "admin-seller", "admin");
    const vendor = await insertVendor(database.db, "admin-seller", "Admin's Own Shop", "pending");
    await setVendorStatus(ctx(), admin, { vendorId: vendor.id, status: "approved" });
    expect(await resolveRole(database.db, "admin-seller")).toBe("admin");
  });
});
