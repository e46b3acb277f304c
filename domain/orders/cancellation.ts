/**
 * A buyer (or the vendor, who cannot fulfil it) cancels a paid order before it ships
 * (docs/after-sale.md): in one transaction the order
 * is cancelled, its phones go back to stock, its sale is taken back and its refund is written
 * (pending); the provider is asked for the money once that has committed, and reconciliation asks
 * for any refund a crash kept from being sent. The operation as a whole is the flow
 * domain/flows/cancel-paid-order.ts (and vendor-cancel-order.ts); this module holds the order's part of it. Unpaid orders are
 * cancelled by cancelUnpaidCheckout.
 */
import { and, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { orderStatusHistory, orders } from "../../db/schema/orders";
import { payments } from "../../db/schema/payments";
import { products } from "../../db/schema/catalog";
import { vendors } from "../../db/schema/vendors";
import type { OrderStatus } from "../../lib/constants";
import { formatNaira } from "../../lib/money";
import { refundDestination } from "../../lib/refund-destination";
import { recordActivity } from "../activity/service";
import { Refusal } from "../core/refusal";
import type { Mailer } from "../mail/mailer";
import { BUYER_CANCELLABLE, CANCELLATION_TEXTS } from "./cancellation-validation";
import { buyerCancellationEmail, sellerCancellationEmail, vendorCancellationEmail } from "./cancellation-emails";
import { VENDOR_CANCELLATION_TEXTS } from "./vendor-cancellation-validation";
import { readPaymentRefunds } from "./money-back";
import { orderNumberOf } from "./status";
import { type Tidings, announceMove, writeOrderStatus } from "./status-writer";

export { BUYER_CANCELLABLE, CANCELLATION_TEXTS, type PaidOrderCancellation, paidOrderCancellationSchema } from "./cancellation-validation";

/** Who cancels: the order's buyer, or the vendor who sells it. */
export interface Canceller {
  role: "buyer" | "vendor";
  userId: string;
}

/** The texts a cancellation leaves behind (history, refund, flagged payment), by who cancelled. */
export const CANCELLER_TEXTS = { buyer: CANCELLATION_TEXTS, vendor: VENDOR_CANCELLATION_TEXTS } as const;

export interface CancellationDeps {
  mailer: Mailer;
  publicUrl: string;
}

/** The cancellation as written: its number, the refund the buyer was told of, and the e-mails to send after the commit. */
export interface WrittenCancellation {
  orderNumber: string;
  /** Kobo the buyer gets back. */
  refundAmount: number;
  deliver: () => void;
}

/** Order statuses whose phone still goes out by courier: while one is left, the delivery fee stays charged. */
const STILL_DELIVERED: OrderStatus[] = ["paid", "processing", "shipped", "delivered"];

/**
 * The canceller's own paid or processing order (bought, or sold by them), locked for cancelling,
 * with its payment locked first: the order every refund takes its locks in. Shipped or delivered
 * orders are refused; anyone else's order is "not found".
 */
export async function lockCancellableOrder(tx: Database, by: Canceller, orderId: string): Promise<LockedOrder> {
  const order = await lockOwnOrder(tx, by, orderId);
  refuseUnlessCancellable(order.status);
  if (order.paymentId) await tx.select({ id: payments.id }).from(payments).where(eq(payments.id, order.paymentId)).for("update");
  return order;
}

/**
 * The order's part of a cancellation, on the locked order: status, phones back to stock, sale
 * taken back, history. The refund follows (the flow's), then `tellOfCancellation`.
 */
export async function cancelOrderIn(tx: Database, by: Canceller, order: LockedOrder, reason: string): Promise<void> {
  await writeOrderStatus(tx, {
    orders: [order],
    to: "cancelled",
    stamps: { cancelReason: reason },
    history: { note: CANCELLER_TEXTS[by.role].historyNote(reason), actorId: by.userId, actorRole: by.role },
    changedMeanwhile: CANCELLATION_TEXTS.changedMeanwhile,
  });
}

/**
 * The news of a cancellation once its refund is written: the notices, live events and e-mails
 * (sent by `deliver` after the commit) with the kobo the buyer gets back, and the canceller's
 * activity. The buyer's own cancellation tells the vendor too; the vendor's tells the buyer why.
 */
export async function tellOfCancellation(
  tx: Database,
  deps: CancellationDeps,
  by: Canceller,
  order: LockedOrder,
  reason: string,
  refundAmount: number,
): Promise<WrittenCancellation> {
  const orderNumber = orderNumberOf(order.id);
  const deliver = await announceMove(tx, {
    orders: [order],
    to: "cancelled",
    tidings: (by.role === "buyer" ? buyerCancellationTidings : sellerCancellationTidings)(deps.publicUrl, order, reason, refundAmount),
    watchers: [order.customerId, order.vendorUserId],
    mailer: deps.mailer,
  });
  await recordActivity(tx, {
    userId: by.userId,
    userType: by.role,
    activityType: "order_cancelled",
    description: `Cancelled paid order #${orderNumber} before shipping (${reason})`,
    metadata: { order_id: order.id, from: order.status, reason, refund_amount: refundAmount },
  });
  return { orderNumber, refundAmount, deliver };
}

export type LockedOrder = Awaited<ReturnType<typeof lockOwnOrder>>;

/** How many orders each vendor cancelled (its cancellations written in the orders' history); vendors without one are left out. */
export async function countVendorCancellations(db: Database, vendorIds: readonly string[]): Promise<Map<string, number>> {
  if (vendorIds.length === 0) return new Map();
  const rows = await db
    .select({ vendorId: orders.vendorId, n: count() })
    .from(orderStatusHistory)
    .innerJoin(orders, eq(orders.id, orderStatusHistory.orderId))
    .where(and(inArray(orders.vendorId, [...vendorIds]), eq(orderStatusHistory.status, "cancelled"), eq(orderStatusHistory.actorRole, "vendor")))
    .groupBy(orders.vendorId);
  return new Map(rows.map((row) => [row.vendorId, row.n]));
}

function cancellationMail(order: LockedOrder, reason: string, refundAmount: number) {
  return { orderNumber: orderNumberOf(order.id), productName: order.productName, quantity: order.quantity, reason, refundAmount, channel: order.channel, isTest: order.isTest };
}

/** The buyer's and the vendor's notices and e-mails (in the outbox with the cancellation, delivered once it commits). */
function buyerCancellationTidings(publicUrl: string, order: LockedOrder, reason: string, refundAmount: number): Tidings {
  const mail = cancellationMail(order, reason, refundAmount);
  const { orderNumber } = mail;
  return {
    notices: [
      { userId: order.customerId, type: "order", title: CANCELLATION_TEXTS.buyerNoticeTitle, message: CANCELLATION_TEXTS.buyerNotice(orderNumber, formatNaira(refundAmount), refundDestination(order.channel)) },
      { userId: order.vendorUserId, type: "warning", title: CANCELLATION_TEXTS.vendorNoticeTitle, message: CANCELLATION_TEXTS.vendorNotice(orderNumber, order.productName, reason) },
    ],
    emails: [buyerCancellationEmail(publicUrl, order.customerEmail, mail), vendorCancellationEmail(publicUrl, order.vendorEmail, mail)],
  };
}

/** The buyer's notice and e-mail when the vendor cancelled: why, and the refund. */
function sellerCancellationTidings(publicUrl: string, order: LockedOrder, reason: string, refundAmount: number): Tidings {
  const mail = cancellationMail(order, reason, refundAmount);
  const notice = VENDOR_CANCELLATION_TEXTS.buyerNotice(mail.orderNumber, reason, formatNaira(refundAmount), refundDestination(order.channel));
  return {
    notices: [{ userId: order.customerId, type: "order", title: VENDOR_CANCELLATION_TEXTS.buyerNoticeTitle, message: notice }],
    emails: [sellerCancellationEmail(publicUrl, order.customerEmail, mail)],
  };
}

/**
 * The refund a cancellation owes: the order's total, plus the payment's delivery fee when no other
 * order of the payment is still delivered, less what already came back for this order, and never
 * more than is left of the payment. 0 when nothing is owed.
 */
export async function refundOwedOnCancel(tx: Database, order: LockedOrder): Promise<number> {
  if (!order.paymentId) return 0;
  const state = await readPaymentRefunds(tx, order.paymentId);
  const alreadyBack = state.orders.find((o) => o.id === order.id)?.refunded ?? 0;
  const fee = (await otherOrdersDelivered(tx, order.paymentId, order.id)) ? 0 : order.deliveryFee;
  const wanted = order.totalAmount + fee - alreadyBack;
  const left = order.paymentAmount - state.orders.reduce((sum, o) => sum + o.refunded, 0) - state.wholePayment - state.disputed;
  return Math.max(0, Math.min(wanted, left));
}

function refuseUnlessCancellable(status: OrderStatus): void {
  if (BUYER_CANCELLABLE.includes(status)) return;
  if (status === "pending") throw new Refusal("conflict", CANCELLATION_TEXTS.notPaid);
  if (status === "shipped" || status === "delivered") throw new Refusal("conflict", CANCELLATION_TEXTS.alreadyShipped);
  throw new Refusal("conflict", CANCELLATION_TEXTS.alreadyCancelled);
}

async function lockOwnOrder(tx: Database, by: Canceller, orderId: string) {
  const [order] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      customerId: orders.customerId,
      customerEmail: orders.customerEmail,
      productId: orders.productId,
      vendorId: orders.vendorId,
      paymentId: orders.paymentId,
      quantity: orders.quantity,
      totalAmount: orders.totalAmount,
      productName: products.name,
      vendorUserId: vendors.userId,
      vendorEmail: vendors.contactEmail,
      deliveryFee: sql<number>`coalesce(${payments.deliveryFee}, 0)`.mapWith(Number),
      paymentAmount: sql<number>`coalesce(${payments.amount}, 0)`.mapWith(Number),
      isTest: sql<boolean>`coalesce(${payments.isTest}, false)`,
      channel: payments.paymentMethod,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(vendors, eq(vendors.id, orders.vendorId))
    .leftJoin(payments, eq(payments.id, orders.paymentId))
    .where(eq(orders.id, orderId))
    .for("update", { of: orders });
  // Someone else's order is answered as one that does not exist.
  const ownerId = by.role === "buyer" ? order?.customerId : order?.vendorUserId;
  if (!order || ownerId !== by.userId) throw new Refusal("not_found", CANCELLATION_TEXTS.notFound);
  return { ...order, isTest: Boolean(order.isTest) };
}

async function otherOrdersDelivered(tx: Database, paymentId: string, orderId: string): Promise<boolean> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .where(and(eq(orders.paymentId, paymentId), ne(orders.id, orderId), inArray(orders.status, STILL_DELIVERED)));
  return (row?.n ?? 0) > 0;
}
