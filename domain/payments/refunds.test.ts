import { beforeAll, describe, expect, it } from "vitest";
import { orderNumberOf } from "../orders/status";
import { TEST_ENGINES } from "../../tests/support/database";
import { insertPerson } from "../../tests/support/rows";
import { SHIPPING, buyerWithCart, payOnHostedPage, useShopWithPayments } from "../../tests/support/shop";
import { ACCESS_TEXTS } from "../core/access";
import { placeOrder } from "../flows/place-order";
import { confirmPayment } from "../flows/confirm-payment";
import { fulfilPayment } from "../flows/fulfil-payment";
import { PaymentProviderError, type PaymentProvider } from "./provider";
import { applyRefundOutcome, reconcileRefunds } from "../flows/refund-failed";
import { REFUND_TEXTS, type RefundInput, issueRefund, refundPayment, refundableAmount } from "./refunds";

describe.each(TEST_ENGINES)("refunds (%s)", (engine) => {
  const { database, standin, provider, shop, mailer, publicUrl, q } = useShopWithPayments(engine);
  const deps = (payments: PaymentProvider = provider()) => ({ db: database().db, payments, mailer, publicUrl });
  const admin = { userId: `admin-refunds-${engine}`, email: `admin-refunds-${engine}@example.ng`, role: "admin" as const };
  let buyers = 0;
  let keys = 0;

  beforeAll(() => insertPerson(database().db, admin.userId, "admin"));

  /** A buyer who paid for one iPhone (₦300,000): the payment, its order and the reference. */
  async function paidOrder() {
    const [iphone] = shop().phones;
    await q("update products set stock_quantity = 3, is_live = true where id = $1", [iphone]);
    const buyer = await buyerWithCart(database().db, `refund-buyer-${engine}-${++buyers}`, []);
    const placed = await placeOrder(deps(), buyer, { items: [{ productId: iphone, quantity: 1 }], shipping: SHIPPING });
    await payOnHostedPage(placed.authorizationUrl, "approved");
    await confirmPayment(deps(), buyer.userId, placed.reference);
    const [row] = await q<{ payment_id: string; order_id: string }>(
      "select p.id as payment_id, o.id as order_id from payments p join orders o on o.payment_id = p.id where p.payment_reference = $1",
      [placed.reference],
    );
    return { buyer, reference: placed.reference, paymentId: row!.payment_id, orderId: row!.order_id };
  }
  const input = (paid: { paymentId: string }, amount: number, extra: Partial<RefundInput> = {}): RefundInput => ({
    paymentId: paid.paymentId, amount, reason: "Screen scratch not in the listing", idempotencyKey: `key-${engine}-${++keys}`, ...extra,
  });
  const paymentStatus = async (paymentId: string) => (await q<{ status: string }>("select status from payments where id = $1", [paymentId]))[0]!.status;
  const refundsAtProvider = (reference: string) => standin().store.byReference(reference)!.refunds.map((r) => r.amount);
  const processed = (refund: { providerRefundId: number | null; amount: number }, reference: string) =>
    applyRefundOutcome(deps(), { providerRefundId: refund.providerRefundId!, transactionReference: reference, amount: refund.amount, status: "processed" });

  it("returns part of a payment through the provider, then marks it processed, partially refunded, and tells the buyer once", async () => {
    const paid = await paidOrder();
    const refund = await refundPayment(deps(), admin, input(paid, 50_000_00));
    expect(refund).toMatchObject({ amount: 50_000_00, status: "pending", isTest: true });
    expect(refund.providerRefundId).toEqual(expect.any(Number));
    expect(refundsAtProvider(paid.reference)).toEqual([50_000_00]);

    await processed(refund, paid.reference);
    await processed(refund, paid.reference);
    expect(await paymentStatus(paid.paymentId)).toBe("partially_refunded");
    // The notice names the order (a refund of the payment as a whole names each of its orders) and the way the buyer paid.
    expect(await q("select message from notifications where user_id = $1 and title = $2", [paid.buyer.userId, REFUND_TEXTS.notifiedTitle])).toEqual([
      { message: `₦50,000 for order #${orderNumberOf(paid.orderId)} is on its way back to the card you paid with. Banks can take up to 10 working days to show it.` },
    ]);
    const mail = mailer.sent.filter((m) => m.to === paid.buyer.email && m.subject.includes("Refund of ₦50,000"));
    expect(mail.map((m) => m.subject)).toEqual([`[Test] Refund of ₦50,000 for order #${orderNumberOf(paid.orderId)}`]);
    expect(mail[0]!.text).toContain("It goes back to the card you paid with.");
    expect(await refundableAmount(database().db, paid.paymentId)).toBe(250_000_00);

    // The charge.success webhook replayed, or the buyer back on /payment-success: paid once, still partly refunded.
    const transaction = { ...(await provider().verify(paid.reference))!, status: "success" };
    expect(await fulfilPayment(deps(), paid.reference, transaction)).toMatchObject({ outcome: "already_fulfilled" });
    expect(await confirmPayment(deps(), paid.buyer.userId, paid.reference)).toMatchObject({ status: "successful", justConfirmed: false });
    expect(await paymentStatus(paid.paymentId)).toBe("partially_refunded");
  });

  it("refuses more than is left, naming what is left, and writes nothing", async () => {
    const paid = await paidOrder();
    await refundPayment(deps(), admin, input(paid, 100_000_00));
    await expect(refundPayment(deps(), admin, input(paid, 200_000_01))).rejects.toMatchObject({ status: 400, message: REFUND_TEXTS.tooMuch(200_000_00) });
    expect(await q("select amount from refunds where payment_id = $1", [paid.paymentId])).toHaveLength(1);
    expect(refundsAtProvider(paid.reference)).toEqual([100_000_00]);
  });

  it("returns the money once for one request sent twice at once, and once for two admins refunding everything together", async () => {
    const paid = await paidOrder();
    const same = input(paid, 10_000_00);
    const twice = await Promise.all([refundPayment(deps(), admin, same), refundPayment(deps(), admin, same)]);
    expect(twice[0].id).toBe(twice[1].id);
    await q("update orders set status = 'delivered' where id = $1", [paid.orderId]);
    const both = await Promise.allSettled([refundPayment(deps(), admin, input(paid, 290_000_00)), refundPayment(deps(), admin, input(paid, 290_000_00))]);
    expect(both.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(refundsAtProvider(paid.reference)).toEqual([10_000_00, 290_000_00]);
  });

  it("will not return everything while the phone may still be shipped; once delivered, a full refund refunds the order", async () => {
    const paid = await paidOrder();
    await expect(refundPayment(deps(), admin, input(paid, 300_000_00, { orderId: paid.orderId }))).rejects.toMatchObject({ status: 409, message: REFUND_TEXTS.cancelFirst });
    await q("update orders set status = 'delivered' where id = $1", [paid.orderId]);
    const refund = await refundPayment(deps(), admin, input(paid, 300_000_00, { orderId: paid.orderId }));
    await processed(refund, paid.reference);
    expect(await paymentStatus(paid.paymentId)).toBe("refunded");
    expect(await q("select status from orders where id = $1", [paid.orderId])).toEqual([{ status: "refunded" }]);
    expect(await q("select status, actor_role from order_status_history where order_id = $1 and status = 'refunded'", [paid.orderId])).toEqual([
      { status: "refunded", actor_role: "admin" },
    ]);
    await expect(refundPayment(deps(), admin, input(paid, 1))).rejects.toMatchObject({ status: 409, message: REFUND_TEXTS.nothingLeft });
  });

  it("a failed refund frees its amount; a provider's refusal fails it with the provider's words; an unreachable provider leaves it pending", async () => {
    const paid = await paidOrder();
    const first = await refundPayment(deps(), admin, input(paid, 100_000_00));
    await applyRefundOutcome(deps(), { providerRefundId: first.providerRefundId!, transactionReference: paid.reference, amount: first.amount, status: "failed", failureReason: "Bank declined" });
    expect(await refundableAmount(database().db, paid.paymentId)).toBe(300_000_00);
    expect(await paymentStatus(paid.paymentId)).toBe("successful");

    const refusing: PaymentProvider = { ...provider(), refund: () => Promise.reject(new PaymentProviderError("Transaction has been fully reversed", 400)) };
    expect(await issueRefund(deps(refusing), admin.userId, input(paid, 5_000_00))).toMatchObject({ status: "failed", failureReason: "Transaction has been fully reversed" });
    const unreachable: PaymentProvider = { ...provider(), refund: () => Promise.reject(new PaymentProviderError("Paystack could not be reached", null)) };
    expect(await issueRefund(deps(unreachable), admin.userId, input(paid, 5_000_00))).toMatchObject({ status: "pending", providerRefundId: null });
    expect(await refundableAmount(database().db, paid.paymentId)).toBe(295_000_00);
  });

  it("refuses buyers and vendors, and unpaid payments", async () => {
    const paid = await paidOrder();
    for (const role of ["customer", "vendor"] as const) {
      await expect(refundPayment(deps(), { ...admin, role }, input(paid, 1_00))).rejects.toMatchObject({ status: 403, message: ACCESS_TEXTS.forbidden });
    }
    await q("update payments set status = 'failed' where id = $1", [paid.paymentId]);
    await expect(refundPayment(deps(), admin, input(paid, 1_00))).rejects.toMatchObject({ status: 409, message: REFUND_TEXTS.notPaid });
    expect(await q("select id from refunds where payment_id = $1", [paid.paymentId])).toEqual([]);
  });

  it("looks up refunds left pending: settles what the provider processed, adopts one that reached it, asks again only for one that did not", async () => {
    const paid = await paidOrder();
    await q("update orders set status = 'delivered' where id = $1", [paid.orderId]);
    const unreachable: PaymentProvider = { ...provider(), refund: () => Promise.reject(new PaymentProviderError("Paystack did not answer within 10 seconds", null)) };
    const named = await refundPayment(deps(), admin, input(paid, 1_000_00));
    const lost = await issueRefund(deps(unreachable), admin.userId, input(paid, 2_000_00));
    const reached = await issueRefund(deps(unreachable), admin.userId, input(paid, 3_000_00));
    await q("update refunds set updated_at = now() - interval '5 minutes' where payment_id = $1", [paid.paymentId]);

    const asked: number[] = [];
    const later: PaymentProvider = {
      ...provider(),
      fetchRefund: async (id) => ({ id, amount: named.amount, status: id === named.providerRefundId ? "processed" : "pending" }),
      listRefunds: async () => [{ id: named.providerRefundId!, amount: 1_000_00, status: "processed" }, { id: 987_654, amount: 3_000_00, status: "processed" }],
      refund: async (request) => {
        asked.push(request.amount!);
        return provider().refund(request);
      },
    };
    const report = await reconcileRefunds(deps(later), new Date());
    expect(report).toMatchObject({ checked: 3, resubmitted: 1 });
    expect(asked).toEqual([2_000_00]);
    const rows = await q<{ id: string; status: string; provider_refund_id: string | null }>("select id, status, provider_refund_id from refunds where payment_id = $1", [paid.paymentId]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(named.id)!.status).toBe("processed");
    expect(byId.get(reached.id)!.status).toBe("processed");
    expect(Number(byId.get(reached.id)!.provider_refund_id)).toBe(987_654);
    expect(byId.get(lost.id)!.provider_refund_id).not.toBeNull();

    await q("update refunds set updated_at = now() - interval '5 minutes' where payment_id = $1", [paid.paymentId]);
    await reconcileRefunds(deps(later), new Date());
    expect(asked).toEqual([2_000_00]);
  });
  it("a refund reconciliation finds failed at Paystack is never silent: flagged with Paystack's words, admins and buyer told, its claim back with the admins", async () => {
    const paid = await paidOrder();
    await q("update orders set status = 'delivered' where id = $1", [paid.orderId]);
    const [claim] = await q<{ id: string }>(
      `insert into warranty_claims (order_id, customer_id, vendor_id, reason, description, status, answer_due_at, admin_decision)
       select id, customer_id, vendor_id, 'screen_defect', 'Lines across the screen since day two.', 'resolved', now(), 'full_refund' from orders where id = $1 returning id`,
      [paid.orderId],
    );
    const refund = await issueRefund(deps(), admin.userId, input(paid, 300_000_00, { orderId: paid.orderId, claimId: claim!.id }));
    await q("update refunds set updated_at = now() - interval '5 minutes' where payment_id = $1", [paid.paymentId]);
    const later: PaymentProvider = { ...provider(), fetchRefund: async (id) => ({ id, amount: refund.amount, status: "failed", reason: "The bank returned the reversal" }) };

    expect(await reconcileRefunds(deps(later), new Date())).toMatchObject({ settled: 1 });
    const number = paid.orderId.slice(-8);
    expect(await q("select status::text status, failure_reason from refunds where id = $1", [refund.id])).toEqual([{ status: "failed", failure_reason: "The bank returned the reversal" }]);
    expect(await q("select flagged_for_refund, refund_reason from payments where id = $1", [paid.paymentId])).toEqual([
      { flagged_for_refund: true, refund_reason: "The refund of ₦300,000 failed at Paystack: The bank returned the reversal" },
    ]);
    expect(await q("select id from notifications where user_id = $1 and title = 'Refund failed' and message like $2", [admin.userId, `%#${number}%`])).toHaveLength(1);
    expect(await q("select message from notifications where user_id = $1 and title = 'Refund not completed'", [paid.buyer.userId])).toEqual([
      { message: `Your refund of ₦300,000 for order #${number} could not be completed. We are on it and will write to you when the money is on its way.` },
    ]);
    expect(mailer.sent.filter((m) => m.to === admin.email && m.subject === `[Test] Refund of ₦300,000 failed (payment ${paid.reference})`)).toHaveLength(1);
    expect(mailer.sent.filter((m) => m.to === paid.buyer.email && m.subject === `[Test] Your refund of ₦300,000 for order #${number} could not be completed`)).toHaveLength(1);
    expect(await q("select status::text status from warranty_claims where id = $1", [claim!.id])).toEqual([{ status: "escalated" }]);

    // Looked up again, or the webhook arriving late: nothing more is said.
    await reconcileRefunds(deps(later), new Date(Date.now() + 10 * 60_000));
    expect(await q("select id from notifications where user_id = $1 and title = 'Refund not completed'", [paid.buyer.userId])).toHaveLength(1);
  });

  it("a refund reconciliation sends again and Paystack refuses is announced the same way", async () => {
    const paid = await paidOrder();
    await q("update orders set status = 'delivered' where id = $1", [paid.orderId]);
    const unreachable: PaymentProvider = { ...provider(), refund: () => Promise.reject(new PaymentProviderError("Paystack could not be reached", null)) };
    const lost = await issueRefund(deps(unreachable), admin.userId, input(paid, 1_000_00, { orderId: paid.orderId }));
    await q("update refunds set updated_at = now() - interval '5 minutes' where payment_id = $1", [paid.paymentId]);
    const refusing: PaymentProvider = { ...provider(), refund: () => Promise.reject(new PaymentProviderError("Transaction has been fully reversed", 400)) };
    await reconcileRefunds(deps(refusing), new Date());
    expect(await q("select status::text status, failure_reason from refunds where id = $1", [lost.id])).toEqual([{ status: "failed", failure_reason: "Transaction has been fully reversed" }]);
    expect(await q("select flagged_for_refund from payments where id = $1", [paid.paymentId])).toEqual([{ flagged_for_refund: true }]);
    expect(await q("select id from notifications where user_id = $1 and title = 'Refund not completed'", [paid.buyer.userId])).toHaveLength(1);
  });
});
