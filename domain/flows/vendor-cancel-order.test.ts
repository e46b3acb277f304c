import { describe, expect, it } from "vitest";
import { TEST_ENGINES } from "../../tests/support/database";
import { insertPerson, insertVendor } from "../../tests/support/rows";
import { DELIVERY_FEE, usePaidCheckouts } from "../../tests/support/paid-checkout";
import { CANCELLATION_TEXTS, countVendorCancellations } from "../orders/cancellation";
import { VENDOR_CANCELLATION_TEXTS, vendorOrderCancellationSchema } from "../orders/vendor-cancellation-validation";
import { listCustomerOrders } from "../orders/customer";
import { orderNumberOf } from "../orders/status";
import { cancelPaidOrder } from "./cancel-paid-order";
import { vendorCancelOrder } from "./vendor-cancel-order";

describe.each(TEST_ENGINES)("a vendor cancelling a paid order it cannot fulfil (%s)", (engine) => {
  const { database, standin, provider, shop, mailer, publicUrl, q, paidCheckout } = usePaidCheckouts(engine, "vcancel-buyer");
  const deps = () => ({ db: database().db, payments: provider(), mailer, publicUrl });
  const vendor = () => ({ userId: shop().vendorUserId });
  const cancellations = async () => (await countVendorCancellations(database().db, [shop().vendorId])).get(shop().vendorId) ?? 0;
  const orderRow = async (orderId: string) =>
    (await q<{ status: string; cancel_reason: string | null }>("select status, cancel_reason from orders where id = $1", [orderId]))[0]!;
  const refundsOf = (paymentId: string) =>
    q<{ amount: number; idempotency_key: string; status: string; requested_by: string | null }>("select amount::int as amount, idempotency_key, status, requested_by from refunds where payment_id = $1 order by created_at", [paymentId]);

  it("cancels with the reason, gives the phone and the sale back, refunds the order and the delivery fee, tells the buyer why, and counts it", async () => {
    const paid = await paidCheckout();
    const [order] = paid.orders;
    const stock = async () => (await q<{ stock_quantity: number; units_sold: number }>("select stock_quantity, units_sold from products where id = $1", [order!.productId]))[0]!;
    const before = await stock();
    const countBefore = await cancellations();
    await q("update orders set status = 'processing' where id = $1", [order!.id]);

    const cancelled = await vendorCancelOrder(deps(), vendor(), { orderId: order!.id, reason: "Phone failed final check" });

    expect(cancelled).toMatchObject({ orderId: order!.id, refundAmount: 300_000_00 + DELIVERY_FEE, refund: { status: "pending", amount: 300_000_00 + DELIVERY_FEE } });
    expect(await orderRow(order!.id)).toEqual({ status: "cancelled", cancel_reason: "Phone failed final check" });
    expect(await stock()).toEqual({ stock_quantity: before.stock_quantity + 1, units_sold: before.units_sold - 1 });
    expect(await q("select actor_id, actor_role, note from order_status_history where order_id = $1 and status = 'cancelled'", [order!.id])).toEqual([
      { actor_id: shop().vendorUserId, actor_role: "vendor", note: VENDOR_CANCELLATION_TEXTS.historyNote("Phone failed final check") },
    ]);
    expect(await refundsOf(paid.paymentId)).toEqual([
      { amount: 300_000_00 + DELIVERY_FEE, idempotency_key: `cancel:${order!.id}`, status: "pending", requested_by: shop().vendorUserId },
    ]);
    expect(standin().store.byReference(paid.reference)!.refunds.map((r) => r.amount)).toEqual([300_000_00 + DELIVERY_FEE]);
    expect(await cancellations()).toBe(countBefore + 1);

    const number = orderNumberOf(order!.id);
    const notices = await q<{ message: string }>("select message from notifications where user_id = $1 and title = $2", [paid.buyer.userId, VENDOR_CANCELLATION_TEXTS.buyerNoticeTitle]);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.message).toContain("Phone failed final check");
    expect(notices[0]!.message).toContain("₦302,500");
    const mails = mailer.sent.filter((m) => m.subject.includes(`#${number}`));
    expect(mails.map((m) => [m.to, m.subject])).toEqual([[paid.buyer.email, `[Test] Order #${number} cancelled by the seller`]]);
    expect(mails[0]!.text).toContain("Phone failed final check");
    expect(mails[0]!.text).toContain("₦302,500");

    const [listed] = (await listCustomerOrders(database().db, paid.buyer.userId)).orders;
    expect(listed).toMatchObject({ status: "cancelled", refunds: [{ amount: 300_000_00 + DELIVERY_FEE, status: "pending" }] });
  });

  it("a buyer's own cancellation is not counted against the vendor", async () => {
    const paid = await paidCheckout();
    const countBefore = await cancellations();
    await cancelPaidOrder(deps(), paid.buyer, { orderId: paid.orders[0]!.id, reason: "I changed my mind" });
    expect(await cancellations()).toBe(countBefore);
  });

  it("another vendor's order is not found, and a shipped order is refused; nothing changes", async () => {
    const paid = await paidCheckout();
    const [order] = paid.orders;
    const other = await insertPerson(database().db, `vcancel-other-${engine}`, "vendor");
    await insertVendor(database().db, other.userId, `Other shop ${engine}`);
    await expect(vendorCancelOrder(deps(), other, { orderId: order!.id, reason: "Out of stock" })).rejects.toMatchObject({ status: 404, message: CANCELLATION_TEXTS.notFound });
    await expect(vendorCancelOrder(deps(), paid.buyer, { orderId: order!.id, reason: "Out of stock" })).rejects.toMatchObject({ status: 404 });
    await q("update orders set status = 'shipped' where id = $1", [order!.id]);
    await expect(vendorCancelOrder(deps(), vendor(), { orderId: order!.id, reason: "Out of stock" })).rejects.toMatchObject({ status: 409, message: CANCELLATION_TEXTS.alreadyShipped });
    expect(await orderRow(order!.id)).toEqual({ status: "shipped", cancel_reason: null });
    expect(await refundsOf(paid.paymentId)).toEqual([]);
  });

  it("takes a reason from the vendor's list, or 'Other' in words", () => {
    const orderId = "00000000-0000-4000-8000-000000000001";
    const bad = vendorOrderCancellationSchema.safeParse({ orderId, reason: "I changed my mind" });
    expect(bad.success ? "" : bad.error.issues[0]!.message).toBe(VENDOR_CANCELLATION_TEXTS.reasonRequired);
    const empty = vendorOrderCancellationSchema.safeParse({ orderId, reason: "Other", otherReason: " " });
    expect(empty.success ? "" : empty.error.issues[0]!.message).toBe(CANCELLATION_TEXTS.otherReasonRequired);
    expect(vendorOrderCancellationSchema.parse({ orderId, reason: "Other", otherReason: " The courier will not go there " })).toEqual({ orderId, reason: "The courier will not go there" });
  });
});
