/**
 * A refund that ended failed (docs/after-sale.md), whoever brought the news: the provider's
 * answer, a refund.failed webhook, or reconciliation. In one transaction payments fails the refund
 * and flags its payment, a claim the refund had resolved goes back to the admins
 * (domain/claims/refund-failed.ts), so does a return it had closed (domain/returns/steps.ts), and payments tells the admins and the buyer, saying whether
 * the claim went back.
 */
import { sendClaimBackAfterFailedRefund } from "../claims/refund-failed";
import { sendReturnBackAfterFailedRefund } from "../returns/service";
import { type RefundReconciliationReport, lookUpPendingRefunds } from "../payments/refund-reconciliation";
import { type RefundDeps, type RefundFailure, type RefundOutcome, applyRefundOutcome as applyOutcome, failLockedRefund, tellRefundFailed } from "../payments/refunds";

type FailureDeps = Pick<RefundDeps, "db" | "mailer" | "publicUrl">;

/** Fails a pending refund; a refund no longer pending (a replayed event) changes nothing. */
export async function failRefund(deps: FailureDeps, failure: RefundFailure): Promise<void> {
  const deliveries = await deps.db.transaction(async (tx) => {
    const failed = await failLockedRefund(tx, failure);
    if (!failed) return [];
    const claimReopened = failed.claimId ? await sendClaimBackAfterFailedRefund(tx, failed.claimId, failed.amount, failure.reason) : false;
    // A change-of-mind return the refund had closed goes back to the admins the same way.
    await sendReturnBackAfterFailedRefund(tx, failed.idempotencyKey, failed.amount, failure.reason);
    return tellRefundFailed(tx, deps, failed, failure.reason, claimReopened);
  });
  for (const deliver of deliveries) deliver();
}

/** The provider's word on a refund (a webhook): processed is settled by payments, failed as above. */
export async function applyRefundOutcome(deps: FailureDeps, outcome: RefundOutcome): Promise<void> {
  const failure = await applyOutcome(deps, outcome);
  if (failure) await failRefund(deps, failure);
}

/** Refunds left pending, looked up at the provider; those that ended failed are failed as above. */
export async function reconcileRefunds(deps: RefundDeps, now: Date = new Date()): Promise<Omit<RefundReconciliationReport, "failures">> {
  const { failures, ...report } = await lookUpPendingRefunds(deps, now);
  for (const failure of failures) await failRefund(deps, failure);
  return report;
}
