/**
 * What a buyer can do with a checkout that is not paid yet (docs/payments.md): 'Pay now' opens a
 * fresh provider payment for the same reserved orders while the reservation lasts, and
 * 'Cancel order' gives the phones back at once.
 */
import { and, eq, sql } from "drizzle-orm";
import { Refusal } from "../core/refusal";
import { z } from "../../lib/zod";
import type { Database } from "../../db/client";
import { recordActivity } from "../activity/service";
import { movePendingOrders } from "../orders/placement";
import { holdsReservation } from "../orders/reservation";
import { releaseReservation } from "../payments/release";
import { findHeldCheckout } from "../payments/reservation";
import { payments } from "../../db/schema/payments";
import { PAYMENT_NOTICES as N } from "../payments/texts";
import { type Buyer, type CheckoutDeps, type PlacedOrder, type Reservation, limitCheckouts, newPaymentReference, openProviderPage } from "./service";
import { CHECKOUT_TEXTS as T } from "./texts";

/** Both buttons name one order of the checkout; the whole checkout is paid or cancelled. */
export const unpaidOrderSchema = z.object({ orderId: z.guid({ error: T.orderNotFound }) });
export type UnpaidOrderInput = z.output<typeof unpaidOrderSchema>;

/**
 * 'Pay now': a new payment (new reference) takes over the checkout's orders; the old one is marked
 * replaced, so money that still arrives on it pays nothing and is flagged for a refund.
 */
export async function payAgain(deps: CheckoutDeps, buyer: Buyer, input: UnpaidOrderInput, now: Date = new Date()): Promise<PlacedOrder> {
  const reservation = await deps.db.transaction((tx) => moveToFreshPayment(tx, deps, buyer, input, now));
  // A refusal here leaves the reservation as it is: the buyer may press 'Pay now' again.
  return openProviderPage(deps, buyer, reservation);
}

async function moveToFreshPayment(tx: Database, deps: CheckoutDeps, buyer: Buyer, input: UnpaidOrderInput, now: Date): Promise<Reservation> {
  const held = await findHeldCheckout(tx, buyer.userId, { orderId: input.orderId });
  if (!held) throw new Refusal("conflict", T.notPayable);
  if (held.payableUntil.getTime() <= now.getTime()) throw new Refusal("conflict", T.reservationOver);
  const [old] = await tx
    .select({ amount: payments.amount, deliveryFee: payments.deliveryFee, metadata: payments.metadata, orderId: payments.orderId, failureReason: payments.failureReason })
    .from(payments)
    .where(and(eq(payments.id, held.paymentId), holdsReservation))
    .for("update");
  if (!old) throw new Refusal("conflict", T.notPayable);
  const reference = newPaymentReference(now);
  const [fresh] = await tx
    .insert(payments)
    .values({
      customerId: buyer.userId,
      orderId: old.orderId,
      paymentReference: reference,
      amount: old.amount,
      deliveryFee: old.deliveryFee,
      isTest: deps.payments.testMode ?? false,
    })
    .returning({ id: payments.id });
  const metadata = { ...old.metadata, payment_id: fresh!.id, replaces: held.reference };
  await tx.update(payments).set({ metadata }).where(eq(payments.id, fresh!.id));
  await movePendingOrders(tx, held.paymentId, fresh!.id);
  await tx
    .update(payments)
    .set({
      status: "failed",
      replacedById: fresh!.id,
      releasedAt: sql`now()`,
      failureReason: old.failureReason ?? N.replacedFailureReason,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, held.paymentId));
  await recordActivity(tx, {
    userId: buyer.userId,
    userType: "buyer",
    activityType: "payment_retried",
    description: `Started payment ${reference} for ${held.orderIds.length} reserved ${held.orderIds.length === 1 ? "order" : "orders"} (replaces ${held.reference})`,
    metadata: { payment_reference: reference, replaces: held.reference, order_ids: held.orderIds },
  });
  await limitCheckouts(tx, buyer);
  return { reference, orderIds: held.orderIds, amount: old.amount, metadata };
}

/** 'Cancel order': the buyer's unpaid checkout is released at once; buyer and vendors are told. */
export async function cancelUnpaidCheckout(db: Database, buyer: Pick<Buyer, "userId">, input: UnpaidOrderInput): Promise<{ orderIds: string[] }> {
  const held = await findHeldCheckout(db, buyer.userId, { orderId: input.orderId });
  if (!held) throw new Refusal("conflict", T.notCancellable);
  if (!(await releaseReservation(db, held.reference, { reason: "cancelled_by_buyer" }))) throw new Refusal("conflict", T.notCancellable);
  return { orderIds: held.orderIds };
}
