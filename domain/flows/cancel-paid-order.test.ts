import { describe, expect, it } from "vitest";
import { TEST_ENGINES } from "../../tests/support/database";
import { buyerWithCart } from "../../tests/support/shop";
import { DELIVERY_FEE, usePaidCheckouts } from "../../tests/support/paid-checkout";
import { PaymentProviderError, type PaymentProvider } from "../payments/provider";
import { CANCELLATION_TEXTS, paidOrderCancellationSchema } from "../orders/cancellation";
import { listCustomerOrders } from "../orders/customer";
import { orderNumberOf } from "../orders/status";
import { type CancelPaidOrderDeps, cancelPaidOrder } from "./cancel-paid-order";

describe.each(TEST_ENGINES)("a buyer cancelling a paid order before it ships (%s)", (engine) => {
  const { database, standin, provider, shop, mailer, publicUrl, q, paidCheckout } = usePaidCheckouts(engine, "cancel-buyer");
  let strangers = 0;
  const refundDeps = (payments: PaymentProvider = provider()) => ({ db: database().db, payments, mailer, publicUrl });
  const deps = (payments?: PaymentProvider): CancelPaidOrderDeps => refundDeps(payments);

  const orderRow = async (orderId: string) =>
    (await q<{ status: string; cancel_reason: string | null }>("select status, cancel_reason from orders where id = $1", [orderId]))[0]!;
  const productRow = async (productId: string) =>
    (await q<{ stock_quantity: number; units_sold: number }>("select stock_quantity, units_sold from products where id = $1", [productId]))[0]!;
  const refundsOf = (paymentId: string) =>
    q<{ amount: number; idempotency_key: string; status: string; requested_by: string | null }>("select amount::int as amount, idempotency_key, status, requested_by from refunds where payment_id = $1 order by created_at", [paymentId]);

  it("cancels with the reason, gives the phone and the sale back, tells buyer and vendor, and refunds the order and the delivery fee", async () => {
    const paid = await paidCheckout();
    const [order] = paid.orders;
    const before = await productRow(order!.productId);
    const vendorSales = async () => Number((await q<{ total_sales: string }>("select total_sales from vendors where id = $1", [shop().vendorId]))[0]!.total_sales);
    const salesBefore = await vendorSales();

    const cancelled = await cancelPaidOrder(deps(), paid.buyer, { orderId: order!.id, reason: "I found a better price" });

    expect(cancelled).toMatchObject({ orderId: order!.id, refundAmount: 300_000_00 + DELIVERY_FEE, refund: { status: "pending", amount: 300_000_00 + DELIVERY_FEE } });
    expect(await orderRow(order!.id)).toEqual({ status: "cancelled", cancel_reason: "I found a better price" });
    expect(await productRow(order!.productId)).toEqual({ stock_quantity: before.stock_quantity + 1, units_sold: before.units_sold - 1 });
    expect(await vendorSales()).toBe(salesBefore - 300_000_00);
    expect(await q("select status, actor_id, actor_role from order_status_history where order_id = $1 and status = 'cancelled'", [order!.id])).toEqual([
      { status: "cancelled", actor_id: paid.buyer.userId, actor_role: "buyer" },
    ]);
    expect(await refundsOf(paid.paymentId)).toEqual([
      { amount: 300_000_00 + DELIVERY_FEE, idempotency_key: `cancel:${order!.id}`, status: "pending", requested_by: paid.buyer.userId },
    ]);
    expect(standin().store.byReference(paid.reference)!.refunds.map((r) => r.amount)).toEqual([300_000_00 + DELIVERY_FEE]);
    expect(await q("select flagged_for_refund from payments where id = $1", [paid.paymentId])).toEqual([{ flagged_for_refund: false }]);

    const number = orderNumberOf(order!.id);
    expect(await q("select title from notifications where user_id = $1 and title = $2", [paid.buyer.userId, CANCELLATION_TEXTS.buyerNoticeTitle])).toHaveLength(1);
    expect(await q("select title from notifications where user_id = $1 and message like $2 and title = $3", [shop().vendorUserId, `%#${number}%`, CANCELLATION_TEXTS.vendorNoticeTitle])).toHaveLength(1);
    const mails = mailer.sent.filter((m) => m.subject.includes(`#${number}`));
    expect(mails.map((m) => m.subject).sort()).toEqual([`[Test] Order #${number} cancelled`, `[Test] Order #${number} cancelled by the buyer`]);
    for (const mail of mails) {
      expect(mail.text).toContain("I found a better price");
      expect(mail.html).toContain(`#${number}`);
    }
    expect(mails.find((m) => m.to === paid.buyer.email)!.text).toContain(`${publicUrl}/orders`);

    // The buyer's list shows the refund on its way, and the order can no longer be cancelled.
    const [listed] = (await listCustomerOrders(database().db, paid.buyer.userId)).orders;
    expect(listed).toMatchObject({ status: "cancelled", cancellable: false, refunds: [{ amount: 300_000_00 + DELIVERY_FEE, status: "pending" }] });

    // Asking again refunds nothing more.
    await expect(cancelPaidOrder(deps(), paid.buyer, { orderId: order!.id, reason: "Other" })).rejects.toMatchObject({ status: 409, message: CANCELLATION_TEXTS.alreadyCancelled });
    expect(await refundsOf(paid.paymentId)).toHaveLength(1);
  });

  it("keeps the delivery fee while another phone of the checkout still ships, and refunds it with the last one", async () => {
    const paid = await paidCheckout([{ phone: 0, quantity: 1 }, { phone: 1, quantity: 1 }]);
    const [iphone, pixel] = paid.orders;
    expect((await cancelPaidOrder(deps(), paid.buyer, { orderId: pixel!.id, reason: "I ordered the wrong phone" })).refundAmount).toBe(150_000_00);
    await q("update orders set status = 'processing' where id = $1", [iphone!.id]);
    expect((await cancelPaidOrder(deps(), paid.buyer, { orderId: iphone!.id, reason: "I changed my mind" })).refundAmount).toBe(300_000_00 + DELIVERY_FEE);
    expect((await refundsOf(paid.paymentId)).map((r) => Number(r.amount))).toEqual([150_000_00, 300_000_00 + DELIVERY_FEE]);
  });

  it("refuses a shipped or delivered order with a clear message, and changes nothing", async () => {
    const paid = await paidCheckout();
    const [order] = paid.orders;
    for (const status of ["shipped", "delivered"]) {
      await q("update orders set status = $2 where id = $1", [order!.id, status]);
      await expect(cancelPaidOrder(deps(), paid.buyer, { orderId: order!.id, reason: "I changed my mind" })).rejects.toMatchObject({
        status: 409,
        message: "This order has already shipped, so it can no longer be cancelled.",
      });
      expect(await orderRow(order!.id)).toEqual({ status, cancel_reason: null });
    }
    expect(await refundsOf(paid.paymentId)).toEqual([]);
  });

  it("another buyer cannot cancel it: answered as not found, nothing changes", async () => {
    const paid = await paidCheckout();
    const stranger = await buyerWithCart(database().db, `cancel-stranger-${engine}-${++strangers}`, []);
    await expect(cancelPaidOrder(deps(), stranger, { orderId: paid.orders[0]!.id, reason: "Other" })).rejects.toMatchObject({ status: 404, message: CANCELLATION_TEXTS.notFound });
    expect(await orderRow(paid.orders[0]!.id)).toEqual({ status: "paid", cancel_reason: null });
    expect(await refundsOf(paid.paymentId)).toEqual([]);
  });

  it("sends an unpaid order to 'Cancel order' and refuses a reason that is not on the list", async () => {
    const paid = await paidCheckout();
    await q("update orders set status = 'pending' where id = $1", [paid.orders[0]!.id]);
    await expect(cancelPaidOrder(deps(), paid.buyer, { orderId: paid.orders[0]!.id, reason: "Other" })).rejects.toMatchObject({ status: 409, message: CANCELLATION_TEXTS.notPaid });
    const parsed = paidOrderCancellationSchema.safeParse({ orderId: paid.orders[0]!.id, reason: "Because" });
    expect(parsed.success ? "" : parsed.error.issues[0]!.message).toBe(CANCELLATION_TEXTS.reasonRequired);
  });

  it("'Other' needs the reason in words, which the order then keeps", () => {
    const orderId = "00000000-0000-4000-8000-000000000001";
    for (const otherReason of [undefined, "", "   "]) {
      const parsed = paidOrderCancellationSchema.safeParse({ orderId, reason: "Other", otherReason });
      expect(parsed.success ? "" : parsed.error.issues[0]!.message).toBe(CANCELLATION_TEXTS.otherReasonRequired);
    }
    const tooLong = paidOrderCancellationSchema.safeParse({ orderId, reason: "Other", otherReason: "x".repeat(301) });
    expect(tooLong.success ? "" : tooLong.error.issues[0]!.message).toBe(CANCELLATION_TEXTS.otherReasonTooLong);
    expect(paidOrderCancellationSchema.parse({ orderId, reason: "Other", otherReason: "  My brother gave me his phone " })).toEqual({ orderId, reason: "My brother gave me his phone" });
    expect(paidOrderCancellationSchema.parse({ orderId, reason: "I changed my mind", otherReason: "ignored" })).toEqual({ orderId, reason: "I changed my mind" });
  });

  it("tells the buyer the money goes back the way they paid: by bank transfer here, not to a card", async () => {
    const paid = await paidCheckout();
    await q("update payments set payment_method = 'bank_transfer' where id = $1", [paid.paymentId]);
    const [order] = paid.orders;
    await cancelPaidOrder(deps(), paid.buyer, { orderId: order!.id, reason: "I changed my mind" });
    const number = orderNumberOf(order!.id);
    const [notice] = await q<{ message: string }>("select message from notifications where user_id = $1 and title = $2", [paid.buyer.userId, CANCELLATION_TEXTS.buyerNoticeTitle]);
    expect(notice!.message).toBe(CANCELLATION_TEXTS.buyerNotice(number, "₦302,500", "the bank account you paid from by bank transfer"));
    const mail = mailer.sent.find((m) => m.subject === `[Test] Order #${number} cancelled`)!;
    expect(mail.text).toContain("to the bank account you paid from by bank transfer");
  });

  it("two presses at once cancel once and refund once", async () => {
    const paid = await paidCheckout();
    const tries = await Promise.allSettled([
      cancelPaidOrder(deps(), paid.buyer, { orderId: paid.orders[0]!.id, reason: "I changed my mind" }),
      cancelPaidOrder(deps(), paid.buyer, { orderId: paid.orders[0]!.id, reason: "I changed my mind" }),
    ]);
    expect(tries.map((t) => t.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await refundsOf(paid.paymentId)).toHaveLength(1);
    expect(standin().store.byReference(paid.reference)!.refunds).toHaveLength(1);
  });

  it("cancelling every order of one checkout at once finishes each cancellation without a deadlock, with one refund each", async () => {
    for (let round = 0; round < 5; round++) {
      const paid = await paidCheckout([{ phone: 0, quantity: 1 }, { phone: 1, quantity: 1 }]);
      const tries = await Promise.allSettled(paid.orders.map((order) => cancelPaidOrder(deps(), paid.buyer, { orderId: order.id, reason: "I changed my mind" })));
      expect(tries.map((t) => (t.status === "rejected" ? String(t.reason) : t.status))).toEqual(["fulfilled", "fulfilled"]);
      expect((await refundsOf(paid.paymentId)).map((r) => r.idempotency_key).sort()).toEqual(paid.orders.map((o) => `cancel:${o.id}`).sort());
    }
  });

  it("when the refund cannot be sent, the order stays cancelled with its refund written and pending, for reconciliation to send", async () => {
    const paid = await paidCheckout();
    const broken: PaymentProvider = { ...provider(), refund: () => Promise.reject(new Error("socket hang up")) };
    const errors: unknown[] = [];
    const cancelled = await cancelPaidOrder({ ...deps(broken), onRefundError: (e) => errors.push(e) }, paid.buyer, { orderId: paid.orders[0]!.id, reason: "Other" });
    expect(cancelled.refund).toBeNull();
    expect(errors).toHaveLength(1);
    expect(await orderRow(paid.orders[0]!.id)).toEqual({ status: "cancelled", cancel_reason: "Other" });
    expect(await refundsOf(paid.paymentId)).toEqual([
      { amount: 300_000_00 + DELIVERY_FEE, idempotency_key: `cancel:${paid.orders[0]!.id}`, status: "pending", requested_by: paid.buyer.userId },
    ]);
  });

  it("when the provider refuses the refund, the payment is flagged with its words, the admins are told and the buyer hears it plainly", async () => {
    const paid = await paidCheckout();
    const refusing: PaymentProvider = { ...provider(), refund: () => Promise.reject(new PaymentProviderError("Transaction has been fully reversed", 400)) };
    const cancelled = await cancelPaidOrder(deps(refusing), paid.buyer, { orderId: paid.orders[0]!.id, reason: "Other" });
    expect(cancelled.refund).toMatchObject({ status: "failed", failureReason: "Transaction has been fully reversed" });
    const [payment] = await q<{ flagged_for_refund: boolean; refund_reason: string }>("select flagged_for_refund, refund_reason from payments where id = $1", [paid.paymentId]);
    expect(payment).toEqual({ flagged_for_refund: true, refund_reason: "The refund of ₦302,500 failed at Paystack: Transaction has been fully reversed" });
    const number = orderNumberOf(paid.orders[0]!.id);
    expect(await q("select message from notifications where user_id = $1 and title = 'Refund not completed'", [paid.buyer.userId])).toEqual([
      { message: `Your refund of ₦302,500 for order #${number} could not be completed. We are on it and will write to you when the money is on its way.` },
    ]);
  });

});
