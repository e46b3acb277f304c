/**
 * The vendors' ledger (docs/payouts.md): append-only entries, each adding a signed amount in kobo
 * to a vendor's pending or available bucket. A paid order credits its net (total less commission
 * at the rate it was placed at) as pending; once its warranty window has ended with no active
 * claim or return, the pending amount moves to available; a processed refund takes the vendor's share back.
 * Every posting is guarded by a unique index, so posting twice posts once.
 */
import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { refunds, warrantyClaims } from "../../db/schema/after-sale";
import { orders } from "../../db/schema/orders";
import { paymentDisputeEvents, paymentDisputes, payments } from "../../db/schema/payments";
import { vendorLedgerEntries } from "../../db/schema/payouts";
import { orderReturns } from "../../db/schema/returns";
import { sqlList } from "../../db/sql-list";
import { ACTIVE_CLAIM_STATUSES, ACTIVE_RETURN_STATUSES, DISPUTE_LOST_RESOLUTION as DISPUTE_LOST, type LedgerBucket } from "../../lib/constants";
import { commissionOf, mulDivKobo } from "../../lib/money";
import { warrantyEndsAt } from "../../lib/lagos-time";

/** Drizzle writes a selected column without its table, which a subquery would read as its own. */
const ORDER_ID = sql.raw(`"orders"."id"`);
const DISPUTE_ID = sql.raw(`"payment_disputes"."id"`);
const DISPUTE_RESOLUTION = sql.raw(`"payment_disputes"."resolution"`);

/** What the vendor receives of an order: its total less the marketplace's commission. */
export function vendorNet(order: { totalAmount: number; commissionRate: number }): number {
  return order.totalAmount - commissionOf(order.totalAmount, order.commissionRate);
}

/**
 * The vendor's part of `refundedGoods` kobo refunded on an order: the same share of the net as of
 * the total, all of it once the whole total came back.
 */
export function vendorShareOfRefund(order: { totalAmount: number; commissionRate: number }, refundedGoods: number): number {
  const goods = Math.min(Math.max(refundedGoods, 0), order.totalAmount);
  return mulDivKobo(vendorNet(order), goods, order.totalAmount);
}

/** Credits each newly paid order's net to its vendor as pending; inside the transaction that paid them. */
export async function creditSales(tx: Database, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  const paid = await tx
    .select({ id: orders.id, vendorId: orders.vendorId, totalAmount: orders.totalAmount, commissionRate: orders.commissionRate })
    .from(orders)
    .where(inArray(orders.id, [...orderIds]));
  const entries = paid
    .map((order) => ({ vendorId: order.vendorId, kind: "sale" as const, bucket: "pending" as const, amount: vendorNet(order), orderId: order.id }))
    .filter((entry) => entry.amount > 0);
  if (entries.length > 0) await tx.insert(vendorLedgerEntries).values(entries).onConflictDoNothing();
}

/**
 * Takes back the vendors' share of a processed refund, inside the transaction that processed it.
 * A refund of one order is that order's; a refund of a whole payment is shared among its orders
 * by their totals. Each order's debits add up to the vendor's share of everything refunded on it
 * (the delivery fee is never the vendor's), from the bucket the sale is in now: pending, or
 * available once released (which may go below zero; the next payout carries it).
 */
export async function debitRefund(tx: Database, refundId: string): Promise<void> {
  const [refund] = await tx.select({ paymentId: refunds.paymentId, paid: payments.amount }).from(refunds).innerJoin(payments, eq(payments.id, refunds.paymentId)).where(eq(refunds.id, refundId));
  if (!refund) return;
  const standing = (await disputesOfPayment(tx, refund.paymentId)).filter((dispute) => !dispute.won);
  const entries = (await creditedOrdersOf(tx, refund.paymentId)).flatMap((order) => {
    // Never below what the refunds and the disputes still standing leave the vendor, nor below zero:
    // a dispute may hold part of the net (holdForDispute), and a won one may already have kept back
    // what this refund owes (releaseDisputeHold).
    const floor = Math.max(0, vendorNet(order) - order.refundDue - standing.reduce((sum, dispute) => sum + disputeShareOf(order, dispute.amount, refund.paid), 0));
    const debit = Math.min(order.refundDue - order.refundDebited, vendorNet(order) - order.debited - floor);
    if (debit <= 0) return [];
    return [{ vendorId: order.vendorId, kind: "refund" as const, bucket: bucketOf(order), amount: -debit, orderId: order.id, refundId }];
  });
  if (entries.length > 0) await tx.insert(vendorLedgerEntries).values(entries).onConflictDoNothing();
}

/**
 * The orders of a payment whose sale was credited, under their row locks, oldest id first, each
 * with what refunds owe of it now (`refundDue`: the vendor's share of the goods refunded on it),
 * what refund entries took (`refundDebited`), what refunds and disputes took together
 * (`debited`), and whether its sale was released.
 */
async function creditedOrdersOf(tx: Database, paymentId: string) {
  const [payment] = await tx.select({ amount: payments.amount }).from(payments).where(eq(payments.id, paymentId));
  const processed = await tx
    .select({ id: refunds.id, orderId: refunds.orderId, amount: refunds.amount })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, "processed")));
  const paid = payment?.amount ?? 0;
  const wholePaymentBack = processed.reduce((sum, r) => sum + r.amount, 0) >= paid;
  const taken = (kinds: string) => sql<number>`(select coalesce(-sum(e.amount), 0) from ${vendorLedgerEntries} e where e.order_id = ${ORDER_ID} and e.kind in ${sql.raw(kinds)})`.mapWith(Number);
  const credited = await tx
    .select({
      id: orders.id,
      vendorId: orders.vendorId,
      totalAmount: orders.totalAmount,
      commissionRate: orders.commissionRate,
      refundDebited: taken("('refund')"),
      debited: taken("('refund', 'dispute', 'dispute_won')"),
      released: sql<boolean>`exists (select 1 from ${vendorLedgerEntries} e where e.order_id = ${ORDER_ID} and e.kind = 'release')`,
    })
    .from(orders)
    .where(and(eq(orders.paymentId, paymentId), sql`exists (select 1 from ${vendorLedgerEntries} e where e.order_id = ${orders.id} and e.kind = 'sale')`))
    .orderBy(asc(orders.id))
    .for("update", { of: orders });
  return credited.map((order) => {
    const refundedGoods = wholePaymentBack ? order.totalAmount : processed.reduce((sum, r) => sum + goodsPart(r, order, paid), 0);
    return { ...order, refundDue: vendorShareOfRefund(order, refundedGoods) };
  });
}

const bucketOf = (order: { released: boolean }): LedgerBucket => (order.released ? "available" : "pending");

/** How much of a refund is for this order's goods. */
function goodsPart(refund: { orderId: string | null; amount: number }, order: { id: string; totalAmount: number }, paymentAmount: number): number {
  if (refund.orderId) return refund.orderId === order.id ? refund.amount : 0;
  return mulDivKobo(refund.amount, order.totalAmount, paymentAmount);
}

/** The vendor's share of a disputed amount that falls on one order of the payment, as a refund of it would be. */
function disputeShareOf(order: { totalAmount: number; commissionRate: number }, amount: number, paymentAmount: number): number {
  return vendorShareOfRefund(order, mulDivKobo(Math.min(amount, paymentAmount), order.totalAmount, paymentAmount));
}

/** A payment's card disputes, each with whether the shop won it. */
function disputesOfPayment(tx: Database, paymentId: string) {
  return tx
    .select({
      id: paymentDisputes.id,
      amount: paymentDisputes.amount,
      won: sql<boolean>`exists (select 1 from ${paymentDisputeEvents} ev where ev.dispute_id = ${DISPUTE_ID} and ev.event = 'charge.dispute.resolve')
        and ${DISPUTE_RESOLUTION} is distinct from ${DISPUTE_LOST}`,
    })
    .from(paymentDisputes)
    .where(eq(paymentDisputes.paymentId, paymentId));
}

/** What one dispute holds back or gives back of one order. */
export interface DisputeEntry {
  vendorId: string;
  orderId: string;
  /** Kobo, positive. */
  amount: number;
}

/**
 * Holds back the vendors' share of a card dispute while the bank decides, inside the transaction
 * that recorded it. The disputed amount is shared among the payment's orders by their totals, and
 * each order's share is taken from the vendor's net as a refund's would be, never more than what
 * refunds and other disputes left of it; from the bucket the sale is in now. A lost dispute keeps
 * the hold; a won one gives it back (`releaseDisputeHold`). Posting twice posts once.
 */
export async function holdForDispute(tx: Database, dispute: { id: string; paymentId: string; amount: number }): Promise<DisputeEntry[]> {
  const [payment] = await tx.select({ amount: payments.amount }).from(payments).where(eq(payments.id, dispute.paymentId));
  if (!payment) return [];
  const paidOrders = await creditedOrdersOf(tx, dispute.paymentId);
  const entries = paidOrders.flatMap((order) => {
    const hold = Math.min(disputeShareOf(order, dispute.amount, payment.amount), vendorNet(order) - order.debited);
    if (hold <= 0) return [];
    return [{ vendorId: order.vendorId, kind: "dispute" as const, bucket: bucketOf(order), amount: -hold, orderId: order.id, disputeId: dispute.id }];
  });
  return postDisputeEntries(tx, entries);
}

/**
 * Gives back what a won dispute held, to the bucket each sale is in now; once. What the order
 * still owes keeps it back: what a refund of the order could not take while the hold stood, and
 * what another dispute of the payment still open or lost could not hold. A dispute won later gives
 * back, beyond its own hold, what an earlier won one kept back for it. So an order's balance comes
 * back to no more than its net less its refunds and the disputes still standing.
 */
export async function releaseDisputeHold(tx: Database, dispute: { id: string; paymentId: string }): Promise<DisputeEntry[]> {
  const [payment] = await tx.select({ amount: payments.amount }).from(payments).where(eq(payments.id, dispute.paymentId));
  if (!payment) return [];
  const others = (await disputesOfPayment(tx, dispute.paymentId)).filter((other) => other.id !== dispute.id);
  const holds = await disputeHoldsByDispute(tx, [dispute.id, ...others.map((other) => other.id)]);
  const holdOf = (disputeId: string, orderId: string) => holds.get(`${disputeId}:${orderId}`) ?? 0;
  const entries = (await creditedOrdersOf(tx, dispute.paymentId)).flatMap((order) => {
    const held = holdOf(dispute.id, order.id);
    const keptByWon = others.filter((other) => other.won).reduce((sum, other) => sum + holdOf(other.id, order.id), 0);
    if (held + keptByWon <= 0) return [];
    const standing = others.filter((other) => !other.won).reduce((sum, other) => sum + disputeShareOf(order, other.amount, payment.amount), 0);
    const owedTo = Math.max(0, vendorNet(order) - order.refundDue - standing);
    const giveBack = Math.min(owedTo - (vendorNet(order) - order.debited), held + keptByWon);
    if (giveBack <= 0) return [];
    return [{ vendorId: order.vendorId, kind: "dispute_won" as const, bucket: bucketOf(order), amount: giveBack, orderId: order.id, disputeId: dispute.id }];
  });
  return postDisputeEntries(tx, entries);
}

/** What each given dispute holds from each order now (held less given back), by `{disputeId}:{orderId}`. */
async function disputeHoldsByDispute(tx: Database, disputeIds: readonly string[]): Promise<Map<string, number>> {
  const rows = await tx
    .select({ disputeId: vendorLedgerEntries.disputeId, orderId: vendorLedgerEntries.orderId, held: sql<number>`-sum(${vendorLedgerEntries.amount})`.mapWith(Number) })
    .from(vendorLedgerEntries)
    .where(and(inArray(vendorLedgerEntries.disputeId, [...disputeIds]), inArray(vendorLedgerEntries.kind, ["dispute", "dispute_won"])))
    .groupBy(vendorLedgerEntries.disputeId, vendorLedgerEntries.orderId);
  return new Map(rows.map((row) => [`${row.disputeId}:${row.orderId}`, row.held]));
}

/** What the given disputes hold from each order now (held less given back), by order id. */
export async function disputeHoldsOf(tx: Database, disputeIds: readonly string[]): Promise<Map<string, number>> {
  if (disputeIds.length === 0) return new Map();
  const rows = await tx
    .select({ orderId: vendorLedgerEntries.orderId, held: sql<number>`-sum(${vendorLedgerEntries.amount})`.mapWith(Number) })
    .from(vendorLedgerEntries)
    .where(and(inArray(vendorLedgerEntries.disputeId, [...disputeIds]), inArray(vendorLedgerEntries.kind, ["dispute", "dispute_won"])))
    .groupBy(vendorLedgerEntries.orderId);
  return new Map(rows.flatMap((row) => (row.orderId ? [[row.orderId, row.held] as const] : [])));
}

async function postDisputeEntries(tx: Database, entries: Array<typeof vendorLedgerEntries.$inferInsert>): Promise<DisputeEntry[]> {
  if (entries.length === 0) return [];
  const posted = await tx
    .insert(vendorLedgerEntries)
    .values(entries)
    .onConflictDoNothing()
    .returning({ vendorId: vendorLedgerEntries.vendorId, orderId: vendorLedgerEntries.orderId, amount: vendorLedgerEntries.amount });
  return posted.map((entry) => ({ vendorId: entry.vendorId, orderId: entry.orderId!, amount: Math.abs(entry.amount) }));
}

/**
 * Moves to available what is still pending of each delivered order whose warranty window ended
 * before `now` with no active claim and no change-of-mind return in progress. One order per transaction, each under its row lock, so a
 * refund processed at the same moment debits the right bucket. Returns how many it released.
 */
export async function releaseEndedWarranties(db: Database, now: Date = new Date(), limit = 500): Promise<number> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(dueForRelease(now))
    .orderBy(asc(orders.deliveredAt))
    .limit(limit);
  let released = 0;
  for (const { id } of due) {
    if (await releaseOne(db, id, now)) released++;
  }
  return released;
}

function dueForRelease(now: Date) {
  return and(
    eq(orders.status, "delivered"),
    sql`${orders.deliveredAt} + make_interval(days => ${orders.warrantyDays}) <= ${now.toISOString()}::timestamptz`,
    sql`not exists (select 1 from ${warrantyClaims} c where c.order_id = ${orders.id} and c.status in ${sqlList(ACTIVE_CLAIM_STATUSES)})`,
    sql`not exists (select 1 from ${orderReturns} r where r.order_id = ${orders.id} and r.status in ${sqlList(ACTIVE_RETURN_STATUSES)})`,
    sql`not exists (select 1 from ${vendorLedgerEntries} e where e.order_id = ${orders.id} and e.kind = 'release')`,
    sql`(select coalesce(sum(e.amount), 0) from ${vendorLedgerEntries} e where e.order_id = ${orders.id} and e.bucket = 'pending') > 0`,
  );
}

async function releaseOne(db: Database, orderId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ vendorId: orders.vendorId })
      .from(orders)
      .where(and(eq(orders.id, orderId), dueForRelease(now)))
      .for("update");
    if (!order) return false;
    const [{ pending } = { pending: 0 }] = await tx
      .select({ pending: sql<number>`coalesce(sum(${vendorLedgerEntries.amount}), 0)`.mapWith(Number) })
      .from(vendorLedgerEntries)
      .where(and(eq(vendorLedgerEntries.orderId, orderId), eq(vendorLedgerEntries.bucket, "pending")));
    // Another release of this order committed while this one waited for the row: nothing is left to move.
    if (pending <= 0) return false;
    const move = { vendorId: order.vendorId, kind: "release" as const, orderId };
    await tx.insert(vendorLedgerEntries).values([
      { ...move, bucket: "pending" as const, amount: -pending },
      { ...move, bucket: "available" as const, amount: pending },
    ]);
    return true;
  });
}

/** The days after delivery the window lasts are the order's own; used by the screens to say when money becomes available. */
export function availableFrom(order: { deliveredAt: Date | null; warrantyDays: number }): Date | null {
  return warrantyEndsAt(order.deliveredAt, order.warrantyDays);
}

/**
 * Holds, until the transaction ends, the right to pay out of the vendor's available balance:
 * whoever reads the balance to pay it out takes this first, so two payouts never pay the same money.
 */
export async function lockVendorBalance(tx: Database, vendorId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('vendor_balance'), hashtext(${vendorId}))`);
}

/** The vendor's available balance as the transaction sees it now. */
export async function availableBalanceOf(tx: Database, vendorId: string): Promise<number> {
  const [{ available } = { available: 0 }] = await tx
    .select({ available: sql<number>`coalesce(sum(${vendorLedgerEntries.amount}), 0)`.mapWith(Number) })
    .from(vendorLedgerEntries)
    .where(and(eq(vendorLedgerEntries.vendorId, vendorId), eq(vendorLedgerEntries.bucket, "available")));
  return available;
}

export interface LedgerBalances {
  /** Kobo sold within the warranty window. */
  pending: number;
  /** Kobo that can be paid out (below zero when a refund came after a payout). */
  available: number;
}

/** The vendor's balances now, or as they stood just before `before` (a statement's opening balances). */
export async function balancesOf(db: Database, vendorId: string, before?: Date): Promise<LedgerBalances> {
  const rows = await db
    .select({ bucket: vendorLedgerEntries.bucket, total: sql<number>`sum(${vendorLedgerEntries.amount})`.mapWith(Number) })
    .from(vendorLedgerEntries)
    .where(and(eq(vendorLedgerEntries.vendorId, vendorId), before ? lt(vendorLedgerEntries.createdAt, before) : undefined))
    .groupBy(vendorLedgerEntries.bucket);
  const of = (bucket: LedgerBucket) => rows.find((row) => row.bucket === bucket)?.total ?? 0;
  return { pending: of("pending"), available: of("available") };
}

/** Posts whatever a paid order or processed refund should have posted and did not (orders paid before the ledger existed). */
export async function postMissingEntries(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const unpaid = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(
        sql`exists (select 1 from order_status_history h where h.order_id = ${orders.id} and h.status = 'paid')`,
        sql`not exists (select 1 from ${vendorLedgerEntries} e where e.order_id = ${orders.id} and e.kind = 'sale')`,
      ));
    await creditSales(tx, unpaid.map((o) => o.id));
    const undebited = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.status, "processed"), sql`not exists (select 1 from ${vendorLedgerEntries} e where e.refund_id = ${refunds.id})`))
      .orderBy(asc(refunds.processedAt), asc(refunds.id));
    for (const { id } of undebited) await debitRefund(tx, id);
  });
}

/** A payout takes what it pays from the vendor's available bucket. */
export async function debitPayout(tx: Database, entry: { vendorId: string; amount: number; payoutId: string }): Promise<void> {
  await tx.insert(vendorLedgerEntries).values({ vendorId: entry.vendorId, kind: "payout", bucket: "available", amount: -entry.amount, payoutId: entry.payoutId });
}

/** A payout that failed or was reversed gives its amount back to the available bucket, once. */
export async function returnPayout(tx: Database, entry: { vendorId: string; amount: number; payoutId: string; reason: string }): Promise<void> {
  await tx
    .insert(vendorLedgerEntries)
    .values({ vendorId: entry.vendorId, kind: "payout_returned", bucket: "available", amount: entry.amount, payoutId: entry.payoutId, note: entry.reason })
    .onConflictDoNothing();
}

/** An admin's signed correction of the available bucket, with its reason. */
export async function postAdjustment(tx: Database, entry: { vendorId: string; amount: number; reason: string; createdBy: string }): Promise<void> {
  await tx.insert(vendorLedgerEntries).values({ vendorId: entry.vendorId, kind: "adjustment", bucket: "available", amount: entry.amount, note: entry.reason, createdBy: entry.createdBy });
}
