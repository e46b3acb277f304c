/**
 * Giving a reservation back (docs/payments.md): the payment's pending orders are cancelled
 * and their phones return to stock, in one transaction guarded by the payment still holding its
 * reservation (pending, or failed but not yet released or replaced).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { LIMITS } from "../../lib/constants";
import { recordActivity } from "../activity/service";
import type { NewNotification } from "../notifications/service";
import { orders } from "../../db/schema/orders";
import { orderNumberOf } from "../orders/status";
import { holdsReservation } from "../orders/reservation";
import { writeOrderStatus } from "../orders/status-writer";
import { vendors } from "../../db/schema/vendors";
import { payments } from "../../db/schema/payments";
import { PAYMENT_NOTICES as N } from "./texts";

/**
 * Why a reservation ends: it ran out of time, the provider never gave a payment page, the buyer
 * cancelled it, or the buyer placed a newer checkout (one unpaid checkout per buyer).
 */
export type ReleaseReason = "expired" | "initialization_failed" | "cancelled_by_buyer" | "superseded";

/** Why, and the site's address for the e-mails of buyers waiting for a phone that comes back. */
export interface ReleaseOptions {
  reason: ReleaseReason;
  publicUrl?: string;
}

/** Releases a payment's reservation if it still holds one; false when it no longer did. */
export async function releaseReservation(db: Database, reference: string, options: ReleaseOptions): Promise<boolean> {
  return db.transaction((tx) => releaseInTransaction(tx, reference, options));
}

/** The same, inside the caller's transaction (a new checkout releases the older one with its own writes). */
export async function releaseInTransaction(tx: Database, reference: string, { reason, publicUrl }: ReleaseOptions): Promise<boolean> {
  const [payment] = await tx
    .update(payments)
    .set({
      status: "failed",
      releasedAt: sql`now()`,
      // The buyer said no: money that still arrives on this payment is refunded, not used to revive the orders.
      ...(reason === "cancelled_by_buyer" ? { metadata: sql`${payments.metadata} || '{"cancelled_by_buyer":true}'::jsonb` } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(payments.paymentReference, reference), holdsReservation))
    .returning({ id: payments.id, customerId: payments.customerId });
  if (!payment) return false;
  const pending = await tx
    .select({ id: orders.id, status: orders.status, productId: orders.productId, quantity: orders.quantity, vendorId: orders.vendorId, totalAmount: orders.totalAmount })
    .from(orders)
    .where(and(eq(orders.paymentId, payment.id), eq(orders.status, "pending")))
    .orderBy(orders.id)
    .for("update");
  await writeOrderStatus(tx, {
    orders: pending,
    to: "cancelled",
    history: { note: HISTORY_NOTES[reason] },
    tidings: async () => ({ notices: await noticesOf(tx, payment.customerId, pending, reason) }),
    watchers: [payment.customerId],
    publicUrl,
  });
  await recordActivity(tx, {
    userId: reason === "cancelled_by_buyer" || reason === "superseded" ? payment.customerId : null,
    userType: "buyer",
    activityType: reason === "cancelled_by_buyer" ? "order_cancelled" : "reservation_released",
    description: `Released ${pending.length} reserved ${pending.length === 1 ? "order" : "orders"} of payment ${reference} (${reason.replaceAll("_", " ")})`,
    metadata: { payment_reference: reference, order_ids: pending.map((o) => o.id), reason },
  });
  return true;
}

const HISTORY_NOTES: Record<ReleaseReason, string> = {
  expired: N.expiredHistoryNote,
  initialization_failed: N.initFailedHistoryNote,
  cancelled_by_buyer: N.cancelledHistoryNote,
  superseded: N.supersededHistoryNote,
};

type CancelledOrder = { id: string; vendorId: string; productId: string; quantity: number };

/** The buyer hears why (unless the payment page never opened); vendors hear of a buyer's cancellation. */
async function noticesOf(tx: Database, customerId: string, cancelled: CancelledOrder[], reason: ReleaseReason): Promise<NewNotification[]> {
  if (cancelled.length === 0) return [];
  const numbers = cancelled.map((o) => orderNumberOf(o.id));
  const notices: NewNotification[] = [];
  if (reason === "expired") notices.push({ userId: customerId, type: "warning", title: N.expiredTitle, message: N.expiredMessage(numbers, LIMITS.reservationMinutes) });
  if (reason === "superseded") notices.push({ userId: customerId, type: "order", title: N.supersededTitle, message: N.supersededMessage(numbers) });
  if (reason === "cancelled_by_buyer") {
    notices.push({ userId: customerId, type: "order", title: N.cancelledTitle, message: N.cancelledMessage(numbers) });
    const vendorUsers = await vendorUserIds(tx, cancelled.map((o) => o.vendorId));
    for (const order of cancelled) {
      const userId = vendorUsers.get(order.vendorId);
      if (userId) notices.push({ userId, type: "order", title: N.vendorCancelledTitle, message: N.vendorCancelledMessage(orderNumberOf(order.id)) });
    }
  }
  return notices;
}

async function vendorUserIds(tx: Database, vendorIds: string[]): Promise<Map<string, string>> {
  const rows = await tx
    .select({ id: vendors.id, userId: vendors.userId })
    .from(vendors)
    .where(inArray(vendors.id, [...new Set(vendorIds)]));
  return new Map(rows.map((row) => [row.id, row.userId]));
}
