/**
 * Carrying out an accepted claim (docs/after-sale.md): the buyer sends the phone back with its
 * courier and tracking number, the vendor confirms it arrived, then refunds the buyer (through the
 * refund core, never before the receipt) or, for a repair, sends the phone back with its own
 * courier and tracking number. The claim is then resolved. Every step is one transaction with its
 * timeline entry, its notifications and its e-mails in the outbox.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { warrantyClaims } from "../../db/schema/after-sale";
import { formatLagosDate } from "../../lib/lagos-time";
import { formatNaira } from "../../lib/money";
import { Refusal } from "../core/refusal";
import { findVendorByUser } from "../catalog/vendor-listings";
import { notifyMany } from "../notifications/service";
import { orderNumberOf } from "../orders/status";
import { outcomeDueAt } from "./claim-query";
import { needsPhoneBack } from "./rules";
import { claimStepEmail } from "./emails";
import { type ClaimDeps, type ClaimRefunds, type Party, factsOf, lockClaim, recordEmails, recordEvent, refundKeyOf, refuseIfRefundFailedMeanwhile } from "./steps";
import { CLAIM_TEXTS } from "./texts";
import type { ClaimReceiptInput, ClaimRefundInput, ParcelInput } from "./validation";

type Parcel = { carrier: string; trackingNumber: string };

/** A parcel on a timeline: 'Tracking number … · courier'. */
export const trackingNote = (parcel: Parcel) => `Tracking number ${parcel.trackingNumber} · ${parcel.carrier}`;

/**
 * What the vendor is told when the buyer sends the phone back, of a claim or of a return: the
 * notification's message and the e-mail's heading, lines (`then` ends the last) and tracking link.
 */
export function phoneSentBack(orderNumber: string, productName: string, parcel: Parcel, due: Date, then = "") {
  return {
    message: `Order #${orderNumber} (${productName}): the buyer sent the phone back (${trackingNote(parcel)}). Confirm it arrived by ${formatLagosDate(due)}.`,
    email: {
      heading: "The buyer sent the phone back",
      lines: [`Courier: ${parcel.carrier}. Tracking number: ${parcel.trackingNumber}.`, `Please confirm it arrived by ${formatLagosDate(due)} from your Claims section${then}.`],
      track: parcel,
    },
  };
}

async function vendorIdOf(db: Database, userId: string): Promise<string> {
  const vendor = await findVendorByUser(db, userId);
  if (!vendor) throw new Refusal("not_found", CLAIM_TEXTS.notFound);
  return vendor.id;
}

/** The vendor's own accepted claim under its row lock; anyone else's is 'Claim not found'. */
async function lockVendorsAccepted(tx: Database, vendorId: string, claimId: string): Promise<Party> {
  const party = await lockClaim(tx, and(eq(warrantyClaims.id, claimId), eq(warrantyClaims.vendorId, vendorId)));
  if (!party) throw new Refusal("not_found", CLAIM_TEXTS.notFound);
  if (party.status !== "accepted") throw new Refusal("conflict", CLAIM_TEXTS.notAccepted);
  return party;
}

/** The buyer sends the phone of their accepted claim back: courier and tracking number. The vendor's receipt is due within the outcome's business days. */
export async function shipReturn(deps: ClaimDeps, actor: { userId: string }, input: ParcelInput, now: Date = new Date()): Promise<void> {
  const deliver = await deps.db.transaction(async (tx) => {
    const party = await lockClaim(tx, and(eq(warrantyClaims.id, input.claimId), eq(warrantyClaims.customerId, actor.userId)));
    if (!party) throw new Refusal("not_found", CLAIM_TEXTS.notFound);
    if (party.status !== "accepted") throw new Refusal("conflict", CLAIM_TEXTS.notAccepted);
    if (!needsPhoneBack(party)) throw new Refusal("conflict", CLAIM_TEXTS.nothingToSendBack);
    if (party.returnShippedAt) throw new Refusal("conflict", CLAIM_TEXTS.returnAlreadyShipped);
    const due = outcomeDueAt(now);
    await tx
      .update(warrantyClaims)
      .set({ returnCarrier: input.carrier, returnTrackingNumber: input.trackingNumber, returnShippedAt: now, outcomeDueAt: due, updatedAt: sql`now()` })
      .where(and(eq(warrantyClaims.id, party.claimId), eq(warrantyClaims.status, "accepted"), isNull(warrantyClaims.returnShippedAt)));
    await recordEvent(tx, party.claimId, actor.userId, "buyer", "return_shipped", trackingNote(input));
    const facts = factsOf(party, deps.publicUrl);
    const sent = phoneSentBack(facts.orderNumber, party.productName, input, due);
    await notifyMany(tx, [{ userId: party.vendorUserId, type: "info", title: "Claim phone on its way back", message: sent.message }]);
    return recordEmails(tx, deps.mailer, [
      claimStepEmail(party.vendorEmail, facts, "vendor", { subject: `The phone of the claim on order #${facts.orderNumber} is on its way back`, ...sent.email }),
    ]);
  });
  deliver();
}

/**
 * The vendor confirms the returned phone arrived ('received for repair' for a repair). A refund
 * or a repaired phone's return is then due within the outcome's business days.
 */
export async function confirmReturnReceived(deps: ClaimDeps, actor: { userId: string }, input: ClaimReceiptInput, now: Date = new Date()): Promise<void> {
  const vendorId = await vendorIdOf(deps.db, actor.userId);
  const deliver = await deps.db.transaction(async (tx) => {
    const party = await lockVendorsAccepted(tx, vendorId, input.claimId);
    if (!party.returnShippedAt) throw new Refusal("conflict", CLAIM_TEXTS.returnNotShipped);
    if (party.receivedAt) throw new Refusal("conflict", CLAIM_TEXTS.alreadyReceived);
    const due = outcomeDueAt(now);
    await tx
      .update(warrantyClaims)
      .set({ receivedAt: now, outcomeDueAt: due, updatedAt: sql`now()` })
      .where(and(eq(warrantyClaims.id, party.claimId), eq(warrantyClaims.status, "accepted"), isNull(warrantyClaims.receivedAt)));
    const repair = party.vendorOutcome === "repair";
    await recordEvent(tx, party.claimId, actor.userId, "vendor", repair ? "received_for_repair" : "return_received");
    const facts = factsOf(party, deps.publicUrl);
    const next = repair ? "The vendor repairs it and sends it back to you." : party.vendorOutcome === "refund" ? "Your refund follows." : "Your replacement follows.";
    await notifyMany(tx, [
      { userId: party.customerId, type: "info", title: repair ? "Phone received for repair" : "Returned phone received", message: `Order #${facts.orderNumber}: the vendor has your phone. ${next}` },
    ]);
    return recordEmails(tx, deps.mailer, [
      claimStepEmail(party.customerEmail, facts, "buyer", {
        subject: `The vendor received your phone (order #${facts.orderNumber})`,
        heading: repair ? "Your phone was received for repair" : "Your returned phone was received",
        lines: [next],
      }),
    ]);
  });
  deliver();
}

/**
 * The vendor refunds the buyer of an accepted refund claim once the returned phone arrived: what
 * is left of the order's share of its payment, through the refund core under the claim's key
 * (`claim:{claimId}:refund`, the next one only after a refusal), then the claim is resolved.
 * A refund the provider refuses leaves the claim accepted with its words.
 */
export async function refundAcceptedClaim(deps: ClaimDeps & { refunds: ClaimRefunds }, actor: { userId: string }, input: ClaimRefundInput): Promise<{ refunded: number }> {
  const vendorId = await vendorIdOf(deps.db, actor.userId);
  const current = await deps.db.transaction((tx) => lockVendorsAccepted(tx, vendorId, input.claimId));
  refuseUnlessRefundDue(current);
  if (!current.paymentId) throw new Refusal("conflict", CLAIM_TEXTS.noPayment);
  const amount = await deps.refunds.refundable(current.paymentId, current.orderId);
  if (amount <= 0) throw new Refusal("conflict", CLAIM_TEXTS.nothingToRefund);
  const refundKey = await refundKeyOf(deps.db, current.claimId);
  const refund = await deps.refunds.issue(actor.userId, {
    paymentId: current.paymentId,
    orderId: current.orderId,
    claimId: current.claimId,
    amount,
    reason: `Warranty claim on order #${orderNumberOf(current.orderId)}: refund accepted by the vendor`,
    idempotencyKey: refundKey,
  });
  if (refund.status === "failed") throw new Refusal("conflict", CLAIM_TEXTS.refundFailed(refund.failureReason ?? "the payment provider refused it"));

  const deliver = await deps.db.transaction(async (tx) => {
    const locked = await lockVendorsAccepted(tx, vendorId, input.claimId);
    refuseUnlessRefundDue(locked);
    await refuseIfRefundFailedMeanwhile(tx, refundKey);
    await tx
      .update(warrantyClaims)
      .set({ status: "resolved", outcomeDueAt: null, updatedAt: sql`now()` })
      .where(and(eq(warrantyClaims.id, locked.claimId), eq(warrantyClaims.status, "accepted")));
    await recordEvent(tx, locked.claimId, actor.userId, "vendor", "refunded", formatNaira(amount));
    await recordEvent(tx, locked.claimId, actor.userId, "vendor", "completed", `Refund of ${formatNaira(amount)}`);
    const facts = factsOf(locked, deps.publicUrl);
    await notifyMany(tx, [
      { userId: locked.customerId, type: "success", title: "Warranty refund on its way", message: `Order #${facts.orderNumber}: the vendor refunded ${formatNaira(amount)}. It goes back the way you paid.` },
    ]);
    return recordEmails(tx, deps.mailer, [
      claimStepEmail(locked.customerEmail, facts, "buyer", {
        subject: `Your warranty refund for order #${facts.orderNumber}`,
        heading: "Your refund is on its way",
        lines: [`The vendor refunded ${formatNaira(amount)}. It goes back to the card or account you paid with; your bank may take a few working days to show it.`, "Your claim is closed."],
      }),
    ]);
  });
  deliver();
  return { refunded: amount };
}

function refuseUnlessRefundDue(party: Party): void {
  if (party.vendorOutcome !== "refund") throw new Refusal("conflict", CLAIM_TEXTS.notRefundOutcome);
  if (needsPhoneBack(party) && !party.receivedAt) throw new Refusal("conflict", CLAIM_TEXTS.refundBeforeReceipt);
}

/** The vendor sends the repaired phone back to the buyer with its courier and tracking number; the claim is resolved. */
export async function returnRepairedPhone(deps: ClaimDeps, actor: { userId: string }, input: ParcelInput, now: Date = new Date()): Promise<void> {
  const vendorId = await vendorIdOf(deps.db, actor.userId);
  const deliver = await deps.db.transaction(async (tx) => {
    const party = await lockVendorsAccepted(tx, vendorId, input.claimId);
    if (party.vendorOutcome !== "repair") throw new Refusal("conflict", CLAIM_TEXTS.notRepairOutcome);
    if (!party.receivedAt) throw new Refusal("conflict", CLAIM_TEXTS.repairNotReceived);
    await tx
      .update(warrantyClaims)
      .set({ status: "resolved", backCarrier: input.carrier, backTrackingNumber: input.trackingNumber, returnedToBuyerAt: now, outcomeDueAt: null, updatedAt: sql`now()` })
      .where(and(eq(warrantyClaims.id, party.claimId), eq(warrantyClaims.status, "accepted")));
    await recordEvent(tx, party.claimId, actor.userId, "vendor", "returned_to_buyer", trackingNote(input));
    await recordEvent(tx, party.claimId, actor.userId, "vendor", "completed", "Repaired");
    const facts = factsOf(party, deps.publicUrl);
    await notifyMany(tx, [
      { userId: party.customerId, type: "success", title: "Repaired phone on its way", message: `Order #${facts.orderNumber}: the vendor sent your repaired phone back (${trackingNote(input)}).` },
    ]);
    return recordEmails(tx, deps.mailer, [
      claimStepEmail(party.customerEmail, facts, "buyer", {
        subject: `Your repaired phone is on its way (order #${facts.orderNumber})`,
        heading: "Your repaired phone is on its way",
        lines: [`Courier: ${input.carrier}. Tracking number: ${input.trackingNumber}.`, "Your claim is closed."],
        track: input,
      }),
    ]);
  });
  deliver();
}
