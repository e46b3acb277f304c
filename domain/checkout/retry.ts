/**
 * What a buyer can do with a checkout that is not paid yet (docs/payments.md): 'Pay now' opens a
 * fresh provider payment for the same reserved orders while the reservation lasts (the operation
 * is domain/flows/pay-again.ts), and 'Cancel order' gives the phones back at once.
 */
import { Refusal } from "../core/refusal";
import { z } from "../../lib/zod";
import type { Database } from "../../db/client";
import { recordActivity } from "../activity/service";
import { lockHeldPayment } from "../payments/checkout-payment";
import { releaseReservation } from "../payments/release";
import { type HeldCheckout, findHeldCheckout } from "../payments/reservation";
import type { Buyer } from "./service";
import { CHECKOUT_TEXTS as T } from "./texts";

/** Both buttons name one order of the checkout; the whole checkout is paid or cancelled. */
export const unpaidOrderSchema = z.object({ orderId: z.guid({ error: T.orderNotFound }) });
export type UnpaidOrderInput = z.output<typeof unpaidOrderSchema>;

/** The checkout 'Pay now' may still pay, its payment locked; refused once it is paid, released or out of time. */
export async function lockPayableCheckout(tx: Database, buyer: Pick<Buyer, "userId">, input: UnpaidOrderInput, now: Date) {
  const held = await findHeldCheckout(tx, buyer.userId, { orderId: input.orderId });
  if (!held) throw new Refusal("conflict", T.notPayable);
  if (held.payableUntil.getTime() <= now.getTime()) throw new Refusal("conflict", T.reservationOver);
  const payment = await lockHeldPayment(tx, held.paymentId);
  if (!payment) throw new Refusal("conflict", T.notPayable);
  return { held, payment };
}

/** The buyer's activity log names the new payment and the one it replaces. */
export async function recordPaymentRetried(tx: Database, buyer: Pick<Buyer, "userId">, reference: string, held: HeldCheckout): Promise<void> {
  await recordActivity(tx, {
    userId: buyer.userId,
    userType: "buyer",
    activityType: "payment_retried",
    description: `Started payment ${reference} for ${held.orderIds.length} reserved ${held.orderIds.length === 1 ? "order" : "orders"} (replaces ${held.reference})`,
    metadata: { payment_reference: reference, replaces: held.reference, order_ids: held.orderIds },
  });
}

/** 'Cancel order': the buyer's unpaid checkout is released at once; buyer and vendors are told. */
export async function cancelUnpaidCheckout(db: Database, buyer: Pick<Buyer, "userId">, input: UnpaidOrderInput): Promise<{ orderIds: string[] }> {
  const held = await findHeldCheckout(db, buyer.userId, { orderId: input.orderId });
  if (!held) throw new Refusal("conflict", T.notCancellable);
  if (!(await releaseReservation(db, held.reference, { reason: "cancelled_by_buyer" }))) throw new Refusal("conflict", T.notCancellable);
  return { orderIds: held.orderIds };
}
