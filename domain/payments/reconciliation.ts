/**
 * The periodic payment check (docs/payments.md): pending payments are verified with the
 * provider again, so a lost webhook or a closed tab never loses a payment; reservations still
 * unpaid after 30 minutes are released; released ones are checked for a while longer, so money
 * that arrives late is still fulfilled (or flagged for a refund). The job itself is
 * domain/flows/reconcile-payments.ts; what it checks and settles is here.
 */
import { and, asc, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { ConfirmationDeps } from "./confirmation";
import { type PaymentProvider, PaymentProviderError, type ProviderTransaction } from "./provider";
import { isFailedTransaction, recordPaymentFailure } from "./failure";
import { RESERVATION_MS, holdsReservation } from "../orders/reservation";
import { releaseReservation } from "./release";
import { payments } from "../../db/schema/payments";

const MINUTE_MS = 60_000;

export const RECONCILIATION = {
  /** Advisory lock key: one instance at a time runs the job. */
  lockKey: 0x70617973,
  intervalMs: MINUTE_MS,
  /** A buyer on the provider's page is left alone this long before the first check. */
  firstCheckAfterMs: 2 * MINUTE_MS,
  recheckPendingMs: MINUTE_MS,
  /**
   * Paystack says 'abandoned' for a page the buyer has not finished yet: only this long after the
   * payment started is an abandoned payment called failed (the buyer's own return says so at once).
   */
  abandonedAfterMs: 10 * MINUTE_MS,
  /** Released reservations are still checked for late money, less often. */
  recheckReleasedMs: 15 * MINUTE_MS,
  watchReleasedForMs: 24 * 60 * MINUTE_MS,
  batchSize: 100,
} as const;

export interface ReconciliationReport {
  checked: number;
  fulfilled: number;
  released: number;
  unreachable: number;
}

export interface PaymentToCheck {
  reference: string;
  status: string;
  createdAt: Date;
  releasedAt: Date | null;
  /** When its orders were placed: the reservation runs from then, whichever payment now holds them. */
  placedAt: Date;
}

/** The payments due a check now, oldest first, a batch at a time. */
export async function paymentsToCheck(db: Database, now: Date): Promise<PaymentToCheck[]> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const held = and(
    holdsReservation,
    lt(payments.createdAt, ago(RECONCILIATION.firstCheckAfterMs)),
    or(isNull(payments.lastCheckedAt), lt(payments.lastCheckedAt, ago(RECONCILIATION.recheckPendingMs))),
  );
  const recentlyReleased = and(
    eq(payments.status, "failed"),
    isNotNull(payments.releasedAt),
    gt(payments.releasedAt, ago(RECONCILIATION.watchReleasedForMs)),
    or(isNull(payments.lastCheckedAt), lt(payments.lastCheckedAt, ago(RECONCILIATION.recheckReleasedMs))),
  );
  return db
    .select({
      reference: payments.paymentReference,
      status: payments.status,
      createdAt: payments.createdAt,
      releasedAt: payments.releasedAt,
      // Written out: inside a subquery Drizzle would leave the columns unqualified.
      placedAt: sql<Date>`coalesce((select min(o.created_at) from orders o where o.payment_id = "payments"."id"), "payments"."created_at")`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(payments)
    .where(or(held, recentlyReleased))
    .orderBy(asc(payments.createdAt))
    .limit(RECONCILIATION.batchSize);
}

/** The provider's word on the payment, "unreachable" when it cannot be asked now (the next run asks again). */
export async function verifyForReconciliation(provider: PaymentProvider, reference: string): Promise<ProviderTransaction | null | "unreachable"> {
  try {
    return await provider.verify(reference);
  } catch (error) {
    if (error instanceof PaymentProviderError) return "unreachable";
    throw error;
  }
}

/**
 * A payment that paid nothing this time: checked now; a decline (or a page left unfinished too
 * long) is recorded as failed, and a reservation past its 30 minutes is released.
 */
export async function settleUnpaid(deps: ConfirmationDeps, payment: PaymentToCheck, transaction: ProviderTransaction | null, now: Date): Promise<"released" | "unpaid"> {
  await deps.db.update(payments).set({ lastCheckedAt: now }).where(eq(payments.paymentReference, payment.reference));
  if (payment.releasedAt) return "unpaid";
  if (transaction && shouldCallFailed(transaction.status, payment, now)) await recordPaymentFailure(deps.db, payment.reference, transaction);
  const expired = now.getTime() - payment.placedAt.getTime() > RESERVATION_MS;
  if (expired && (await releaseReservation(deps.db, payment.reference, { reason: "expired", publicUrl: deps.publicUrl }))) return "released";
  return "unpaid";
}

/** A decline is final at once; an unfinished page only once the buyer has had time to finish it. */
function shouldCallFailed(status: string, payment: PaymentToCheck, now: Date): boolean {
  if (payment.status !== "pending" || !isFailedTransaction({ status })) return false;
  return status === "failed" || now.getTime() - payment.createdAt.getTime() > RECONCILIATION.abandonedAfterMs;
}
