import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "../../db/client";
import { TEST_ENGINES, createDatabaseFor } from "../../tests/support/database";
import { resolveRole } from "../accounts/roles";
import { products } from "../../db/schema/catalog";
import { getPublicProduct } from "../catalog/service";
import { listShopPage } from "../catalog/shop";
import { changeOrderStatus } from "../flows/change-order-status";
import { orders } from "../../db/schema/orders";
import { listVendorsForAdmin } from "../admin/listings";
import { listApprovedVendors, setVendorStatus } from "./approval";
import { type Actor } from "../core/access";
import { Refusal } from "../core/refusal";
import { LISTING_TEXTS, setProductLive } from "../catalog/vendor-listings";
import { insertListing, insertPerson, insertVendor, recordingMailer } from "../../tests/support/rows";

describe.each(TEST_ENGINES)("vendor approval (%s)", (engine) => {
  let database: DatabaseHandle;
  const mailer = recordingMailer();
  const ctx = () => ({ db: database.db, mailer, publicUrl: "https://tokunbo.example" });
  let admin: Actor;
  let applicant: { id: string; userId: string };

  beforeAll(async () => {
    database = await createDatabaseFor(engine);
    await insertPerson(database.db, "admin-1", "admin");
    admin = { userId: "admin-1", email: "admin-1@example.ng", role: "admin" };
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
      await expect(setVendorStatus(ctx(), { userId: "applicant-1", email: "applicant-1@example.ng", role }, { vendorId: applicant.id, status: "approved" })).rejects.toMatchObject({
        status: 403,
      });
    }
    await expect(listApprovedVendors(database.db, { userId: "applicant-1", email: "applicant-1@example.ng", role: "vendor" })).rejects.toBeInstanceOf(Refusal);
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
    expect((await listVendorsForAdmin(database.db, { ...admin, email: "admin@shop.ng" }, { status: "rejected" })).items).toEqual([
      expect.objectContaining({ id: applicant.id, status: "rejected", rejectionReason: reason }),
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

  describe("a vendor who is no longer approved sells nothing", () => {
    let seller: { id: string; userId: string };
    let other: { id: string; userId: string };
    const ids: Record<"live" | "alsoLive" | "hidden" | "soldOut" | "othersLive", string> = { live: "", alsoLive: "", hidden: "", soldOut: "", othersLive: "" };
    const sellerViewer = { userId: "seller-1", email: "seller-1@example.ng", fullName: null, role: "vendor" as const };

    beforeAll(async () => {
      const db = database.db;
      await insertPerson(db, "seller-1", "vendor");
      await insertPerson(db, "seller-2", "vendor");
      await insertPerson(db, "buyer-1");
      seller = await insertVendor(db, "seller-1", "Otigba Phones");
      other = await insertVendor(db, "seller-2", "Wuse Mobile World");
      const approved = { status: "approved", finalPrice: 320_000_00 } as const;
      ids.live = await insertListing(db, seller.id, "Otigba iPhone 12", approved);
      ids.alsoLive = await insertListing(db, seller.id, "Otigba iPhone 13", approved);
      ids.hidden = await insertListing(db, seller.id, "Otigba iPhone 11", { ...approved, isLive: false });
      ids.soldOut = await insertListing(db, seller.id, "Otigba iPhone XR", { ...approved, stockQuantity: 0 });
      ids.othersLive = await insertListing(db, other.id, "Wuse Galaxy S21", { ...approved, brand: "Samsung" });
    });

    const liveListings = async () =>
      (await database.query<{ name: string }>("select name from products where is_live order by name")).map((row) => row.name);
    const shopNames = async () => (await listShopPage(database.db, {})).items.map((item) => item.name).sort();
    const loggedMetadata = async (activityType: string) =>
      (
        await database.query<{ metadata: Record<string, unknown> }>(
          "select metadata from user_activities where activity_type = $1 and metadata->>'vendor_id' = $2 order by created_at desc limit 1",
          [activityType, seller.id],
        )
      )[0]?.metadata;

    it("rejecting takes every listing of that vendor out of the shop, and no other vendor's, leaving their switches as they were; logs how many", async () => {
      expect(await shopNames()).toEqual(["Otigba iPhone 12", "Otigba iPhone 13", "Wuse Galaxy S21"]);
      await setVendorStatus(ctx(), admin, { vendorId: seller.id, status: "rejected", reason: "Unverified stock." });
      expect(await liveListings()).toEqual(["Otigba iPhone 12", "Otigba iPhone 13", "Otigba iPhone XR", "Wuse Galaxy S21"]);
      expect(await loggedMetadata("vendor_rejected")).toMatchObject({ vendor_id: seller.id, hidden_listings: 2 });
      expect(await shopNames()).toEqual(["Wuse Galaxy S21"]);
      expect(await getPublicProduct(database.db, ids.live)).toBeNull();
      expect(await getPublicProduct(database.db, ids.soldOut)).toBeNull();
      expect(await getPublicProduct(database.db, ids.othersLive)).not.toBeNull();
    });

    it("refuses to show a listing of a vendor who is not approved, while hiding one still works", async () => {
      await expect(setProductLive(database.db, sellerViewer, { productId: ids.hidden, isLive: true })).rejects.toMatchObject({
        status: 403,
        message: LISTING_TEXTS.notApproved,
      });
      await expect(setProductLive(database.db, sellerViewer, { productId: ids.othersLive, isLive: true })).rejects.toMatchObject({ status: 404 });
      expect(await setProductLive(database.db, sellerViewer, { productId: ids.live, isLive: false })).toEqual({ isLive: false });
      expect(await liveListings()).toEqual(["Otigba iPhone 13", "Otigba iPhone XR", "Wuse Galaxy S21"]);
    });

    it("a cancelled order gives its phone back to the stock without putting it back in the shop", async () => {
      const [order] = await database.db
        .insert(orders)
        .values({
          customerId: "buyer-1", productId: ids.soldOut, vendorId: seller.id, customerName: "Ada Obi", customerEmail: "ada@example.ng",
          customerPhone: "+2348030000000", shippingAddress: "1 Marina", city: "Lagos", state: "Lagos", quantity: 1,
          unitPrice: 320_000_00, totalAmount: 320_000_00, status: "pending",
        })
        .returning({ id: orders.id });
      await changeOrderStatus(ctx(), { ...admin, email: "admin-1@example.ng" }, { orderId: order!.id, status: "cancelled", trackingNumber: undefined, estimatedDeliveryDate: undefined });
      const [soldOut] = await database.query<{ stock_quantity: number; is_live: boolean }>("select stock_quantity, is_live from products where id = $1", [ids.soldOut]);
      expect(soldOut).toEqual({ stock_quantity: 1, is_live: true });
      expect(await shopNames()).toEqual(["Wuse Galaxy S21"]);
    });

    it("approving again lists what the vendor left switched on and in stock; a hidden one waits for the vendor", async () => {
      await setVendorStatus(ctx(), admin, { vendorId: seller.id, status: "approved" });
      expect(await shopNames()).toEqual(["Otigba iPhone 13", "Otigba iPhone XR", "Wuse Galaxy S21"]);
      expect(await loggedMetadata("vendor_approved")).not.toHaveProperty("hidden_listings");
      expect(await getPublicProduct(database.db, ids.live)).toBeNull();

      expect(await setProductLive(database.db, sellerViewer, { productId: ids.live, isLive: true })).toEqual({ isLive: true });
      expect(await getPublicProduct(database.db, ids.live)).toMatchObject({ name: "Otigba iPhone 12" });
      expect(await shopNames()).toEqual(["Otigba iPhone 12", "Otigba iPhone 13", "Otigba iPhone XR", "Wuse Galaxy S21"]);
    });

    it("a vendor may switch a sold-out phone on: its page says sold out, and it is listed once restocked", async () => {
      await database.db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, ids.hidden));
      expect(await setProductLive(database.db, sellerViewer, { productId: ids.hidden, isLive: true })).toEqual({ isLive: true });
      expect(await getPublicProduct(database.db, ids.hidden)).toMatchObject({ stockQuantity: 0 });
      expect(await shopNames()).not.toContain("Otigba iPhone 11");
      await database.db.update(products).set({ stockQuantity: 2 }).where(eq(products.id, ids.hidden));
      expect(await shopNames()).toContain("Otigba iPhone 11");
    });

    it("returning the vendor to review takes their listings out of the shop again", async () => {
      await setVendorStatus(ctx(), admin, { vendorId: seller.id, status: "pending" });
      expect(await loggedMetadata("vendor_pending")).toMatchObject({ hidden_listings: 4 });
      expect(await shopNames()).toEqual(["Wuse Galaxy S21"]);
      expect(await liveListings()).toEqual(["Otigba iPhone 11", "Otigba iPhone 12", "Otigba iPhone 13", "Otigba iPhone XR", "Wuse Galaxy S21"]);
    });
  });
});
