/**
 * Money given back through the provider's Refund API (docs/after-sale.md). A refund row is
 * written under a lock on its payment before the provider is asked, so the sum of a payment's
 * refunds that have not failed never exceeds what was paid, and the same request twice (same
 * idempotency key) finds the first refund instead of returning the money again.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { refunds } from "../../db/schema/after-sale";
import { orders } from "../../db/schema/orders";
import { payments } from "../../db/schema/payments";
import type { RefundStatus } from "../../lib/constants";
import { formatNaira } from "../../lib/money";
import { type Actor, assertMay } from "../core/access";
import { Refusal } from "../core/refusal";
import { publishLiveEvent } from "../live/events";
import type { Mailer } from "../mail/mailer";
import { type NewNotification, backOfficeTeam, notify, notifyMany } from "../notifications/service";
import { writeOrderStatus } from "../orders/status-writer";
import { type PaymentRefunds, disputedSql, moneyBackOnOrdersToShip, readPaymentRefunds, totalCameBack } from "../orders/money-back";
import { orderNumberOf } from "../orders/status";
import { debitRefund } from "../ledger/ledger";
import { type PaymentProvider, PaymentProviderError } from "./provider";
import { refundFailedAdminEmail, refundFailedBuyerEmail } from "./refund-failure-emails";
import { REFUND_FAILURE_TEXTS } from "./refund-failure-texts";
import { flagPaymentForRefund } from "./refund-flags";
import { REFUND_NOTICE, refundedEmail } from "./refund-emails";

export const REFUND_TEXTS = {
  paymentNotFound: "Payment not found",
  orderNotInPayment: "That order was not paid by this payment",
  notPaid: "Only a successful payment can be refunded",
  manualPayment: "This payment was received outside Paystack: return the money the same way, then note it on the order.",
  nothingLeft: "Everything paid has already been refunded",
  tooMuch: (left: number) => `You can refund at most ${formatNaira(left)}`,
  wholeKobo: "Enter the amount in naira and kobo, greater than zero",
  reasonRequired: "Give a reason for the refund",
  cancelFirst: "This order has not shipped yet: cancel it first, so its phone goes back on sale, and the refund follows.",
  notifiedTitle: REFUND_NOTICE.title,
  notifiedMessage: REFUND_NOTICE.message,
} as const;

export interface RefundInput {
  paymentId: string;
  /** The order the money is for; left out for a refund of the payment as a whole. */
  orderId?: string | null;
  claimId?: string | null;
  /** Kobo. */
  amount: number;
  reason: string;
  /** The same key twice means the same refund: a double click or a retried form refunds once. */
  idempotencyKey: string;
}

export interface RefundRecord {
  id: string;
  paymentId: string;
  orderId: string | null;
  claimId: string | null;
  amount: number;
  reason: string;
  status: RefundStatus;
  providerRefundId: number | null;
  failureReason: string | null;
  isTest: boolean;
  /** Given while an order of the payment could still ship, below that order's total. */
  goodwill: boolean;
  createdAt: string;
  processedAt: string | null;
}

export interface RefundDeps {
  db: Database;
  payments: PaymentProvider;
  mailer: Mailer;
  publicUrl: string;
}

/** What the provider said about a refund: its answer to POST /refund, a webhook, or a later look-up. */
export interface RefundOutcome {
  providerRefundId: number;
  transactionReference: string;
  /** Kobo. */
  amount: number;
  status: "processed" | "failed";
  failureReason?: string;
}

type RefundRow = typeof refunds.$inferSelect;

/** Admins refunding a payment, or one of its orders, from the Payments tab. */
export async function refundPayment(deps: RefundDeps, actor: Actor, input: RefundInput): Promise<RefundRecord> {
  assertMay(actor, "back_office");
  return issueRefund(deps, actor.userId, input);
}

/**
 * Refunds `input.amount` of a payment for a caller that already decided the refund is due (an
 * admin, a buyer's cancellation, a claim decision). Resolves with the refund as it stands once
 * the provider has answered: processed, pending (the provider will tell us), or failed.
 */
export async function issueRefund(deps: RefundDeps, requestedBy: string | null, input: RefundInput): Promise<RefundRecord> {
  const reserved = await deps.db.transaction((tx) => reserveRefundIn(tx, requestedBy, input));
  return (await submitReservedRefund(deps, reserved, { onRefusal: "answer" })).refund;
}

/**
 * Writes the pending refund inside the caller's transaction (a buyer's cancellation), so the
 * refund exists exactly when the change it pays for does; `submitReservedRefund` asks the
 * provider once that transaction has committed, and reconciliation sends any it never asked for.
 */
export async function reserveRefundIn(tx: Database, requestedBy: string | null, input: RefundInput): Promise<ReservedRefund> {
  checkInput(input);
  return reserveRefund(tx, requestedBy, input);
}

/**
 * Asks the provider for a refund written by `reserveRefundIn`. `onRefusal: "answer"` leaves a
 * refusal to the person asking, who reads it at once (an admin); "escalate" leaves the refund
 * pending and hands the refusal back as a `RefundFailure`, for the caller to fail it the way a
 * refund that ended failed is (flagged, admins told, the buyer told).
 */
export async function submitReservedRefund(deps: RefundDeps, reserved: ReservedRefund, options: { onRefusal: "answer" | "escalate" }): Promise<SubmittedRefund> {
  if (!reserved.fresh) return { refund: toRecord(reserved.row) };
  return submitRefund(deps, reserved.row, reserved.transactionReference, options.onRefusal);
}

export interface SubmittedRefund {
  refund: RefundRecord;
  /** The provider's refusal, when the caller asked to escalate it. */
  failure?: RefundFailure;
}

/** A pending refund the provider refused or failed, still to be failed by `failRefund` (domain/flows/refund-failed.ts). */
export interface RefundFailure {
  refundId: string;
  reason: string;
}

function checkInput(input: RefundInput): void {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new Refusal("invalid", REFUND_TEXTS.wholeKobo, { fieldErrors: { amount: REFUND_TEXTS.wholeKobo } });
  if (!input.reason.trim()) throw new Refusal("invalid", REFUND_TEXTS.reasonRequired, { fieldErrors: { reason: REFUND_TEXTS.reasonRequired } });
}

export interface ReservedRefund {
  row: RefundRow;
  fresh: boolean;
  transactionReference: string;
}

async function reserveRefund(tx: Database, requestedBy: string | null, input: RefundInput): Promise<ReservedRefund> {
  const [payment] = await tx
    .select({ id: payments.id, amount: payments.amount, deliveryFee: payments.deliveryFee, status: payments.status, gateway: payments.paymentGateway, reference: payments.paymentReference, isTest: payments.isTest })
    .from(payments)
    .where(eq(payments.id, input.paymentId))
    .for("update");
  if (!payment) throw new Refusal("not_found", REFUND_TEXTS.paymentNotFound);
  // Read after the lock: a request with the same key that got here first has committed its row.
  const [existing] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, input.idempotencyKey));
  if (existing) return { row: existing, fresh: false, transactionReference: payment.reference };
  if (payment.gateway !== "paystack") throw new Refusal("conflict", REFUND_TEXTS.manualPayment);
  if (payment.status !== "successful" && payment.status !== "partially_refunded") {
    throw new Refusal("conflict", payment.status === "refunded" ? REFUND_TEXTS.nothingLeft : REFUND_TEXTS.notPaid);
  }
  const left = await leftToRefund(tx, payment, input.orderId ?? null);
  if (left <= 0) throw new Refusal("conflict", REFUND_TEXTS.nothingLeft);
  if (input.amount > left) throw new Refusal("invalid", REFUND_TEXTS.tooMuch(left), { fieldErrors: { amount: REFUND_TEXTS.tooMuch(left) } });
  const goodwill = await checkOrdersStillToShip(tx, payment.id, input);
  const [row] = await tx
    .insert(refunds)
    .values({
      paymentId: payment.id,
      orderId: input.orderId ?? null,
      claimId: input.claimId ?? null,
      amount: input.amount,
      reason: input.reason.trim(),
      idempotencyKey: input.idempotencyKey,
      requestedBy,
      isTest: payment.isTest,
      goodwill,
    })
    .returning();
  return { row: row!, fresh: true, transactionReference: payment.reference };
}

/** Kobo committed to refunds that have not failed, for a payment or one of its orders. */
function committedSql(paymentId: string, orderId: string | null) {
  return sql<number>`(select coalesce(sum(r.amount), 0) from refunds r
    where r.payment_id = ${paymentId} and r.status <> 'failed' ${orderId ? sql`and r.order_id = ${orderId}` : sql``})`.mapWith(Number);
}

/**
 * What can still be refunded: of the payment, the amount paid less refunds that have not failed
 * and less what lost card disputes took back through the buyer's bank; of one of its orders, at
 * most that order's total plus the delivery fee, less its own refunds.
 */
async function leftToRefund(db: Database, payment: { id: string; amount: number; deliveryFee: number }, orderId: string | null): Promise<number> {
  const [paymentSide] = await db
    .select({ committed: committedSql(payment.id, null), disputed: disputedSql(payment.id) })
    .from(payments)
    .where(eq(payments.id, payment.id));
  const paymentLeft = payment.amount - paymentSide!.committed - paymentSide!.disputed;
  if (!orderId) return paymentLeft;
  const [order] = await db
    .select({ total: orders.totalAmount, committed: committedSql(payment.id, orderId) })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.paymentId, payment.id)));
  if (!order) throw new Refusal("invalid", REFUND_TEXTS.orderNotInPayment);
  return Math.min(paymentLeft, order.total + payment.deliveryFee - order.committed);
}

export async function refundableAmount(db: Database, paymentId: string, orderId?: string | null): Promise<number> {
  const [payment] = await db
    .select({ id: payments.id, amount: payments.amount, deliveryFee: payments.deliveryFee, status: payments.status, gateway: payments.paymentGateway })
    .from(payments)
    .where(eq(payments.id, paymentId));
  if (!payment) throw new Refusal("not_found", REFUND_TEXTS.paymentNotFound);
  if (payment.gateway !== "paystack" || (payment.status !== "successful" && payment.status !== "partially_refunded")) return 0;
  return Math.max(0, await leftToRefund(db, payment, orderId ?? null));
}

/**
 * No refund may bring back the whole total of an order the vendor may still ship (paid or
 * processing): such an order is cancelled first, which puts its phone back on sale, and the refund
 * follows. Below that total it is a goodwill gesture; returns whether it is one.
 */
async function checkOrdersStillToShip(tx: Database, paymentId: string, input: RefundInput): Promise<boolean> {
  const state = await readPaymentRefunds(tx, paymentId);
  const before = moneyBackOnOrdersToShip(state);
  if (before.size === 0) return false;
  const after = moneyBackOnOrdersToShip(withRefund(state, input));
  if (totalCameBack(after, state.orders)) throw new Refusal("conflict", REFUND_TEXTS.cancelFirst);
  return [...after].some(([orderId, back]) => back > (before.get(orderId) ?? 0));
}

function withRefund(state: PaymentRefunds, input: RefundInput): PaymentRefunds {
  if (!input.orderId) return { ...state, wholePayment: state.wholePayment + input.amount };
  return { ...state, orders: state.orders.map((order) => (order.id === input.orderId ? { ...order, refunded: order.refunded + input.amount } : order)) };
}

/**
 * Asks the provider for the refund. A refusal marks it failed with the provider's words; an
 * unreachable provider leaves it pending for reconciliation, which looks before it asks again.
 */
async function submitRefund(deps: RefundDeps, row: RefundRow, transactionReference: string, onRefusal: "answer" | "escalate"): Promise<SubmittedRefund> {
  let failure: RefundFailure | undefined;
  try {
    const answer = await deps.payments.refund({ transaction: transactionReference, amount: row.amount });
    await deps.db.update(refunds).set({ providerRefundId: answer.id, updatedAt: sql`now()` }).where(eq(refunds.id, row.id));
    if (answer.status === "processed") {
      await applyRefundOutcome(deps, { providerRefundId: answer.id, transactionReference, amount: answer.amount, status: "processed" });
    }
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    if (isRefusal(error) && onRefusal === "escalate") failure = { refundId: row.id, reason: error.message };
    else if (isRefusal(error)) await markFailed(deps.db, row.id, error.message);
  }
  return { refund: (await findRefund(deps.db, row.id))!, ...(failure && { failure }) };
}

/** The provider refused (4xx); an unreachable provider leaves the refund pending for reconciliation. */
export function isRefusal(error: PaymentProviderError): boolean {
  return error.httpStatus !== null && error.httpStatus >= 400 && error.httpStatus < 500;
}

async function markFailed(db: Database, refundId: string, reason: string): Promise<void> {
  await db
    .update(refunds)
    .set({ status: "failed", failureReason: reason, updatedAt: sql`now()` })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, "pending")));
}

/**
 * The provider's word on a refund (its answer, a refund.processed / refund.failed webhook, or
 * reconciliation). Only a pending refund moves, so a replayed event changes nothing. A processed
 * refund moves the payment to partially refunded or refunded, a shipped or delivered order whose
 * whole total came back to refunded, and tells the buyer. A failed one is handed back unchanged,
 * for `failRefund` (domain/flows/refund-failed.ts).
 */
export async function applyRefundOutcome(deps: Pick<RefundDeps, "db" | "mailer" | "publicUrl">, outcome: RefundOutcome): Promise<RefundFailure | undefined> {
  const { deliveries, failure } = await deps.db.transaction(async (tx) => {
    const row = await lockRefundFor(tx, outcome);
    if (!row || row.status !== "pending") return { deliveries: [] };
    if (outcome.status === "failed") return { deliveries: [], failure: { refundId: row.id, reason: outcome.failureReason ?? "The refund failed" } };
    await tx.update(refunds).set({ status: "processed", processedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(refunds.id, row.id));
    const refundedOrders = await followPayment(tx, row);
    await debitRefund(tx, row.id);
    const deliver = await tellBuyer(tx, deps, row, refundedOrders);
    return { deliveries: deliver ? [deliver] : [] };
  });
  for (const deliver of deliveries) deliver();
  return failure;
}

/** The refund a failure is about, once marked failed; see `failLockedRefund`. */
export type FailedRefund = Pick<RefundRow, "id" | "paymentId" | "orderId" | "claimId" | "amount" | "isTest" | "idempotencyKey">;

/**
 * A pending refund the provider refused or failed: the refund is failed with the provider's words
 * (freeing its amount) and the payment is flagged for refund with them. Undefined when the refund
 * is no longer pending (a replayed event).
 */
export async function failLockedRefund(tx: Database, { refundId, reason }: RefundFailure): Promise<FailedRefund | undefined> {
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for("update");
  if (!row || row.status !== "pending") return undefined;
  await markFailed(tx, row.id, reason);
  await flagPaymentForRefund(tx, row.paymentId, REFUND_FAILURE_TEXTS.flagReason(row.amount, reason));
  return row;
}

/**
 * A refund that ended failed is never silent: every admin is notified and e-mailed, and the buyer,
 * who was told the money is on its way, is told plainly that it could not be completed and that we
 * are on it. Returns the functions that send the e-mails after the commit.
 */
export async function tellRefundFailed(
  tx: Database,
  deps: Pick<RefundDeps, "mailer" | "publicUrl">,
  row: FailedRefund,
  reason: string,
  claimReopened: boolean,
): Promise<Array<() => void>> {
  const [buyer] = await tx
    .select({ customerId: payments.customerId, reference: payments.paymentReference, email: orders.customerEmail, name: orders.customerName, orderId: orders.id, status: orders.status })
    .from(payments)
    .innerJoin(orders, eq(orders.paymentId, payments.id))
    .where(and(eq(payments.id, row.paymentId), row.orderId ? eq(orders.id, row.orderId) : undefined))
    .limit(1);
  if (!buyer) return [];
  const orderNumbers = row.orderId ? [orderNumberOf(row.orderId)] : [];
  const facts = { amount: row.amount, reference: buyer.reference, orderNumbers, reason, isTest: row.isTest, claimReopened };
  const team = await backOfficeTeam(tx);
  await notifyMany(tx, [
    ...team.map((admin): NewNotification => ({ userId: admin.userId, type: "error", title: REFUND_FAILURE_TEXTS.adminTitle, message: REFUND_FAILURE_TEXTS.adminMessage(row.amount, orderNumbers, buyer.reference, reason) })),
    { userId: buyer.customerId, type: "warning", title: REFUND_FAILURE_TEXTS.buyerTitle, message: REFUND_FAILURE_TEXTS.buyerMessage(row.amount, orderNumbers, buyer.reference) },
  ]);
  if (row.orderId) await publishLiveEvent(tx, buyer.customerId, { kind: "order.updated", orderId: buyer.orderId, status: buyer.status });
  return [
    await deps.mailer.record(tx, refundFailedBuyerEmail(deps.publicUrl, buyer.email, buyer.name, facts)),
    ...(await Promise.all(team.map((admin) => deps.mailer.record(tx, refundFailedAdminEmail(deps.publicUrl, admin.email, facts))))),
  ];
}

/** The refund the outcome speaks of: by the provider's id, or a pending one of that transaction and amount not yet given an id. */
async function lockRefundFor(tx: Database, outcome: RefundOutcome): Promise<RefundRow | undefined> {
  const [byId] = await tx.select().from(refunds).where(eq(refunds.providerRefundId, outcome.providerRefundId)).for("update");
  if (byId) return byId;
  const [unnamed] = await tx
    .select({ refund: refunds })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(
      eq(payments.paymentReference, outcome.transactionReference),
      eq(refunds.amount, outcome.amount),
      eq(refunds.status, "pending"),
      sql`${refunds.providerRefundId} is null`,
    ))
    .orderBy(refunds.createdAt)
    .limit(1)
    .for("update", { of: refunds });
  if (!unnamed) return undefined;
  await tx.update(refunds).set({ providerRefundId: outcome.providerRefundId }).where(eq(refunds.id, unnamed.refund.id));
  return unnamed.refund;
}

/** Order statuses whose phone went or goes out: while one is left, a flag covers only the cancelled orders. */
export const DELIVERED_OR_GOING = sql.raw(`('paid', 'processing', 'shipped', 'delivered', 'refunded')`);

/** Per payment row: the kobo of its cancelled orders, and how many of its orders went or go out. */
export const flagColumns = {
  cancelledTotal: sql<number>`(select coalesce(sum(o.total_amount), 0) from orders o where o.payment_id = "payments"."id" and o.status = 'cancelled')`.mapWith(Number),
  deliveredOrGoing: sql<number>`(select count(*) from orders o where o.payment_id = "payments"."id" and o.status in ${DELIVERED_OR_GOING})`.mapWith(Number),
};

/** What a flag for refund is about: everything when no phone of the payment goes out (the delivery fee too), else its cancelled orders. */
export function flaggedBase(payment: { amount: number; cancelledTotal: number; deliveredOrGoing: number }): number {
  return payment.deliveredOrGoing === 0 ? payment.amount : payment.cancelledTotal;
}

/** The payment's status after a processed refund, and the orders whose whole total came back. */
async function followPayment(tx: Database, row: RefundRow): Promise<string[]> {
  const [payment] = await tx
    .select({ amount: payments.amount, processed: sql<number>`(select coalesce(sum(r.amount), 0) from refunds r where r.payment_id = ${row.paymentId} and r.status = 'processed')`.mapWith(Number), ...flagColumns })
    .from(payments)
    .where(eq(payments.id, row.paymentId))
    .for("update");
  const whole = payment!.processed >= payment!.amount;
  // The money a flag asked to give back has come back: the payment leaves the flagged panel.
  const flagSettled = whole || payment!.processed >= flaggedBase(payment!);
  await tx
    .update(payments)
    .set({ status: whole ? "refunded" : "partially_refunded", ...(flagSettled && { flaggedForRefund: false }), updatedAt: sql`now()` })
    .where(eq(payments.id, row.paymentId));
  // The order's own refunds, named with the table: in a single-table select Drizzle leaves `orders.id` unqualified, which the subquery would read as the refund's id.
  const candidates = await tx
    .select({ id: orders.id, status: orders.status, productId: orders.productId, vendorId: orders.vendorId, quantity: orders.quantity, totalAmount: orders.totalAmount, processed: sql<number>`(select coalesce(sum(r.amount), 0) from refunds r where r.order_id = "orders"."id" and r.status = 'processed')`.mapWith(Number) })
    .from(orders)
    .where(and(
      eq(orders.paymentId, row.paymentId),
      inArray(orders.status, ["shipped", "delivered"]),
      whole ? undefined : row.orderId ? eq(orders.id, row.orderId) : sql`false`,
    ))
    .for("update", { of: orders });
  const refundedOrders = candidates.filter((order) => whole || order.processed >= order.totalAmount);
  if (refundedOrders.length === 0) return [];
  const refunded = refundedOrders.map((order) => order.id);
  // The money came back: the phone no longer counts towards its units sold or its vendor's sales.
  await writeOrderStatus(tx, {
    orders: refundedOrders,
    to: "refunded",
    history: { note: `Refund of ${formatNaira(row.amount)}`, actorId: row.requestedBy, actorRole: row.requestedBy ? "admin" : "system" },
  });
  return refunded;
}

/** The buyer's notification, live event and e-mail; returns the function that sends the e-mail after the commit. */
async function tellBuyer(tx: Database, deps: Pick<RefundDeps, "mailer" | "publicUrl">, row: RefundRow, refundedOrders: readonly string[]) {
  // A refund of the payment as a whole names every order it paid for.
  const paid = await tx
    .select({ customerId: payments.customerId, reference: payments.paymentReference, channel: payments.paymentMethod, email: orders.customerEmail, name: orders.customerName, orderId: orders.id })
    .from(payments)
    .innerJoin(orders, eq(orders.paymentId, payments.id))
    .where(and(eq(payments.id, row.paymentId), row.orderId ? eq(orders.id, row.orderId) : undefined))
    .orderBy(orders.createdAt, orders.id);
  const payment = paid[0];
  if (!payment) return undefined;
  const numbers = paid.map((order) => orderNumberOf(order.orderId));
  await notify(tx, payment.customerId, "success", REFUND_TEXTS.notifiedTitle, REFUND_TEXTS.notifiedMessage(row.amount, numbers, payment.channel));
  const changed = await tx
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(inArray(orders.id, row.orderId ? [row.orderId, ...refundedOrders] : [...refundedOrders]));
  for (const order of changed) await publishLiveEvent(tx, payment.customerId, { kind: "order.updated", orderId: order.id, status: order.status });
  return deps.mailer.record(tx, refundedEmail(deps.publicUrl, { to: payment.email, name: payment.name, amount: row.amount, reference: payment.reference, orderNumbers: numbers, channel: payment.channel, isTest: row.isTest }));
}

export async function findRefund(db: Database, id: string): Promise<RefundRecord | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row && toRecord(row);
}

function toRecord(row: RefundRow): RefundRecord {
  return {
    id: row.id,
    paymentId: row.paymentId,
    orderId: row.orderId,
    claimId: row.claimId,
    amount: row.amount,
    reason: row.reason,
    status: row.status,
    providerRefundId: row.providerRefundId,
    failureReason: row.failureReason,
    isTest: row.isTest,
    goodwill: row.goodwill,
    createdAt: row.createdAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
  };
}

/** Every refund of the given payments, oldest first, in one query. */
export async function listRefundsOfPayments(db: Database, paymentIds: readonly string[]): Promise<Map<string, RefundRecord[]>> {
  const found = new Map<string, RefundRecord[]>(paymentIds.map((id) => [id, []]));
  if (paymentIds.length === 0) return found;
  const rows = await db.select().from(refunds).where(inArray(refunds.paymentId, [...paymentIds])).orderBy(refunds.createdAt);
  for (const row of rows) found.get(row.paymentId)?.push(toRecord(row));
  return found;
}
