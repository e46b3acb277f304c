import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { TEST_ENGINES, createDatabaseFor } from "../../tests/support/database";
import { adminPricingConfig } from "../pricing/schema";
import { insertListing, insertPerson, insertVendor } from "../vendors/testing";
import { approveProduct, rejectProduct } from "./moderation";

describe.each(TEST_ENGINES)("product moderation (%s)", (engine) => {
  let database: DatabaseHandle;
  const admin = { userId: "admin-1", role: "admin" as const };
  let productId: string;

  beforeAll(async () => {
    database = await createDatabaseFor(engine);
    await insertPerson(database.db, "admin-1", "admin");
    await insertPerson(database.db, "seller-1", "vendor");
    const vendor = await insertVendor(database.db, "seller-1", "Ikeja Gadget Hub");
    productId = await insertListing(database.db, vendor.id, "iPhone 12", { suggestedPrice: 333_333_33, status: "pending" });
    await database.db.insert(adminPricingConfig).values({ id: 1, defaultMarkupPercentage: 7.5, defaultCommissionRate: 10, deliveryFee: 0 });
  });
  afterAll(async () => {
    await database?.close();
  });

  const row = async () =>
    (await database.query<{ status: string; final_price: string | number | null }>("select status, final_price from products where id = $1", [productId]))[0];
  const notes = () => database.query<{ title: string; message: string; type: string }>("select title, message, type from notifications where user_id = 'seller-1' order by created_at");

  it("only admins decide", async () => {
    await expect(approveProduct(database.db, { userId: "seller-1", role: "vendor" }, productId)).rejects.toMatchObject({ status: 403 });
    await expect(rejectProduct(database.db, { userId: "seller-1", role: "customer" }, productId)).rejects.toMatchObject({ status: 403 });
    expect((await row())?.status).toBe("pending");
  });

  it("approve sets the final price from the suggested price and the markup, rounded to the kobo, and tells the vendor", async () => {
    // ₦333,333.33 × 1.075 = ₦358,333.329… → 35,833,333 kobo (half up).
    expect(await approveProduct(database.db, admin, productId)).toEqual({ id: productId, status: "approved", finalPrice: 35_833_333 });
    expect(Number((await row())?.final_price)).toBe(35_833_333);
    expect(await notes()).toEqual([{ title: "Product approved", type: "product", message: "iPhone 12 is now live in the shop at ₦358,333.33." }]);
    const [activity] = await database.query<{ activity_type: string; user_id: string }>("select activity_type, user_id from user_activities");
    expect(activity).toEqual({ activity_type: "product_approved", user_id: "admin-1" });
  });

  it("reject sets the status and passes the reason on", async () => {
    expect(await rejectProduct(database.db, admin, productId, "The photos do not match grade A.")).toMatchObject({ status: "rejected" });
    expect((await notes()).at(-1)).toEqual({
      title: "Product not approved",
      type: "warning",
      message: "iPhone 12 was not approved: The photos do not match grade A. Please update the listing and submit it again.",
    });
  });

  it("answers 'not found' for a missing or malformed id", async () => {
    await expect(approveProduct(database.db, admin, "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ status: 404 });
    await expect(rejectProduct(database.db, admin, "not-a-uuid")).rejects.toMatchObject({ status: 404 });
  });
});
