import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { TEST_ENGINES } from "../../tests/support/database";
import { insertPerson } from "../../tests/support/rows";
import { SHIPPING, buyerWithCart, payOnHostedPage, useShopWithPayments } from "../../tests/support/shop";
import { placeOrder } from "../flows/place-order";
import { Refusal } from "../core/refusal";
import { cancelPaidOrder } from "../flows/cancel-paid-order";
import { listVendorOrders } from "../vendors/dashboard";
import { moveOrder } from "../orders/moves";
import { ORDER_STATUS_TEXTS } from "../orders/status";
import { confirmPayment } from "../flows/confirm-payment";
import { applyRefundOutcome } from "../flows/refund-failed";
import { REFUND_TEXTS, issueRefund, refundPayment } from "./refunds";

/** One step of what admins, buyers and Paystack may do to a payment, in any order. */
type Step =
  | { kind: "refund"; amount: number; key: number }
  | { kind: "double-click"; amount: number; key: number }
  | { kind: "two-admins"; amounts: [number, number] }
  | { kind: "webhook"; pick: number; status: "processed" | "failed"; times: number };

/** Refusals (too much, nothing left) are answers, not failures. */
async function settle(work: Promise<unknown>): Promise<void> {
  try {
    await work;
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
  }
}

const PAID = 150_000_00;

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("refund" as const), amount: fc.integer({ min: 1, max: PAID }), key: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ kind: fc.constant("double-click" as const), amount: fc.integer({ min: 1, max: PAID / 2 }), key: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ kind: fc.constant("two-admins" as const), amounts: fc.tuple(fc.integer({ min: 1, max: PAID }), fc.integer({ min: 1, max: PAID })) }),
  fc.record({ kind: fc.constant("webhook" as const), pick: fc.nat(), status: fc.constantFrom("processed" as const, "failed" as const), times: fc.integer({ min: 1, max: 3 }) }),
);

describe.each(TEST_ENGINES)("refunds under any sequence of partial refunds, replayed webhooks and concurrent clicks (%s)", (engine) => {
  const { database, standin, shop, q, deps } = useShopWithPayments(engine);
  const admin = { userId: `admin-refund-props-${engine}`, email: `admin-refund-props-${engine}@example.ng`, role: "admin" as const };
  let runs = 0;

  beforeAll(() => insertPerson(database().db, admin.userId, "admin"));

  /** A delivered ₦150,000 order, paid through the stand-in: everything of it may be refunded. */
  async function deliveredOrder(run: number) {
    const pixel = shop().phones[1];
    await q("update products set stock_quantity = 3, is_live = true where id = $1", [pixel]);
    const buyer = await buyerWithCart(database().db, `refund-props-${engine}-${run}`, []);
    const placed = await placeOrder(deps(), buyer, { items: [{ productId: pixel, quantity: 1 }], shipping: SHIPPING });
    await payOnHostedPage(placed.authorizationUrl, "approved");
    await confirmPayment(deps(), buyer.userId, placed.reference);
    const [row] = await q<{ payment_id: string; order_id: string; amount: number }>(
      "select p.id payment_id, o.id order_id, p.amount::int amount from payments p join orders o on o.payment_id = p.id where p.payment_reference = $1",
      [placed.reference],
    );
    await q("update orders set status = 'delivered' where id = $1", [row!.order_id]);
    return { buyer, reference: placed.reference, paymentId: row!.payment_id, amount: Number(row!.amount) };
  }

  it("never commits more than was paid, returns money once per key, and tells the buyer once per processed refund", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const run = ++runs;
        const paid = await deliveredOrder(run);
        expect(paid.amount).toBe(PAID);
        const input = (amount: number, key: string) => ({ paymentId: paid.paymentId, amount, reason: "Property check", idempotencyKey: `props-${engine}-${run}-${key}` });
        let fresh = 0;
        for (const s of steps) {
          if (s.kind === "refund") await settle(refundPayment(deps(), admin, input(s.amount, `k${s.key}`)));
          if (s.kind === "double-click") {
            const same = input(s.amount, `k${s.key}`);
            await Promise.all([settle(refundPayment(deps(), admin, same)), settle(refundPayment(deps(), admin, same))]);
          }
          if (s.kind === "two-admins") {
            await Promise.all(s.amounts.map((amount) => settle(issueRefund(deps(), admin.userId, input(amount, `fresh${++fresh}`)))));
          }
          if (s.kind === "webhook") {
            const numbered = await q<{ provider_refund_id: string; amount: number }>(
              "select provider_refund_id::text provider_refund_id, amount::int amount from refunds where payment_id = $1 and provider_refund_id is not null order by created_at",
              [paid.paymentId],
            );
            const target = numbered[s.pick % Math.max(1, numbered.length)];
            if (!target) continue;
            for (let i = 0; i < s.times; i++) {
              await applyRefundOutcome(deps(), {
                providerRefundId: Number(target.provider_refund_id),
                transactionReference: paid.reference,
                amount: Number(target.amount),
                status: s.status,
                failureReason: "Bank declined",
              });
            }
          }
        }

        const rows = await q<{ amount: number; status: string; idempotency_key: string; provider_refund_id: string | null }>(
          "select amount::int amount, status::text status, idempotency_key, provider_refund_id::text provider_refund_id from refunds where payment_id = $1",
          [paid.paymentId],
        );
        const sum = (status: (s: string) => boolean) => rows.filter((r) => status(r.status)).reduce((total, r) => total + Number(r.amount), 0);
        // Never more than was paid, counting everything that has not failed.
        expect(sum((s) => s !== "failed")).toBeLessThanOrEqual(paid.amount);
        // One refund per key, and each asked of Paystack once: what Paystack holds is exactly what we numbered.
        expect(new Set(rows.map((r) => r.idempotency_key)).size).toBe(rows.length);
        const atProvider = standin().store.byReference(paid.reference)!.refunds;
        expect(atProvider.map((r) => String(r.id)).sort()).toEqual(rows.flatMap((r) => (r.provider_refund_id ? [r.provider_refund_id] : [])).sort());
        // The payment follows what was processed, and the buyer heard once of each processed refund.
        const processed = sum((s) => s === "processed");
        const [payment] = await q<{ status: string }>("select status::text status from payments where id = $1", [paid.paymentId]);
        expect(payment!.status).toBe(processed === 0 ? "successful" : processed >= paid.amount ? "refunded" : "partially_refunded");
        const told = await q("select id from notifications where user_id = $1 and title = $2", [paid.buyer.userId, REFUND_TEXTS.notifiedTitle]);
        expect(told).toHaveLength(rows.filter((r) => r.status === "processed").length);
      }),
      { numRuns: 12 },
    );
  }, 240_000);
});

/** What may happen to a paid order that has not shipped: admins refunding it, Paystack answering, the buyer cancelling. */
type UnshippedStep =
  | { kind: "refund"; amount: "total" | "half" | "fee" | "total-1" | number; forOrder: boolean }
  | { kind: "webhook"; pick: number; status: "processed" | "failed" }
  | { kind: "cancel" };

const ORDER_TOTAL = 150_000_00;
const FEE = 2_500_00;

const unshippedStep: fc.Arbitrary<UnshippedStep> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant("refund" as const), amount: fc.oneof(fc.constantFrom("total" as const, "half" as const, "fee" as const, "total-1" as const), fc.integer({ min: 1, max: ORDER_TOTAL + FEE })), forOrder: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("webhook" as const), pick: fc.nat(), status: fc.constantFrom("processed" as const, "failed" as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("cancel" as const) }) },
);

const amountOf = (amount: UnshippedStep & { kind: "refund" }) =>
  amount.amount === "total" ? ORDER_TOTAL : amount.amount === "half" ? ORDER_TOTAL / 2 : amount.amount === "fee" ? FEE : amount.amount === "total-1" ? ORDER_TOTAL - 1 : amount.amount;

describe.each(TEST_ENGINES)("refunds of an order that has not shipped (%s)", (engine) => {
  const { database, shop, q, deps } = useShopWithPayments(engine);
  const admin = { userId: `admin-unshipped-${engine}`, email: `admin-unshipped-${engine}@example.ng`, role: "admin" as const };
  let runs = 0;

  beforeAll(async () => {
    await insertPerson(database().db, admin.userId, "admin");
    await q("insert into admin_pricing_config (id, delivery_fee) values (1, $1) on conflict (id) do update set delivery_fee = excluded.delivery_fee", [FEE]);
  });

  it("never leaves an order the vendor may still ship with its total refunded; what stays below it is a goodwill gesture, and such an order cannot be shipped", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(unshippedStep, { minLength: 1, maxLength: 7 }), fc.constantFrom("paid" as const, "processing" as const), async (steps, status) => {
        const run = ++runs;
        const pixel = shop().phones[1];
        await q("update products set stock_quantity = 3, is_live = true where id = $1", [pixel]);
        const buyer = await buyerWithCart(database().db, `unshipped-${engine}-${run}`, []);
        const placed = await placeOrder(deps(), buyer, { items: [{ productId: pixel, quantity: 1 }], shipping: SHIPPING });
        await payOnHostedPage(placed.authorizationUrl, "approved");
        await confirmPayment(deps(), buyer.userId, placed.reference);
        const [paid] = await q<{ payment_id: string; order_id: string }>("select p.id payment_id, o.id order_id from payments p join orders o on o.payment_id = p.id where p.payment_reference = $1", [placed.reference]);
        await q("update orders set status = $2 where id = $1", [paid!.order_id, status]);
        const state = async () => {
          const [order] = await q<{ status: string; total: number }>("select status::text status, total_amount::int total from orders where id = $1", [paid!.order_id]);
          const rows = await q<{ amount: number; status: string; idempotency_key: string; goodwill: boolean }>("select amount::int amount, status::text status, idempotency_key, goodwill from refunds where payment_id = $1", [paid!.payment_id]);
          const back = rows.filter((r) => r.status !== "failed").reduce((sum, r) => sum + Number(r.amount), 0);
          return { payable: order!.status === "paid" || order!.status === "processing", total: Number(order!.total), back, rows };
        };
        const beforeCancel = new Set<string>();
        let keys = 0;
        for (const s of steps) {
          if (s.kind === "refund") {
            const key = `unshipped-${engine}-${run}-${++keys}`;
            const cancelled = (await q<{ status: string }>("select status::text status from orders where id = $1", [paid!.order_id]))[0]!.status === "cancelled";
            if (!cancelled) beforeCancel.add(key);
            await settle(refundPayment(deps(), admin, { paymentId: paid!.payment_id, orderId: s.forOrder ? paid!.order_id : null, amount: amountOf(s), reason: "Goodwill", idempotencyKey: key }));
          }
          if (s.kind === "webhook") {
            const numbered = await q<{ provider_refund_id: string; amount: number }>("select provider_refund_id::text provider_refund_id, amount::int amount from refunds where payment_id = $1 and provider_refund_id is not null order by created_at", [paid!.payment_id]);
            const target = numbered[s.pick % Math.max(1, numbered.length)];
            if (target) await applyRefundOutcome(deps(), { providerRefundId: Number(target.provider_refund_id), transactionReference: placed.reference, amount: Number(target.amount), status: s.status, failureReason: "Bank declined" });
          }
          if (s.kind === "cancel") await settle(cancelPaidOrder(deps(), buyer, { orderId: paid!.order_id, reason: "I changed my mind" }));
          // After every step: an order payable to ship has less than its total back.
          const now = await state();
          if (now.payable) expect(now.back).toBeLessThan(now.total);
        }

        const { payable, rows } = await state();
        if (payable) {
          const listed = (await listVendorOrders(database().db, { userId: shop().vendorUserId })).find((o) => o.id === paid!.order_id)!;
          expect(listed.shippable).toBe(true);
          expect(listed.refunds).toHaveLength(rows.length);
          const ship = moveOrder(deps(), { role: "admin", userId: admin.userId }, { orderId: paid!.order_id, status: "shipped", carrier: "GIG Logistics", trackingNumber: "GIG-1", estimatedDeliveryDate: "2099-01-01" });
          await expect(ship).resolves.toMatchObject({ status: "shipped" });
        }
        // A refund given while the order could still ship is recorded as goodwill; the cancellation's refund is not.
        for (const row of rows) expect(row.goodwill).toBe(beforeCancel.has(row.idempotency_key));
      }),
      { numRuns: 10 },
    );
  }, 240_000);

  it("the ship move refuses an order whose total has come back", async () => {
    const pixel = shop().phones[1];
    await q("update products set stock_quantity = 3, is_live = true where id = $1", [pixel]);
    const buyer = await buyerWithCart(database().db, `unshipped-${engine}-wall`, []);
    const placed = await placeOrder(deps(), buyer, { items: [{ productId: pixel, quantity: 1 }], shipping: SHIPPING });
    await payOnHostedPage(placed.authorizationUrl, "approved");
    await confirmPayment(deps(), buyer.userId, placed.reference);
    const [paid] = await q<{ payment_id: string; order_id: string }>("select p.id payment_id, o.id order_id from payments p join orders o on o.payment_id = p.id where p.payment_reference = $1", [placed.reference]);
    // Written past the refund core (as by a refund recorded before it refused such refunds).
    await q("insert into refunds (payment_id, amount, reason, idempotency_key) values ($1, $2, 'Older refund', $3)", [paid!.payment_id, ORDER_TOTAL, `wall-${engine}`]);
    const ship = moveOrder(deps(), { role: "admin", userId: admin.userId }, { orderId: paid!.order_id, status: "shipped", carrier: "GIG Logistics", trackingNumber: "GIG-2", estimatedDeliveryDate: "2099-01-01" });
    await expect(ship).rejects.toMatchObject({ status: 409, message: ORDER_STATUS_TEXTS.refundedNotShipped });
    expect(await q("select status::text status from orders where id = $1", [paid!.order_id])).toEqual([{ status: "paid" }]);
    // The vendor's order shows the refund and offers no Ship form.
    const listed = (await listVendorOrders(database().db, { userId: shop().vendorUserId })).find((o) => o.id === paid!.order_id)!;
    expect(listed).toMatchObject({ status: "paid", shippable: false, refunds: [{ amount: ORDER_TOTAL, status: "pending", goodwill: false, wholePayment: true }] });
  });
});
