/**
 * The payout run (docs/payouts.md): posts what the ledger is missing, releases ended warranties,
 * then pays each approved vendor with a current (not held) bank account its available balance
 * when it reaches the configured minimum, once per Lagos week. A run cut short (a crash, a
 * provider outage) stays unfinished and the next start resumes it; nothing is paid twice because
 * each payout is unique per vendor, period and attempt, and its transfer reference is derived
 * from them.
 */
import { and, desc, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { DatabaseHandle } from "../../db/client";
import { scheduleExclusively } from "../../db/exclusive-schedule";
import { payoutRuns, vendorBankAccounts, vendorLedgerEntries, vendorPayouts } from "../../db/schema/payouts";
import { vendors } from "../../db/schema/vendors";
import { recordActivity } from "../activity/service";
import { type Actor, assertMay } from "../core/access";
import { Refusal } from "../core/refusal";
import { availableBalanceOf, debitPayout, lockVendorBalance, postMissingEntries, releaseEndedWarranties } from "../ledger/ledger";
import { getPricingConfig } from "../pricing/service";
import { isPayoutTime, payoutPeriodOf, payoutReference } from "./period";
import { PAYOUT_TEXTS as T } from "./texts";
import { type PayoutDeps, reconcilePayouts, sendUnsentPayouts } from "./transfers";

export const PAYOUT_SCHEDULE = {
  /** Advisory lock key ("pyot"). */
  lockKey: 0x70796f74,
  intervalMs: 5 * 60_000,
} as const;

export interface PayoutRunSummary {
  runId: string;
  period: string;
  /** Payouts this run made (resumed runs count those made before the cut too). */
  payouts: number;
  /** Kobo. */
  amount: number;
  /** Payouts Paystack could not be asked for; they are sent on the next start or by reconciliation. */
  unsent: number;
}

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
  const run = await openRun(deps, startedBy, asOf);
  try {
    await postMissingEntries(deps.db);
    await releaseEndedWarranties(deps.db, asOf);
    await createPayouts(deps, run, now);
    const unsent = await sendUnsentPayouts(deps, run.id);
    await deps.db.update(payoutRuns).set({ finishedAt: sql`now()`, error: unsent > 0 ? `${unsent} not yet sent to Paystack` : null }).where(eq(payoutRuns.id, run.id));
    return { ...(await totalsOf(deps, run)), unsent };
  } catch (error) {
    await deps.db.update(payoutRuns).set({ error: error instanceof Error ? error.message.slice(0, 500) : String(error) }).where(eq(payoutRuns.id, run.id));
    throw error;
  }
}

/** The unfinished run, or a new one for the period of `now`. */
async function openRun(deps: PayoutDeps, startedBy: string | null, now: Date) {
  // Twice: the unfinished run another start found may finish between the insert and the look-up.
  for (let attempt = 0; attempt < 2; attempt++) {
    const [created] = await deps.db.insert(payoutRuns).values({ period: payoutPeriodOf(now), startedBy }).onConflictDoNothing().returning();
    if (created) return created;
    const [unfinished] = await deps.db.select().from(payoutRuns).where(isNull(payoutRuns.finishedAt));
    if (unfinished) return unfinished;
  }
  throw new Refusal("conflict", T.runFailed);
}

async function totalsOf(deps: PayoutDeps, run: { id: string; period: string }) {
  const [totals] = await deps.db
    .select({ payouts: sql<number>`count(*)`.mapWith(Number), amount: sql<number>`coalesce(sum(${vendorPayouts.amount}), 0)`.mapWith(Number) })
    .from(vendorPayouts)
    .where(eq(vendorPayouts.runId, run.id));
  return { runId: run.id, period: run.period, payouts: totals?.payouts ?? 0, amount: totals?.amount ?? 0 };
}

const availableBalance = sql<number>`(select coalesce(sum(e.amount), 0) from ${vendorLedgerEntries} e where e.vendor_id = ${vendors.id} and e.bucket = 'available')`.mapWith(Number);

/** Vendors who can be paid now: approved, with a current bank account that is not held. */
function payableVendors(now: Date) {
  return and(
    eq(vendors.status, "approved"),
    isNull(vendorBankAccounts.replacedAt),
    or(isNull(vendorBankAccounts.payoutsHeldUntil), lte(vendorBankAccounts.payoutsHeldUntil, now)),
  );
}

async function createPayouts(deps: PayoutDeps, run: { id: string; period: string }, now: Date): Promise<void> {
  const { payoutMinimumKobo } = await getPricingConfig(deps.db);
  const due = await deps.db
    .select({ vendorId: vendors.id, bankAccountId: vendorBankAccounts.id })
    .from(vendors)
    .innerJoin(vendorBankAccounts, eq(vendorBankAccounts.vendorId, vendors.id))
    .where(and(
      payableVendors(now),
      sql`${availableBalance} >= ${payoutMinimumKobo}`,
      sql`not exists (select 1 from ${vendorPayouts} p where p.vendor_id = ${vendors.id} and p.period = ${run.period})`,
    ));
  for (const vendor of due) await createPayout(deps, { ...vendor, runId: run.id, period: run.period, attempt: 1, minimum: payoutMinimumKobo });
}

interface NewPayout {
  vendorId: string;
  bankAccountId: string;
  runId: string;
  period: string;
  attempt: number;
  /** Kobo: pays nothing below it. */
  minimum: number;
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
    const [created] = await tx
      .insert(vendorPayouts)
      .values({
        runId: payout.runId,
        vendorId: payout.vendorId,
        bankAccountId: payout.bankAccountId,
        period: payout.period,
        attempt: payout.attempt,
        amount: available,
        reference: payoutReference(payout.vendorId, payout.period, payout.attempt),
        isTest: deps.payments.testMode ?? false,
      })
      .onConflictDoNothing()
      .returning({ id: vendorPayouts.id, amount: vendorPayouts.amount });
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
  const [failed] = await deps.db.select().from(vendorPayouts).where(eq(vendorPayouts.id, payoutId));
  if (!failed) throw new Refusal("not_found", T.payoutNotFound);
  const [latest] = await deps.db
    .select({ id: vendorPayouts.id })
    .from(vendorPayouts)
    .where(and(eq(vendorPayouts.vendorId, failed.vendorId), eq(vendorPayouts.period, failed.period)))
    .orderBy(desc(vendorPayouts.attempt))
    .limit(1);
  if ((failed.status !== "failed" && failed.status !== "reversed") || latest?.id !== failed.id) throw new Refusal("conflict", T.notRetryable);
  const [account] = await deps.db
    .select({ id: vendorBankAccounts.id, heldUntil: vendorBankAccounts.payoutsHeldUntil })
    .from(vendorBankAccounts)
    .where(and(eq(vendorBankAccounts.vendorId, failed.vendorId), isNull(vendorBankAccounts.replacedAt)));
  if (!account) throw new Refusal("conflict", T.noBankAccount);
  if (account.heldUntil && account.heldUntil > now) throw new Refusal("conflict", T.bankAccountHeld(account.heldUntil.toISOString()));
  const created = await createPayout(deps, { vendorId: failed.vendorId, bankAccountId: account.id, runId: failed.runId, period: failed.period, attempt: failed.attempt + 1, minimum: 1 });
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
  const [unfinished] = await deps.db.select({ startedBy: payoutRuns.startedBy }).from(payoutRuns).where(isNull(payoutRuns.finishedAt));
  if (unfinished) await runPayouts(deps, { startedBy: unfinished.startedBy, now });
  else if (await scheduledRunDue(deps, now)) await runPayouts(deps, { startedBy: null, now });
  await reconcilePayouts(deps, now);
}

async function scheduledRunDue(deps: PayoutDeps, now: Date): Promise<boolean> {
  const { payoutWeekday } = await getPricingConfig(deps.db);
  return isPayoutTime(payoutWeekday, now) && !(await scheduleRanThisWeek(deps.db, now));
}

/** Whether the weekly schedule has already run for the Lagos week of `now` (admin-started runs do not count). */
export async function scheduleRanThisWeek(db: Database, now: Date): Promise<boolean> {
  const [ran] = await db
    .select({ id: payoutRuns.id })
    .from(payoutRuns)
    .where(and(eq(payoutRuns.period, payoutPeriodOf(now)), isNull(payoutRuns.startedBy)))
    .limit(1);
  return ran !== undefined;
}

export function schedulePayouts(database: Pick<DatabaseHandle, "exclusively">, deps: PayoutDeps, onError: (error: unknown) => void, everyMs: number = PAYOUT_SCHEDULE.intervalMs): () => Promise<void> {
  return scheduleExclusively(database, { lockKey: PAYOUT_SCHEDULE.lockKey, everyMs }, () => runScheduledPayouts(deps), onError);
}
