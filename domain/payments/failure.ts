/**
 * A payment the provider says did not go through (docs/payments.md): declined ('failed') or left
 * unfinished ('abandoned'). It is stored as failed with the provider's words while its orders keep
 * their reservation, so the buyer sees 'Payment failed' and may pay again or cancel.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { publishLiveEvents } from "../live/events";
import { orders } from "../../db/schema/orders";
import type { ProviderTransaction } from "./provider";
import { payments } from "../../db/schema/payments";

/** Paystack's words for "no money was taken and none is coming on this attempt". */
export const isFailedTransaction = (transaction: Pick<ProviderTransaction, "status">) =>
  transaction.status === "failed" || transaction.status === "abandoned";

export const DEFAULT_FAILURE_REASON = "The transaction was not completed";

/**
 * Marks a pending payment failed; false when it was not pending any more (paid, released,
 * replaced or already failed). The buyer's open pages hear of it.
 */
export async function recordPaymentFailure(db: Database, reference: string, transaction: Pick<ProviderTransaction, "gatewayResponse">): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .update(payments)
      .set({ status: "failed", failureReason: transaction.gatewayResponse || DEFAULT_FAILURE_REASON, updatedAt: sql`now()` })
      .where(and(eq(payments.paymentReference, reference), eq(payments.status, "pending")))
      .returning({ id: payments.id, customerId: payments.customerId });
    if (!payment) return false;
    const held = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.paymentId, payment.id), eq(orders.status, "pending")));
    await publishLiveEvents(tx, held.map((order) => ({ userId: payment.customerId, event: { kind: "order.updated", orderId: order.id, status: "pending" } })));
    return true;
  });
}
