/**
 * The steps of a warranty claim (docs/after-sale.md): a buyer opens one on a delivered order
 * within its warranty, the vendor accepts or declines it, the buyer may send it to the admins, and
 * an admin decides (a refund, a replacement or a rejection). Every step is one transaction with
 * its timeline entry, its notifications and its e-mails in the outbox.
 */
import { type SQL, and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { refunds, warrantyClaimEvents, warrantyClaims } from "../../db/schema/after-sale";
import { orders } from "../../db/schema/orders";
import { orderReturns } from "../../db/schema/returns";
import { ACTIVE_CLAIM_STATUSES, ACTIVE_RETURN_STATUSES, type ActorRole, CLAIM_REASON_LABELS, type ClaimStatus, isActiveClaim } from "../../lib/constants";
import { formatLagosDate, warrantyEndsAt } from "../../lib/lagos-time";
import { formatNaira } from "../../lib/money";
import { type Actor, assertMay } from "../core/access";
import { isUniqueViolation } from "../core/database-errors";
import { Refusal } from "../core/refusal";
import { findVendorByUser } from "../catalog/vendor-listings";
import type { Mailer, OutgoingEmail } from "../mail/mailer";
import { CLAIM_PHOTOS_FOLDER } from "../media/private-uploads";
import type { FileStorage } from "../media/storage";
import { withinUploadAllowance } from "../media/upload-allowance";
import { type IncomingFile, refusedUpload, storeUploadedImages } from "../media/uploads";
import { type NewNotification, backOfficeTeam, notifyMany } from "../notifications/service";
import { orderNumberOf } from "../orders/status";
import { type ClaimRow, answerDueAt, deliveredAtOf, outcomeDueAt, selectClaims } from "./claim-query";
import { type ClaimMailFacts, claimAnsweredEmail, claimDecidedEmail, claimEscalatedEmail, claimOpenedEmail } from "./emails";
import { buyerStepDueAt, canEscalate, needsPhoneBack } from "./rules";
import { CLAIM_DECISION_LABELS, CLAIM_LIMITS, CLAIM_OUTCOME_LABELS, CLAIM_TEXTS } from "./texts";
import type { AdminDecisionInput, EscalateClaimInput, OpenClaimInput, VendorAnswerInput } from "./validation";

export interface ClaimDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
}

/** The refund core as a claim decision uses it (domain/payments/refunds.ts). */
export interface ClaimRefunds {
  /** What can still be refunded of the order's share of its payment, in kobo. */
  refundable(paymentId: string, orderId: string): Promise<number>;
  issue(
    requestedBy: string,
    input: { paymentId: string; orderId: string; claimId: string; amount: number; reason: string; idempotencyKey: string },
  ): Promise<{ status: string; failureReason?: string | null }>;
}

/** A claim with whom it concerns. */
export type Party = ClaimRow & { claimId: string };

/** The claim under a row lock, with whom it concerns; `where` limits it to the asker's own. */
export async function lockClaim(tx: Database, where: SQL | undefined, lock = true): Promise<Party | null> {
  const query = selectClaims(tx, where);
  const [row] = lock ? await query.for("update", { of: warrantyClaims }) : await query;
  return row ? { ...row, claimId: row.id } : null;
}

export function factsOf(party: Pick<Party, "orderId" | "productName" | "reason">, publicUrl: string): ClaimMailFacts {
  return { orderId: party.orderId, orderNumber: orderNumberOf(party.orderId), productName: party.productName, reason: party.reason, publicUrl };
}

export async function recordEvent(tx: Database, claimId: string, actorId: string | null, actorRole: ActorRole, kind: string, note: string | null = null): Promise<void> {
  await tx.insert(warrantyClaimEvents).values({ claimId, actorId, actorRole, kind, note });
}

/** Records the e-mails in the outbox inside the transaction; the returned function sends them once it has committed. */
export async function recordEmails(tx: Database, mailer: Mailer, emails: readonly OutgoingEmail[]): Promise<() => void> {
  const deliveries: Array<() => void> = [];
  for (const email of emails) deliveries.push(await mailer.record(tx, email));
  return () => deliveries.forEach((deliver) => deliver());
}

/**
 * The buyer opens a claim on their delivered order within its warranty, with up to five photos
 * (checked like product photos and kept private). Refused with a message when the order is not
 * theirs, not delivered, past its warranty or already has a claim in progress.
 */
export async function openClaim(
  deps: ClaimDeps & { storage: FileStorage },
  actor: { userId: string },
  input: OpenClaimInput,
  photos: readonly IncomingFile[],
  now: Date = new Date(),
): Promise<{ claimId: string }> {
  const { db } = deps;
  const check = async (tx: Database, lock: boolean) => {
    const query = tx
      .select({ id: orders.id, status: orders.status, vendorId: orders.vendorId, warrantyDays: orders.warrantyDays, deliveredAt: deliveredAtOf })
      .from(orders)
      .where(and(eq(orders.id, input.orderId), eq(orders.customerId, actor.userId)));
    const [order] = lock ? await query.for("update") : await query;
    if (!order) throw new Refusal("not_found", CLAIM_TEXTS.orderNotFound);
    if (input.reason === "never_arrived") refuseUnlessInTransit(order);
    else refuseUnlessUnderWarranty(order, now);
    const [active] = await tx
      .select({ id: warrantyClaims.id })
      .from(warrantyClaims)
      .where(and(eq(warrantyClaims.orderId, order.id), inArray(warrantyClaims.status, [...ACTIVE_CLAIM_STATUSES])));
    if (active) throw new Refusal("conflict", CLAIM_TEXTS.alreadyActive);
    const [returning] = await tx
      .select({ id: orderReturns.id })
      .from(orderReturns)
      .where(and(eq(orderReturns.orderId, order.id), inArray(orderReturns.status, [...ACTIVE_RETURN_STATUSES])));
    if (returning) throw new Refusal("conflict", CLAIM_TEXTS.returnActive);
    return order;
  };
  // Refused before any photo is stored; checked again under the order's lock.
  await check(db, false);
  if (photos.length > CLAIM_LIMITS.photosMax) throw refusedUpload(CLAIM_TEXTS.photosMax);
  const stored = photos.length === 0
    ? []
    : await withinUploadAllowance(db, actor.userId, photos.length, () => storeUploadedImages(deps.storage, CLAIM_PHOTOS_FOLDER, photos));

  const result = await db
    .transaction(async (tx) => {
      const order = await check(tx, true);
      const due = answerDueAt(now);
      const [claim] = await tx
        .insert(warrantyClaims)
        .values({
          orderId: order.id,
          customerId: actor.userId,
          vendorId: order.vendorId,
          reason: input.reason,
          description: input.description,
          photos: stored.map((photo) => photo.url),
          answerDueAt: due,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: warrantyClaims.id });
      const claimId = claim!.id;
      await recordEvent(tx, claimId, actor.userId, "buyer", "opened", `${CLAIM_REASON_LABELS[input.reason]}: ${input.description}`);
      const party = (await lockClaim(tx, eq(warrantyClaims.id, claimId)))!;
      const facts = factsOf(party, deps.publicUrl);
      await notifyMany(tx, [
        {
          userId: party.vendorUserId,
          type: "warning",
          title: "New warranty claim",
          message: `Order #${facts.orderNumber} (${party.productName}): ${CLAIM_REASON_LABELS[input.reason]}. Please answer by ${formatLagosDate(due)}.`,
        },
      ]);
      const deliver = await recordEmails(tx, deps.mailer, [claimOpenedEmail(party.vendorEmail, facts, input.description, formatLagosDate(due))]);
      return { claimId, deliver };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new Refusal("conflict", CLAIM_TEXTS.alreadyActive);
      throw error;
    });
  result.deliver();
  return { claimId: result.claimId };
}

/** 'Never arrived' is said of a shipped order before it is delivered, while the warranty clock has not started. */
function refuseUnlessInTransit(order: { status: string }): void {
  if (order.status !== "shipped") throw new Refusal("conflict", CLAIM_TEXTS.neverArrivedNotShipped);
}

function refuseUnlessUnderWarranty(order: { status: string; deliveredAt: Date | null; warrantyDays: number }, now: Date): void {
  const ends = warrantyEndsAt(order.deliveredAt, order.warrantyDays);
  if (order.status !== "delivered" || !ends) throw new Refusal("conflict", CLAIM_TEXTS.notDelivered);
  if (ends.getTime() < now.getTime()) throw new Refusal("conflict", CLAIM_TEXTS.windowEnded(order.warrantyDays, formatLagosDate(ends)));
}

/** The vendor accepts (with an outcome and return instructions) or declines (with a reason) one of its open claims. */
export async function answerClaim(deps: ClaimDeps, actor: { userId: string }, input: VendorAnswerInput): Promise<{ status: ClaimStatus }> {
  const vendor = await findVendorByUser(deps.db, actor.userId);
  if (!vendor) throw new Refusal("not_found", CLAIM_TEXTS.notFound);
  const result = await deps.db.transaction(async (tx) => {
    const party = await lockClaim(tx, and(eq(warrantyClaims.id, input.claimId), eq(warrantyClaims.vendorId, vendor.id)));
    if (!party) throw new Refusal("not_found", CLAIM_TEXTS.notFound);
    if (party.status !== "open") throw new Refusal("conflict", CLAIM_TEXTS.notOpen);
    const accepted = input.answer === "accept";
    const status: ClaimStatus = accepted ? "accepted" : "declined";
    const phoneComesBack = needsPhoneBack(party);
    if (accepted && !phoneComesBack && input.outcome === "repair") {
      throw new Refusal("invalid", CLAIM_TEXTS.noRepairOfLostParcel, { fieldErrors: { outcome: CLAIM_TEXTS.noRepairOfLostParcel } });
    }
    const answeredAt = new Date();
    // A phone that never arrived is not sent back: the vendor's refund or replacement is due at once.
    const vendorStepDue = accepted && !phoneComesBack ? outcomeDueAt(answeredAt) : null;
    const buyerDueAt = buyerStepDueAt({ status, reason: party.reason, answeredAt, returnShippedAt: null, replacementOrderId: null });
    const buyerDue = buyerDueAt ? formatLagosDate(buyerDueAt) : "";
    await tx
      .update(warrantyClaims)
      .set(
        accepted
          ? { status, vendorOutcome: input.outcome, returnInstructions: input.returnInstructions, answeredAt, outcomeDueAt: vendorStepDue, updatedAt: sql`now()` }
          : { status, declineReason: input.declineReason, answeredAt, updatedAt: sql`now()` },
      )
      .where(and(eq(warrantyClaims.id, party.claimId), eq(warrantyClaims.status, "open")));
    const note = accepted ? `${CLAIM_OUTCOME_LABELS[input.outcome]}. ${input.returnInstructions}` : input.declineReason;
    await recordEvent(tx, party.claimId, actor.userId, "vendor", status, note);
    const facts = factsOf(party, deps.publicUrl);
    await notifyMany(tx, [
      {
        userId: party.customerId,
        type: accepted ? "success" : "warning",
        title: accepted ? "Warranty claim accepted" : "Warranty claim declined",
        message: accepted
          ? `Order #${facts.orderNumber}: the vendor offers ${CLAIM_OUTCOME_LABELS[input.outcome].toLowerCase()}.${buyerDueAt ? ` Please send the phone back by ${buyerDue}: see how on your orders page.` : ""}`
          : `Order #${facts.orderNumber}: ${input.declineReason} You can ask our support team to look at it until ${buyerDue}.`,
      },
    ]);
    const email = accepted
      ? claimAnsweredEmail(party.customerEmail, facts, { accepted: true, outcome: input.outcome, returnInstructions: input.returnInstructions }, buyerDueAt)
      : claimAnsweredEmail(party.customerEmail, facts, { accepted: false, declineReason: input.declineReason }, buyerDueAt);
    return { status, deliver: await recordEmails(tx, deps.mailer, [email]) };
  });
  result.deliver();
  return { status: result.status };
}

/** The buyer sends a declined claim, or one the vendor has not answered by its due date, to the admins. */
export async function escalateClaim(deps: ClaimDeps, actor: { userId: string }, input: EscalateClaimInput, now: Date = new Date()): Promise<void> {
  const deliver = await deps.db.transaction(async (tx) => {
    const party = await lockClaim(tx, and(eq(warrantyClaims.id, input.claimId), eq(warrantyClaims.customerId, actor.userId)));
    if (!party) throw new Refusal("not_found", CLAIM_TEXTS.notFound);
    if (!canEscalate({ status: party.status, answerDueAt: party.answerDueAt.toISOString(), outcomeDueAt: party.outcomeDueAt?.toISOString() ?? null }, now)) throw new Refusal("conflict", CLAIM_TEXTS.cannotEscalate);
    await tx
      .update(warrantyClaims)
      .set({ status: "escalated", escalatedAt: now, escalationNote: input.note, updatedAt: sql`now()` })
      .where(and(eq(warrantyClaims.id, party.claimId), eq(warrantyClaims.status, party.status)));
    await recordEvent(tx, party.claimId, actor.userId, "buyer", "escalated", input.note);
    const facts = factsOf(party, deps.publicUrl);
    const team = await backOfficeTeam(tx);
    const message = `Order #${facts.orderNumber} (${party.productName}): the buyer asked our support team to decide.`;
    await notifyMany(tx, [
      ...team.map((admin): NewNotification => ({ userId: admin.userId, type: "warning", title: "Warranty claim escalated", message })),
      { userId: party.vendorUserId, type: "warning", title: "Warranty claim sent to support", message },
    ]);
    return recordEmails(tx, deps.mailer, [
      claimEscalatedEmail(party.vendorEmail, facts, input.note, "vendor"),
      ...team.map((admin) => claimEscalatedEmail(admin.email, facts, input.note, "admin")),
    ]);
  });
  deliver();
}

/**
 * An admin decides a claim still in progress, escalated or not: a full or partial refund
 * (through the refund core, at most what is left of the order's payment), a replacement, or a
 * rejection with a note. Refunds resolve the claim; a rejection rejects it.
 */
export async function decideClaim(
  deps: ClaimDeps & { refunds: ClaimRefunds },
  actor: Actor,
  input: AdminDecisionInput,
): Promise<{ status: ClaimStatus; refunded: number | null }> {
  assertMay(actor, "back_office");
  const current = await lockClaim(deps.db, eq(warrantyClaims.id, input.claimId), false);
  if (!current) throw new Refusal("not_found", CLAIM_TEXTS.notFound);
  if (!isActiveClaim(current.status)) throw new Refusal("conflict", CLAIM_TEXTS.alreadyDecided);

  let refunded: number | null = null;
  let refundKey: string | null = null;
  if (input.decision === "full_refund" || input.decision === "partial_refund") {
    if (!current.paymentId) throw new Refusal("conflict", CLAIM_TEXTS.noPayment);
    // The buyer would get both the money and the phone.
    if (current.replacementOrderId && current.replacementStatus !== "cancelled") throw new Refusal("conflict", CLAIM_TEXTS.refundWhileReplacementSent);
    const left = await deps.refunds.refundable(current.paymentId, current.orderId);
    if (left <= 0) throw new Refusal("conflict", CLAIM_TEXTS.nothingToRefund);
    const amount = input.decision === "full_refund" ? left : input.amount!;
    if (amount > left) {
      const message = CLAIM_TEXTS.amountTooHigh(formatNaira(left));
      throw new Refusal("invalid", message, { fieldErrors: { amountNaira: message } });
    }
    const refund = await deps.refunds.issue(actor.userId, {
      paymentId: current.paymentId,
      orderId: current.orderId,
      claimId: current.claimId,
      amount,
      reason: `Warranty claim on order #${orderNumberOf(current.orderId)}: ${CLAIM_DECISION_LABELS[input.decision].toLowerCase()}`,
      idempotencyKey: (refundKey = await refundKeyOf(deps.db, current.claimId)),
    });
    if (refund.status === "failed") throw new Refusal("conflict", CLAIM_TEXTS.refundFailed(refund.failureReason ?? "the payment provider refused it"));
    refunded = amount;
  }

  const status: ClaimStatus = input.decision === "reject" ? "rejected" : "resolved";
  const deliver = await deps.db.transaction(async (tx) => {
    const locked = await lockClaim(tx, eq(warrantyClaims.id, input.claimId));
    if (!locked) throw new Refusal("not_found", CLAIM_TEXTS.notFound);
    if (!isActiveClaim(locked.status)) throw new Refusal("conflict", CLAIM_TEXTS.alreadyDecided);
    if (refundKey) await refuseIfRefundFailedMeanwhile(tx, refundKey);
    await tx
      .update(warrantyClaims)
      .set({ status, adminDecision: input.decision, adminNote: input.note ?? null, decidedBy: actor.userId, decidedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(warrantyClaims.id, locked.claimId), eq(warrantyClaims.status, locked.status)));
    if (refunded !== null) await recordEvent(tx, locked.claimId, actor.userId, "admin", "refunded", `${CLAIM_DECISION_LABELS[input.decision]}: ${formatNaira(refunded)}`);
    const summary = [CLAIM_DECISION_LABELS[input.decision], input.note].filter(Boolean).join(". ");
    await recordEvent(tx, locked.claimId, actor.userId, "admin", status, summary);
    const facts = factsOf(locked, deps.publicUrl);
    const what = input.decision === "reject" ? "rejected" : refunded !== null ? `${CLAIM_DECISION_LABELS[input.decision].toLowerCase()} of ${formatNaira(refunded)}` : "replacement";
    await notifyMany(tx, [
      { userId: locked.customerId, type: input.decision === "reject" ? "warning" : "success", title: "Warranty claim decided", message: `Order #${facts.orderNumber}: our support team decided: ${what}.` },
      { userId: locked.vendorUserId, type: "info", title: "Warranty claim decided", message: `Order #${facts.orderNumber}: our support team decided: ${what}.` },
    ]);
    const decision = { decision: input.decision, amount: refunded ?? undefined, note: input.note };
    return recordEmails(tx, deps.mailer, [
      claimDecidedEmail(locked.customerEmail, facts, decision, "buyer"),
      claimDecidedEmail(locked.vendorEmail, facts, decision, "vendor"),
    ]);
  });
  deliver();
  return { status, refunded };
}

/**
 * Paystack may fail the refund between asking for it and resolving the claim: the claim then stays
 * with the admins rather than resolved by money that never went back. The refund row is locked, so
 * a failure arriving later finds the claim resolved and sends it back (domain/payments/refunds.ts).
 */
export async function refuseIfRefundFailedMeanwhile(tx: Database, idempotencyKey: string): Promise<void> {
  const [refund] = await tx.select({ status: refunds.status, failureReason: refunds.failureReason }).from(refunds).where(eq(refunds.idempotencyKey, idempotencyKey)).for("update");
  if (refund?.status === "failed") throw new Refusal("conflict", CLAIM_TEXTS.refundFailed(refund.failureReason ?? "the payment provider refused it"));
}

/**
 * `claim:{claimId}:refund`: a decision sent twice finds the first refund. Only after the provider
 * refused one (failed) does a new decision ask again, under the next key.
 */
export async function refundKeyOf(db: Database, claimId: string): Promise<string> {
  const [row] = await db
    .select({ failed: sql<number>`count(*)`.mapWith(Number) })
    .from(refunds)
    .where(and(eq(refunds.claimId, claimId), eq(refunds.status, "failed")));
  const failed = row?.failed ?? 0;
  return failed === 0 ? `claim:${claimId}:refund` : `claim:${claimId}:refund:${failed + 1}`;
}
