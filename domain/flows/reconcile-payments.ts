/**
 * The periodic payment check (docs/payments.md): each payment due a check is verified with the
 * provider again; money that arrived is fulfilled through the same idempotent path as the return
 * page's and the webhook's, and a payment that paid nothing is settled by payments (failed,
 * released once its reservation is over). Refunds left pending are sent again after them.
 */
import type { DatabaseHandle } from "../../db/client";
import { scheduleExclusively } from "../../db/exclusive-schedule";
import type { ConfirmationDeps } from "../payments/confirmation";
import { type PaymentToCheck, RECONCILIATION, type ReconciliationReport, paymentsToCheck, settleUnpaid, verifyForReconciliation } from "../payments/reconciliation";
import { reconcileRefunds } from "./refund-failed";
import { fulfilPayment } from "./fulfil-payment";

export async function reconcilePayments(deps: ConfirmationDeps, now: Date = new Date()): Promise<ReconciliationReport> {
  const report: ReconciliationReport = { checked: 0, fulfilled: 0, released: 0, unreachable: 0 };
  for (const payment of await paymentsToCheck(deps.db, now)) {
    report.checked++;
    const outcome = await checkPayment(deps, payment, now);
    if (outcome === "fulfilled") report.fulfilled++;
    else if (outcome === "released") report.released++;
    else if (outcome === "unreachable") report.unreachable++;
  }
  return report;
}

async function checkPayment(deps: ConfirmationDeps, payment: PaymentToCheck, now: Date): Promise<"fulfilled" | "released" | "unpaid" | "unreachable"> {
  const transaction = await verifyForReconciliation(deps.payments, payment.reference);
  if (transaction === "unreachable") return "unreachable";
  if (transaction?.status === "success") {
    const fulfilment = await fulfilPayment(deps, payment.reference, transaction);
    if (fulfilment.outcome === "fulfilled" || fulfilment.outcome === "refund_flagged") return "fulfilled";
  }
  return settleUnpaid(deps, payment, transaction, now);
}

/** Runs the job (payments, then refunds left pending) every `everyMs` (a minute unless configured) on whichever instance takes the lock; returns a function that stops it. */
export function scheduleReconciliation(
  deps: ConfirmationDeps & Pick<DatabaseHandle, "exclusively">,
  onError: (error: unknown) => void,
  everyMs: number = RECONCILIATION.intervalMs,
): () => Promise<void> {
  const reconcile = async () => {
    await reconcilePayments(deps);
    await reconcileRefunds(deps);
  };
  return scheduleExclusively(deps, { lockKey: RECONCILIATION.lockKey, everyMs }, reconcile, onError);
}
