/**
 * Where a vendor is paid (docs/vendors.md, payout details). The account name always comes from
 * Paystack, resolved on the server; a change needs the vendor's password, holds the next payout
 * for PAYOUT_HOLD_AFTER_BANK_CHANGE_HOURS and is e-mailed to the vendor. The old account is kept,
 * marked replaced, so every payout's account stays known.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { vendorBankAccounts } from "../../db/schema/payouts";
import { vendors } from "../../db/schema/vendors";
import { PAYOUT_HOLD_AFTER_BANK_CHANGE_HOURS } from "../../lib/constants";
import { isOwnPassword } from "../accounts/password-confirmation";
import { countUses, secondsUntilAllowed } from "../accounts/rate-limit";
import { recordActivity } from "../activity/service";
import { type Actor, assertMay } from "../core/access";
import { Refusal } from "../core/refusal";
import type { Mailer } from "../mail/mailer";
import { type NewNotification, backOfficeTeam, notifyMany } from "../notifications/service";
import { type Bank, type PaymentProvider, PaymentProviderError, providerRefusal } from "../payments/provider";
import { bankAccountChangedEmails, formatLagosTime } from "./bank-emails";
import { BANK_ACCOUNT_TEXTS as T, type ResolveBankInput, type SaveBankInput } from "./bank-validation";
import { ownVendorId } from "./earnings";
import { PAYOUT_TEXTS, accountLabel, maskAccountNumber } from "./texts";
import type { PayoutDeps } from "./transfers";
import { HOUR_MS } from "../../lib/lagos-time";

const BANK_LIST_KEPT_MS = 60 * 60_000;
/** Account look-ups ('Check account') per vendor: each asks Paystack, and many would map other people's accounts. */
export const RESOLVE_BANK_LIMIT = { max: 20, windowMinutes: 10 } as const;
/** Words that say what kind of business it is, not whose: they never make two names match. */
const GENERIC_WORDS = new Set(["LTD", "LIMITED", "ENTERPRISES", "VENTURES", "NIG", "NIGERIA"]);

export interface ResolvedBankAccount {
  /** As Paystack resolved it. */
  accountName: string;
  /** The name shares no word with the business name or the owner's name. */
  nameMismatch: boolean;
}

/** The caller's current payout account as the Earnings tab shows it. */
export interface OwnBankAccount {
  bankCode: string;
  bankName: string;
  /** '****4567'. */
  accountNumber: string;
  accountName: string;
  nameMismatch: boolean;
  /** Until when payouts wait after a change; null once that has passed. */
  heldUntil: string | null;
}

export interface SavedBankAccount {
  /** False when the account sent was already the current one. */
  changed: boolean;
  /** True when it replaced another account. */
  replaced: boolean;
  account: OwnBankAccount;
}

type BankAccountRow = typeof vendorBankAccounts.$inferSelect;

interface PayoutVendor {
  id: string;
  /** The owner: the signed-in vendor. */
  userId: string;
  businessName: string;
  contactEmail: string;
  status: string;
  ownerName: string;
  ownerEmail: string;
}

interface Resolved extends ResolvedBankAccount {
  bank: Bank;
  accountNumber: string;
}

// ---------------------------------------------------------------------------------------------
// Banks and names

const bankLists = new WeakMap<PaymentProvider, { until: number; banks: Promise<Bank[]> }>();

/** Paystack's Nigerian banks by name, each code once; asked once an hour per provider. */
export function listBanks(deps: { payments: PaymentProvider }, now: number = Date.now()): Promise<Bank[]> {
  const kept = bankLists.get(deps.payments);
  if (kept && kept.until > now) return kept.banks;
  const banks = askForBanks(deps.payments);
  bankLists.set(deps.payments, { until: now + BANK_LIST_KEPT_MS, banks });
  // A failure is not kept: the next caller asks again.
  banks.catch(() => {
    if (bankLists.get(deps.payments)?.banks === banks) bankLists.delete(deps.payments);
  });
  return banks;
}

async function askForBanks(payments: PaymentProvider): Promise<Bank[]> {
  try {
    return sortedBanks(await payments.listBanks());
  } catch (error) {
    throw error instanceof PaymentProviderError ? new Refusal("unavailable", T.banksUnavailable, { cause: error }) : error;
  }
}

function sortedBanks(banks: readonly Bank[]): Bank[] {
  const byCode = new Map(banks.map((bank) => [bank.code, { id: bank.id, name: bank.name.trim(), code: bank.code }]));
  return [...byCode.values()].sort((a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base" }));
}

async function bankOf(deps: { payments: PaymentProvider }, code: string): Promise<Bank> {
  const bank = (await listBanks(deps)).find((one) => one.code === code);
  if (!bank) throw new Refusal("invalid", T.bank, { fieldErrors: { bankCode: T.bank } });
  return bank;
}

/** The words of a name that say whose it is: upper case, without accents or punctuation, at least 3 letters, not LTD and the like. */
function significantWords(name: string): string[] {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/['’]/g, "")
    .toUpperCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3 && !GENERIC_WORDS.has(word));
}

/** True when the account name shares no word with any of the names it should belong to. */
export function accountNameMismatch(accountName: string, ownNames: readonly string[]): boolean {
  const own = new Set(ownNames.flatMap(significantWords));
  return !significantWords(accountName).some((word) => own.has(word));
}

/**
 * A provider failure as the vendor reads it: Paystack refusing (a 4xx) is about what they sent;
 * Paystack unreachable or failing is worth trying again later.
 */
/** Paystack's refusal of an account as the form shows it (domain/payments/provider.ts). */
const accountRefusal = (error: unknown) => providerRefusal(error, { unreachable: T.paystackUnreachable, refused: T.accountNotFound, field: "accountNumber" });

// ---------------------------------------------------------------------------------------------
// The vendor

async function vendorOf(db: Database, actor: Actor): Promise<PayoutVendor> {
  assertMay(actor, "sell");
  const [vendor] = await db
    .select({ id: vendors.id, userId: vendors.userId, businessName: vendors.businessName, contactEmail: vendors.contactEmail, status: vendors.status, ownerName: users.name, ownerEmail: users.email })
    .from(vendors)
    .innerJoin(users, eq(users.id, vendors.userId))
    .where(eq(vendors.userId, actor.userId));
  if (!vendor) throw new Refusal("not_found", PAYOUT_TEXTS.vendorNotFound);
  return vendor;
}

async function approvedVendorOf(db: Database, actor: Actor): Promise<PayoutVendor> {
  const vendor = await vendorOf(db, actor);
  if (vendor.status !== "approved") throw new Refusal("forbidden", T.notApproved);
  return vendor;
}

async function currentAccountRow(db: Database, vendorId: string): Promise<BankAccountRow | null> {
  const [row] = await db
    .select()
    .from(vendorBankAccounts)
    .where(and(eq(vendorBankAccounts.vendorId, vendorId), isNull(vendorBankAccounts.replacedAt)));
  return row ?? null;
}

function viewOf(row: BankAccountRow, now: Date): OwnBankAccount {
  const held = row.payoutsHeldUntil && row.payoutsHeldUntil > now ? row.payoutsHeldUntil : null;
  return {
    bankCode: row.bankCode,
    bankName: row.bankName,
    accountNumber: maskAccountNumber(row.accountNumber),
    accountName: row.accountName,
    nameMismatch: row.nameMismatch,
    heldUntil: held?.toISOString() ?? null,
  };
}

/** The caller's current payout account, or null when they have none yet. */
export async function getOwnBankAccount(db: Database, actor: Actor, now: Date = new Date()): Promise<OwnBankAccount | null> {
  const row = await currentAccountRow(db, await ownVendorId(db, actor));
  return row ? viewOf(row, now) : null;
}

// ---------------------------------------------------------------------------------------------
// Resolving and saving

async function resolveFor(deps: { payments: PaymentProvider }, vendor: PayoutVendor, input: ResolveBankInput): Promise<Resolved> {
  const bank = await bankOf(deps, input.bankCode);
  const resolved = await deps.payments.resolveAccount(input.accountNumber, bank.code).catch((error: unknown) => {
    throw accountRefusal(error);
  });
  const accountName = resolved.accountName.trim();
  if (!accountName) throw new Refusal("invalid", T.accountNotFound, { fieldErrors: { accountNumber: T.accountNotFound } });
  const nameMismatch = accountNameMismatch(accountName, [vendor.businessName, vendor.ownerName]);
  return { bank, accountNumber: input.accountNumber, accountName, nameMismatch };
}

/** The name Paystack holds for the account, for an approved vendor to confirm before saving. */
export async function resolveBankAccount(deps: { db: Database; payments: PaymentProvider }, actor: Actor, input: ResolveBankInput): Promise<ResolvedBankAccount> {
  const vendor = await approvedVendorOf(deps.db, actor);
  await countLookUp(deps.db, vendor.id);
  const { accountName, nameMismatch } = await resolveFor(deps, vendor, input);
  return { accountName, nameMismatch };
}

/** Counts one look-up of the vendor's, refusing it once they have made RESOLVE_BANK_LIMIT in the window. */
async function countLookUp(db: Database, vendorId: string): Promise<void> {
  const key = `resolve-bank:${vendorId}`;
  const wait = await secondsUntilAllowed(db, key, RESOLVE_BANK_LIMIT);
  if (wait > 0) throw new Refusal("rate_limited", T.tooManyChecks(Math.max(1, Math.ceil(wait / 60))), { retryAfterSeconds: wait });
  await countUses(db, key, RESOLVE_BANK_LIMIT);
}

async function assertPassword(db: Database, userId: string, password: string | undefined): Promise<void> {
  if (!(await isOwnPassword(db, userId, password ?? ""))) throw new Refusal("invalid", T.wrongPassword, { fieldErrors: { password: T.wrongPassword } });
}

const isSameAccount = (row: BankAccountRow, input: ResolveBankInput) => row.bankCode === input.bankCode && row.accountNumber === input.accountNumber;

/**
 * Saves the approved caller's payout account: resolved again here (a name sent by the browser is
 * never used), registered with Paystack as a transfer recipient, then stored in one transaction.
 * Replacing an account needs the caller's password (checked before Paystack is asked) and holds
 * the next payout. Sending the current account again changes nothing.
 */
export async function saveBankAccount(deps: PayoutDeps, actor: Actor, input: SaveBankInput, now: Date = new Date()): Promise<SavedBankAccount> {
  const vendor = await approvedVendorOf(deps.db, actor);
  const before = await currentAccountRow(deps.db, vendor.id);
  if (before && isSameAccount(before, input)) return { changed: false, replaced: false, account: viewOf(before, now) };
  if (before) await assertPassword(deps.db, actor.userId, input.password);
  const resolved = await resolveFor(deps, vendor, input);
  const recipientCode = await deps.payments
    .createTransferRecipient({ name: resolved.accountName, accountNumber: resolved.accountNumber, bankCode: resolved.bank.code, metadata: { vendor_id: vendor.id } })
    .catch((error: unknown) => {
      throw accountRefusal(error);
    });
  const saved = await deps.db.transaction(async (tx) => {
    await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, vendor.id)).for("update");
    const current = await currentAccountRow(tx, vendor.id);
    // Another tab saved an account meanwhile: this is a change after all.
    // Checked on the database, not the transaction: a wrong password is counted even as this rolls back.
    if (current && !before) await assertPassword(deps.db, actor.userId, input.password);
    const row = await replaceAccount(tx, deps, vendor, current, { ...resolved, recipientCode }, now);
    return { row, replaced: current !== null, deliver: await announceSave(tx, deps, vendor, row, current !== null) };
  });
  saved.deliver();
  return { changed: true, replaced: saved.replaced, account: viewOf(saved.row, now) };
}

async function replaceAccount(
  tx: Database,
  deps: PayoutDeps,
  vendor: PayoutVendor,
  current: BankAccountRow | null,
  resolved: Resolved & { recipientCode: string },
  now: Date,
): Promise<BankAccountRow> {
  if (current) await tx.update(vendorBankAccounts).set({ replacedAt: now }).where(eq(vendorBankAccounts.id, current.id));
  const [row] = await tx
    .insert(vendorBankAccounts)
    .values({
      vendorId: vendor.id,
      bankCode: resolved.bank.code,
      bankName: resolved.bank.name,
      accountNumber: resolved.accountNumber,
      accountName: resolved.accountName,
      nameMismatch: resolved.nameMismatch,
      recipientCode: resolved.recipientCode,
      isTest: deps.payments.testMode ?? false,
      payoutsHeldUntil: current ? new Date(now.getTime() + PAYOUT_HOLD_AFTER_BANK_CHANGE_HOURS * HOUR_MS) : null,
      createdAt: now,
    })
    .returning();
  return row!;
}

/** The activity, the notices and (for a change) the e-mails, inside the transaction; returns what sends the e-mails after it. */
async function announceSave(tx: Database, deps: { mailer: Mailer; publicUrl: string }, vendor: PayoutVendor, row: BankAccountRow, replaced: boolean): Promise<() => void> {
  const account = accountLabel(row.bankName, row.accountNumber);
  await recordActivity(tx, {
    userId: vendor.userId,
    userType: "vendor",
    activityType: replaced ? "bank_account_changed" : "bank_account_added",
    description: `${vendor.businessName} ${replaced ? "changed its payout account to" : "added the payout account"} ${account}`,
    metadata: { vendorId: vendor.id, bankCode: row.bankCode, accountNumber: maskAccountNumber(row.accountNumber), nameMismatch: row.nameMismatch },
  });
  const team = row.nameMismatch ? await backOfficeTeam(tx) : [];
  const notices: NewNotification[] = team.map((admin) => ({ userId: admin.userId, type: "warning", title: T.mismatchTitle, message: T.mismatchMessage(vendor.businessName, account, row.accountName) }));
  if (replaced) notices.push({ userId: vendor.userId, type: "warning", title: T.changedTitle, message: T.changedMessage(account, row.accountName, formatLagosTime(row.payoutsHeldUntil!)) });
  await notifyMany(tx, notices);
  if (!replaced) return () => {};
  const emails = bankAccountChangedEmails([vendor.contactEmail, vendor.ownerEmail], deps.publicUrl, {
    businessName: vendor.businessName,
    bankName: row.bankName,
    maskedNumber: maskAccountNumber(row.accountNumber),
    accountName: row.accountName,
    heldUntil: row.payoutsHeldUntil!,
  });
  const deliveries: Array<() => void> = [];
  for (const email of emails) deliveries.push(await deps.mailer.record(tx, email));
  return () => deliveries.forEach((deliver) => deliver());
}
