/**
 * Refunds left pending (docs/after-sale.md): the provider never answered the request, or its
 * webhook was lost. Each is looked up at the provider; one that never reached it is asked for
 * again, but only after the transaction's refunds show no refund of that amount we have not
 * already recorded, so the money goes back once. A refund that ended failed is handed back in the
 * report's `failures`, for `failRefund` (domain/flows/refund-failed.ts).
 */
import { and, asc, eq, isNotNull, lt, sql } from "drizzle-orm";
import { refunds } from "../../db/schema/after-sale";
import { payments } from "../../db/schema/payments";
import { PaymentProviderError, type ProviderRefund } from "./provider";
import { type RefundDeps, type RefundFailure, applyRefundOutcome, isRefusal } from "./refunds";
import { markRefundNeedsAccount } from "./refund-account";

export const REFUND_RECONCILIATION = {
  /** A pending refund is left to its webhook this long before it is looked up. */
  lookUpAfterMs: 2 * 60_000,
  batchSize: 50,
} as const;

const FINAL: Record<string, "processed" | "failed" | undefined> = { processed: "processed", failed: "failed" };
/** Paystack's status of a refund waiting for the buyer's bank account (domain/payments/refund-account.ts). */
const NEEDS_ACCOUNT = "needs-attention";

interface PendingRefund {
  id: string;
  amount: number;
  providerRefundId: number | null;
  paymentId: string;
  reference: string;
}

export interface RefundReconciliationReport {
  checked: number;
  settled: number;
  resubmitted: number;
  unreachable: number;
  failures: RefundFailure[];
}

export async function lookUpPendingRefunds(deps: RefundDeps, now: Date = new Date()): Promise<RefundReconciliationReport> {
  const report: RefundReconciliationReport = { checked: 0, settled: 0, resubmitted: 0, unreachable: 0, failures: [] };
  for (const refund of await pendingRefunds(deps, now)) {
    report.checked++;
    try {
      const { outcome, failure } = await lookUp(deps, refund);
      if (outcome === "settled") report.settled++;
      if (outcome === "resubmitted") report.resubmitted++;
      if (failure) report.failures.push(failure);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      report.unreachable++;
    }
    await deps.db.update(refunds).set({ updatedAt: now }).where(and(eq(refunds.id, refund.id), eq(refunds.status, "pending")));
  }
  return report;
}

function pendingRefunds({ db }: RefundDeps, now: Date): Promise<PendingRefund[]> {
  return db
    .select({ id: refunds.id, amount: refunds.amount, providerRefundId: refunds.providerRefundId, paymentId: refunds.paymentId, reference: payments.paymentReference })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(refunds.status, "pending"), lt(refunds.updatedAt, new Date(now.getTime() - REFUND_RECONCILIATION.lookUpAfterMs))))
    .orderBy(asc(refunds.createdAt))
    .limit(REFUND_RECONCILIATION.batchSize);
}

interface LookedUp {
  outcome: "settled" | "resubmitted" | "pending";
  failure?: RefundFailure;
}

async function lookUp(deps: RefundDeps, refund: PendingRefund): Promise<LookedUp> {
  const atProvider = refund.providerRefundId !== null ? await deps.payments.fetchRefund(refund.providerRefundId) : await findUnrecorded(deps, refund);
  if (!atProvider) return resubmit(deps, refund);
  if (refund.providerRefundId === null) await name(deps, refund, atProvider.id);
  return settle(deps, refund, atProvider);
}

/** Asks for a refund the provider never received (the request was lost, or the process died before sending it). */
async function resubmit(deps: RefundDeps, refund: PendingRefund): Promise<LookedUp> {
  try {
    const answer = await deps.payments.refund({ transaction: refund.reference, amount: refund.amount });
    await name(deps, refund, answer.id);
    if (answer.status === "processed") await settle(deps, refund, { ...answer, status: "processed" });
    return { outcome: "resubmitted" };
  } catch (error) {
    if (!(error instanceof PaymentProviderError) || !isRefusal(error)) throw error;
    return { outcome: "settled", failure: { refundId: refund.id, reason: error.message } };
  }
}

/** A refund of this amount at the provider that no refund of ours is known by: the request did reach it. */
async function findUnrecorded(deps: RefundDeps, refund: PendingRefund): Promise<ProviderRefund | undefined> {
  const transaction = await deps.payments.verify(refund.reference);
  if (!transaction) return undefined;
  const listed = await deps.payments.listRefunds(transaction.id);
  const known = await deps.db
    .select({ id: refunds.providerRefundId })
    .from(refunds)
    .where(and(eq(refunds.paymentId, refund.paymentId), isNotNull(refunds.providerRefundId)));
  const recorded = new Set(known.map((row) => row.id));
  return listed.find((candidate) => candidate.amount === refund.amount && !recorded.has(candidate.id));
}

async function name(deps: RefundDeps, refund: PendingRefund, providerRefundId: number): Promise<void> {
  await deps.db
    .update(refunds)
    .set({ providerRefundId, updatedAt: sql`now()` })
    .where(and(eq(refunds.id, refund.id), sql`${refunds.providerRefundId} is null`));
}

async function settle(deps: RefundDeps, refund: PendingRefund, atProvider: ProviderRefund): Promise<LookedUp> {
  const status = FINAL[atProvider.status];
  if (atProvider.status === NEEDS_ACCOUNT) await markRefundNeedsAccount(deps, atProvider.id);
  if (!status) return { outcome: "pending" };
  const failure = await applyRefundOutcome(deps, { providerRefundId: atProvider.id, transactionReference: refund.reference, amount: atProvider.amount, status, failureReason: atProvider.reason || `Paystack: ${atProvider.status}` });
  return { outcome: "settled", ...(failure && { failure }) };
}
