import { beforeAll, describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "../../lib/constants";
import { TEST_ENGINES } from "../../tests/support/database";
import { useDatabaseFor } from "../../tests/support/lifecycle";
import { profiles } from "../../db/schema/accounts";
import { changeOrderStatus } from "../flows/change-order-status";
import { ORDER_STATUS_TEXTS } from "../orders/status";
import { insertPerson, recordingMailer } from "../../tests/support/rows";
import { fulfilPayment } from "../flows/fulfil-payment";
import { recordManualPayment } from "../flows/record-manual-payment";
import { nairaTextToKobo } from "../../lib/money";
import { MANUAL_PAYMENT_TEXTS, manualPaymentSchema } from "./manual-validation";
import type { ProviderTransaction } from "./provider";
import { type Shop, openShop } from "../../tests/support/shop";

describe("manual payment input", () => {
  it("reads naira exactly, refuses what is not a reference, an amount or a method", () => {
    expect(nairaTextToKobo("1250000")).toBe(125_000_000);
    expect(nairaTextToKobo("0.1")).toBe(10);
    expect(nairaTextToKobo("300000.05")).toBe(30_000_005);
    const valid = { orderId: "00000000-0000-4000-8000-000000000001", method: "bank_transfer", reference: "GTB-0042", amountNaira: "1,250,000" };
    expect(manualPaymentSchema.parse(valid)).toEqual({ ...valid, amountNaira: "1250000", note: undefined });
    const message = (fields: Record<string, string>) => manualPaymentSchema.safeParse({ ...valid, ...fields }).error?.issues[0]?.message;
    expect(message({ method: "card" })).toBe(MANUAL_PAYMENT_TEXTS.method);
    expect(message({ reference: "  " })).toBe(MANUAL_PAYMENT_TEXTS.reference);
    expect(message({ reference: "x".repeat(101) })).toBe(MANUAL_PAYMENT_TEXTS.reference);
    expect(message({ reference: "GTB\n42" })).toBe(MANUAL_PAYMENT_TEXTS.reference);
    expect(message({ amountNaira: "-5" })).toBe(MANUAL_PAYMENT_TEXTS.amount);
    expect(message({ amountNaira: "12.345" })).toBe(MANUAL_PAYMENT_TEXTS.amount);
    expect(message({ amountNaira: "" })).toBe(MANUAL_PAYMENT_TEXTS.amount);
    expect(message({ note: "n".repeat(501) })).toBe(MANUAL_PAYMENT_TEXTS.note);
  });
});

describe.each(TEST_ENGINES)("manual payments and the status menu (%s)", (engine) => {
  const database = useDatabaseFor(engine);
  let shop: Shop;
  const mailer = recordingMailer();
  const admin = { userId: `admin-${engine}`, email: `admin-${engine}@example.ng`, role: "admin" as const };
  let buyers = 0;

  beforeAll(async () => {
    shop = await openShop(database().db, engine);
    await insertPerson(database().db, admin.userId, "admin");
    await database().db.insert(profiles).values({ userId: admin.userId, fullName: "Ngozi Adeyemi" });
    await database().query("update products set stock_quantity = 50 where vendor_id = $1", [shop.vendorId]);
  });

  const deps = () => ({ db: database().db, mailer, publicUrl: "https://tokunbo.example" });
  const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => database().query<T>(text, params);
  const one = async <T>(text: string, params: unknown[] = []) => (await q<T>(text, params))[0] as T;

  /** A buyer's unpaid checkout: one pending payment (with a ₦2,500 delivery fee) for one order per phone, stock reserved. */
  async function checkout(phones: Array<{ productId: string; unitPrice: number }>, status: "pending" | "failed" = "pending") {
    const buyer = await insertPerson(database().db, `buyer-${engine}-${++buyers}`);
    const total = phones.reduce((sum, p) => sum + p.unitPrice, 0);
    const reference = `pay_test_${engine}_${buyers}`;
    const payment = await one<{ id: string }>(
      "insert into payments (customer_id, payment_reference, amount, delivery_fee, status) values ($1, $2, $3, 250000, $4) returning id",
      [buyer.userId, reference, total + 2_500_00, status],
    );
    const orderIds: string[] = [];
    for (const phone of phones) {
      const order = await one<{ id: string }>(
        `insert into orders (customer_id, product_id, vendor_id, payment_id, customer_name, customer_email, customer_phone, shipping_address, city, state, quantity, unit_price, total_amount)
         values ($1, $2, $3, $4, 'Ada Okafor', $5, '+2348031234567', '12 Allen Avenue', 'Ikeja', 'Lagos', 1, $6, $6) returning id`,
        [buyer.userId, phone.productId, shop.vendorId, payment.id, buyer.email, phone.unitPrice],
      );
      await q("update products set stock_quantity = stock_quantity - 1 where id = $1", [phone.productId]);
      orderIds.push(order.id);
    }
    await q("update payments set order_id = $1 where id = $2", [orderIds[0], payment.id]);
    return { buyer, reference, paymentId: payment.id, orderIds };
  }

  const iphone = () => ({ productId: shop.phones[0], unitPrice: 300_000_00 });
  const pixel = () => ({ productId: shop.phones[1], unitPrice: 150_000_00 });
  const record = (orderId: string, amountNaira: string, extra: { reference?: string; note?: string } = {}) =>
    recordManualPayment(deps(), admin, { orderId, method: "bank_transfer", reference: extra.reference ?? "GTB-77123", amountNaira, note: extra.note });
  const sold = async (productId: string) => (await one<{ n: number }>("select units_sold n from products where id = $1", [productId])).n;
  const paystack = (reference: string, amount: number): ProviderTransaction => ({
    id: 4242, reference, status: "success", amount, currency: "NGN", channel: "card", gatewayResponse: "Approved", paidAt: new Date().toISOString(), metadata: {},
  });

  it("pays the order once through fulfilment, keeps the admin's reference, note and name, and refuses a second record", async () => {
    const { buyer, orderIds, paymentId } = await checkout([iphone()]);
    const soldBefore = await sold(shop.phones[0]);
    const recorded = await record(orderIds[0]!, "300000", { note: "Paid at the Ikeja shop" });
    expect(recorded).toMatchObject({ orderNumber: orderIds[0]!.slice(-8), amount: 300_000_00 });
    expect(recorded.reference).toMatch(/^manual_\d{13}[0-9a-f]{16}$/);

    const order = await one<{ status: string; payment_id: string }>("select status, payment_id from orders where id = $1", [orderIds[0]]);
    expect(order.status).toBe("paid");
    const manual = await one<Record<string, unknown>>(
      `select payment_gateway, payment_method, gateway_reference, status, amount::int amount, is_test, recorded_by, note, order_id
       from payments where id = $1`,
      [order.payment_id],
    );
    expect(manual).toEqual({
      payment_gateway: "manual", payment_method: "bank_transfer", gateway_reference: "GTB-77123", status: "successful", amount: 300_000_00,
      is_test: false, recorded_by: admin.userId, note: "Paid at the Ikeja shop", order_id: orderIds[0],
    });
    // The checkout payment it leaves can no longer pay it.
    expect(await one("select replaced_by_id from payments where id = $1", [paymentId])).toEqual({ replaced_by_id: order.payment_id });
    expect(await sold(shop.phones[0])).toBe(soldBefore + 1);
    expect(await one("select activity_description d from user_activities where activity_type = 'manual_payment_recorded' order by created_at desc limit 1")).toEqual({
      d: `Ngozi Adeyemi recorded a bank transfer payment of ₦300,000 for order #${orderIds[0]!.slice(-8)} (reference GTB-77123)`,
    });
    expect((await one<{ title: string }>("select title from notifications where user_id = $1 order by created_at desc limit 1", [buyer.userId])).title).toBe("Payment confirmed");
    expect(mailer.sent.at(-1)?.to).toBe(buyer.email);

    await expect(record(orderIds[0]!, "300000")).rejects.toMatchObject({ status: 409, message: MANUAL_PAYMENT_TEXTS.notPending(orderIds[0]!.slice(-8), "Successful") });
    expect(await one("select count(*)::int n from payments where payment_gateway = 'manual' and customer_id = $1", [buyer.userId])).toEqual({ n: 1 });
    expect(await sold(shop.phones[0])).toBe(soldBefore + 1);
  });

  it("refuses an amount that is not exactly the order total, and a cancelled or missing order, writing nothing", async () => {
    const { orderIds } = await checkout([pixel()]);
    const payments = async () => (await one<{ n: number }>("select count(*)::int n from payments")).n;
    const before = await payments();
    for (const amount of ["149999.99", "150000.01", "152500"]) {
      await expect(record(orderIds[0]!, amount)).rejects.toMatchObject({ status: 400, message: MANUAL_PAYMENT_TEXTS.amountNotTotal("₦150,000") });
    }
    await expect(record("00000000-0000-4000-8000-000000000000", "150000")).rejects.toMatchObject({ status: 404 });
    await q("update orders set status = 'cancelled' where id = $1", [orderIds[0]]);
    await expect(record(orderIds[0]!, "150000")).rejects.toMatchObject({ status: 409, message: MANUAL_PAYMENT_TEXTS.notPending(orderIds[0]!.slice(-8), "Cancelled") });
    expect(await payments()).toBe(before);
    expect(await one("select status from orders where id = $1", [orderIds[0]])).toEqual({ status: "cancelled" });
  });

  it("takes one order out of a shared checkout: Paystack money on the old reference then pays nothing twice and is flagged", async () => {
    const { orderIds, reference, paymentId } = await checkout([iphone(), pixel()], "failed");
    const [first, second] = orderIds as [string, string];
    await record(first, "300000");
    expect(await one("select amount::int amount, order_id, replaced_by_id from payments where id = $1", [paymentId])).toEqual({
      amount: 150_000_00 + 2_500_00, order_id: second, replaced_by_id: null,
    });
    expect(await one("select count(*)::int n from orders where payment_id = $1", [paymentId])).toEqual({ n: 1 });

    // The buyer finishes the old Paystack page for the old amount: nothing is paid, the money is flagged.
    const late = await fulfilPayment(deps(), reference, paystack(reference, 450_000_00 + 2_500_00));
    expect(late).toEqual({ outcome: "mismatch", problems: ["amount"] });
    expect(await one("select flagged_for_refund f from payments where id = $1", [paymentId])).toEqual({ f: true });
    expect(await q("select status from orders where id = any($1::uuid[]) order by total_amount desc", [[first, second]])).toEqual([{ status: "paid" }, { status: "pending" }]);
  });

  it("is one transaction with fulfilment: a concurrent second record pays once", async () => {
    const { orderIds } = await checkout([pixel()]);
    const soldBefore = await sold(shop.phones[1]);
    const results = await Promise.allSettled([record(orderIds[0]!, "150000", { reference: "POS-1" }), record(orderIds[0]!, "150000", { reference: "POS-2" })]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await one("select count(*)::int n from payments where payment_gateway = 'manual' and order_id = $1", [orderIds[0]])).toEqual({ n: 1 });
    expect(await sold(shop.phones[1])).toBe(soldBefore + 1);
  });

  it("refuses 'Paid' as an admin status change from every status, whatever is sent", async () => {
    const { orderIds } = await checkout([pixel()]);
    for (const from of ORDER_STATUSES) {
      await q("update orders set status = $1 where id = $2", [from, orderIds[0]]);
      await expect(changeOrderStatus(deps(), admin, { orderId: orderIds[0]!, status: "paid", trackingNumber: undefined, estimatedDeliveryDate: undefined }))
        .rejects.toMatchObject({ status: 400, message: ORDER_STATUS_TEXTS.paidByPaymentOnly });
      expect(await one("select status from orders where id = $1", [orderIds[0]])).toEqual({ status: from });
    }
  });
});
