/** The checkout a buyer may still pay or cancel: the one whose payment holds the reservation. */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { orders } from "../../db/schema/orders";
import { holdsReservation, reservationEndsAt } from "../orders/reservation";
import { payments } from "../../db/schema/payments";

/** A checkout the buyer may still pay ('Pay now') or cancel: its payment holds pending orders. */
export interface HeldCheckout {
  paymentId: string;
  reference: string;
  paymentStatus: "pending" | "failed";
  customerId: string;
  /** The first order of the checkout, which the buyer's buttons name. */
  orderId: string;
  orderIds: string[];
  placedAt: Date;
  payableUntil: Date;
}

/** The buyer's checkout still reserved and payable now (one at a time; placing another releases it), or null. */
export async function findPayableCheckout(db: Database, customerId: string, now = new Date()): Promise<HeldCheckout | null> {
  const held = await findHeldCheckout(db, customerId, "any");
  return held && held.payableUntil > now ? held : null;
}

/**
 * The checkout holding a reservation that this payment or order belongs to ("any": the buyer's
 * oldest), if it is the buyer's; null otherwise.
 */
export async function findHeldCheckout(
  db: Database,
  customerId: string,
  by: { reference: string } | { orderId: string } | "any",
): Promise<HeldCheckout | null> {
  const paymentMatch = by === "any"
    ? undefined
    : "reference" in by
      ? eq(payments.paymentReference, by.reference)
      : sql`${payments.id} = (select o.payment_id from orders o where o.id = ${by.orderId} and o.customer_id = ${customerId})`;
  const rows = await db
    .select({
      paymentId: payments.id,
      reference: payments.paymentReference,
      paymentStatus: payments.status,
      customerId: payments.customerId,
      orderId: orders.id,
      createdAt: orders.createdAt,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.paymentId, payments.id))
    .where(and(paymentMatch, eq(payments.customerId, customerId), holdsReservation, eq(orders.status, "pending")))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const first = rows[0];
  if (!first || (first.paymentStatus !== "pending" && first.paymentStatus !== "failed")) return null;
  return {
    paymentId: first.paymentId,
    reference: first.reference,
    paymentStatus: first.paymentStatus,
    customerId: first.customerId,
    orderId: first.orderId,
    orderIds: rows.filter((row) => row.paymentId === first.paymentId).map((row) => row.orderId),
    placedAt: first.createdAt,
    payableUntil: reservationEndsAt(first.createdAt),
  };
}
