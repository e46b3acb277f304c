/**
 * Giving a reservation back (decisions.md 5): the payment's pending orders are cancelled and
 * their phones return to stock, in one transaction guarded by the payment still being pending.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { LIMITS } from "../../lib/constants";
import { recordActivity } from "../activity/service";
import { restoreStock } from "../catalog/stock";
import { publishLiveEvent } from "../live/events";
import { notify } from "../notifications/service";
import { recordOrderStatus } from "../orders/history";
import { orders } from "../orders/schema";
import { orderNumberOf } from "../orders/status";
import { payments } from "./schema";
import { PAYMENT_NOTICES as N } from "./texts";

export type ReleaseReason = "expired" | "initialization_failed";

/** Releases a still-pending payment's reservation; false when it was no longer pending. */
export async function releaseReservation(db: Database, reference: string, { reason }: { reason: ReleaseReason }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .update(payments)
      .set({ status: "failed", releasedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(payments.paymentReference, reference), eq(payments.status, "pending")))
      .returning({ id: payments.id, customerId: payments.customerId });
    if (!payment) return false;
    const cancelled = await tx
      .update(orders)
      .set({ status: "cancelled", updatedAt: sql`now()` })
      .where(and(eq(orders.paymentId, payment.id), eq(orders.status, "pending")))
      .returning({ id: orders.id, productId: orders.productId, quantity: orders.quantity });
    for (const order of cancelled) await restoreStock(tx, order.productId, order.quantity);
    const note = reason === "expired" ? N.expiredHistoryNote : N.initFailedHistoryNote;
    await recordOrderStatus(tx, cancelled.map((order) => ({ orderId: order.id, status: "cancelled" as const, note })));
    if (reason === "expired" && cancelled.length > 0) await tellBuyer(tx, payment.customerId, cancelled.map((o) => o.id));
    await recordActivity(tx, {
      userId: null,
      userType: "buyer",
      activityType: "reservation_released",
      description: `Released ${cancelled.length} reserved ${cancelled.length === 1 ? "order" : "orders"} of payment ${reference} (${reason.replace("_", " ")})`,
      metadata: { payment_reference: reference, order_ids: cancelled.map((o) => o.id), reason },
    });
    return true;
  });
}

async function tellBuyer(tx: Database, customerId: string, orderIds: string[]): Promise<void> {
  await notify(tx, customerId, "warning", N.expiredTitle, N.expiredMessage(orderIds.map(orderNumberOf), LIMITS.reservationMinutes));
  for (const orderId of orderIds) await publishLiveEvent(tx, customerId, { kind: "order.updated", orderId, status: "cancelled" });
}
