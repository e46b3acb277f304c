/**
 * Money that went back to the buyer counted against the orders still to ship (docs/after-sale.md).
 * A refund for one order counts against that order. A refund of the payment as a whole names no
 * order: beyond what the payment's cancelled orders are owed, it counts against every order still
 * to ship. The delivery fee is never set aside for it, so returning an order's total while it may
 * still ship is always seen.
 */
import { type SQL, and, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { refunds } from "../../db/schema/after-sale";
import { orders } from "../../db/schema/orders";
import { paymentDisputes, payments } from "../../db/schema/payments";
import { DISPUTE_LOST_RESOLUTION, type OrderStatus } from "../../lib/constants";

/** Statuses of an order whose phone the vendor may still send. */
export const STILL_TO_SHIP: readonly OrderStatus[] = ["paid", "processing"];

export interface OrderOfPayment {
  id: string;
  status: OrderStatus;
  /** Kobo. */
  totalAmount: number;
  /** Kobo of refunds for this order that have not failed. */
  refunded: number;
}

export interface PaymentRefunds {
  orders: readonly OrderOfPayment[];
  /** Kobo of refunds of the payment as a whole that have not failed. */
  wholePayment: number;
  /** Kobo the buyer's bank took back through card disputes the shop lost. */
  disputed: number;
}

/**
 * Kobo of a payment that card disputes the shop lost took back through the buyer's bank: money the
 * buyer already has, which no refund may return a second time. An open dispute is not counted: the
 * buyer may be owed a refund meanwhile (a cancellation), and the refund is then the shop's answer
 * to the bank.
 */
export function disputedSql(paymentId: SQL | string) {
  return sql<number>`(select coalesce(sum(d.amount), 0) from ${paymentDisputes} d
    where d.payment_id = ${paymentId} and d.status = 'resolved' and d.resolution = ${DISPUTE_LOST_RESOLUTION})`.mapWith(Number);
}

/** Per order still to ship: the kobo that came back counting against it. */
export function moneyBackOnOrdersToShip({ orders: all, wholePayment }: PaymentRefunds): Map<string, number> {
  const cancelled = all.filter((order) => order.status === "cancelled");
  const owed = cancelled.reduce((sum, order) => sum + order.totalAmount, 0);
  const unattributed = wholePayment + cancelled.reduce((sum, order) => sum + order.refunded, 0);
  const beyondCancelled = Math.max(0, unattributed - owed);
  return new Map(all.filter((order) => STILL_TO_SHIP.includes(order.status)).map((order) => [order.id, order.refunded + beyondCancelled]));
}

/** Whether an order still to ship would have its whole total back. */
export function totalCameBack(back: Map<string, number>, all: readonly OrderOfPayment[]): OrderOfPayment | undefined {
  return all.find((order) => (back.get(order.id) ?? 0) >= order.totalAmount);
}

/** The payment's orders and refunds (not failed) as the rule reads them. */
export async function readPaymentRefunds(db: Database, paymentId: string): Promise<PaymentRefunds> {
  const found = await readRefundsOfPayments(db, [paymentId]);
  return found.get(paymentId)!;
}

/** The same for several payments at once, in two queries whatever their number. */
export async function readRefundsOfPayments(db: Database, paymentIds: readonly string[]): Promise<Map<string, PaymentRefunds>> {
  const found = new Map<string, { orders: OrderOfPayment[]; wholePayment: number; disputed: number }>(paymentIds.map((id) => [id, { orders: [], wholePayment: 0, disputed: 0 }]));
  if (paymentIds.length === 0) return found;
  const rows = await db
    .select({
      paymentId: orders.paymentId,
      id: orders.id,
      status: orders.status,
      totalAmount: orders.totalAmount,
      // Written with the table's name: in a single-table select Drizzle leaves columns unqualified.
      refunded: sql<number>`(select coalesce(sum(r.amount), 0) from refunds r where r.order_id = "orders"."id" and r.status <> 'failed')`.mapWith(Number),
    })
    .from(orders)
    .where(inArray(orders.paymentId, [...paymentIds]));
  for (const { paymentId, ...order } of rows) if (paymentId) found.get(paymentId)?.orders.push(order);
  const wholes = await db
    .select({ paymentId: refunds.paymentId, amount: sql<number>`coalesce(sum(${refunds.amount}), 0)`.mapWith(Number) })
    .from(refunds)
    .where(and(inArray(refunds.paymentId, [...paymentIds]), isNull(refunds.orderId), sql`${refunds.status} <> 'failed'`))
    .groupBy(refunds.paymentId);
  for (const whole of wholes) found.get(whole.paymentId)!.wholePayment = whole.amount;
  // Written with the table's name, as above: the subquery would read an unqualified id as its own.
  const disputes = await db
    .select({ paymentId: payments.id, amount: disputedSql(sql.raw(`"payments"."id"`)) })
    .from(payments)
    .where(inArray(payments.id, [...paymentIds]));
  for (const dispute of disputes) found.get(dispute.paymentId)!.disputed = dispute.amount;
  return found;
}

/** Kobo that came back counting against one order still to ship (0 for any other order). */
export async function moneyBackOn(db: Database, paymentId: string, orderId: string): Promise<{ back: number; total: number }> {
  const state = await readPaymentRefunds(db, paymentId);
  const order = state.orders.find((o) => o.id === orderId);
  return { back: moneyBackOnOrdersToShip(state).get(orderId) ?? 0, total: order?.totalAmount ?? 0 };
}
