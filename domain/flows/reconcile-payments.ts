/**
 * The periodic payment check (docs/payments.md): pending payments (domain/payments/reconciliation.ts),
 * then refunds left pending (refund-failed.ts), on whichever instance takes the lock.
 */
import type { DatabaseHandle } from "../../db/client";
import { scheduleExclusively } from "../../db/exclusive-schedule";
import type { ConfirmationDeps } from "../payments/confirmation";
import { RECONCILIATION, reconcilePayments } from "../payments/reconciliation";
import { reconcileRefunds } from "./refund-failed";

/** Runs the job every `everyMs` (a minute unless configured); returns a function that stops it. */
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
