/**
 * What a vendor sees of their money (docs/payouts.md): balances, ledger entries, payouts and a
 * statement per Lagos month. Every query is scoped to the caller's own vendor record.
 */
import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { vendorBankAccounts, vendorLedgerEntries, vendorPayouts } from "../../db/schema/payouts";
import { vendors } from "../../db/schema/vendors";
import { LEDGER_ENTRY_LABELS, type LedgerBucket, type LedgerEntryKind, type PayoutStatus } from "../../lib/constants";
import { CSV_BOM, csvRow } from "../../lib/csv";
import { type Actor, assertMay } from "../core/access";
import { Refusal } from "../core/refusal";
import { balancesOf } from "../ledger/ledger";
import { orderNumberOf } from "../orders/status";
import { getPricingConfig } from "../pricing/service";
import { nextPayoutRun } from "./period";
import { scheduleRanThisWeek } from "./run";
import { PAYOUT_TEXTS as T, accountLabel } from "./texts";
import { LAGOS_OFFSET_INTERVAL, LAGOS_OFFSET_MS, lagosDay } from "../../lib/lagos-time";

const ENTRIES_SHOWN = 100;

export interface LedgerEntryView {
  id: number;
  kind: LedgerEntryKind;
  label: string;
  bucket: LedgerBucket;
  /** Kobo, signed. */
  amount: number;
  orderNumber: string | null;
  note: string | null;
  createdAt: string;
}

export interface PayoutView {
  id: string;
  /** Kobo. */
  amount: number;
  status: PayoutStatus;
  reference: string;
  /** 'Guaranty Trust Bank ****4567'. */
  account: string;
  failureReason: string | null;
  isTest: boolean;
  createdAt: string;
  paidAt: string | null;
}

export interface VendorEarnings {
  /** Kobo within the warranty window. */
  pending: number;
  /** Kobo ready for the next payout (below zero after a refund that came after a payout). */
  available: number;
  /** Kobo of payouts on their way. */
  inTransit: number;
  /** Kobo of payouts paid. */
  paidOut: number;
  entries: LedgerEntryView[];
  payouts: PayoutView[];
  /** When the next scheduled run starts, and the least it pays. */
  nextRunAt: string;
  payoutMinimum: number;
  /** Lagos months (2026-11) with entries, newest first: each has a statement. */
  months: string[];
}

/** The caller's vendor id; a refusal when they have no vendor record. */
export async function ownVendorId(db: Database, actor: Actor): Promise<string> {
  assertMay(actor, "sell");
  const [vendor] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.userId, actor.userId));
  if (!vendor) throw new Refusal("not_found", T.vendorNotFound);
  return vendor.id;
}

export async function getVendorEarnings(db: Database, actor: Actor, now: Date = new Date()): Promise<VendorEarnings> {
  const vendorId = await ownVendorId(db, actor);
  const [balances, payoutTotals, entries, payouts, config, months, ranThisPeriod] = await Promise.all([
    balancesOf(db, vendorId),
    db
      .select({ status: vendorPayouts.status, total: sql<number>`sum(${vendorPayouts.amount})`.mapWith(Number) })
      .from(vendorPayouts)
      .where(eq(vendorPayouts.vendorId, vendorId))
      .groupBy(vendorPayouts.status),
    listEntries(db, vendorId),
    listVendorPayouts(db, vendorId),
    getPricingConfig(db),
    statementMonths(db, vendorId),
    scheduleRanThisWeek(db, now),
  ]);
  const totalOf = (status: PayoutStatus) => payoutTotals.find((row) => row.status === status)?.total ?? 0;
  return {
    ...balances,
    inTransit: totalOf("pending"),
    paidOut: totalOf("paid"),
    entries,
    payouts,
    nextRunAt: nextPayoutRun(config.payoutWeekday, now, ranThisPeriod).toISOString(),
    payoutMinimum: config.payoutMinimumKobo,
    months,
  };
}

async function listEntries(db: Database, vendorId: string, range?: { from: Date; to: Date }): Promise<LedgerEntryView[]> {
  const rows = await db
    .select()
    .from(vendorLedgerEntries)
    .where(and(
      eq(vendorLedgerEntries.vendorId, vendorId),
      range ? gte(vendorLedgerEntries.createdAt, range.from) : undefined,
      range ? lt(vendorLedgerEntries.createdAt, range.to) : undefined,
    ))
    .orderBy(range ? vendorLedgerEntries.id : desc(vendorLedgerEntries.id))
    .limit(range ? 100_000 : ENTRIES_SHOWN);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    label: LEDGER_ENTRY_LABELS[row.kind],
    bucket: row.bucket,
    amount: row.amount,
    orderNumber: row.orderId ? orderNumberOf(row.orderId) : null,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function listVendorPayouts(db: Database, vendorId: string): Promise<PayoutView[]> {
  const rows = await db
    .select({ payout: vendorPayouts, bankName: vendorBankAccounts.bankName, accountNumber: vendorBankAccounts.accountNumber })
    .from(vendorPayouts)
    .innerJoin(vendorBankAccounts, eq(vendorBankAccounts.id, vendorPayouts.bankAccountId))
    .where(eq(vendorPayouts.vendorId, vendorId))
    .orderBy(desc(vendorPayouts.createdAt))
    .limit(ENTRIES_SHOWN);
  return rows.map(({ payout, bankName, accountNumber }) => ({
    id: payout.id,
    amount: payout.amount,
    status: payout.status,
    reference: payout.reference,
    account: accountLabel(bankName, accountNumber),
    failureReason: payout.failureReason,
    isTest: payout.isTest,
    createdAt: payout.createdAt.toISOString(),
    paidAt: payout.paidAt?.toISOString() ?? null,
  }));
}

const lagosMonth = sql<string>`to_char(${vendorLedgerEntries.createdAt} at time zone 'UTC' + interval '${sql.raw(LAGOS_OFFSET_INTERVAL)}', 'YYYY-MM')`;

async function statementMonths(db: Database, vendorId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ month: lagosMonth })
    .from(vendorLedgerEntries)
    .where(eq(vendorLedgerEntries.vendorId, vendorId))
    .orderBy(desc(lagosMonth));
  return rows.map((row) => row.month);
}

/** 2026-11 → the instants the Lagos month starts and ends. */
export function lagosMonthRange(month: string): { from: Date; to: Date } {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  return {
    from: new Date(Date.UTC(year, monthNumber - 1, 1) - LAGOS_OFFSET_MS),
    to: new Date(Date.UTC(year, monthNumber, 1) - LAGOS_OFFSET_MS),
  };
}

export const STATEMENT_HEADER = ["Date (Lagos)", "Entry", "Order", "Balance", "Amount (NGN)", "Note"] as const;

/**
 * The month's statement as CSV: each entry with its amount in naira, then the opening and closing
 * available and pending balances, so the rows add up from one to the other.
 */
export async function vendorStatementCsv(db: Database, actor: Actor, month: string): Promise<{ filename: string; csv: string }> {
  const vendorId = await ownVendorId(db, actor);
  const range = lagosMonthRange(month);
  const [entries, opening] = await Promise.all([listEntries(db, vendorId, range), balancesOf(db, vendorId, range.from)]);
  const closing = { ...opening };
  const lines = [CSV_BOM, csvRow([...STATEMENT_HEADER])];
  lines.push(csvRow([month, "Opening balance", "", "available", naira(opening.available), ""]));
  lines.push(csvRow([month, "Opening balance", "", "pending", naira(opening.pending), ""]));
  for (const entry of entries) {
    closing[entry.bucket] += entry.amount;
    const day = lagosDay(Date.parse(entry.createdAt));
    lines.push(csvRow([day, entry.label, entry.orderNumber ? `#${entry.orderNumber}` : "", entry.bucket, naira(entry.amount), entry.note ?? ""]));
  }
  lines.push(csvRow([month, "Closing balance", "", "available", naira(closing.available), ""]));
  lines.push(csvRow([month, "Closing balance", "", "pending", naira(closing.pending), ""]));
  return { filename: `tokunbo-statement-${month}.csv`, csv: lines.join("") };
}

/** Kobo as naira with two decimals, the way a spreadsheet sums them. */
function naira(kobo: number): string {
  return (kobo / 100).toFixed(2);
}
