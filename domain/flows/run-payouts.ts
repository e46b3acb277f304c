/**
 * The payout run (docs/payouts.md): posts what the ledger is missing, releases ended warranties,
 * then pays each approved vendor with a current (not held) bank account its available balance
 * when it reaches the configured minimum, once per Lagos week. The run and payout rows are
 * domain/payouts/run.ts's, the balances and their entries domain/ledger's, the transfers
 * domain/payouts/transfers.ts's.
 */
import type { DatabaseHandle } from "../../db/client";
import { scheduleExclusively } from "../../db/exclusive-schedule";
import { recordActivity } from "../activity/service";
import { type Actor, assertMay } from "../core/access";
import { Refusal } from "../core/refusal";
import { availableBalanceOf, debitPayout, lockVendorBalance, postMissingEntries, releaseEndedWarranties } from "../ledger/ledger";
import { getPricingConfig } from "../pricing/service";
import {
  type NewPayout,
  PAYOUT_SCHEDULE,
  type PayoutRun,
  type PayoutRunSummary,
  finishPayoutRun,
  insertPayout,
  nextAttemptOf,
  openPayoutRun,
  recordPayoutRunError,
  scheduledRunDue,
  unfinishedPayoutRun,
  vendorsDueInRun,
} from "../payouts/run";
import { PAYOUT_TEXTS as T } from "../payouts/texts";
import { type PayoutDeps, reconcilePayouts, sendUnsentPayouts } from "../payouts/transfers";

/**
 * An admin starts (or resumes) a run. `asOf` is the test clock (docs/payouts.md): the run releases
 * and pays as if it were then, but a bank change's hold still ends at its real time (`now`).
 */
export async function startPayoutRun(deps: PayoutDeps, actor: Actor, asOf?: Date, now: Date = new Date()): Promise<PayoutRunSummary> {
  assertMay(actor, "back_office");
  const summary = await runPayouts(deps, { startedBy: actor.userId, now, asOf });
  await recordActivity(deps.db, {
    userId: actor.userId,
    userType: "admin",
    activityType: "payout_run",
    description: `Ran payouts for ${summary.period}: ${T.runStarted(summary.payouts, summary.amount)}`,
    metadata: { ...summary },
  });
  return summary;
}

interface RunClock {
  startedBy: string | null;
  /** The real time: a bank change's hold is compared with it. */
  now?: Date;
  /** The day the run pays as of (the test clock); `now` when not given. */
  asOf?: Date;
}

export async function runPayouts(deps: PayoutDeps, { startedBy, now = new Date(), asOf = now }: RunClock): Promise<PayoutRunSummary> {
  const run = await openPayoutRun(deps.db, startedBy, asOf);
  try {
    await postMissingEntries(deps.db);
    await releaseEndedWarranties(deps.db, asOf);
    await createPayouts(deps, run, now);
    return await finishPayoutRun(deps.db, run, await sendUnsentPayouts(deps, run.id));
  } catch (error) {
    await recordPayoutRunError(deps.db, run, error);
    throw error;
  }
}

async function createPayouts(deps: PayoutDeps, run: PayoutRun, now: Date): Promise<void> {
  const { payoutMinimumKobo } = await getPricingConfig(deps.db);
  const due = await vendorsDueInRun(deps.db, run, payoutMinimumKobo, now);
  for (const vendor of due) await createPayout(deps, { ...vendor, runId: run.id, period: run.period, attempt: 1, minimum: payoutMinimumKobo });
}

/**
 * One payout of the vendor's whole available balance, and its ledger entry, in one transaction.
 * Returns null when the balance is under the minimum or the payout already exists (another
 * instance made it first).
 */
export async function createPayout(deps: Pick<PayoutDeps, "db" | "payments">, payout: NewPayout): Promise<{ id: string; amount: number } | null> {
  return deps.db.transaction(async (tx) => {
    // Read under the vendor's lock: a payout of another period or attempt committing meanwhile has already taken its share.
    await lockVendorBalance(tx, payout.vendorId);
    const available = await availableBalanceOf(tx, payout.vendorId);
    if (available < Math.max(payout.minimum, 1)) return null;
    const created = await insertPayout(tx, payout, available, deps.payments.testMode ?? false);
    if (!created) return null;
    await debitPayout(tx, { vendorId: payout.vendorId, amount: available, payoutId: created.id });
    return created;
  });
}

/**
 * An admin sends a failed or reversed payout again: a new attempt for the same vendor and period,
 * of the vendor's available balance now (the returned amount, less anything refunded since), to
 * the vendor's current bank account.
 */
export async function retryPayout(deps: PayoutDeps, actor: Actor, payoutId: string, now: Date = new Date()): Promise<{ amount: number }> {
  assertMay(actor, "back_office");
  const { failed, payout } = await nextAttemptOf(deps.db, payoutId, now);
  const created = await createPayout(deps, payout);
  if (!created) throw new Refusal("conflict", T.nothingToPay);
  await sendUnsentPayouts(deps, failed.runId);
  await recordActivity(deps.db, {
    userId: actor.userId,
    userType: "admin",
    activityType: "payout_retried",
    description: `Retried payout ${failed.reference}: ${T.retried(created.amount)}`,
    metadata: { payout_id: created.id, retried_payout_id: failed.id, vendor_id: failed.vendorId },
  });
  return { amount: created.amount };
}

/**
 * Every few minutes on one instance: releases ended warranties to available, resumes a run cut
 * short, starts the weekly run when due, and verifies transfers left pending.
 */
export async function runScheduledPayouts(deps: PayoutDeps, now: Date = new Date()): Promise<void> {
  await releaseEndedWarranties(deps.db, now);
  const unfinished = await unfinishedPayoutRun(deps.db);
  if (unfinished) await runPayouts(deps, { startedBy: unfinished.startedBy, now });
  else if (await scheduledRunDue(deps.db, now)) await runPayouts(deps, { startedBy: null, now });
  await reconcilePayouts(deps, now);
}

export function schedulePayouts(database: Pick<DatabaseHandle, "exclusively">, deps: PayoutDeps, onError: (error: unknown) => void, everyMs: number = PAYOUT_SCHEDULE.intervalMs): () => Promise<void> {
  return scheduleExclusively(database, { lockKey: PAYOUT_SCHEDULE.lockKey, everyMs }, () => runScheduledPayouts(deps), onError);
}
