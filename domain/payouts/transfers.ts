/**
 * Paying one payout by Paystack transfer and following what Paystack says of it (docs/payouts.md).
 * A payout's `requested_at` is committed before Paystack is asked; a payout with it and no transfer
 * code may have reached Paystack, so it is verified by its reference before being asked again,
 * and Paystack itself refuses a reference twice. Outcomes are guarded updates: a webhook, its
 * retries and reconciliation may all report the same transfer, and it counts once.
 */
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { vendorBankAccounts, vendorPayouts } from "../../db/schema/payouts";
import { returnPayout } from "../ledger/ledger";
import { vendors } from "../../db/schema/vendors";
import { recordActivity } from "../activity/service";
import { type Actor, assertMay } from "../core/access";
import { Refusal } from "../core/refusal";
import type { Mailer } from "../mail/mailer";
import { backOfficeTeam, notifyMany } from "../notifications/service";
import { type PaymentProvider, PaymentProviderError, type ProviderTransfer, type TransferRequest, providerRefusal } from "../payments/provider";
import { payoutPaidEmail } from "./emails";
import { PAYOUT_TEXTS as T, accountLabel } from "./texts";

export interface PayoutDeps {
  db: Database;
  payments: PaymentProvider;
  mailer: Mailer;
  publicUrl: string;
}

/** What Paystack said of a transfer: a webhook, the answer to a transfer request, or a verification. */
export interface TransferOutcome {
  reference: string;
  status: "success" | "failed" | "reversed";
  failureReason?: string | null;
  transferCode?: string | null;
}

/** Paystack's statuses that end a transfer without the money arriving. */
const FAILED_STATUSES = new Set(["failed", "abandoned", "rejected", "blocked"]);
const BULK_LIMIT = 100;
/** A payout asked for longer ago than this and still pending is verified by reconciliation. */
export const PAYOUT_CHECK_AFTER_MS = 5 * 60_000;

function outcomeOf(transfer: ProviderTransfer): TransferOutcome | null {
  const base = { reference: transfer.reference, transferCode: transfer.transferCode, failureReason: transfer.failureReason };
  if (transfer.status === "success") return { ...base, status: "success" };
  if (transfer.status === "reversed") return { ...base, status: "reversed" };
  if (FAILED_STATUSES.has(transfer.status)) return { ...base, status: "failed" };
  return null;
}

interface Unsent {
  id: string;
  reference: string;
  amount: number;
  recipientCode: string;
  requestedAt: Date | null;
}

/**
 * Sends every pending payout that has no transfer code yet (of one run, or all), bulk where it
 * can. Returns how many it could not hand to Paystack (they stay pending for the next try).
 */
export async function sendUnsentPayouts(deps: PayoutDeps, runId?: string): Promise<number> {
  const unsent: Unsent[] = await deps.db
    .select({ id: vendorPayouts.id, reference: vendorPayouts.reference, amount: vendorPayouts.amount, recipientCode: vendorBankAccounts.recipientCode, requestedAt: vendorPayouts.requestedAt })
    .from(vendorPayouts)
    .innerJoin(vendorBankAccounts, eq(vendorBankAccounts.id, vendorPayouts.bankAccountId))
    .where(and(eq(vendorPayouts.status, "pending"), isNull(vendorPayouts.transferCode), runId ? eq(vendorPayouts.runId, runId) : undefined))
    .orderBy(vendorPayouts.createdAt);
  const toSend: Unsent[] = [];
  for (const payout of unsent) {
    // Asked before and never answered: Paystack may have it.
    const known = payout.requestedAt ? await deps.payments.verifyTransfer(payout.reference) : null;
    if (known) await recordTransfer(deps, known);
    else toSend.push(payout);
  }
  let unsentCount = 0;
  for (let i = 0; i < toSend.length; i += BULK_LIMIT) unsentCount += await sendBatch(deps, toSend.slice(i, i + BULK_LIMIT));
  return unsentCount;
}

async function sendBatch(deps: PayoutDeps, batch: Unsent[]): Promise<number> {
  await deps.db.update(vendorPayouts).set({ requestedAt: sql`now()`, updatedAt: sql`now()` }).where(inArray(vendorPayouts.id, batch.map((p) => p.id)));
  const requests = batch.map(transferRequestOf);
  try {
    const transfers = batch.length === 1 ? [await deps.payments.transfer(requests[0]!)] : await deps.payments.bulkTransfer(requests);
    for (const transfer of transfers) await recordTransfer(deps, transfer);
    return 0;
  } catch (error) {
    if (!(error instanceof PaymentProviderError) || batch.length === 1) return batch.length;
    // A refused batch (one reference another instance sent meanwhile, say): one at a time, each idempotent.
    let unsent = 0;
    for (const request of requests) {
      try {
        await recordTransfer(deps, await deps.payments.transfer(request));
      } catch (single) {
        if (!(single instanceof PaymentProviderError)) throw single;
        unsent++;
      }
    }
    return unsent;
  }
}

function transferRequestOf(payout: Unsent): TransferRequest {
  return { amount: payout.amount, recipientCode: payout.recipientCode, reference: payout.reference, reason: "Tokunbo vendor payout" };
}

/**
 * Keeps Paystack's transfer code, and applies the outcome when the transfer has already ended. A
 * transfer Paystack holds for the business's OTP is marked so, and the admins are told once.
 */
async function recordTransfer(deps: PayoutDeps, transfer: ProviderTransfer): Promise<void> {
  await deps.db
    .update(vendorPayouts)
    .set({ transferCode: transfer.transferCode, lastCheckedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(vendorPayouts.reference, transfer.reference), isNull(vendorPayouts.transferCode)));
  if (transfer.status === "otp") return markAwaitingOtp(deps.db, transfer.reference);
  const outcome = outcomeOf(transfer);
  if (outcome) await applyTransferOutcome(deps, outcome);
}

async function markAwaitingOtp(db: Database, reference: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [marked] = await tx
      .update(vendorPayouts)
      .set({ otpRequestedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(vendorPayouts.reference, reference), eq(vendorPayouts.status, "pending"), isNull(vendorPayouts.otpRequestedAt)))
      .returning({ amount: vendorPayouts.amount, vendorId: vendorPayouts.vendorId });
    if (!marked) return;
    const [vendor] = await tx.select({ businessName: vendors.businessName }).from(vendors).where(eq(vendors.id, marked.vendorId));
    const team = await backOfficeTeam(tx);
    const message = T.otpAdminMessage(vendor?.businessName ?? "A vendor", marked.amount);
    await notifyMany(tx, team.map((admin) => ({ userId: admin.userId, type: "warning" as const, title: T.otpTitle, message })));
  });
}

/** A pending payout Paystack holds for its OTP, under the admin's hand. */
async function payoutAwaitingOtp(db: Database, payoutId: string): Promise<{ id: string; reference: string; amount: number; transferCode: string }> {
  const [payout] = await db
    .select({ id: vendorPayouts.id, reference: vendorPayouts.reference, amount: vendorPayouts.amount, transferCode: vendorPayouts.transferCode, otpRequestedAt: vendorPayouts.otpRequestedAt, status: vendorPayouts.status })
    .from(vendorPayouts)
    .where(eq(vendorPayouts.id, payoutId));
  if (!payout) throw new Refusal("not_found", T.payoutNotFound);
  if (payout.status !== "pending" || !payout.otpRequestedAt || !payout.transferCode) throw new Refusal("conflict", T.notAwaitingOtp);
  return { ...payout, transferCode: payout.transferCode };
}

/** Paystack's refusal of an OTP in its own words, or a plain 'could not be reached'. */
const otpRefusal = (error: unknown) =>
  providerRefusal(error, { unreachable: T.providerUnreachable, refused: T.otpRefused(error instanceof Error ? error.message : ""), field: "otp" });

/**
 * An admin enters the OTP Paystack sent the business's phone for a payout it holds: Paystack
 * then sends the money, and its webhook (or reconciliation) marks the payout paid as usual.
 */
export async function finalizePayoutTransfer(deps: PayoutDeps, actor: Actor, input: { payoutId: string; otp: string }): Promise<{ amount: number }> {
  assertMay(actor, "back_office");
  const payout = await payoutAwaitingOtp(deps.db, input.payoutId);
  const transfer = await deps.payments.finalizeTransfer(payout.transferCode, input.otp).catch((error: unknown) => {
    throw otpRefusal(error);
  });
  await deps.db
    .update(vendorPayouts)
    .set({ otpRequestedAt: null, lastCheckedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(vendorPayouts.id, payout.id), eq(vendorPayouts.status, "pending")));
  await recordActivity(deps.db, {
    userId: actor.userId,
    userType: "admin",
    activityType: "payout_otp_entered",
    description: `Entered the OTP for payout ${payout.reference}`,
    metadata: { payout_id: payout.id },
  });
  const outcome = outcomeOf(transfer);
  if (outcome) await applyTransferOutcome(deps, outcome);
  return { amount: payout.amount };
}

/** Asks Paystack to send the business a new OTP for a payout it holds. */
export async function resendPayoutOtp(deps: PayoutDeps, actor: Actor, payoutId: string): Promise<void> {
  assertMay(actor, "back_office");
  const payout = await payoutAwaitingOtp(deps.db, payoutId);
  await deps.payments.resendTransferOtp(payout.transferCode).catch((error: unknown) => {
    throw otpRefusal(error);
  });
}

/**
 * What a transfer's end means for its payout: success marks it paid and tells the vendor; a
 * failure or reversal returns the amount to the vendor's available balance and alerts admins.
 */
export async function applyTransferOutcome(deps: Pick<PayoutDeps, "db" | "mailer" | "publicUrl">, outcome: TransferOutcome): Promise<void> {
  const deliver = await deps.db.transaction(async (tx) => {
    const [payout] = await tx
      .select({ payout: vendorPayouts, businessName: vendors.businessName, vendorUserId: vendors.userId, contactEmail: vendors.contactEmail, bankName: vendorBankAccounts.bankName, accountNumber: vendorBankAccounts.accountNumber })
      .from(vendorPayouts)
      .innerJoin(vendors, eq(vendors.id, vendorPayouts.vendorId))
      .innerJoin(vendorBankAccounts, eq(vendorBankAccounts.id, vendorPayouts.bankAccountId))
      .where(eq(vendorPayouts.reference, outcome.reference))
      .for("update", { of: vendorPayouts });
    if (!payout) return undefined;
    const { payout: row } = payout;
    const account = accountLabel(payout.bankName, payout.accountNumber);
    if (outcome.status === "success") {
      if (row.status !== "pending") return undefined;
      await tx.update(vendorPayouts).set({ status: "paid", paidAt: sql`now()`, transferCode: row.transferCode ?? outcome.transferCode ?? null, updatedAt: sql`now()` }).where(eq(vendorPayouts.id, row.id));
      await notifyMany(tx, [{ userId: payout.vendorUserId, type: "success", title: T.paidTitle, message: T.paidMessage(row.amount, account, row.reference) }]);
      return deps.mailer.record(tx, payoutPaidEmail(deps.publicUrl, { to: payout.contactEmail, businessName: payout.businessName, amount: row.amount, account, reference: row.reference, isTest: row.isTest }));
    }
    // A reversal may follow a success; a failure only ends a transfer still under way.
    if (row.status !== "pending" && !(outcome.status === "reversed" && row.status === "paid")) return undefined;
    const reason = outcome.failureReason || (outcome.status === "reversed" ? "Reversed" : "Transfer failed");
    await tx.update(vendorPayouts).set({ status: outcome.status, failureReason: reason, updatedAt: sql`now()` }).where(eq(vendorPayouts.id, row.id));
    await returnPayout(tx, { vendorId: row.vendorId, amount: row.amount, payoutId: row.id, reason });
    const team = await backOfficeTeam(tx);
    const failed = outcome.status === "failed";
    await notifyMany(tx, [
      { userId: payout.vendorUserId, type: "warning", title: failed ? T.failedTitle : T.reversedTitle, message: failed ? T.failedVendorMessage(row.amount, reason) : T.reversedVendorMessage(row.amount) },
      ...team.map((admin) => ({
        userId: admin.userId,
        type: "warning" as const,
        title: failed ? T.failedTitle : T.reversedTitle,
        message: failed ? T.failedAdminMessage(payout.businessName, row.amount, reason) : T.reversedAdminMessage(payout.businessName, row.amount),
      })),
    ]);
    await recordActivity(tx, {
      userId: null,
      userType: "admin",
      activityType: `payout_${outcome.status}`,
      description: `Payout ${row.reference} to ${payout.businessName} ${outcome.status} (${reason})`,
      metadata: { payout_id: row.id, vendor_id: row.vendorId, amount: row.amount },
    });
    return undefined;
  });
  deliver?.();
}

/**
 * Asks Paystack about payouts still pending a while after they were asked for, and sends again
 * (same reference) any that Paystack never received. Returns how many ended.
 */
export async function reconcilePayouts(deps: PayoutDeps, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - PAYOUT_CHECK_AFTER_MS);
  const stale: Unsent[] = await deps.db
    .select({ id: vendorPayouts.id, reference: vendorPayouts.reference, amount: vendorPayouts.amount, recipientCode: vendorBankAccounts.recipientCode, requestedAt: vendorPayouts.requestedAt })
    .from(vendorPayouts)
    .innerJoin(vendorBankAccounts, eq(vendorBankAccounts.id, vendorPayouts.bankAccountId))
    .where(and(
      eq(vendorPayouts.status, "pending"),
      lt(vendorPayouts.requestedAt, before),
      or(isNull(vendorPayouts.lastCheckedAt), lt(vendorPayouts.lastCheckedAt, before)),
    ))
    .limit(100);
  let ended = 0;
  for (const payout of stale) {
    await deps.db.update(vendorPayouts).set({ lastCheckedAt: sql`now()` }).where(eq(vendorPayouts.id, payout.id));
    const transfer = await deps.payments.verifyTransfer(payout.reference);
    if (!transfer) {
      await sendBatch(deps, [payout]);
      continue;
    }
    await recordTransfer(deps, transfer);
    if (outcomeOf(transfer)) ended++;
  }
  return ended;
}
