import { randomBytes } from "node:crypto";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { Refusal } from "../core/refusal";
/**
 * A payment an admin received outside Paystack (docs/admin.md): bank transfer, cash or POS.
 * Recording it is the only way besides a verified Paystack payment for an order to become paid.
 *
 * In one transaction: a `manual` payment row for exactly the order's total, the order moved onto
 * it, the checkout payment it leaves behind made unable to pay it again, and then the same
 * idempotent fulfilment a Paystack payment goes through (stock counted as sold, buyer and vendor
 * told, receipt), and the admin's entry in the activity log.
 */
import type { Database } from "../../db/client";
import { ORDER_STATUS_LABELS, type OrderStatus } from "../../lib/constants";
import { formatNaira } from "../../lib/money";
import { profiles, users } from "../../db/schema/accounts";
import { recordActivity } from "../activity/service";
import { type Actor, assertMay } from "../core/access";
import type { Mailer } from "../mail/mailer";
import { orders } from "../../db/schema/orders";
import { attachPayment } from "../orders/placement";
import { ORDER_STATUS_TEXTS, orderNumberOf } from "../orders/status";
import { type FulfilmentDeps, fulfilPayment } from "./fulfilment";
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

export async function recordManualPayment(deps: FulfilmentDeps, actor: Actor, input: ManualPaymentInput): Promise<RecordedPayment> {
  assertMay(actor, "back_office");
  const amount = nairaTextToKobo(input.amountNaira);
  const receipts: Array<() => void> = [];
  const recorded = await deps.db.transaction(async (tx) => {
    const order = await lockOrderAndItsPayment(tx, input.orderId);
    const number = orderNumberOf(order.id);
    if (order.status !== "pending") throw new Refusal("conflict", T.notPending(number, ORDER_STATUS_LABELS[order.status]));
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
    await fulfil({ ...deps, db: tx, mailer: deferredMailer(deps.mailer, receipts) }, reference, order, input);
    // Fulfilment writes a provider's transaction id there; a manual payment keeps the admin's reference.
    await tx.update(payments).set({ gatewayReference: input.reference }).where(eq(payments.id, manual!.id));
    await recordActivity(tx, {
      userId: actor.userId,
      userType: "admin",
      activityType: "manual_payment_recorded",
      description: `${admin} recorded a ${METHOD_IN_A_SENTENCE[input.method]} payment of ${formatNaira(amount)} for order #${number} (reference ${input.reference})`,
      metadata: { order_id: order.id, payment_reference: reference, method: input.method, reference: input.reference, note: input.note ?? null, amount },
    });
    return { orderNumber: number, reference, amount };
  });
  for (const deliver of receipts) deliver();
  return recorded;
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

/** The money is in hand: the same idempotent path as a Paystack payment, with the recorded amount. */
async function fulfil(deps: FulfilmentDeps, reference: string, order: OrderToPay, input: ManualPaymentInput): Promise<void> {
  const transaction: ProviderTransaction = {
    id: 0,
    reference,
    status: "success",
    amount: order.totalAmount,
    currency: "NGN",
    channel: input.method,
    gatewayResponse: MANUAL_PAYMENT_METHOD_LABELS[input.method],
    paidAt: new Date().toISOString(),
    metadata: {},
  };
  const outcome = await fulfilPayment(deps, reference, transaction);
  // Anything else would leave money recorded for an order that is not paid: undo it all.
  if (outcome.outcome !== "fulfilled") throw new Refusal("conflict", ORDER_STATUS_TEXTS.changedMeanwhile);
}

/** The receipt is written with the payment, and sent only once the whole record has committed. */
function deferredMailer(mailer: Mailer, deliveries: Array<() => void>): Mailer {
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
