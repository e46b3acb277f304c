/**
 * The admins' Payouts tab (docs/payouts.md): the next run, vendors who cannot be paid yet, bank
 * accounts whose resolved name matches neither business nor owner, recent runs with their
 * transfers, manual adjustments and the CSV of payouts.
 */
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { payoutRuns, vendorBankAccounts, vendorLedgerEntries, vendorPayouts } from "../../db/schema/payouts";
import { postAdjustment as postLedgerAdjustment } from "../ledger/ledger";
import { vendors } from "../../db/schema/vendors";
import { PAYOUT_STATUS_LABELS, type PayoutStatus } from "../../lib/constants";
import { CSV_BOM, csvRow, csvTestCell, csvTime } from "../../lib/csv";
import { formatNaira } from "../../lib/money";
import { recordActivity } from "../activity/service";
import { type Actor, assertMay } from "../core/access";
import { Refusal } from "../core/refusal";
import { getPricingConfig } from "../pricing/service";
import { nextPayoutRun, weekdayName } from "./period";
import { scheduleRanThisWeek } from "./run";
import { PAYOUT_TEXTS as T, accountLabel } from "./texts";

const RUNS_SHOWN = 10;

export interface VendorBalanceRow {
  vendorId: string;
  businessName: string;
  /** Kobo. */
  available: number;
  pending: number;
}

export interface AdminPayoutRow {
  id: string;
  vendorId: string;
  businessName: string;
  /** Kobo. */
  amount: number;
  status: PayoutStatus;
  statusLabel: string;
  reference: string;
  attempt: number;
  account: string;
  failureReason: string | null;
  isTest: boolean;
  /** A failed or reversed payout that no later attempt has followed. */
  canRetry: boolean;
  /** Paystack holds the transfer until an admin enters the OTP it sent the business. */
  awaitingOtp: boolean;
  createdAt: string;
  paidAt: string | null;
}

export interface PayoutRunView {
  id: string;
  period: string;
  /** The admin's e-mail, or null for the weekly schedule. */
  startedBy: string | null;
  startedAt: string;
  finishedAt: string | null;
  error: string | null;
  payouts: AdminPayoutRow[];
}

export interface NameMismatchRow {
  vendorId: string;
  businessName: string;
  accountName: string;
  bankName: string;
  accountNumber: string;
}

export interface PayoutsOverview {
  nextRunAt: string;
  weekday: string;
  /** Kobo. */
  minimum: number;
  /** Approved vendors without a bank account, with what they are owed. */
  withoutBankAccount: VendorBalanceRow[];
  nameMismatches: NameMismatchRow[];
  /** Approved vendors with money in the ledger, for adjustments. */
  balances: VendorBalanceRow[];
  runs: PayoutRunView[];
}

/** Drizzle writes a selected column without its table, which a subquery would read as its own: these name the table. */
const VENDOR_ID = sql.raw(`"vendors"."id"`);
const PAYOUT = { vendorId: sql.raw(`"vendor_payouts"."vendor_id"`), period: sql.raw(`"vendor_payouts"."period"`), attempt: sql.raw(`"vendor_payouts"."attempt"`) };

const bucketSum = (bucket: "available" | "pending") =>
  sql<number>`(select coalesce(sum(e.amount), 0) from ${vendorLedgerEntries} e where e.vendor_id = ${VENDOR_ID} and e.bucket = ${bucket})`.mapWith(Number);

export async function getPayoutsOverview(db: Database, actor: Actor, now: Date = new Date()): Promise<PayoutsOverview> {
  assertMay(actor, "back_office");
  const config = await getPricingConfig(db);
  const balanceColumns = { vendorId: vendors.id, businessName: vendors.businessName, available: bucketSum("available"), pending: bucketSum("pending") };
  const [withoutBankAccount, nameMismatches, balances, runs, scheduledThisPeriod] = await Promise.all([
    db
      .select(balanceColumns)
      .from(vendors)
      .where(and(eq(vendors.status, "approved"), sql`not exists (select 1 from ${vendorBankAccounts} a where a.vendor_id = ${vendors.id} and a.replaced_at is null)`))
      .orderBy(vendors.businessName),
    db
      .select({ vendorId: vendors.id, businessName: vendors.businessName, accountName: vendorBankAccounts.accountName, bankName: vendorBankAccounts.bankName, accountNumber: vendorBankAccounts.accountNumber })
      .from(vendorBankAccounts)
      .innerJoin(vendors, eq(vendors.id, vendorBankAccounts.vendorId))
      .where(and(isNull(vendorBankAccounts.replacedAt), eq(vendorBankAccounts.nameMismatch, true)))
      .orderBy(vendors.businessName),
    db
      .select(balanceColumns)
      .from(vendors)
      .where(and(eq(vendors.status, "approved"), sql`exists (select 1 from ${vendorLedgerEntries} e where e.vendor_id = ${vendors.id})`))
      .orderBy(vendors.businessName),
    listRuns(db),
    scheduleRanThisWeek(db, now),
  ]);
  return {
    nextRunAt: nextPayoutRun(config.payoutWeekday, now, scheduledThisPeriod).toISOString(),
    weekday: weekdayName(config.payoutWeekday),
    minimum: config.payoutMinimumKobo,
    withoutBankAccount,
    nameMismatches,
    balances,
    runs,
  };
}

async function listRuns(db: Database): Promise<PayoutRunView[]> {
  const runs = await db
    .select({ run: payoutRuns, startedBy: users.email })
    .from(payoutRuns)
    .leftJoin(users, eq(users.id, payoutRuns.startedBy))
    .orderBy(desc(payoutRuns.startedAt))
    .limit(RUNS_SHOWN);
  const payouts = await listPayouts(db, runs.map(({ run }) => run.id));
  return runs.map(({ run, startedBy }) => ({
    id: run.id,
    period: run.period,
    startedBy,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    error: run.error,
    payouts: payouts.filter((payout) => payout.runId === run.id).map(({ runId: _, ...payout }) => payout),
  }));
}

const awaitingOtp = (payout: { status: PayoutStatus; otpRequestedAt: Date | null }) => payout.status === "pending" && payout.otpRequestedAt !== null;

/** Payouts of the given runs, or every payout when no runs are given. */
async function listPayouts(db: Database, runIds?: readonly string[]): Promise<Array<AdminPayoutRow & { runId: string; period: string }>> {
  if (runIds && runIds.length === 0) return [];
  const later = sql<boolean>`exists (select 1 from ${vendorPayouts} later where later.vendor_id = ${PAYOUT.vendorId} and later.period = ${PAYOUT.period} and later.attempt > ${PAYOUT.attempt})`;
  const rows = await db
    .select({ payout: vendorPayouts, businessName: vendors.businessName, bankName: vendorBankAccounts.bankName, accountNumber: vendorBankAccounts.accountNumber, later })
    .from(vendorPayouts)
    .innerJoin(vendors, eq(vendors.id, vendorPayouts.vendorId))
    .innerJoin(vendorBankAccounts, eq(vendorBankAccounts.id, vendorPayouts.bankAccountId))
    .where(runIds ? inArray(vendorPayouts.runId, [...runIds]) : undefined)
    .orderBy(desc(vendorPayouts.createdAt), vendors.businessName);
  return rows.map(({ payout, businessName, bankName, accountNumber, later: retried }) => ({
    id: payout.id,
    runId: payout.runId,
    period: payout.period,
    vendorId: payout.vendorId,
    businessName,
    amount: payout.amount,
    status: payout.status,
    statusLabel: awaitingOtp(payout) ? T.waitingForOtp : PAYOUT_STATUS_LABELS[payout.status],
    reference: payout.reference,
    attempt: payout.attempt,
    account: accountLabel(bankName, accountNumber),
    failureReason: payout.failureReason,
    isTest: payout.isTest,
    canRetry: (payout.status === "failed" || payout.status === "reversed") && !retried,
    awaitingOtp: awaitingOtp(payout),
    createdAt: payout.createdAt.toISOString(),
    paidAt: payout.paidAt?.toISOString() ?? null,
  }));
}

export const PAYOUTS_CSV_HEADER = ["Created", "Period", "Vendor", "Amount (NGN)", "Status", "Reference", "Attempt", "Account", "Paid at", "Failure", "Test"] as const;

export async function payoutsCsv(db: Database, actor: Actor): Promise<string> {
  assertMay(actor, "back_office");
  const rows = await listPayouts(db);
  return [
    CSV_BOM,
    csvRow([...PAYOUTS_CSV_HEADER]),
    ...rows.map((row) => csvRow([csvTime(row.createdAt), row.period, row.businessName, (row.amount / 100).toFixed(2), row.statusLabel, row.reference, row.attempt, row.account, csvTime(row.paidAt), row.failureReason ?? "", csvTestCell(row.isTest)])),
  ].join("");
}

export interface AdjustmentInput {
  vendorId: string;
  /** Kobo, signed: positive credits the vendor, negative debits. */
  amount: number;
  reason: string;
}

/** An admin credits or debits a vendor's available balance, with a reason the vendor reads; logged. */
export async function postAdjustment(db: Database, actor: Actor, input: AdjustmentInput): Promise<void> {
  assertMay(actor, "back_office");
  await db.transaction(async (tx) => {
    const [vendor] = await tx.select({ businessName: vendors.businessName }).from(vendors).where(eq(vendors.id, input.vendorId));
    if (!vendor) throw new Refusal("not_found", T.vendorNotFound);
    await postLedgerAdjustment(tx, { vendorId: input.vendorId, amount: input.amount, reason: input.reason, createdBy: actor.userId });
    await recordActivity(tx, {
      userId: actor.userId,
      userType: "admin",
      activityType: "payout_adjustment",
      description: `${input.amount > 0 ? "Credited" : "Debited"} ${vendor.businessName} ${formatNaira(Math.abs(input.amount))}: ${input.reason}`,
      metadata: { vendor_id: input.vendorId, amount: input.amount, reason: input.reason },
    });
  });
}
