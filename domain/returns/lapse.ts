/**
 * Returns nobody moves (docs/after-sale.md). One the buyer let lapse (instructions given, the phone
 * not sent back within CLAIM_BUYER_BUSINESS_DAYS of them) closes as cancelled with the reason on
 * its timeline and both parties told, as after a buyer's own cancellation. One whose vendor stays
 * late that long past its step, without the buyer asking support, goes to our support team.
 */
import { and, eq, inArray, isNull, lt } from "drizzle-orm";
import type { DatabaseHandle } from "../../db/client";
import { scheduleExclusively } from "../../db/exclusive-schedule";
import { orderReturns } from "../../db/schema/returns";
import { CLAIM_BUYER_BUSINESS_DAYS } from "../../lib/constants";
import { DAY_MS, formatLagosDate } from "../../lib/lagos-time";
import { recordEmails } from "../claims/steps";
import { notifyMany } from "../notifications/service";
import { returnStepEmail } from "./emails";
import { addBusinessDays } from "../claims/business-days";
import { RETURN_VENDOR_STEPS, returnSendByAt, waitsOnVendor } from "./rules";
import { type ReturnDeps, factsOf, lockReturn, move, recordEvent, sendToSupport } from "./steps";

async function cancelIfLapsed(deps: ReturnDeps, returnId: string, now: Date): Promise<boolean> {
  const deliver = await deps.db.transaction(async (tx) => {
    const row = await lockReturn(tx, eq(orderReturns.id, returnId));
    if (!row || row.status !== "instructions_given" || !row.instructionsAt) return null;
    const due = returnSendByAt(row.instructionsAt);
    if (due.getTime() >= now.getTime()) return null;
    const note = `The phone was not sent back by ${formatLagosDate(due)}, so the return was cancelled.`;
    await move(tx, row, { status: "cancelled", cancelledAt: now, vendorDueAt: null });
    await recordEvent(tx, row.id, null, "system", "lapsed", note);
    const facts = factsOf(row, deps.publicUrl);
    const message = `Order #${facts.orderNumber} (${row.productName}): ${note}`;
    await notifyMany(tx, [
      { userId: row.customerId, type: "info", title: "Return cancelled", message },
      { userId: row.vendorUserId, type: "info", title: "Return cancelled", message },
    ]);
    return recordEmails(tx, deps.mailer, [returnStepEmail(row.customerEmail, facts, "buyer", { subject: `Your return on order #${facts.orderNumber} was cancelled`, heading: "Return cancelled", lines: [note] })]);
  });
  deliver?.();
  return deliver !== null;
}

/** Cancels every return whose buyer did not send the phone back in time; returns how many. */
export async function cancelLapsedReturns(deps: ReturnDeps, now: Date = new Date()): Promise<number> {
  // Business days are never fewer than calendar days, so this finds every candidate; the rule decides.
  const givenBefore = new Date(now.getTime() - CLAIM_BUYER_BUSINESS_DAYS * DAY_MS);
  const candidates = await deps.db
    .select({ id: orderReturns.id })
    .from(orderReturns)
    .where(and(eq(orderReturns.status, "instructions_given"), lt(orderReturns.instructionsAt, givenBefore)));
  let cancelled = 0;
  for (const { id } of candidates) if (await cancelIfLapsed(deps, id, now)) cancelled++;
  return cancelled;
}

async function escalateIfStillLate(deps: ReturnDeps, returnId: string, now: Date): Promise<boolean> {
  const deliver = await deps.db.transaction(async (tx) => {
    const row = await lockReturn(tx, eq(orderReturns.id, returnId));
    if (!row || row.escalatedAt || !row.vendorDueAt || !waitsOnVendor(row.status)) return null;
    if (addBusinessDays(row.vendorDueAt, CLAIM_BUYER_BUSINESS_DAYS).getTime() >= now.getTime()) return null;
    return sendToSupport(tx, deps, row, { userId: null, role: "system" }, `The vendor's step was due by ${formatLagosDate(row.vendorDueAt)} and has not been taken.`, now);
  });
  deliver?.();
  return deliver !== null;
}

/** Sends to our support team every return whose vendor is late by CLAIM_BUYER_BUSINESS_DAYS past its step; returns how many. */
export async function escalateLateReturns(deps: ReturnDeps, now: Date = new Date()): Promise<number> {
  const dueBefore = new Date(now.getTime() - CLAIM_BUYER_BUSINESS_DAYS * DAY_MS);
  const candidates = await deps.db
    .select({ id: orderReturns.id })
    .from(orderReturns)
    .where(and(inArray(orderReturns.status, [...RETURN_VENDOR_STEPS]), isNull(orderReturns.escalatedAt), lt(orderReturns.vendorDueAt, dueBefore)));
  let escalated = 0;
  for (const { id } of candidates) if (await escalateIfStillLate(deps, id, now)) escalated++;
  return escalated;
}

export const RETURN_CHECKS = {
  /** Advisory lock key ("rtns"): one instance at a time runs the check. */
  lockKey: 0x72746e73,
  everyMs: 10 * 60_000,
} as const;

/** Runs both checks every ten minutes on one instance; returns a function that stops it. */
export function scheduleReturnChecks(database: Pick<DatabaseHandle, "exclusively">, deps: ReturnDeps, onError: (error: unknown) => void): () => Promise<void> {
  return scheduleExclusively(database, RETURN_CHECKS, async () => {
    await cancelLapsedReturns(deps);
    await escalateLateReturns(deps);
  }, onError);
}
