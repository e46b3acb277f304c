/**
 * Returns the buyer let lapse (docs/after-sale.md): instructions given, but the phone not sent back
 * within CLAIM_BUYER_BUSINESS_DAYS of them. Each closes as cancelled with the reason on its
 * timeline, both parties are told, and the order's warranty and the vendor's money move on, as
 * after a buyer's own cancellation.
 */
import { and, eq, lt } from "drizzle-orm";
import type { DatabaseHandle } from "../../db/client";
import { scheduleExclusively } from "../../db/exclusive-schedule";
import { orderReturns } from "../../db/schema/returns";
import { CLAIM_BUYER_BUSINESS_DAYS } from "../../lib/constants";
import { DAY_MS, formatLagosDate } from "../../lib/lagos-time";
import { recordEmails } from "../claims/steps";
import { notifyMany } from "../notifications/service";
import { returnStepEmail } from "./emails";
import { returnSendByAt } from "./rules";
import { type ReturnDeps, factsOf, lockReturn, move, recordEvent } from "./steps";

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

export const RETURN_CHECKS = {
  /** Advisory lock key ("rtns"): one instance at a time runs the check. */
  lockKey: 0x72746e73,
  everyMs: 10 * 60_000,
} as const;

/** Runs the lapse check every ten minutes on one instance; returns a function that stops it. */
export function scheduleReturnChecks(database: Pick<DatabaseHandle, "exclusively">, deps: ReturnDeps, onError: (error: unknown) => void): () => Promise<void> {
  return scheduleExclusively(database, RETURN_CHECKS, () => cancelLapsedReturns(deps), onError);
}
