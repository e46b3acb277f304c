/**
 * The periodic payment check (docs/payments.md): pending payments are verified with the
 * provider again, so a lost webhook or a closed tab never loses a payment; reservations still
 * unpaid after 30 minutes are released; released ones are checked for a while longer, so money
 * that arrives late is still fulfilled (or flagged for a refund).
 */
import { and, asc, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { ConfirmationDeps } from "./confirmation";
import { fulfilPayment } from "./fulfilment";
import { PaymentProviderError } from "./provider";
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

export async function reconcilePayments(deps: ConfirmationDeps, now: Date = new Date()): Promise<ReconciliationReport> {
  const report: ReconciliationReport = { checked: 0, fulfilled: 0, released: 0, unreachable: 0 };
  for (const payment of await paymentsToCheck(deps, now)) {
    report.checked++;
    const outcome = await checkPayment(deps, payment, now);
    if (outcome === "fulfilled") report.fulfilled++;
    else if (outcome === "released") report.released++;
    else if (outcome === "unreachable") report.unreachable++;
  }
  return report;
}

interface PaymentToCheck {
  reference: string;
  status: string;
  createdAt: Date;
  releasedAt: Date | null;
  /** When its orders were placed: the reservation runs from then, whichever payment now holds them. */
  placedAt: Date;
}

async function paymentsToCheck({ db }: ConfirmationDeps, now: Date): Promise<PaymentToCheck[]> {
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

async function checkPayment(deps: ConfirmationDeps, payment: PaymentToCheck, now: Date): Promise<"fulfilled" | "released" | "unpaid" | "unreachable"> {
  let transaction;
  try {
    transaction = await deps.payments.verify(payment.reference);
  } catch (error) {
    if (error instanceof PaymentProviderError) return "unreachable";
    throw error;
  }
  if (transaction?.status === "success") {
    const fulfilment = await fulfilPayment(deps, payment.reference, transaction);
    if (fulfilment.outcome === "fulfilled" || fulfilment.outcome === "refund_flagged") return "fulfilled";
  }
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
