/**
 * A buyer cancels a paid order before it ships (docs/after-sale.md): the order is cancelled, its
 * phones go back to stock and its sale is taken back in one transaction, then the money goes back
 * through the payment provider. Unpaid orders are cancelled by cancelUnpaidCheckout instead.
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { orders } from "../../db/schema/orders";
import { payments } from "../../db/schema/payments";
import { products } from "../../db/schema/catalog";
import { vendors } from "../../db/schema/vendors";
import type { OrderStatus, RefundStatus } from "../../lib/constants";
import { formatNaira } from "../../lib/money";
import { refundDestination } from "../../lib/refund-destination";
import { recordActivity } from "../activity/service";
import { Refusal } from "../core/refusal";
import { publishLiveEvents } from "../live/events";
import type { Mailer } from "../mail/mailer";
import { notifyMany } from "../notifications/service";
import { updateStockAndSales } from "./moves";
import { BUYER_CANCELLABLE, CANCELLATION_TEXTS, type PaidOrderCancellation } from "./cancellation-validation";
import { buyerCancellationEmail, vendorCancellationEmail } from "./cancellation-emails";
import { recordOrderStatus } from "./history";
import { orderNumberOf } from "./status";

export { BUYER_CANCELLABLE, CANCELLATION_TEXTS, type PaidOrderCancellation, paidOrderCancellationSchema } from "./cancellation-validation";

/** What the cancellation asks of the refund core (domain/payments/refunds.ts issueRefund, which sits above orders). */
export interface RefundRequest {
  paymentId: string;
  orderId: string;
  /** Kobo. */
  amount: number;
  reason: string;
  idempotencyKey: string;
}

export interface IssuedRefund {
  id: string;
  /** Kobo. */
  amount: number;
  status: RefundStatus;
  failureReason: string | null;
}

export interface CancellationDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  /** Gives money back through the payment provider: issueRefund, with the buyer as the one asking. */
  refund: (requestedBy: string, request: RefundRequest) => Promise<IssuedRefund>;
  /** A refund that could not be asked for after the order was cancelled (it is flagged for the admins then). */
  onRefundError?: (error: unknown) => void;
}

export interface CancelledOrder {
  orderId: string;
  orderNumber: string;
  /** Kobo the buyer gets back. */
  refundAmount: number;
  /** The refund, pending or already processed; null when it could not be asked for (flagged for the admins). */
  refund: IssuedRefund | null;
}

/** Order statuses whose phone still goes out by courier: while one is left, the delivery fee stays charged. */
const STILL_DELIVERED: OrderStatus[] = ["paid", "processing", "shipped", "delivered"];

/**
 * The buyer's own paid or processing order is cancelled with their reason. Shipped or delivered
 * orders are refused; the refund (idempotency key `cancel:{orderId}`) is the order's total, plus
 * the payment's delivery fee when no other order of the payment is still delivered.
 */
export async function cancelPaidOrder(deps: CancellationDeps, buyer: { userId: string }, input: PaidOrderCancellation): Promise<CancelledOrder> {
  const cancelled = await deps.db.transaction(async (tx) => {
    const order = await lockBuyersOrder(tx, buyer.userId, input.orderId);
    refuseUnlessCancellable(order.status);
    const [moved] = await tx
      .update(orders)
      .set({ status: "cancelled", cancelReason: input.reason, updatedAt: sql`now()` })
      .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
      .returning({ id: orders.id });
    if (!moved) throw new Refusal("conflict", CANCELLATION_TEXTS.changedMeanwhile);
    await updateStockAndSales(tx, order, "cancelled", { refundedByCaller: true, publicUrl: deps.publicUrl });
    await recordOrderStatus(tx, [{ orderId: order.id, status: "cancelled", note: CANCELLATION_TEXTS.historyNote(input.reason), actorId: buyer.userId, actorRole: "buyer" }]);
    const refundAmount = order.totalAmount + (order.paymentId && !(await otherOrdersDelivered(tx, order.paymentId, order.id)) ? order.deliveryFee : 0);
    const orderNumber = orderNumberOf(order.id);
    const mail = { orderNumber, productName: order.productName, quantity: order.quantity, reason: input.reason, refundAmount, channel: order.channel, isTest: order.isTest };
    await notifyMany(tx, [
      { userId: buyer.userId, type: "order", title: CANCELLATION_TEXTS.buyerNoticeTitle, message: CANCELLATION_TEXTS.buyerNotice(orderNumber, formatNaira(refundAmount), refundDestination(order.channel)) },
      { userId: order.vendorUserId, type: "warning", title: CANCELLATION_TEXTS.vendorNoticeTitle, message: CANCELLATION_TEXTS.vendorNotice(orderNumber, order.productName, input.reason) },
    ]);
    await publishLiveEvents(tx, [
      { userId: buyer.userId, event: { kind: "order.updated", orderId: order.id, status: "cancelled" } },
      { userId: order.vendorUserId, event: { kind: "order.updated", orderId: order.id, status: "cancelled" } },
    ]);
    await recordActivity(tx, {
      userId: buyer.userId,
      userType: "buyer",
      activityType: "order_cancelled",
      description: `Cancelled paid order #${orderNumber} before shipping (${input.reason})`,
      metadata: { order_id: order.id, from: order.status, reason: input.reason, refund_amount: refundAmount },
    });
    // In the outbox with the cancellation, delivered once it commits.
    const deliveries = [
      await deps.mailer.record(tx, buyerCancellationEmail(deps.publicUrl, order.customerEmail, mail)),
      await deps.mailer.record(tx, vendorCancellationEmail(deps.publicUrl, order.vendorEmail, mail)),
    ];
    return { order, orderNumber, refundAmount, deliveries };
  });
  for (const deliver of cancelled.deliveries) deliver();
  const { order, orderNumber, refundAmount } = cancelled;
  const refund = order.paymentId ? await refundCancelledOrder(deps, buyer.userId, { ...order, paymentId: order.paymentId }, orderNumber, refundAmount, input.reason) : null;
  return { orderId: order.id, orderNumber, refundAmount, refund };
}

function refuseUnlessCancellable(status: OrderStatus): void {
  if (BUYER_CANCELLABLE.includes(status)) return;
  if (status === "pending") throw new Refusal("conflict", CANCELLATION_TEXTS.notPaid);
  if (status === "shipped" || status === "delivered") throw new Refusal("conflict", CANCELLATION_TEXTS.alreadyShipped);
  throw new Refusal("conflict", CANCELLATION_TEXTS.alreadyCancelled);
}

async function lockBuyersOrder(tx: Database, buyerId: string, orderId: string) {
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
  if (!order || order.customerId !== buyerId) throw new Refusal("not_found", CANCELLATION_TEXTS.notFound);
  return { ...order, isTest: Boolean(order.isTest) };
}

async function otherOrdersDelivered(tx: Database, paymentId: string, orderId: string): Promise<boolean> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .where(and(eq(orders.paymentId, paymentId), ne(orders.id, orderId), inArray(orders.status, STILL_DELIVERED)));
  return (row?.n ?? 0) > 0;
}

/**
 * Asks for the money back once the cancellation has committed. The key makes a retry find the
 * same refund. A refund that cannot even be asked for (the payment was recorded by hand, the
 * provider refused) leaves the payment flagged, so the admins refund it from the Payments tab.
 */
async function refundCancelledOrder(
  deps: CancellationDeps,
  buyerId: string,
  order: { id: string; paymentId: string },
  orderNumber: string,
  amount: number,
  reason: string,
): Promise<IssuedRefund | null> {
  try {
    const refund = await deps.refund(buyerId, {
      paymentId: order.paymentId,
      orderId: order.id,
      amount,
      reason: CANCELLATION_TEXTS.refundReason(orderNumber, reason),
      idempotencyKey: `cancel:${order.id}`,
    });
    if (refund.status !== "failed") return refund;
    await flagForRefund(deps.db, order.paymentId, orderNumber, amount, refund.failureReason);
    return refund;
  } catch (error) {
    deps.onRefundError?.(error);
    await flagForRefund(deps.db, order.paymentId, orderNumber, amount, error instanceof Error ? error.message : null);
    return null;
  }
}

async function flagForRefund(db: Database, paymentId: string, orderNumber: string, amount: number, why: string | null | undefined): Promise<void> {
  await db
    .update(payments)
    .set({
      flaggedForRefund: true,
      refundReason: `Order #${orderNumber} (${formatNaira(amount)}) was cancelled by the buyer; the refund could not be made${why ? `: ${why}` : ""}`,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, paymentId));
}
