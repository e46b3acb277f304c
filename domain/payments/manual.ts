import { randomBytes } from "node:crypto";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { Refusal } from "../core/refusal";
/**
 * A payment an admin received outside Paystack (docs/admin.md): bank transfer, cash or POS.
 * Recording it is the only way besides a verified Paystack payment for an order to become paid.
 *
 * Payments' part of recording it (the operation is domain/flows/record-manual-payment.ts): a
 * `manual` payment row for exactly the order's total, the order moved onto it, the checkout
 * payment it leaves behind made unable to pay it again; after fulfilment, the admin's reference
 * and the admin's entry in the activity log.
 */
import type { Database } from "../../db/client";
import { ORDER_STATUS_LABELS, type OrderStatus } from "../../lib/constants";
import { formatNaira } from "../../lib/money";
import { profiles, users } from "../../db/schema/accounts";
import { recordActivity } from "../activity/service";
import type { Actor } from "../core/access";
import type { Mailer } from "../mail/mailer";
import { orders } from "../../db/schema/orders";
import { attachPayment } from "../orders/placement";
import { ORDER_STATUS_TEXTS, orderNumberOf } from "../orders/status";
import { nairaTextToKobo } from "../../lib/money";
import { MANUAL_PAYMENT_METHOD_LABELS, MANUAL_PAYMENT_TEXTS as T, type ManualPaymentInput } from "./manual-validation";
import type { ProviderTransaction } from "./provider";
import { payments } from "../../db/schema/payments";

export interface RecordedPayment {
  orderNumber: string;
  reference: string;
  amount: number;
}

const METHOD_IN_A_SENTENCE: Record<ManualPaymentInput["method"], string> = { bank_transfer: "bank transfer", cash: "cash", pos: "POS" };

/** `manual_<timestamp><random>`: our own reference, unique like every payment's; theirs is kept beside it. */
export function newManualReference(now: Date = new Date()): string {
  return `manual_${now.getTime()}${randomBytes(8).toString("hex")}`;
}

interface OrderToPay {
  id: string;
  status: OrderStatus;
  customerId: string;
  totalAmount: number;
  paymentId: string | null;
}

/** The manual payment row, with the order it pays, before fulfilment. */
export interface OpenedManualPayment {
  id: string;
  reference: string;
  amount: number;
  order: OrderToPay;
  orderNumber: string;
  adminName: string;
}

/**
 * The order (pending, for exactly its total) moves onto a new `manual` payment row, and the
 * checkout payment it leaves behind is made unable to pay it again.
 */
export async function openManualPayment(tx: Database, actor: Actor, input: ManualPaymentInput): Promise<OpenedManualPayment> {
  const amount = nairaTextToKobo(input.amountNaira);
  const order = await lockOrderAndItsPayment(tx, input.orderId);
  const orderNumber = orderNumberOf(order.id);
  if (order.status !== "pending") throw new Refusal("conflict", T.notPending(orderNumber, ORDER_STATUS_LABELS[order.status]));
  if (amount !== order.totalAmount) throw new Refusal("invalid", T.amountNotTotal(formatNaira(order.totalAmount)), { fieldErrors: { amountNaira: T.amountNotTotal(formatNaira(order.totalAmount)) } });
  const admin = await adminName(tx, actor);
  const reference = newManualReference();
  const [manual] = await tx
    .insert(payments)
    .values({
      customerId: order.customerId,
      orderId: order.id,
      paymentReference: reference,
      amount,
      paymentGateway: "manual",
      paymentMethod: input.method,
      gatewayReference: input.reference,
      isTest: false,
      recordedBy: actor.userId,
      note: input.note ?? null,
      metadata: { recorded_by_name: admin },
    })
    .returning({ id: payments.id });
  await attachPayment(tx, order.id, manual!.id);
  if (order.paymentId) await detachFromCheckoutPayment(tx, order, order.paymentId, manual!.id);
  return { id: manual!.id, reference, amount, order, orderNumber, adminName: admin };
}

/** Once fulfilled: the admin's reference kept on the payment, and the admin's entry in the activity log. */
export async function closeManualPayment(tx: Database, actor: Actor, manual: OpenedManualPayment, input: ManualPaymentInput): Promise<RecordedPayment> {
  const { reference, amount, order, orderNumber } = manual;
  // Fulfilment writes a provider's transaction id there; a manual payment keeps the admin's reference.
  await tx.update(payments).set({ gatewayReference: input.reference }).where(eq(payments.id, manual.id));
  await recordActivity(tx, {
    userId: actor.userId,
    userType: "admin",
    activityType: "manual_payment_recorded",
    description: `${manual.adminName} recorded a ${METHOD_IN_A_SENTENCE[input.method]} payment of ${formatNaira(amount)} for order #${orderNumber} (reference ${input.reference})`,
    metadata: { order_id: order.id, payment_reference: reference, method: input.method, reference: input.reference, note: input.note ?? null, amount },
  });
  return { orderNumber, reference, amount };
}

/**
 * The checkout payment is locked before the order, the order Paystack's fulfilment locks them in,
 * so a webhook arriving at the same moment waits instead of deadlocking.
 */
async function lockOrderAndItsPayment(tx: Database, orderId: string): Promise<OrderToPay> {
  const [seen] = await tx.select({ paymentId: orders.paymentId }).from(orders).where(eq(orders.id, orderId));
  if (!seen) throw new Refusal("not_found", T.notFound);
  if (seen.paymentId) await tx.select({ id: payments.id }).from(payments).where(eq(payments.id, seen.paymentId)).for("update");
  const [order] = await tx
    .select({ id: orders.id, status: orders.status, customerId: orders.customerId, totalAmount: orders.totalAmount, paymentId: orders.paymentId })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (!order) throw new Refusal("not_found", T.notFound);
  if (order.paymentId !== seen.paymentId) throw new Refusal("conflict", ORDER_STATUS_TEXTS.changedMeanwhile);
  return order;
}

/**
 * The order leaves the checkout payment it shared with the buyer's other orders, and that payment
 * must never take this order's money again:
 * - with other orders still on it, its amount drops by this order's total, so Paystack money of
 *   the old amount no longer matches: it pays nothing and is flagged for refund (the buyer pays
 *   the others with 'Pay now');
 * - with no order left, it is marked replaced by the manual payment: it can pay nothing.
 */
async function detachFromCheckoutPayment(tx: Database, order: OrderToPay, checkoutPaymentId: string, manualPaymentId: string): Promise<void> {
  const remaining = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.paymentId, checkoutPaymentId), ne(orders.id, order.id)))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const note = { paid_manually: { order_id: order.id, amount: order.totalAmount, payment_id: manualPaymentId } };
  if (remaining.length === 0) {
    await tx
      .update(payments)
      .set({ replacedById: manualPaymentId, metadata: sql`${payments.metadata} || ${JSON.stringify(note)}::jsonb`, updatedAt: sql`now()` })
      .where(eq(payments.id, checkoutPaymentId));
    return;
  }
  await tx
    .update(payments)
    .set({
      amount: sql`${payments.amount} - ${order.totalAmount}`,
      orderId: sql`case when ${payments.orderId} = ${order.id} then ${remaining[0]!.id}::uuid else ${payments.orderId} end`,
      metadata: sql`${payments.metadata} || ${JSON.stringify(note)}::jsonb`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(payments.id, checkoutPaymentId), sql`${payments.amount} > ${order.totalAmount}`));
}

/** The money is in hand: fulfilled as a Paystack payment would be, with the recorded amount. */
export function manualTransaction(manual: OpenedManualPayment, input: ManualPaymentInput): ProviderTransaction {
  return {
    id: 0,
    reference: manual.reference,
    status: "success",
    amount: manual.order.totalAmount,
    currency: "NGN",
    channel: input.method,
    gatewayResponse: MANUAL_PAYMENT_METHOD_LABELS[input.method],
    paidAt: new Date().toISOString(),
    metadata: {},
  };
}

/** The receipt is written with the payment, and sent only once the whole record has committed. */
export function deferredMailer(mailer: Mailer, deliveries: Array<() => void>): Mailer {
  return {
    send: (message) => mailer.send(message),
    idle: () => mailer.idle(),
    async record(tx, message) {
      deliveries.push(await mailer.record(tx, message));
      return () => {};
    },
  };
}

async function adminName(tx: Database, actor: Actor): Promise<string> {
  const [row] = await tx
    .select({ fullName: profiles.fullName, email: users.email })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, actor.userId));
  return row?.fullName?.trim() || row?.email || actor.email;
}
