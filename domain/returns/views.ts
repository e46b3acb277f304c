/** Returns as their buyer, their vendor and the admins see them, and the query every step reads (docs/after-sale.md). */
import { type SQL, and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { products } from "../../db/schema/catalog";
import { orders } from "../../db/schema/orders";
import { payments } from "../../db/schema/payments";
import { orderReturnEvents, orderReturns } from "../../db/schema/returns";
import { vendors } from "../../db/schema/vendors";
import { RETURN_STATUS_LABELS, type ReturnStatus } from "../../lib/constants";
import { formatLagosDate } from "../../lib/lagos-time";
import { type Actor, assertMay } from "../core/access";
import { findVendorByUser } from "../catalog/vendor-listings";
import { type OrderParties, deliveredAtOf, orderPartyColumns, partiesOf } from "../claims/claim-query";
import { type TimelineEvent, timelinesOf } from "../claims/timeline";
import { refundableAmount } from "../payments/refunds";
import { getPricingConfig } from "../pricing/service";
import { isReturnVendorLate, returnRefundAmount, returnWindowEndsAt } from "./rules";
import { RETURN_TEXTS } from "./texts";

/** A return with what the views show and the steps need of its order, phone, payment and vendor. */
const returnColumns = {
  id: orderReturns.id,
  orderId: orderReturns.orderId,
  customerId: orderReturns.customerId,
  vendorId: orderReturns.vendorId,
  status: orderReturns.status,
  reason: orderReturns.reason,
  refundAmount: orderReturns.refundAmount,
  instructions: orderReturns.instructions,
  instructionsAt: orderReturns.instructionsAt,
  carrier: orderReturns.carrier,
  trackingNumber: orderReturns.trackingNumber,
  sentAt: orderReturns.sentAt,
  receivedAt: orderReturns.receivedAt,
  restocked: orderReturns.restocked,
  refundedAt: orderReturns.refundedAt,
  rejectionReason: orderReturns.rejectionReason,
  rejectedBy: orderReturns.rejectedBy,
  cancelledAt: orderReturns.cancelledAt,
  vendorDueAt: orderReturns.vendorDueAt,
  escalatedAt: orderReturns.escalatedAt,
  escalationNote: orderReturns.escalationNote,
  createdAt: orderReturns.createdAt,
  ...orderPartyColumns,
  quantity: orders.quantity,
  deliveryFee: payments.deliveryFee,
};

export type ReturnRow = Awaited<ReturnType<typeof selectReturns>>[number];

/** The one join of a return with its order, phone, payment and vendor. */
export function selectReturns(db: Database, where: SQL | undefined) {
  return db
    .select(returnColumns)
    .from(orderReturns)
    .innerJoin(orders, eq(orders.id, orderReturns.orderId))
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(vendors, eq(vendors.id, orderReturns.vendorId))
    .leftJoin(payments, eq(payments.id, orders.paymentId))
    .where(where)
    .$dynamic();
}

export type ReturnEvent = TimelineEvent;

/** One return as its buyer, its vendor and the admins see it. */
export interface ReturnView extends OrderParties {
  status: ReturnStatus;
  statusLabel: string;
  reason: string;
  /** Kobo the buyer gets back: the order's total, without the delivery fee. */
  refundAmount: number;
  /** Kobo of the delivery fee the payment charged, which is not refunded. */
  deliveryFee: number;
  instructions: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  sentAt: string | null;
  receivedAt: string | null;
  restocked: boolean;
  refundedAt: string | null;
  rejectionReason: string | null;
  rejectedBy: "vendor" | "admin" | null;
  cancelledAt: string | null;
  /** The vendor's next step is due by then (ISO). */
  vendorDueAt: string | null;
  /** The vendor's step is late: the buyer may ask our support team. */
  vendorLate: boolean;
  escalatedAt: string | null;
  escalationNote: string | null;
  /** The order has a payment the refund can go back to. */
  hasPayment: boolean;
  createdAt: string;
  events: ReturnEvent[];
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

async function withEvents(db: Database, rows: readonly ReturnRow[], now: Date): Promise<ReturnView[]> {
  const events = await timelinesOf(db, orderReturnEvents, orderReturnEvents.returnId, rows.map((row) => row.id));
  return rows.map((row) => {
    const vendorDueAt = iso(row.vendorDueAt);
    return {
      ...partiesOf(row),
      status: row.status,
      statusLabel: RETURN_STATUS_LABELS[row.status],
      reason: row.reason,
      refundAmount: row.refundAmount,
      deliveryFee: row.deliveryFee ?? 0,
      instructions: row.instructions,
      carrier: row.carrier,
      trackingNumber: row.trackingNumber,
      sentAt: iso(row.sentAt),
      receivedAt: iso(row.receivedAt),
      restocked: row.restocked,
      refundedAt: iso(row.refundedAt),
      rejectionReason: row.rejectionReason,
      rejectedBy: row.rejectedBy === "vendor" || row.rejectedBy === "admin" ? row.rejectedBy : null,
      cancelledAt: iso(row.cancelledAt),
      vendorDueAt,
      vendorLate: isReturnVendorLate({ status: row.status, vendorDueAt }, now),
      escalatedAt: iso(row.escalatedAt),
      escalationNote: row.escalationNote,
      hasPayment: row.paymentId !== null,
      createdAt: row.createdAt.toISOString(),
      events: events.get(row.id) ?? [],
    };
  });
}

/** What the order card offers before a return is asked for: the refund and the window's last moment. */
export interface ReturnOffer {
  /** Kobo the buyer would get back. */
  amount: number;
  /** Kobo of delivery fee not refunded. */
  deliveryFee: number;
  /** The window's last moment (ISO). */
  endsAt: string;
  /** Returns are still taken. */
  open: boolean;
  /** 'The return window for this order ended on …' once it has ended. */
  endedMessage: string | null;
}

/** What /orders shows of returns: the newest return of each order, and the offer on each delivered order while returns are on. */
export async function buyerReturns(db: Database, userId: string, now: Date = new Date()): Promise<{ returns: Record<string, ReturnView>; returnOffers: Record<string, ReturnOffer> }> {
  const [rows, delivered, { returnWindowDays }] = await Promise.all([
    selectReturns(db, eq(orderReturns.customerId, userId)).orderBy(desc(orderReturns.createdAt), desc(orderReturns.id)).limit(200),
    db
      .select({ id: orders.id, totalAmount: orders.totalAmount, paymentId: orders.paymentId, deliveryFee: payments.deliveryFee, deliveredAt: deliveredAtOf })
      .from(orders)
      .leftJoin(payments, eq(payments.id, orders.paymentId))
      .where(and(eq(orders.customerId, userId), eq(orders.status, "delivered"))),
    getPricingConfig(db),
  ]);
  const returns: Record<string, ReturnView> = {};
  for (const view of await withEvents(db, rows, now)) returns[view.orderId] ??= view;
  const returnOffers: Record<string, ReturnOffer> = {};
  for (const order of delivered) {
    const ends = returnWindowEndsAt(order.deliveredAt, returnWindowDays);
    if (!ends || !order.paymentId) continue;
    const open = now.getTime() <= ends.getTime();
    const amount = open ? returnRefundAmount(order.totalAmount, await refundableAmount(db, order.paymentId, order.id)) : returnRefundAmount(order.totalAmount);
    if (open && amount <= 0) continue;
    returnOffers[order.id] = { amount, deliveryFee: order.deliveryFee ?? 0, endsAt: ends.toISOString(), open, endedMessage: open ? null : RETURN_TEXTS.windowEnded(formatLagosDate(ends)) };
  }
  return { returns, returnOffers };
}

/** The returns of the vendor's orders, those in progress first, then newest first; none for a user without a vendor record. */
export async function listVendorReturns(db: Database, userId: string, now: Date = new Date()): Promise<ReturnView[]> {
  const vendor = await findVendorByUser(db, userId);
  if (!vendor) return [];
  const rows = await selectReturns(db, eq(orderReturns.vendorId, vendor.id))
    .orderBy(activeFirst, desc(orderReturns.createdAt), desc(orderReturns.id))
    .limit(100);
  return withEvents(db, rows, now);
}

const activeFirst = sql`case when ${orderReturns.status} in ('requested', 'instructions_given', 'sent_back', 'received') then 0 else 1 end`;

/** Every return for the admins: escalated ones first, then those whose vendor is late, then those in progress, then the rest newest first. */
export async function listReturnsForAdmin(db: Database, actor: Actor, now: Date = new Date()): Promise<ReturnView[]> {
  assertMay(actor, "back_office");
  const rank = sql`case
    when ${orderReturns.escalatedAt} is not null and ${orderReturns.status} in ('requested', 'instructions_given', 'sent_back', 'received') then 0
    when ${orderReturns.status} in ('requested', 'sent_back', 'received') and ${orderReturns.vendorDueAt} < ${now} then 1
    when ${orderReturns.status} in ('requested', 'instructions_given', 'sent_back', 'received') then 2 else 3 end`;
  const rows = await selectReturns(db, undefined).orderBy(rank, desc(orderReturns.createdAt), desc(orderReturns.id)).limit(50);
  return withEvents(db, rows, now);
}
