/**
 * A claim's replacement (docs/after-sale.md): the claim's part of sending the buyer a replacement
 * order (the order itself is the order module's, placed by the flow domain/flows/replace-claimed-phone.ts)
 * and the claim's resolution once that order is delivered.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { warrantyClaimEvents, warrantyClaims } from "../../db/schema/after-sale";
import { orders } from "../../db/schema/orders";
import { type ActorRole, isActiveClaim } from "../../lib/constants";
import { formatLagosDate } from "../../lib/lagos-time";
import { type Actor, assertMay } from "../core/access";
import { Refusal } from "../core/refusal";
import { findVendorByUser } from "../catalog/vendor-listings";
import { notifyMany } from "../notifications/service";
import { orderNumberOf } from "../orders/status";
import { outcomeDueAt } from "./claim-query";
import { needsPhoneBack } from "./rules";
import { claimStepEmail } from "./emails";
import { type ClaimDeps, type Party, factsOf, lockClaim, recordEmails, recordEvent } from "./steps";
import { CLAIM_TEXTS } from "./texts";

/** A claim has one replacement under way at a time: another only once that order was cancelled. */
function refuseIfReplacementUnderWay(party: Party): void {
  if (party.replacementOrderId && party.replacementStatus !== "cancelled") throw new Refusal("conflict", CLAIM_TEXTS.replacementAlreadySent);
}

/** The vendor's own accepted replacement claim, the returned phone received and no replacement yet: under its row lock. */
export async function lockVendorReplacement(tx: Database, actor: { userId: string }, claimId: string): Promise<Party> {
  const vendor = await findVendorByUser(tx, actor.userId);
  if (!vendor) throw new Refusal("not_found", CLAIM_TEXTS.notFound);
  const party = await lockClaim(tx, and(eq(warrantyClaims.id, claimId), eq(warrantyClaims.vendorId, vendor.id)));
  if (!party) throw new Refusal("not_found", CLAIM_TEXTS.notFound);
  if (party.status !== "accepted") throw new Refusal("conflict", CLAIM_TEXTS.notAccepted);
  if (party.vendorOutcome !== "replacement") throw new Refusal("conflict", CLAIM_TEXTS.notReplacementOutcome);
  refuseIfReplacementUnderWay(party);
  if (needsPhoneBack(party) && !party.receivedAt) throw new Refusal("conflict", CLAIM_TEXTS.replacementNotReceived);
  return party;
}

/** A claim still in progress an admin decides to replace, under its row lock. */
export async function lockAdminReplacement(tx: Database, actor: Actor, claimId: string): Promise<Party> {
  assertMay(actor, "back_office");
  const party = await lockClaim(tx, eq(warrantyClaims.id, claimId));
  if (!party) throw new Refusal("not_found", CLAIM_TEXTS.notFound);
  if (!isActiveClaim(party.status)) throw new Refusal("conflict", CLAIM_TEXTS.alreadyDecided);
  refuseIfReplacementUnderWay(party);
  return party;
}

/**
 * Records the replacement order on the claim: it stays accepted (in progress) until that order is
 * delivered. An admin's decision also records the decision. The buyer (and, for an admin's
 * decision, the vendor) is told.
 */
export async function recordReplacementIn(
  tx: Database,
  deps: ClaimDeps,
  party: Party,
  replacementOrderId: string,
  by: { userId: string; role: Extract<ActorRole, "vendor" | "admin">; note?: string },
  now: Date = new Date(),
): Promise<() => void> {
  const admin = by.role === "admin";
  await tx
    .update(warrantyClaims)
    .set({
      status: "accepted",
      replacementOrderId,
      outcomeDueAt: outcomeDueAt(now),
      updatedAt: sql`now()`,
      ...(admin && { vendorOutcome: "replacement" as const, adminDecision: "replacement" as const, adminNote: by.note ?? null, decidedBy: by.userId, decidedAt: sql`now()` }),
    })
    .where(and(
      eq(warrantyClaims.id, party.claimId),
      eq(warrantyClaims.status, party.status),
      party.replacementOrderId ? eq(warrantyClaims.replacementOrderId, party.replacementOrderId) : isNull(warrantyClaims.replacementOrderId),
    ));
  const number = orderNumberOf(replacementOrderId);
  await recordEvent(tx, party.claimId, by.userId, by.role, "replacement_ordered", [`Order #${number}`, by.note].filter(Boolean).join(". "));
  const facts = factsOf(party, deps.publicUrl);
  const message = `Order #${facts.orderNumber}: a replacement ${party.productName} is on order #${number}, free of charge. It ships like any order.`;
  await notifyMany(tx, [
    { userId: party.customerId, type: "success", title: "Replacement on its way", message },
    ...(admin ? [{ userId: party.vendorUserId, type: "warning" as const, title: "Replacement to ship", message: `${message} Please ship it from your Orders tab by ${formatLagosDate(outcomeDueAt(now))}.` }] : []),
  ]);
  return recordEmails(tx, deps.mailer, [
    claimStepEmail(party.customerEmail, facts, "buyer", {
      subject: `A replacement for order #${facts.orderNumber}`,
      heading: "Your replacement is on order",
      lines: [`The replacement is order #${number}, free of charge. You can follow it on your orders page; your claim closes once it is delivered.`],
    }),
    ...(admin
      ? [claimStepEmail(party.vendorEmail, facts, "vendor", {
          subject: `Ship the replacement for order #${facts.orderNumber}`,
          heading: "Our support team decided on a replacement",
          lines: [`Order #${number} (free of charge) is in your Orders tab: please ship it like any order.`],
        })]
      : []),
  ]);
}

/**
 * Resolves every accepted claim whose replacement order has been delivered (the buyer's
 * confirmation, an admin's move or the automatic delivery), or only the one of `orderId`, with a
 * 'completed' step: a guarded update, so once however many passes run. Returns how many it resolved.
 */
export async function resolveDeliveredReplacements(db: Database, orderId?: string): Promise<number> {
  return db.transaction(async (tx) => {
    const delivered = tx.select({ id: orders.id }).from(orders).where(and(eq(orders.status, "delivered"), orderId ? eq(orders.id, orderId) : undefined));
    const resolved = await tx
      .update(warrantyClaims)
      .set({ status: "resolved", outcomeDueAt: null, updatedAt: sql`now()` })
      .where(and(eq(warrantyClaims.status, "accepted"), inArray(warrantyClaims.replacementOrderId, delivered)))
      .returning({ id: warrantyClaims.id, orderId: warrantyClaims.orderId, customerId: warrantyClaims.customerId, replacementOrderId: warrantyClaims.replacementOrderId });
    if (resolved.length === 0) return 0;
    await tx.insert(warrantyClaimEvents).values(
      resolved.map((claim) => ({ claimId: claim.id, actorId: null, actorRole: "system" as const, kind: "completed", note: `Replacement order #${orderNumberOf(claim.replacementOrderId!)} delivered` })),
    );
    await notifyMany(
      tx,
      resolved.map((claim) => ({
        userId: claim.customerId,
        type: "success" as const,
        title: "Warranty claim closed",
        message: `Order #${orderNumberOf(claim.orderId)}: your replacement was delivered, so the claim is closed.`,
      })),
    );
    return resolved.length;
  });
}
