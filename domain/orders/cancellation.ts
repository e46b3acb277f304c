/**
 * A buyer cancels a paid order before it ships (docs/after-sale.md): in one transaction the order
 * is cancelled, its phones go back to stock, its sale is taken back and its refund is written
 * (pending); the provider is asked for the money once that has committed, and reconciliation asks
 * for any refund a crash kept from being sent. Unpaid orders are cancelled by cancelUnpaidCheckout.
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
import type { Mailer } from "../mail/mailer";
import type { FlagForRefund } from "./moves";
import { BUYER_CANCELLABLE, CANCELLATION_TEXTS, type PaidOrderCancellation } from "./cancellation-validation";
import { buyerCancellationEmail, vendorCancellationEmail } from "./cancellation-emails";
import { readPaymentRefunds } from "./money-back";
import { orderNumberOf } from "./status";
import { type Tidings, writeOrderStatus } from "./status-writer";

export { BUYER_CANCELLABLE, CANCELLATION_TEXTS, type PaidOrderCancellation, paidOrderCancellationSchema } from "./cancellation-validation";

/** What the cancellation asks of the refund core (domain/payments/refunds.ts, which sits above orders). */
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

/**
 * The refund core as a cancellation uses it (domain/payments/cancellation-refunds.ts): `reserve`
 * writes the pending refund in the cancellation's transaction (a Refusal when none can be made, as
 * for a payment recorded by hand), `submit` asks the provider after the commit, `flag` flags the
 * payment for the admins.
 */
export interface CancellationRefunds<Reserved = unknown> {
  reserve(tx: Database, requestedBy: string, request: RefundRequest): Promise<Reserved & { amount: number }>;
  submit(reserved: Reserved): Promise<IssuedRefund>;
  flag: FlagForRefund;
}

export interface CancellationDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  refunds: CancellationRefunds;
  /** A refund that could not be sent after the order was cancelled (it stays pending; reconciliation sends it). */
  onRefundError?: (error: unknown) => void;
}

export interface CancelledOrder {
  orderId: string;
  orderNumber: string;
  /** Kobo the buyer gets back. */
  refundAmount: number;
  /** The refund, pending or already processed; null when none could be written (flagged for the admins) or sent. */
  refund: IssuedRefund | null;
}

/** Order statuses whose phone still goes out by courier: while one is left, the delivery fee stays charged. */
const STILL_DELIVERED: OrderStatus[] = ["paid", "processing", "shipped", "delivered"];

/**
 * The buyer's own paid or processing order is cancelled with their reason. Shipped or delivered
 * orders are refused; the refund (idempotency key `cancel:{orderId}`) is the order's total, plus
 * the payment's delivery fee when no other order of the payment is still delivered, less what
 * already came back for this order, and never more than is left of the payment.
 */
export async function cancelPaidOrder(deps: CancellationDeps, buyer: { userId: string }, input: PaidOrderCancellation): Promise<CancelledOrder> {
  const cancelled = await deps.db.transaction(async (tx) => {
    const order = await lockBuyersOrder(tx, buyer.userId, input.orderId);
    refuseUnlessCancellable(order.status);
    // The payment before any phone or vendor row: the order every refund takes its locks in.
    if (order.paymentId) await tx.select({ id: payments.id }).from(payments).where(eq(payments.id, order.paymentId)).for("update");
    const orderNumber = orderNumberOf(order.id);
    let written: Awaited<ReturnType<typeof writeRefund>> = { refundAmount: 0, reserved: null };
    const { deliver } = await writeOrderStatus(tx, {
      orders: [order],
      to: "cancelled",
      stamps: { cancelReason: input.reason },
      history: { note: CANCELLATION_TEXTS.historyNote(input.reason), actorId: buyer.userId, actorRole: "buyer" },
      changedMeanwhile: CANCELLATION_TEXTS.changedMeanwhile,
      tidings: async () => {
        written = await writeRefund(tx, deps.refunds, buyer.userId, order, orderNumber, input.reason);
        return cancellationTidings(deps.publicUrl, order, buyer.userId, input.reason, written.refundAmount);
      },
      watchers: [buyer.userId, order.vendorUserId],
      mailer: deps.mailer,
      publicUrl: deps.publicUrl,
    });
    const { refundAmount, reserved } = written;
    await recordActivity(tx, {
      userId: buyer.userId,
      userType: "buyer",
      activityType: "order_cancelled",
      description: `Cancelled paid order #${orderNumber} before shipping (${input.reason})`,
      metadata: { order_id: order.id, from: order.status, reason: input.reason, refund_amount: refundAmount },
    });
    return { order, orderNumber, refundAmount, reserved, deliver };
  });
  cancelled.deliver();
  const { order, orderNumber, refundAmount, reserved } = cancelled;
  const refund = reserved ? await sendRefund(deps, reserved) : null;
  return { orderId: order.id, orderNumber, refundAmount, refund };
}

type LockedOrder = Awaited<ReturnType<typeof lockBuyersOrder>>;

/** The buyer's and the vendor's notices and e-mails (in the outbox with the cancellation, delivered once it commits). */
function cancellationTidings(publicUrl: string, order: LockedOrder, buyerId: string, reason: string, refundAmount: number): Tidings {
  const orderNumber = orderNumberOf(order.id);
  const mail = { orderNumber, productName: order.productName, quantity: order.quantity, reason, refundAmount, channel: order.channel, isTest: order.isTest };
  return {
    notices: [
      { userId: buyerId, type: "order", title: CANCELLATION_TEXTS.buyerNoticeTitle, message: CANCELLATION_TEXTS.buyerNotice(orderNumber, formatNaira(refundAmount), refundDestination(order.channel)) },
      { userId: order.vendorUserId, type: "warning", title: CANCELLATION_TEXTS.vendorNoticeTitle, message: CANCELLATION_TEXTS.vendorNotice(orderNumber, order.productName, reason) },
    ],
    emails: [buyerCancellationEmail(publicUrl, order.customerEmail, mail), vendorCancellationEmail(publicUrl, order.vendorEmail, mail)],
  };
}

/**
 * The refund, written with the cancellation. What already came back for this order is not sent
 * twice, and nothing beyond what is left of the payment. One that cannot be written (a payment
 * recorded by hand) flags the payment, so an admin returns the money the way it came.
 */
async function writeRefund(tx: Database, refunds: CancellationRefunds, buyerId: string, order: LockedOrder, orderNumber: string, reason: string) {
  if (!order.paymentId) return { refundAmount: 0, reserved: null };
  const state = await readPaymentRefunds(tx, order.paymentId);
  const alreadyBack = state.orders.find((o) => o.id === order.id)?.refunded ?? 0;
  const fee = (await otherOrdersDelivered(tx, order.paymentId, order.id)) ? 0 : order.deliveryFee;
  const wanted = order.totalAmount + fee - alreadyBack;
  const left = order.paymentAmount - state.orders.reduce((sum, o) => sum + o.refunded, 0) - state.wholePayment;
  const amount = Math.min(wanted, left);
  if (amount <= 0) return { refundAmount: 0, reserved: null };
  const request = { paymentId: order.paymentId, orderId: order.id, amount, reason: CANCELLATION_TEXTS.refundReason(orderNumber, reason), idempotencyKey: `cancel:${order.id}` };
  try {
    const reserved = await refunds.reserve(tx, buyerId, request);
    return { refundAmount: reserved.amount, reserved };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    await refunds.flag(tx, order.paymentId, CANCELLATION_TEXTS.refundNotMade(orderNumber, formatNaira(amount), error.message));
    return { refundAmount: amount, reserved: null };
  }
}

/** Asks the provider once the cancellation has committed; a refusal is the core's to announce, anything else leaves it pending for reconciliation. */
async function sendRefund(deps: CancellationDeps, reserved: unknown): Promise<IssuedRefund | null> {
  try {
    return await deps.refunds.submit(reserved);
  } catch (error) {
    deps.onRefundError?.(error);
    return null;
  }
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
