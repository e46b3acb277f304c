import { sql } from "drizzle-orm";
import {
  bigint, bigserial, boolean, check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid,
} from "drizzle-orm/pg-core";
import { LEDGER_BUCKETS, LEDGER_ENTRY_KINDS, type LedgerBucket, type LedgerEntryKind, PAYOUT_STATUSES, type PayoutStatus } from "../../lib/constants";
import { sqlList } from "../sql-list";
import { users } from "./accounts";
import { orders } from "./orders";
import { refunds } from "./after-sale";
import { paymentDisputes } from "./payments";
import { vendors } from "./vendors";
import { createdAtColumn, timestampColumns, uuidPrimaryKey, uuidReference } from "./columns";

/**
 * Where a vendor is paid (docs/payouts.md). A change adds a row and marks the old one replaced, so
 * the account each payout went to stays known. Paystack resolved the account name and holds the
 * transfer recipient.
 */
export const vendorBankAccounts = pgTable(
  "vendor_bank_accounts",
  {
    id: uuidPrimaryKey(),
    vendorId: uuidReference("vendor_id", () => vendors.id, "restrict"),
    bankCode: text("bank_code").notNull(),
    bankName: text("bank_name").notNull(),
    accountNumber: text("account_number").notNull(),
    /** As Paystack resolved it. */
    accountName: text("account_name").notNull(),
    /** The resolved name matches neither the business nor the owner: shown to admins. */
    nameMismatch: boolean("name_mismatch").notNull().default(false),
    recipientCode: text("recipient_code").notNull(),
    isTest: boolean("is_test").notNull().default(false),
    /** A changed account holds payouts until then. */
    payoutsHeldUntil: timestamp("payouts_held_until", { withTimezone: true }),
    replacedAt: timestamp("replaced_at", { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check("vendor_bank_accounts_number_format", sql`${t.accountNumber} ~ '^[0-9]{10}$'`),
    uniqueIndex("vendor_bank_accounts_one_current").on(t.vendorId).where(sql`${t.replacedAt} is null`),
  ],
);

/** One weekly (or admin-started) payout run. At most one is unfinished at a time (a unique index in the migration); a run cut short is resumed. */
export const payoutRuns = pgTable(
  "payout_runs",
  {
    id: uuidPrimaryKey(),
    /** The Lagos week it pays for, as 2026-W48: a vendor is paid once per period. */
    period: text("period").notNull(),
    /** The admin who started it; null for the schedule. */
    startedBy: text("started_by").references(() => users.id, { onDelete: "set null" }),
    startedAt: createdAtColumn(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** Why the run stopped early, when it did. */
    error: text("error"),
  },
  (t) => [index("payout_runs_started_idx").on(t.startedAt.desc())],
);

/** One transfer to one vendor. Its reference is derived from the vendor, the period and the attempt. */
export const vendorPayouts = pgTable(
  "vendor_payouts",
  {
    id: uuidPrimaryKey(),
    runId: uuidReference("run_id", () => payoutRuns.id, "restrict"),
    vendorId: uuidReference("vendor_id", () => vendors.id, "restrict"),
    bankAccountId: uuidReference("bank_account_id", () => vendorBankAccounts.id, "restrict"),
    period: text("period").notNull(),
    /** 1 for the run's transfer; a retry of a failed one is the next number. */
    attempt: integer("attempt").notNull().default(1),
    /** Kobo. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    reference: text("reference").notNull().unique(),
    status: text("status").$type<PayoutStatus>().notNull().default("pending"),
    /** Set, and committed, just before Paystack is asked: a payout with it and no transfer code may have been sent, so it is verified before it is sent again. */
    requestedAt: timestamp("requested_at", { withTimezone: true }),
    /** Set once Paystack has taken the transfer. */
    transferCode: text("transfer_code"),
    /** Set while Paystack holds the transfer for the OTP it sent the business (Transfers OTP on). */
    otpRequestedAt: timestamp("otp_requested_at", { withTimezone: true }),
    failureReason: text("failure_reason"),
    isTest: boolean("is_test").notNull().default(false),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    ...timestampColumns(),
  },
  (t) => [
    check("vendor_payouts_amount_positive", sql`${t.amount} > 0`),
    check("vendor_payouts_status_known", sql`${t.status} in ${sqlList(PAYOUT_STATUSES)}`),
    uniqueIndex("vendor_payouts_vendor_period_attempt").on(t.vendorId, t.period, t.attempt),
    index("vendor_payouts_vendor_idx").on(t.vendorId, t.createdAt.desc()),
    index("vendor_payouts_run_idx").on(t.runId),
    index("vendor_payouts_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * The vendor's money, append-only (a trigger refuses updates and deletes): each row adds a signed
 * amount in kobo to one bucket. The unique indexes make every posting happen once.
 */
export const vendorLedgerEntries = pgTable(
  "vendor_ledger_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    vendorId: uuidReference("vendor_id", () => vendors.id, "restrict"),
    kind: text("kind").$type<LedgerEntryKind>().notNull(),
    bucket: text("bucket").$type<LedgerBucket>().notNull(),
    /** Kobo, signed: credits are positive. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "restrict" }),
    refundId: uuid("refund_id").references(() => refunds.id, { onDelete: "restrict" }),
    payoutId: uuid("payout_id").references(() => vendorPayouts.id, { onDelete: "restrict" }),
    disputeId: uuid("dispute_id").references(() => paymentDisputes.id, { onDelete: "restrict" }),
    /** The reason of an adjustment; what the vendor reads beside the entry. */
    note: text("note"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check("vendor_ledger_kind_known", sql`${t.kind} in ${sqlList(LEDGER_ENTRY_KINDS)}`),
    check("vendor_ledger_bucket_known", sql`${t.bucket} in ${sqlList(LEDGER_BUCKETS)}`),
    check("vendor_ledger_amount_nonzero", sql`${t.amount} <> 0`),
    check("vendor_ledger_adjustment_has_reason", sql`${t.kind} <> 'adjustment' or ${t.note} is not null`),
    uniqueIndex("vendor_ledger_one_sale_per_order").on(t.orderId).where(sql`${t.kind} = 'sale'`),
    uniqueIndex("vendor_ledger_one_release_per_order").on(t.orderId, t.bucket).where(sql`${t.kind} = 'release'`),
    uniqueIndex("vendor_ledger_one_debit_per_refund_order").on(t.refundId, t.orderId).where(sql`${t.kind} = 'refund'`),
    uniqueIndex("vendor_ledger_once_per_payout").on(t.payoutId, t.kind).where(sql`${t.payoutId} is not null`),
    uniqueIndex("vendor_ledger_once_per_dispute_order").on(t.disputeId, t.orderId, t.kind).where(sql`${t.disputeId} is not null`),
    index("vendor_ledger_vendor_idx").on(t.vendorId, t.id),
    index("vendor_ledger_order_idx").on(t.orderId),
  ],
);

/** Every change of a vendor's commission rate; a rate applies to orders placed after it. */
export const vendorCommissionChanges = pgTable(
  "vendor_commission_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    vendorId: uuidReference("vendor_id", () => vendors.id, "cascade"),
    oldRate: numeric("old_rate", { precision: 5, scale: 2, mode: "number" }).notNull(),
    newRate: numeric("new_rate", { precision: 5, scale: 2, mode: "number" }).notNull(),
    reason: text("reason").notNull(),
    changedBy: text("changed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
  },
  (t) => [index("vendor_commission_changes_vendor_idx").on(t.vendorId, t.id)],
);
