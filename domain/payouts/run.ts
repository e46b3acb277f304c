/**
 * The payout run's own records (docs/payouts.md): the run, each payout row, and when the weekly
 * schedule is due. The run itself, across the ledger, pricing and the vendors, is
 * domain/flows/run-payouts.ts. A run cut short (a crash, a provider outage) stays unfinished and
 * the next start resumes it; nothing is paid twice because each payout is unique per vendor,
 * period and attempt, and its transfer reference is derived from them.
 */
import { and, desc, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { payoutRuns, vendorBankAccounts, vendorLedgerEntries, vendorPayouts } from "../../db/schema/payouts";
import { vendors } from "../../db/schema/vendors";
import { Refusal } from "../core/refusal";
import { getPricingConfig } from "../pricing/service";
import { isPayoutTime, payoutPeriodOf, payoutReference } from "./period";
import { PAYOUT_TEXTS as T } from "./texts";

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

export interface PayoutRun {
  id: string;
  period: string;
}

/** The unfinished run, or a new one for the period of `now`. */
export async function openPayoutRun(db: Database, startedBy: string | null, now: Date): Promise<PayoutRun> {
  // Twice: the unfinished run another start found may finish between the insert and the look-up.
  for (let attempt = 0; attempt < 2; attempt++) {
    const [created] = await db.insert(payoutRuns).values({ period: payoutPeriodOf(now), startedBy }).onConflictDoNothing().returning();
    if (created) return created;
    const [unfinished] = await db.select().from(payoutRuns).where(isNull(payoutRuns.finishedAt));
    if (unfinished) return unfinished;
  }
  throw new Refusal("conflict", T.runFailed);
}

/** Marks the run finished (noting payouts not yet sent) and sums what it paid. */
export async function finishPayoutRun(db: Database, run: PayoutRun, unsent: number): Promise<PayoutRunSummary> {
  await db.update(payoutRuns).set({ finishedAt: sql`now()`, error: unsent > 0 ? `${unsent} not yet sent to Paystack` : null }).where(eq(payoutRuns.id, run.id));
  const [totals] = await db
    .select({ payouts: sql<number>`count(*)`.mapWith(Number), amount: sql<number>`coalesce(sum(${vendorPayouts.amount}), 0)`.mapWith(Number) })
    .from(vendorPayouts)
    .where(eq(vendorPayouts.runId, run.id));
  return { runId: run.id, period: run.period, payouts: totals?.payouts ?? 0, amount: totals?.amount ?? 0, unsent };
}

/** A run cut short keeps its error; it stays unfinished, so the next start resumes it. */
export async function recordPayoutRunError(db: Database, run: PayoutRun, error: unknown): Promise<void> {
  await db.update(payoutRuns).set({ error: error instanceof Error ? error.message.slice(0, 500) : String(error) }).where(eq(payoutRuns.id, run.id));
}

const availableBalance = sql<number>`(select coalesce(sum(e.amount), 0) from ${vendorLedgerEntries} e where e.vendor_id = ${vendors.id} and e.bucket = 'available')`.mapWith(Number);

/**
 * Vendors to pay in the run: approved, with a current bank account that is not held, an available
 * balance of at least `minimum` kobo, and no payout yet in the run's period.
 */
export function vendorsDueInRun(db: Database, run: PayoutRun, minimum: number, now: Date): Promise<Array<{ vendorId: string; bankAccountId: string }>> {
  return db
    .select({ vendorId: vendors.id, bankAccountId: vendorBankAccounts.id })
    .from(vendors)
    .innerJoin(vendorBankAccounts, eq(vendorBankAccounts.vendorId, vendors.id))
    .where(and(
      eq(vendors.status, "approved"),
      isNull(vendorBankAccounts.replacedAt),
      or(isNull(vendorBankAccounts.payoutsHeldUntil), lte(vendorBankAccounts.payoutsHeldUntil, now)),
      sql`${availableBalance} >= ${minimum}`,
      sql`not exists (select 1 from ${vendorPayouts} p where p.vendor_id = ${vendors.id} and p.period = ${run.period})`,
    ));
}

export interface NewPayout {
  vendorId: string;
  bankAccountId: string;
  runId: string;
  period: string;
  attempt: number;
  /** Kobo: pays nothing below it. */
  minimum: number;
}

/**
 * The payout row of `amount` kobo, inside the caller's transaction (under the vendor's balance
 * lock); null when it already exists (another instance made it first).
 */
export async function insertPayout(tx: Database, payout: NewPayout, amount: number, isTest: boolean): Promise<{ id: string; amount: number } | null> {
  const [created] = await tx
    .insert(vendorPayouts)
    .values({
      runId: payout.runId,
      vendorId: payout.vendorId,
      bankAccountId: payout.bankAccountId,
      period: payout.period,
      attempt: payout.attempt,
      amount,
      reference: payoutReference(payout.vendorId, payout.period, payout.attempt),
      isTest,
    })
    .onConflictDoNothing()
    .returning({ id: vendorPayouts.id, amount: vendorPayouts.amount });
  return created ?? null;
}

export type RetriedPayout = typeof vendorPayouts.$inferSelect;

/**
 * The next attempt of a failed or reversed payout, the latest of its vendor and period, to the
 * vendor's current bank account (which must not be held at `now`); refuses anything else.
 */
export async function nextAttemptOf(db: Database, payoutId: string, now: Date): Promise<{ failed: RetriedPayout; payout: NewPayout }> {
  const [failed] = await db.select().from(vendorPayouts).where(eq(vendorPayouts.id, payoutId));
  if (!failed) throw new Refusal("not_found", T.payoutNotFound);
  const [latest] = await db
    .select({ id: vendorPayouts.id })
    .from(vendorPayouts)
    .where(and(eq(vendorPayouts.vendorId, failed.vendorId), eq(vendorPayouts.period, failed.period)))
    .orderBy(desc(vendorPayouts.attempt))
    .limit(1);
  if ((failed.status !== "failed" && failed.status !== "reversed") || latest?.id !== failed.id) throw new Refusal("conflict", T.notRetryable);
  const [account] = await db
    .select({ id: vendorBankAccounts.id, heldUntil: vendorBankAccounts.payoutsHeldUntil })
    .from(vendorBankAccounts)
    .where(and(eq(vendorBankAccounts.vendorId, failed.vendorId), isNull(vendorBankAccounts.replacedAt)));
  if (!account) throw new Refusal("conflict", T.noBankAccount);
  if (account.heldUntil && account.heldUntil > now) throw new Refusal("conflict", T.bankAccountHeld(account.heldUntil.toISOString()));
  return { failed, payout: { vendorId: failed.vendorId, bankAccountId: account.id, runId: failed.runId, period: failed.period, attempt: failed.attempt + 1, minimum: 1 } };
}

/** Who started the run cut short, when one is unfinished. */
export async function unfinishedPayoutRun(db: Database): Promise<{ startedBy: string | null } | undefined> {
  const [unfinished] = await db.select({ startedBy: payoutRuns.startedBy }).from(payoutRuns).where(isNull(payoutRuns.finishedAt));
  return unfinished;
}

/** Whether the weekly run is due: the configured weekday has come and the schedule has not run this Lagos week. */
export async function scheduledRunDue(db: Database, now: Date): Promise<boolean> {
  const { payoutWeekday } = await getPricingConfig(db);
  return isPayoutTime(payoutWeekday, now) && !(await scheduleRanThisWeek(db, now));
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
