import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { payments } from "../../db/schema/payments";

/**
 * The one way a payment is flagged for refund (docs/payments.md): it shows in the admins'
 * flagged-for-refund panel with `reason`. `onlyIfPaid` leaves a payment that took no money alone.
 */
export async function flagPaymentForRefund(tx: Database, paymentId: string, reason: string, options: { onlyIfPaid?: boolean } = {}): Promise<void> {
  await tx
    .update(payments)
    .set({ flaggedForRefund: true, refundReason: reason, updatedAt: sql`now()` })
    .where(and(eq(payments.id, paymentId), options.onlyIfPaid ? inArray(payments.status, ["successful", "partially_refunded"]) : undefined));
}
