import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { TEST_ENGINES, createDatabaseFor } from "../../tests/support/database";
import { adminPricingConfig } from "../../db/schema/pricing";
import { insertListing, insertPerson, insertVendor } from "../../tests/support/rows";
import { INSPECTION_POINTS } from "../../lib/constants";
import { approveProduct, inspectProduct, rejectProduct, withdrawInspection } from "./moderation";
import { MODERATION_TEXTS, approvalFinalPriceSchema, comparePriceChoiceSchema } from "./moderation-validation";

describe.each(TEST_ENGINES)("product moderation (%s)", (engine) => {
  let database: DatabaseHandle;
  const admin = { userId: "admin-1", email: "admin-1@example.ng", role: "admin" as const };
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
    await expect(approveProduct(database.db, { userId: "seller-1", email: "seller-1@example.ng", role: "vendor" }, productId)).rejects.toMatchObject({ status: 403 });
    await expect(rejectProduct(database.db, { userId: "seller-1", email: "seller-1@example.ng", role: "customer" }, productId)).rejects.toMatchObject({ status: 403 });
    expect((await row())?.status).toBe("pending");
  });

  it("approve without a price sets the final price from the suggested price and the markup, rounded to the kobo, with no 'Was' price, and tells the vendor", async () => {
    // ₦333,333.33 × 1.075 = ₦358,333.329… → 35,833,333 kobo (half up).
    expect(await approveProduct(database.db, admin, productId)).toEqual({ id: productId, status: "approved", finalPrice: 35_833_333, comparePrice: null });
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

  const prices = async () =>
    (await database.query<{ final_price: number; compare_price: number | null }>("select final_price::int, compare_price::int from products where id = $1", [productId]))[0];

  it("approves with the comparison price the admin chose: the suggested price at that moment, another one above the final price, or none", async () => {
    await database.query("update products set suggested_price = 40000000 where id = $1", [productId]);
    await approveProduct(database.db, admin, productId, { source: "suggested" });
    expect(await prices()).toEqual({ final_price: 430_000_00, compare_price: 400_000_00 });
    await rejectProduct(database.db, admin, productId);
    expect((await prices())?.compare_price).toBeNull();
    await approveProduct(database.db, admin, productId, { source: "custom", kobo: 520_000_00 });
    expect(await prices()).toEqual({ final_price: 430_000_00, compare_price: 520_000_00 });
    await expect(approveProduct(database.db, admin, productId, { source: "custom", kobo: 430_000_00 }))
      .rejects.toMatchObject({ status: 400, message: MODERATION_TEXTS.compareNotAbove("₦430,000") });
    expect((await prices())?.compare_price).toBe(520_000_00);
    await approveProduct(database.db, admin, productId, { source: "none" });
    expect((await prices())?.compare_price).toBeNull();
  });

  it("approves at the final price the admin set, under the suggestion, with no 'Was' price unless one is chosen", async () => {
    await database.query("update products set suggested_price = 40000000, status = 'pending' where id = $1", [productId]);
    expect(await approveProduct(database.db, admin, productId, undefined, 394_000_00)).toMatchObject({ finalPrice: 394_000_00, comparePrice: null });
    expect(await prices()).toEqual({ final_price: 394_000_00, compare_price: null });
    await expect(approveProduct(database.db, admin, productId, { source: "custom", kobo: 390_000_00 }, 394_000_00))
      .rejects.toMatchObject({ status: 400, message: MODERATION_TEXTS.compareNotAbove("₦394,000") });
    await approveProduct(database.db, admin, productId, { source: "custom", kobo: 400_000_00 }, 394_000_00);
    expect(await prices()).toEqual({ final_price: 394_000_00, compare_price: 400_000_00 });
  });

  it("reads the final price from the form: blank or absent is the markup price; otherwise a valid amount", () => {
    expect(approvalFinalPriceSchema.parse({})).toEqual({ finalPriceNaira: undefined });
    expect(approvalFinalPriceSchema.parse({ finalPriceNaira: "" })).toEqual({ finalPriceNaira: undefined });
    expect(approvalFinalPriceSchema.parse({ finalPriceNaira: "394,000.50" })).toEqual({ finalPriceNaira: 39_400_050 });
    for (const bad of ["0", "-4", "1.234", "abc", "60000001"]) {
      expect(approvalFinalPriceSchema.safeParse({ finalPriceNaira: bad }).error?.issues[0]?.message).toBe(MODERATION_TEXTS.finalPrice);
    }
  });

  it("reads the comparison choice from the form: nothing said is none; another price needs a valid amount", () => {
    expect(comparePriceChoiceSchema.parse({})).toEqual({ source: "none" });
    expect(comparePriceChoiceSchema.parse({ compareSource: "none", comparePriceNaira: "5" })).toEqual({ source: "none" });
    expect(comparePriceChoiceSchema.parse({ compareSource: "custom", comparePriceNaira: "520,000.50" })).toEqual({ source: "custom", kobo: 52_000_050 });
    for (const bad of ["", "0", "-4", "1.234", "abc", "60000001"]) {
      expect(comparePriceChoiceSchema.safeParse({ compareSource: "custom", comparePriceNaira: bad }).error?.issues[0]?.message).toBe(MODERATION_TEXTS.comparePrice);
    }
    expect(comparePriceChoiceSchema.safeParse({ compareSource: "valueOf" }).error?.issues[0]?.message).toBe(MODERATION_TEXTS.compareSource);
  });

  it("marks a listing inspected only with all 15 points ticked, recording who and when; an admin can withdraw it", async () => {
    const inspection = async () =>
      (await database.query<{ admin_inspected: boolean; inspected_by: string | null; recent: boolean | null }>(
        "select admin_inspected, inspected_by, inspected_at > now() - interval '1 minute' recent from products where id = $1", [productId]))[0];
    await database.query("update products set admin_inspected = false, inspected_by = null, inspected_at = null where id = $1", [productId]);
    await expect(inspectProduct(database.db, admin, { productId, points: INSPECTION_POINTS.slice(0, 14) }))
      .rejects.toMatchObject({ status: 400, message: "Tick all 15 points of the checklist to mark this listing inspected (14 of 15 ticked)." });
    await expect(inspectProduct(database.db, admin, { productId, points: [...INSPECTION_POINTS.slice(0, 14), INSPECTION_POINTS[0]] }))
      .rejects.toMatchObject({ status: 400, message: MODERATION_TEXTS.incomplete(14, 15) });
    await expect(inspectProduct(database.db, admin, { productId, points: [...INSPECTION_POINTS, "Looks fine"] }))
      .rejects.toMatchObject({ status: 400, message: MODERATION_TEXTS.unknownPoint });
    await expect(inspectProduct(database.db, { userId: "seller-1", email: "seller-1@example.ng", role: "vendor" }, { productId, points: [...INSPECTION_POINTS] })).rejects.toMatchObject({ status: 403 });
    expect(await inspection()).toEqual({ admin_inspected: false, inspected_by: null, recent: null });

    expect(await inspectProduct(database.db, admin, { productId, points: [...INSPECTION_POINTS] })).toEqual({ id: productId, adminInspected: true });
    expect(await inspection()).toEqual({ admin_inspected: true, inspected_by: "admin-1", recent: true });
    const [logged] = await database.query<{ d: string }>("select activity_description d from user_activities where activity_type = 'product_inspected'");
    expect(logged?.d).toBe("Inspected iPhone 12: all 15 checklist points passed");

    await withdrawInspection(database.db, admin, productId);
    expect(await inspection()).toEqual({ admin_inspected: false, inspected_by: null, recent: null });
    await expect(withdrawInspection(database.db, admin, productId)).rejects.toMatchObject({ status: 409, message: MODERATION_TEXTS.notInspected });
    await expect(inspectProduct(database.db, admin, { productId: "00000000-0000-4000-8000-000000000000", points: [...INSPECTION_POINTS] })).rejects.toMatchObject({ status: 404 });
  });
});
