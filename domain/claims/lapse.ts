/**
 * Claims the buyer let lapse (docs/after-sale.md): a declined claim not sent to our support team,
 * or an accepted one whose phone was never sent back, within CLAIM_BUYER_BUSINESS_DAYS of the
 * vendor's answer. Each closes as rejected with the reason on its timeline, and both parties are
 * told, so the order's warranty and the vendor's money move on.
 */
import { and, eq, inArray, isNull, lt } from "drizzle-orm";
import { warrantyClaims } from "../../db/schema/after-sale";
import { CLAIM_BUYER_BUSINESS_DAYS } from "../../lib/constants";
import { DAY_MS, formatLagosDate } from "../../lib/lagos-time";
import { notifyMany } from "../notifications/service";
import { claimStepEmail } from "./emails";
import { buyerStepDueAt } from "./rules";
import { type ClaimDeps, type Party, factsOf, lockClaim, recordEmails, recordEvent } from "./steps";

/** What the buyer did not do, in the words the timeline, the notices and the e-mail use. */
function lapseNote(party: Party, due: Date): string {
  return party.status === "declined"
    ? `The vendor's answer stands: the claim was not sent to our support team by ${formatLagosDate(due)}.`
    : `The phone was not sent back by ${formatLagosDate(due)}, so the vendor's offer has lapsed.`;
}

async function closeIfLapsed(deps: ClaimDeps, claimId: string, now: Date): Promise<boolean> {
  const deliver = await deps.db.transaction(async (tx) => {
    const party = await lockClaim(tx, eq(warrantyClaims.id, claimId));
    const due = party ? buyerStepDueAt(party) : null;
    if (!party || !due || due.getTime() >= now.getTime()) return null;
    const note = lapseNote(party, due);
    await tx
      .update(warrantyClaims)
      .set({ status: "rejected", updatedAt: now })
      .where(and(eq(warrantyClaims.id, party.claimId), eq(warrantyClaims.status, party.status)));
    await recordEvent(tx, party.claimId, null, "system", "lapsed", note);
    const facts = factsOf(party, deps.publicUrl);
    const title = "Warranty claim closed";
    const message = `Order #${facts.orderNumber} (${party.productName}): ${note}`;
    await notifyMany(tx, [
      { userId: party.customerId, type: "info", title, message },
      { userId: party.vendorUserId, type: "info", title, message },
    ]);
    return recordEmails(tx, deps.mailer, [claimStepEmail(party.customerEmail, facts, "buyer", { subject: `Your claim on order #${facts.orderNumber} is closed`, heading: title, lines: [note] })]);
  });
  deliver?.();
  return deliver !== null;
}

/** Closes every claim whose buyer's step lapsed before `now`; returns how many. Each claim is its own transaction under its row lock. */
export async function closeLapsedClaims(deps: ClaimDeps, now: Date = new Date()): Promise<number> {
  // Business days are never fewer than calendar days, so this finds every candidate; the rule decides.
  const answeredBefore = new Date(now.getTime() - CLAIM_BUYER_BUSINESS_DAYS * DAY_MS);
  const candidates = await deps.db
    .select({ id: warrantyClaims.id })
    .from(warrantyClaims)
    .where(
      and(
        inArray(warrantyClaims.status, ["declined", "accepted"]),
        isNull(warrantyClaims.returnShippedAt),
        isNull(warrantyClaims.replacementOrderId),
        lt(warrantyClaims.answeredAt, answeredBefore),
      ),
    );
  let closed = 0;
  for (const { id } of candidates) if (await closeIfLapsed(deps, id, now)) closed++;
  return closed;
}
