/**
 * The payment row of a checkout (docs/cart-and-checkout.md): opened pending with the amount the
 * server computed, filled with its orders and metadata, given the provider's page, and replaced
 * when 'Pay now' opens a fresh one for the same orders.
 */
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { payments } from "../../db/schema/payments";
import { holdsReservation } from "../orders/reservation";
import { releaseInTransaction } from "./release";
import { PAYMENT_NOTICES as N } from "./texts";

/** `pay_<timestamp><random>`, the random part from a strong source (docs/cart-and-checkout.md). */
export function newPaymentReference(now: Date = new Date()): string {
  return `pay_${now.getTime()}${randomBytes(12).toString("hex")}`;
}

export interface NewCheckoutPayment {
  customerId: string;
  reference: string;
  amount: number;
  deliveryFee: number;
  isTest: boolean;
  /** The first order, when the orders exist already ('Pay now'). */
  orderId?: string | null;
}

/** Inserts the checkout's pending payment; answers its id. */
export async function openCheckoutPayment(tx: Database, payment: NewCheckoutPayment): Promise<string> {
  const { reference, ...values } = payment;
  const [row] = await tx.insert(payments).values({ ...values, paymentReference: reference }).returning({ id: payments.id });
  return row!.id;
}

/** The payment's metadata (docs/cart-and-checkout.md) and, once they are placed, its first order. */
export async function fillCheckoutPayment(tx: Database, paymentId: string, details: { metadata: Record<string, unknown>; orderId?: string | undefined }): Promise<void> {
  await tx.update(payments).set(details).where(eq(payments.id, paymentId));
}

/** What the provider answered for its payment page: its reference and access code. */
export async function recordProviderPage(db: Database, reference: string, page: { gatewayReference: string; accessCode: string }): Promise<void> {
  await db
    .update(payments)
    .set({ gatewayReference: page.gatewayReference, metadata: sql`${payments.metadata} || ${JSON.stringify({ access_code: page.accessCode })}::jsonb` })
    .where(eq(payments.paymentReference, reference));
}

/** One unpaid checkout per buyer: any reservation the buyer still holds is released first (they are told). */
export async function releaseOlderCheckouts(tx: Database, userId: string): Promise<void> {
  const older = await tx
    .select({ reference: payments.paymentReference })
    .from(payments)
    .where(and(eq(payments.customerId, userId), holdsReservation))
    .for("update");
  for (const { reference } of older) await releaseInTransaction(tx, reference, { reason: "superseded" });
}

/** The held payment 'Pay now' replaces, locked; undefined when it no longer holds the reservation. */
export async function lockHeldPayment(tx: Database, paymentId: string) {
  const [held] = await tx
    .select({ amount: payments.amount, deliveryFee: payments.deliveryFee, metadata: payments.metadata, orderId: payments.orderId, failureReason: payments.failureReason })
    .from(payments)
    .where(and(eq(payments.id, paymentId), holdsReservation))
    .for("update");
  return held;
}

/** The old payment can no longer pay: money that still arrives on it is flagged for a refund. It keeps the provider's words of an earlier decline. */
export async function markPaymentReplaced(tx: Database, paymentId: string, replacedById: string, failureReason: string | null): Promise<void> {
  await tx
    .update(payments)
    .set({ status: "failed", replacedById, releasedAt: sql`now()`, failureReason: failureReason ?? N.replacedFailureReason, updatedAt: sql`now()` })
    .where(eq(payments.id, paymentId));
}
