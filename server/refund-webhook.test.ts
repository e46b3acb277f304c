import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client";
import { placeOrder } from "../domain/flows/place-order";
import { confirmPayment } from "../domain/flows/confirm-payment";
import { REFUND_TEXTS, issueRefund } from "../domain/payments/refunds";
import { signWebhook } from "../domain/payments/webhook-signature";
import { type TestApp, startTestApp } from "../tests/support/app";
import { TEST_ENGINES, createDatabaseFor } from "../tests/support/database";
import { insertPerson } from "../tests/support/rows";
import { SHIPPING, buyerWithCart, openShop } from "../tests/support/shop";
import { paymentsSecretKey } from "./config";
import { DISPUTE_TEXTS } from "../domain/payments/dispute-texts";
import { listPaymentsForAdmin } from "../domain/admin/listings";
import { REFUND_ACCOUNT_TEXTS } from "../domain/payments/refund-account-texts";
import { sendRefundToAccount } from "../domain/flows/refund-to-account";
import { lookUpPendingRefunds } from "../domain/payments/refund-reconciliation";
import { listCustomerOrders } from "../domain/orders/customer";
import { formatLagosDateTime } from "../lib/lagos-time";
import { TEST_ACCOUNTS, TEST_CARDS } from "../paystack-standin";

/**
 * refund.processed and refund.failed, and charge.dispute.*, over HTTP, from the app's own stand-in
 * and as Paystack's guide writes them.
 */
describe.each(TEST_ENGINES)("refund and dispute webhooks (%s)", (engine) => {
  let database: DatabaseHandle;
  let app: TestApp;
  let phone: string;
  let buyers = 0;
  const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => database.query<T>(text, params);
  const deps = () => ({ db: database.db, payments: app.services.payments, mailer: app.services.mailer, publicUrl: app.config.publicUrl });
  const send = (body: string, signature = signWebhook(body, paymentsSecretKey(app.config))) =>
    fetch(`${app.base}/api/webhooks/paystack`, { method: "POST", headers: { "Content-Type": "application/json", "x-paystack-signature": signature }, body });

  beforeAll(async () => {
    database = await createDatabaseFor(engine);
    app = await startTestApp(database);
    phone = (await openShop(database.db, `webhook-${engine}`)).phones[1];
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** A buyer who paid ₦150,000 through the app's stand-in, with the order delivered (so any refund is allowed). */
  async function paid(card: string | "bank_transfer" = "4084084084084081") {
    await q("update products set stock_quantity = 3 where id = $1", [phone]);
    const buyer = await buyerWithCart(database.db, `webhook-buyer-${engine}-${++buyers}`, []);
    const placed = await placeOrder(deps(), buyer, { items: [{ productId: phone, quantity: 1 }], shipping: SHIPPING });
    const fields: Record<string, string> = card === "bank_transfer" ? { action: "transfer_sent" } : { action: "pay", card_number: card, expiry: "12/40", cvv: "408" };
    const page = await fetch(`${app.base}${new URL(placed.authorizationUrl).pathname}`, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });
    expect(page.status).toBe(303);
    await confirmPayment(deps(), buyer.userId, placed.reference);
    const [row] = await q<{ id: string; order_id: string }>("select p.id, o.id order_id from payments p join orders o on o.payment_id = p.id where p.payment_reference = $1", [placed.reference]);
    await q("update orders set status = 'delivered' where payment_id = $1", [row!.id]);
    return { buyer, reference: placed.reference, paymentId: row!.id, orderId: row!.order_id };
  }
  const refundRows = (paymentId: string) =>
    q<{ status: string; failure_reason: string | null }>("select status::text status, failure_reason from refunds where payment_id = $1 order by created_at", [paymentId]);
  const paymentStatus = async (paymentId: string) => (await q<{ status: string }>("select status::text status from payments where id = $1", [paymentId]))[0]!.status;
  const told = (userId: string) => q("select id from notifications where user_id = $1 and title = $2", [userId, REFUND_TEXTS.notifiedTitle]);

  it("the stand-in's signed refund.processed settles the refund; a replay changes nothing", async () => {
    const payment = await paid();
    const refund = await issueRefund(deps(), null, { paymentId: payment.paymentId, amount: 40_000_00, reason: "Scratch", idempotencyKey: `webhook-${engine}-${buyers}` });
    expect(refund.status).toBe("pending");
    await app.services.paystackStandin!.idle();
    expect(await refundRows(payment.paymentId)).toEqual([{ status: "processed", failure_reason: null }]);
    expect(await paymentStatus(payment.paymentId)).toBe("partially_refunded");
    expect(await told(payment.buyer.userId)).toHaveLength(1);

    const body = JSON.stringify({
      event: "refund.processed",
      data: { id: refund.providerRefundId, status: "processed", transaction_reference: payment.reference, amount: "4000000", currency: "NGN" },
    });
    for (let i = 0; i < 3; i++) expect((await send(body)).status).toBe(200);
    expect(await refundRows(payment.paymentId)).toEqual([{ status: "processed", failure_reason: null }]);
    expect(await told(payment.buyer.userId)).toHaveLength(1);
  });

  it("refund.failed from the refund-failing test card frees the amount, flags the payment with Paystack's words, tells the admins and the buyer, and sends the claim it resolved back to the admins", async () => {
    const payment = await paid("5399838383838381");
    const admin = await insertPerson(database.db, `webhook-admin-${engine}-${buyers}`, "admin");
    const claimId = await resolvedClaimOf(payment.paymentId);
    await issueRefund(deps(), admin.userId, { paymentId: payment.paymentId, orderId: payment.orderId, claimId, amount: 150_000_00, reason: "Faulty", idempotencyKey: `webhook-fail-${engine}-${buyers}` });
    await app.services.paystackStandin!.idle();
    expect(await refundRows(payment.paymentId)).toEqual([{ status: "failed", failure_reason: "The card issuer could not take the refund back" }]);
    expect(await paymentStatus(payment.paymentId)).toBe("successful");
    expect(await told(payment.buyer.userId)).toHaveLength(0);
    await expectFailureAnnounced({ ...payment, admin, claimId, reason: "The card issuer could not take the refund back" });
  });

  /** A claim on the payment's order that an admin resolved with a refund. */
  async function resolvedClaimOf(paymentId: string): Promise<string> {
    const [claim] = await q<{ id: string }>(
      `insert into warranty_claims (order_id, customer_id, vendor_id, reason, description, status, answer_due_at, admin_decision)
       select id, customer_id, vendor_id, 'battery_performance', 'The battery drains within two hours.', 'resolved', now(), 'full_refund' from orders where payment_id = $1 returning id`,
      [paymentId],
    );
    return claim!.id;
  }

  async function expectFailureAnnounced(at: { paymentId: string; orderId: string; reference: string; buyer: { userId: string; email: string }; admin: { userId: string; email: string }; claimId: string; reason: string }) {
    const number = at.orderId.slice(-8);
    expect(await q("select flagged_for_refund, refund_reason from payments where id = $1", [at.paymentId])).toEqual([
      { flagged_for_refund: true, refund_reason: `The refund of ₦150,000 failed at Paystack: ${at.reason}` },
    ]);
    expect(await q("select message from notifications where user_id = $1 and title = 'Refund failed'", [at.admin.userId])).toEqual([
      { message: `The refund of ₦150,000 for order #${number} failed at Paystack: ${at.reason}. The payment is flagged for refund.` },
    ]);
    expect(await q("select message from notifications where user_id = $1 and title = 'Refund not completed'", [at.buyer.userId])).toEqual([
      { message: `Your refund of ₦150,000 for order #${number} could not be completed. We are on it and will write to you when the money is on its way.` },
    ]);
    expect(await q("select to_address from email_outbox where subject = $1", [`[Test] Refund of ₦150,000 failed (payment ${at.reference})`])).toEqual([{ to_address: at.admin.email }]);
    expect(await q("select to_address from email_outbox where subject = $1", [`[Test] Your refund of ₦150,000 for order #${number} could not be completed`])).toEqual([{ to_address: at.buyer.email }]);
    expect(await q("select status::text status from warranty_claims where id = $1", [at.claimId])).toEqual([{ status: "escalated" }]);
    expect(await q("select kind, actor_role from warranty_claim_events where claim_id = $1", [at.claimId])).toEqual([{ kind: "refund_failed", actor_role: "system" }]);
  }

  it("an event without Paystack's refund id is matched by transaction and amount", async () => {
    const payment = await paid();
    const refund = await issueRefund(deps(), null, { paymentId: payment.paymentId, amount: 10_000_00, reason: "Late", idempotencyKey: `webhook-noid-${engine}-${buyers}` });
    const body = JSON.stringify({ event: "refund.processed", data: { status: "processed", transaction_reference: payment.reference, refund_reference: "TRF_x", amount: 10_000_00, currency: "NGN" } });
    expect((await send(body)).status).toBe(200);
    expect(await refundRows(payment.paymentId)).toEqual([{ status: "processed", failure_reason: null }]);
    expect(refund.providerRefundId).toEqual(expect.any(Number));
    await app.services.paystackStandin!.idle();
    expect(await told(payment.buyer.userId)).toHaveLength(1);
  });

  /** The vendor's ledger entries of the payment's order, oldest first. */
  const ledgerOf = (orderId: string) =>
    q<{ kind: string; bucket: string; amount: string }>("select kind, bucket, amount::text amount from vendor_ledger_entries where order_id = $1 order by id", [orderId]);
  const noticesTo = (userId: string, title: string) => q<{ message: string }>("select message from notifications where user_id = $1 and title = $2 order by created_at", [userId, title]);

  it("a dispute the shop loses holds the vendor's share from the first event and keeps it; each event is kept once and the admins read the due date", async () => {
    const admin = await insertPerson(database.db, `dispute-admin-${engine}-${buyers}`, "admin");
    const payment = await paid(TEST_CARDS.disputeLost);
    await app.services.paystackStandin!.idle();
    const [dispute] = await q<{ id: string; status: string; resolution: string; amount: string; due_at: Date }>(
      "select id, status, resolution, amount::text amount, due_at from payment_disputes where payment_id = $1",
      [payment.paymentId],
    );
    expect(dispute).toMatchObject({ status: "resolved", resolution: "merchant-accepted" });
    expect(await q("select event from payment_dispute_events where dispute_id = $1 order by id", [dispute!.id])).toEqual([
      { event: "charge.dispute.create" }, { event: "charge.dispute.remind" }, { event: "charge.dispute.resolve" },
    ]);
    const [sale, hold, ...rest] = await ledgerOf(payment.orderId);
    expect(sale).toMatchObject({ kind: "sale", bucket: "pending" });
    expect(hold).toEqual({ kind: "dispute", bucket: "pending", amount: String(-Number(sale!.amount)) });
    expect(rest).toEqual([]);
    const number = payment.orderId.slice(-8);
    expect(await noticesTo(admin.userId, DISPUTE_TEXTS.openedTitle)).toEqual([
      { message: DISPUTE_TEXTS.adminOpened(payment.reference, `order #${number}`, Number(dispute!.amount), formatLagosDateTime(dispute!.due_at)) },
    ]);
    expect(await noticesTo(admin.userId, DISPUTE_TEXTS.lostTitle)).toHaveLength(1);
    const vendorUser = (await q<{ user_id: string }>("select v.user_id from vendors v join orders o on o.vendor_id = v.id where o.id = $1", [payment.orderId]))[0]!.user_id;
    expect(await noticesTo(vendorUser, DISPUTE_TEXTS.lostTitle)).toEqual([{ message: DISPUTE_TEXTS.vendorLost(number, Number(sale!.amount)) }]);

    const listed = await listPaymentsForAdmin(database.db, { userId: admin.userId, email: admin.email, role: "admin" }, {});
    expect(listed.items.find((row) => row.id === payment.paymentId)?.disputes).toEqual([
      { id: dispute!.id, state: "lost", summary: DISPUTE_TEXTS.lost(Number(dispute!.amount)) },
    ]);

    // Paystack delivering the resolution again changes nothing.
    const [resolve] = await q<{ provider_dispute_id: string; provider_updated_at: string }>(
      `select d.provider_dispute_id::text provider_dispute_id, e.provider_updated_at from payment_disputes d
       join payment_dispute_events e on e.dispute_id = d.id and e.event = 'charge.dispute.resolve' where d.id = $1`,
      [dispute!.id],
    );
    const resolution = (reference: string) => JSON.stringify({
      event: "charge.dispute.resolve",
      data: { id: Number(resolve!.provider_dispute_id), status: "resolved", resolution: "merchant-accepted", transaction: { reference }, updatedAt: resolve!.provider_updated_at },
    });
    expect((await send(resolution(payment.reference))).status).toBe(200);
    expect(await ledgerOf(payment.orderId)).toHaveLength(2);
    expect(await noticesTo(admin.userId, DISPUTE_TEXTS.lostTitle)).toHaveLength(1);
    // A dispute of a payment the shop does not know is acknowledged and changes nothing; one without a dispute is refused.
    expect((await send(resolution("ref_nobody_knows"))).status).toBe(200);
    expect((await send(JSON.stringify({ event: "charge.dispute.create", data: { status: "open" } }))).status).toBe(400);
  });

  it("a dispute the shop wins gives the vendor's share back", async () => {
    const payment = await paid(TEST_CARDS.disputeWon);
    await app.services.paystackStandin!.idle();
    const entries = await ledgerOf(payment.orderId);
    expect(entries.map((entry) => entry.kind)).toEqual(["sale", "dispute", "dispute_won"]);
    expect(Number(entries[1]!.amount) + Number(entries[2]!.amount)).toBe(0);
    expect(await q("select resolution from payment_disputes where payment_id = $1", [payment.paymentId])).toEqual([{ resolution: "declined" }]);
  });

  it("a refund of a bank transfer waits for the buyer's bank account, told once, and goes there once the buyer gives one that resolves", async () => {
    const payment = await paid("bank_transfer");
    const refund = await issueRefund(deps(), null, { paymentId: payment.paymentId, orderId: payment.orderId, amount: 150_000_00, reason: "Out of stock", idempotencyKey: `account-${engine}-${buyers}` });
    await app.services.paystackStandin!.idle();
    const [row] = await q<{ id: string; status: string; waiting: boolean }>("select id, status::text status, needs_account_at is not null waiting from refunds where payment_id = $1", [payment.paymentId]);
    expect(row).toMatchObject({ status: "pending", waiting: true });
    const number = payment.orderId.slice(-8);
    expect(await q("select message from notifications where user_id = $1 and title = $2", [payment.buyer.userId, REFUND_ACCOUNT_TEXTS.title])).toEqual([
      { message: REFUND_ACCOUNT_TEXTS.message(150_000_00, number) },
    ]);
    expect(await q("select to_address from email_outbox where subject = $1", [`[Test] ${REFUND_ACCOUNT_TEXTS.emailSubject(150_000_00, number)}`])).toEqual([{ to_address: payment.buyer.email }]);
    // Reconciliation finding the same status tells no one twice.
    await lookUpPendingRefunds(deps(), new Date(Date.now() + 10 * 60_000));
    expect(await q("select id from notifications where user_id = $1 and title = $2", [payment.buyer.userId, REFUND_ACCOUNT_TEXTS.title])).toHaveLength(1);

    const give = (who: { userId: string }, accountNumber: string) => sendRefundToAccount(deps(), who, { refundId: row!.id, bankCode: "058", accountNumber });
    await expect(give({ userId: "someone-else" }, TEST_ACCOUNTS.adebayo.number)).rejects.toMatchObject({ status: 404 });
    await expect(give(payment.buyer, "0000000001")).rejects.toMatchObject({ status: 400, message: REFUND_ACCOUNT_TEXTS.unresolved("Guaranty Trust Bank") });
    expect(await give(payment.buyer, TEST_ACCOUNTS.adebayo.number)).toEqual({ account: "Guaranty Trust Bank ****4567" });
    await expect(give(payment.buyer, TEST_ACCOUNTS.adebayo.number)).rejects.toMatchObject({ status: 409, message: REFUND_ACCOUNT_TEXTS.notWaiting });
    await app.services.paystackStandin!.idle();
    expect(await refundRows(payment.paymentId)).toEqual([{ status: "processed", failure_reason: null }]);
    const [order] = (await listCustomerOrders(database.db, payment.buyer.userId)).orders;
    expect(order!.refunds).toMatchObject([{ id: refund.id, status: "processed", needsAccount: false, account: "Guaranty Trust Bank ****4567" }]);
  });

  it("refuses a bad signature with 401 and a malformed refund event with 400, changing nothing", async () => {
    const payment = await paid();
    const refund = await issueRefund(deps(), null, { paymentId: payment.paymentId, amount: 5_000_00, reason: "Check", idempotencyKey: `webhook-bad-${engine}-${buyers}` });
    const body = JSON.stringify({ event: "refund.failed", data: { id: refund.providerRefundId, status: "failed", transaction_reference: payment.reference, amount: 5_000_00 } });
    expect((await send(body, signWebhook(body, "sk_test_someone_else"))).status).toBe(401);
    for (const data of [{}, { transaction_reference: payment.reference, amount: -1 }, { transaction_reference: payment.reference, amount: "ten" }]) {
      expect((await send(JSON.stringify({ event: "refund.failed", data }))).status).toBe(400);
    }
    // Only the stand-in's own, well-signed refund.processed counted.
    await app.services.paystackStandin!.idle();
    expect(await refundRows(payment.paymentId)).toEqual([{ status: "processed", failure_reason: null }]);
  });
});
