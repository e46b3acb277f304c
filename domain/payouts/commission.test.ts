import { beforeAll, describe, expect, it } from "vitest";
import { TEST_ENGINES } from "../../tests/support/database";
import { insertPerson } from "../../tests/support/rows";
import { SHIPPING, buyerWithCart, useShopWithPayments } from "../../tests/support/shop";
import { placeOrder } from "../flows/place-order";
import type { Actor } from "../core/access";
import { ACCESS_TEXTS } from "../core/access";
import { Refusal } from "../core/refusal";
import { changeCommissionRate, listCommissionChanges } from "./commission";
import { PAYOUT_TEXTS } from "./texts";
import { COMMISSION_TEXTS, commissionChangeSchema } from "./validation";

const UNKNOWN_VENDOR = "00000000-0000-4000-8000-000000000000";

describe.each(TEST_ENGINES)("a vendor's commission rate (%s)", (engine) => {
  const { database, provider, shop, q } = useShopWithPayments(engine);
  let admin: Actor;
  let buyers = 0;

  beforeAll(async () => {
    admin = await insertPerson(database().db, `commission-admin-${engine}`, "admin");
  });

  const rateOf = async () => (await q<{ rate: number }>("select commission_rate::float rate from vendors where id = $1", [shop().vendorId]))[0]!.rate;
  const changeCount = async () => (await q<{ n: number }>("select count(*)::int n from vendor_commission_changes where vendor_id = $1", [shop().vendorId]))[0]!.n;
  const change = (rate: number, reason = "Agreed at the quarterly review", actor: Actor = admin) =>
    changeCommissionRate(database().db, actor, { vendorId: shop().vendorId, rate, reason });
  const refusalOf = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => (error instanceof Refusal ? error : Promise.reject(error)));

  /** A fresh buyer checks out one phone of the shop; answers the order's rate as checkout set it. */
  const placeOrderRate = async () => {
    const buyer = await buyerWithCart(database().db, `commission-buyer-${engine}-${++buyers}`, []);
    const placed = await placeOrder({ db: database().db, payments: provider(), publicUrl: "https://tokunbo.example" }, buyer, {
      items: [{ productId: shop().phones[0], quantity: 1 }],
      shipping: SHIPPING,
      buyNow: true,
    });
    return { orderId: placed.orderIds[0]!, rate: await orderRateOf(placed.orderIds[0]!) };
  };
  const orderRateOf = async (orderId: string) => (await q<{ rate: number }>("select commission_rate::float rate from orders where id = $1", [orderId]))[0]!.rate;

  it("changes the rate, logs it, records the activity and tells the vendor", async () => {
    const from = await rateOf();
    expect(from).toBe(10);
    const result = await change(8, "  Top seller this quarter\n ");
    expect(result).toEqual({ vendorId: shop().vendorId, businessName: `Shop ${engine}`, oldRate: 10, newRate: 8 });
    expect(await rateOf()).toBe(8);
    expect(await q("select old_rate::float old, new_rate::float new, reason, changed_by from vendor_commission_changes where vendor_id = $1", [shop().vendorId]))
      .toEqual([{ old: 10, new: 8, reason: "Top seller this quarter", changed_by: admin.userId }]);
    expect(await q("select activity_type, activity_description d from user_activities where user_id = $1 order by created_at desc limit 1", [admin.userId]))
      .toEqual([{ activity_type: "commission_changed", d: `Changed Shop ${engine}'s commission from 10% to 8%: Top seller this quarter` }]);
    expect(await q("select title, message from notifications where user_id = $1 order by created_at desc limit 1", [shop().vendorUserId])).toEqual([{
      title: COMMISSION_TEXTS.notificationTitle,
      message: "Your commission rate is now 8% for orders placed from now on. Orders already placed keep their rate.",
    }]);
  });

  it("applies to orders placed after the change; an order placed before keeps its rate", async () => {
    const before = await placeOrderRate();
    expect(before.rate).toBe(await rateOf());
    await change(7.5);
    const after = await placeOrderRate();
    expect(after.rate).toBe(7.5);
    expect(await orderRateOf(before.orderId)).toBe(before.rate);
    expect(before.rate).not.toBe(after.rate);
  });

  it("lists the changes newest first, with who made them", async () => {
    const changes = await listCommissionChanges(database().db, admin, shop().vendorId);
    expect(changes.map(({ oldRate, newRate, changedBy }) => ({ oldRate, newRate, changedBy }))).toEqual([
      { oldRate: 8, newRate: 7.5, changedBy: admin.email },
      { oldRate: 10, newRate: 8, changedBy: admin.email },
    ]);
    expect(await listCommissionChanges(database().db, admin, UNKNOWN_VENDOR)).toEqual([]);
  });

  it("refuses vendors and buyers, changing and showing nothing", async () => {
    const [rate, count] = [await rateOf(), await changeCount()];
    const vendor: Actor = { userId: shop().vendorUserId, email: `vendor-${engine}@example.ng`, role: "vendor" };
    const buyer = await insertPerson(database().db, `commission-customer-${engine}`);
    for (const actor of [vendor, buyer]) {
      expect(await refusalOf(change(0, "I would like no commission", actor))).toMatchObject({ code: "forbidden", message: ACCESS_TEXTS.forbidden });
      await expect(listCommissionChanges(database().db, actor, shop().vendorId)).rejects.toMatchObject({ code: "forbidden" });
    }
    expect([await rateOf(), await changeCount()]).toEqual([rate, count]);
  });

  it("refuses an unchanged rate and an unknown vendor", async () => {
    const [rate, count] = [await rateOf(), await changeCount()];
    expect(await refusalOf(change(rate))).toMatchObject({ code: "invalid", message: COMMISSION_TEXTS.unchanged(rate), fieldErrors: { rate: COMMISSION_TEXTS.unchanged(rate) } });
    const unknown = changeCommissionRate(database().db, admin, { vendorId: UNKNOWN_VENDOR, rate: 5, reason: "Not a vendor" });
    expect(await refusalOf(unknown)).toMatchObject({ code: "not_found", message: PAYOUT_TEXTS.vendorNotFound });
    expect([await rateOf(), await changeCount()]).toEqual([rate, count]);
  });

  it("refuses a rate or reason outside the form's rules, however it is called", async () => {
    const count = await changeCount();
    expect(await refusalOf(change(100.5))).toMatchObject({ code: "invalid", message: COMMISSION_TEXTS.rate, fieldErrors: { rate: COMMISSION_TEXTS.rate } });
    expect(await refusalOf(change(7.125))).toMatchObject({ code: "invalid", message: COMMISSION_TEXTS.rate });
    expect(await refusalOf(change(5, " a "))).toMatchObject({ code: "invalid", message: COMMISSION_TEXTS.reason, fieldErrors: { reason: COMMISSION_TEXTS.reason } });
    expect(await changeCount()).toBe(count);
  });

  it("checks the form: a rate from 0 to 100 with at most two decimals, a reason of 3 to 300 characters", () => {
    const form = { vendorId: shop().vendorId, rate: "8", reason: "Top seller" };
    expect(commissionChangeSchema.parse({ ...form, rate: " 12.25% " })).toEqual({ ...form, rate: 12.25 });
    expect(commissionChangeSchema.parse({ ...form, rate: "0" }).rate).toBe(0);
    expect(commissionChangeSchema.parse({ ...form, rate: "100" }).rate).toBe(100);
    const messageOf = (fields: Record<string, unknown>) => {
      const parsed = commissionChangeSchema.safeParse(fields);
      return parsed.success ? null : parsed.error.issues[0]!.message;
    };
    for (const rate of ["100.01", "-1", "7.555", "", "eight", "1e2", undefined]) expect(messageOf({ ...form, rate }), String(rate)).toBe(COMMISSION_TEXTS.rate);
    for (const reason of ["ab", "  a  ", "x".repeat(301), "bad\u0000reason", undefined]) expect(messageOf({ ...form, reason }), String(reason)).toBe(COMMISSION_TEXTS.reason);
    expect(messageOf({ ...form, vendorId: "not-a-vendor" })).toBe(COMMISSION_TEXTS.vendor);
    expect(COMMISSION_TEXTS.rate).toBe("Enter the new commission as a number from 0 to 100, with at most two decimals");
  });
});
