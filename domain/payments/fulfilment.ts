/**
 * Payments' part of fulfilling a payment the provider confirmed (docs/payments.md; the operation
 * is domain/flows/fulfil-payment.ts): the payment row locked first, whose status decides, so it
 * is fulfilled exactly once; the checks against the provider's transaction, the refund flags, the
 * notices and the receipt.
 */
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { PAID_PAYMENT_STATUSES, type PaymentStatus, TEST_PAYMENT_LABEL, hasPaid, warrantyLabel } from "../../lib/constants";
import { formatNaira } from "../../lib/money";
import { recordActivity } from "../activity/service";
import { products } from "../../db/schema/catalog";
import type { Mailer } from "../mail/mailer";
import { renderEmail } from "../mail/template";
import { type NewNotification, notifyMany } from "../notifications/service";
import { orderNumberOf } from "../orders/status";
import type { OrderToMove } from "../orders/status-writer";
import { orders } from "../../db/schema/orders";
import { vendors } from "../../db/schema/vendors";
import { flagPaymentForRefund } from "./refund-flags";
import type { ProviderTransaction } from "./provider";
import { payments } from "../../db/schema/payments";
import { PAYMENT_NOTICES as N } from "./texts";

export interface FulfilmentDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
}

export type Fulfilment =
  | { outcome: "fulfilled"; orderCount: number; amount: number; removedCartItems: number }
  | { outcome: "already_fulfilled"; orderCount: number; amount: number }
  | { outcome: "refund_flagged"; orderCount: number; amount: number }
  | { outcome: "not_ours" }
  | { outcome: "mismatch"; problems: Mismatch[] };

export type Mismatch = "reference" | "status" | "currency" | "amount";

export interface StoredPayment {
  id: string;
  reference: string;
  customerId: string;
  amount: number;
  status: PaymentStatus;
  /** Set when 'Pay now' started a fresh payment for these orders: this one can no longer pay them. */
  replacedById: string | null;
  isTest: boolean;
  /** The buyer cancelled this checkout before paying. */
  cancelledByBuyer: boolean;
  /** Bought with Buy Now: the cart was never part of it and stays as it is (docs/cart-and-checkout.md). */
  buyNow: boolean;
}

/** What does not match between the provider's transaction and the payment we stored. */
export function mismatches(payment: Pick<StoredPayment, "reference" | "amount">, transaction: ProviderTransaction): Mismatch[] {
  const problems: Mismatch[] = [];
  if (transaction.reference !== payment.reference) problems.push("reference");
  if (transaction.status !== "success") problems.push("status");
  if (transaction.currency !== "NGN") problems.push("currency");
  if (transaction.amount !== payment.amount) problems.push("amount");
  return problems;
}

/**
 * What the locked payment answers without paying anything: fulfilled before, money that does not
 * match (flagged when it was taken), or money on a payment that can no longer pay (flagged for a
 * refund). Null when its orders are to be paid.
 */
export async function outcomeWithoutPaying(tx: Database, payment: StoredPayment, transaction: ProviderTransaction): Promise<Fulfilment | null> {
  if (hasPaid(payment.status)) return { outcome: "already_fulfilled", orderCount: await countOrders(tx, payment.id), amount: payment.amount };
  const problems = mismatches(payment, transaction);
  if (problems.length > 0) {
    if (transaction.status === "success") await flagMismatch(tx, payment, transaction, problems);
    return { outcome: "mismatch", problems };
  }
  if (payment.replacedById || payment.cancelledByBuyer) return refundUnwanted(tx, payment, transaction);
  return null;
}

export async function lockPayment(tx: Database, reference: string): Promise<StoredPayment | null> {
  const [payment] = await tx
    .select({
      id: payments.id,
      reference: payments.paymentReference,
      customerId: payments.customerId,
      amount: payments.amount,
      status: payments.status,
      replacedById: payments.replacedById,
      isTest: payments.isTest,
      buyNow: sql<boolean>`coalesce((${payments.metadata}->>'buy_now')::boolean, false)`,
      cancelledByBuyer: sql<boolean>`coalesce((${payments.metadata}->>'cancelled_by_buyer')::boolean, false)`,
    })
    .from(payments)
    .where(eq(payments.paymentReference, reference))
    .for("update");
  return payment ?? null;
}

async function countOrders(tx: Database, paymentId: string): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(orders).where(eq(orders.paymentId, paymentId));
  return row?.n ?? 0;
}

/** What a payment records of the provider's successful transaction, whether it pays orders or is refunded. */
function paidBy(transaction: ProviderTransaction) {
  return {
    status: "successful" as const,
    paidAt: transaction.paidAt ? new Date(transaction.paidAt) : sql`now()`,
    paymentMethod: transaction.channel,
    gatewayReference: String(transaction.id),
  };
}

/**
 * Money arrived on a payment that can no longer pay (replaced by 'Pay now', or cancelled by the
 * buyer): it pays nothing, and admins see it among refunds.
 */
async function refundUnwanted(tx: Database, payment: StoredPayment, transaction: ProviderTransaction): Promise<Fulfilment> {
  await tx
    .update(payments)
    .set({ ...paidBy(transaction), updatedAt: sql`now()` })
    .where(and(eq(payments.id, payment.id), notInArray(payments.status, [...PAID_PAYMENT_STATUSES])));
  await flagPaymentForRefund(tx, payment.id, payment.replacedById ? N.replacedRefundReason : N.cancelledRefundReason);
  await notifyMany(tx, [{ userId: payment.customerId, type: "warning", title: N.replacedRefundTitle, message: N.replacedRefundMessage(payment.amount) }]);
  await recordActivity(tx, {
    userId: payment.customerId,
    userType: "buyer",
    activityType: "payment_refund_flagged",
    description: `Money arrived on payment ${payment.reference}, which could no longer pay; flagged for refund`,
    metadata: { payment_reference: payment.reference },
  });
  return { outcome: "refund_flagged", orderCount: 0, amount: payment.amount };
}

/** Money was taken but not as we asked: nothing is paid, and admins see it among refunds. */
async function flagMismatch(tx: Database, payment: StoredPayment, transaction: ProviderTransaction, problems: Mismatch[]) {
  const detail = problems.map((p) => (p === "amount" ? `amount ${transaction.amount} kobo, expected ${payment.amount}` : p === "currency" ? `currency ${transaction.currency}` : p)).join("; ");
  await flagPaymentForRefund(tx, payment.id, N.mismatchReason(detail));
}

export interface PaidOrder extends OrderToMove {
  productName: string;
  customerEmail: string;
  customerName: string;
  warrantyDays: number;
}

/** The payment's orders, locked, in the order they were placed, with their phones' names. */
export async function lockOrdersOf(tx: Database, paymentId: string): Promise<PaidOrder[]> {
  return tx
    .select({
      id: orders.id,
      status: orders.status,
      productId: orders.productId,
      vendorId: orders.vendorId,
      quantity: orders.quantity,
      totalAmount: orders.totalAmount,
      productName: products.name,
      customerEmail: orders.customerEmail,
      customerName: orders.customerName,
      warrantyDays: orders.warrantyDays,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.paymentId, paymentId))
    .orderBy(orders.createdAt, orders.id)
    .for("update", { of: orders });
}

/** The buyer's activity log names what was paid and what is to be refunded. */
export async function recordOrdersPaid(tx: Database, payment: StoredPayment, paid: PaidOrder[], unfulfillable: PaidOrder[]): Promise<void> {
  await recordActivity(tx, {
    userId: payment.customerId,
    userType: "buyer",
    activityType: "order_paid",
    description: `Paid ${formatNaira(payment.amount)} for ${paid.length} ${paid.length === 1 ? "order" : "orders"} (payment ${payment.reference})`,
    metadata: { payment_reference: payment.reference, order_ids: paid.map((o) => o.id), refund_order_ids: unfulfillable.map((o) => o.id) },
  });
}

/** `removed_cart_items` is kept so a later visit of the return page can still say how many lines went. */
export async function markPaymentSuccessful(
  tx: Database,
  payment: StoredPayment,
  transaction: ProviderTransaction,
  { unfulfillable, removedCartItems }: { unfulfillable: PaidOrder[]; removedCartItems: number },
) {
  await tx
    .update(payments)
    .set({
      ...paidBy(transaction),
      metadata: sql`${payments.metadata} || ${JSON.stringify({ gateway_response: transaction.gatewayResponse, removed_cart_items: removedCartItems })}::jsonb`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(payments.id, payment.id), notInArray(payments.status, [...PAID_PAYMENT_STATUSES])));
  if (unfulfillable.length === 0) return;
  const refund = unfulfillable.reduce((sum, o) => sum + o.totalAmount, 0);
  await flagPaymentForRefund(tx, payment.id, N.lateRefundReason(refund, unfulfillable.map((o) => orderNumberOf(o.id))));
}

/** The buyer's notifications and one per vendor order (written in a fixed number of statements). */
export async function fulfilmentNotices(tx: Database, payment: StoredPayment, paid: PaidOrder[], unfulfillable: PaidOrder[]): Promise<NewNotification[]> {
  const notices: NewNotification[] = [];
  if (paid.length > 0) {
    notices.push({ userId: payment.customerId, type: "order", title: N.paidTitle, message: N.paidMessage(payment.amount, paid.map((o) => orderNumberOf(o.id))) });
  }
  if (unfulfillable.length > 0) {
    const refund = unfulfillable.reduce((sum, o) => sum + o.totalAmount, 0);
    notices.push({
      userId: payment.customerId,
      type: "warning",
      title: N.lateRefundTitle,
      message: N.lateRefundMessage(refund, unfulfillable.map((o) => orderNumberOf(o.id))),
    });
  }
  const vendorUsers = await vendorUserIds(tx, paid.map((o) => o.vendorId));
  for (const order of paid) {
    const userId = vendorUsers.get(order.vendorId);
    if (userId) {
      notices.push({ userId, type: "order", title: N.vendorTitle, message: N.vendorMessage(orderNumberOf(order.id), order.quantity, order.productName, order.totalAmount) });
    }
  }
  return notices;
}

async function vendorUserIds(tx: Database, vendorIds: string[]): Promise<Map<string, string>> {
  if (vendorIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: vendors.id, userId: vendors.userId })
    .from(vendors)
    .where(inArray(vendors.id, [...new Set(vendorIds)]));
  return new Map(rows.map((row) => [row.id, row.userId]));
}

/** The receipt: each order with the warranty it was sold with (docs/orders.md), and 'Test' for test money (docs/payments.md). */
export function receiptEmail(publicUrl: string, payment: Pick<StoredPayment, "reference" | "amount" | "isTest">, paid: PaidOrder[]) {
  const lines = paid.map((o) => `Order #${orderNumberOf(o.id)}: ${o.quantity} × ${o.productName}, ${formatNaira(o.totalAmount)}, ${warrantyLabel(o.warrantyDays)} from delivery`);
  const first = paid[0]!;
  const test = payment.isTest ? `${TEST_PAYMENT_LABEL}: ` : "";
  return {
    to: first.customerEmail,
    ...renderEmail({
      subject: `${payment.isTest ? `[${TEST_PAYMENT_LABEL}] ` : ""}Your Tokunbo Phones receipt (${payment.reference})`,
      heading: `Thank you, ${first.customerName}: payment received`,
      paragraphs: [
        ...(payment.isTest ? [N.testReceiptNote] : []),
        ...lines,
        `${test}Total paid: ${formatNaira(payment.amount)} (payment reference ${payment.reference}).`,
        "We will let you know as soon as your order ships.",
      ],
      action: { label: "Track your orders", url: `${publicUrl}/orders` },
    }),
  };
}
