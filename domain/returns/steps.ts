/**
 * The steps of a change-of-mind return (docs/after-sale.md): the buyer asks within the return
 * window, the vendor gives instructions, the buyer sends the phone back with tracking, the vendor
 * confirms it arrived (and may put it back on sale), and the refund follows through the refund
 * core (domain/flows/refund-return.ts); or the vendor or an admin rejects it, or the buyer cancels
 * before sending. Every step is one transaction with its timeline entry, its notifications and its
 * e-mails in the outbox.
 */
import { type SQL, and, eq, inArray, like, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { refunds, warrantyClaims } from "../../db/schema/after-sale";
import { orders } from "../../db/schema/orders";
import { orderReturnEvents, orderReturns } from "../../db/schema/returns";
import { ACTIVE_CLAIM_STATUSES, ACTIVE_RETURN_STATUSES, type ActorRole, RETURN_VENDOR_BUSINESS_DAYS, type ReturnStatus } from "../../lib/constants";
import { formatLagosDate } from "../../lib/lagos-time";
import { formatNaira } from "../../lib/money";
import { type Actor, assertMay } from "../core/access";
import { isUniqueViolation } from "../core/database-errors";
import { Refusal } from "../core/refusal";
import { restoreStock } from "../catalog/stock";
import { findVendorByUser } from "../catalog/vendor-listings";
import { addBusinessDays } from "../claims/business-days";
import { deliveredAtOf } from "../claims/claim-query";
import { phoneSentBack, trackingNote } from "../claims/outcome";
import { recordEmails } from "../claims/steps";
import type { Mailer } from "../mail/mailer";
import { type NewNotification, backOfficeTeam, notifyMany } from "../notifications/service";
import { recordOrderStatus } from "../orders/history";
import { orderNumberOf } from "../orders/status";
import { getPricingConfig } from "../pricing/service";
import { type ReturnMailFacts, returnStepEmail } from "./emails";
import { canCancelReturn, canEscalateReturn, returnRefundAmount, returnSendByAt, returnWindowEndsAt } from "./rules";
import { RETURN_TEXTS } from "./texts";
import type {
  AskReturnInput, CancelReturnInput, EscalateReturnInput, RejectReturnInput, ReturnInstructionsInput, ReturnParcelInput, ReturnReceiptInput,
} from "./validation";
import { type ReturnRow, selectReturns } from "./views";

export interface ReturnDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
}

/** The refund core as a return uses it (domain/payments/refunds.ts), given by the flow. */
export interface ReturnRefunds {
  /** What can still be refunded of the order's share of its payment, in kobo. */
  refundable(paymentId: string, orderId: string): Promise<number>;
  issue(
    requestedBy: string,
    input: { paymentId: string; orderId: string; amount: number; reason: string; idempotencyKey: string },
  ): Promise<{ status: string; failureReason?: string | null }>;
}

type Deliver = () => void;
const vendorDueFrom = (at: Date) => addBusinessDays(at, RETURN_VENDOR_BUSINESS_DAYS);

/** The return under a row lock, with whom it concerns; `where` limits it to the asker's own. */
export async function lockReturn(tx: Database, where: SQL | undefined): Promise<ReturnRow | null> {
  const [row] = await selectReturns(tx, where).for("update", { of: orderReturns });
  return row ?? null;
}

export function factsOf(row: Pick<ReturnRow, "orderId" | "productName">, publicUrl: string): ReturnMailFacts {
  return { orderId: row.orderId, orderNumber: orderNumberOf(row.orderId), productName: row.productName, publicUrl };
}

export async function recordEvent(tx: Database, returnId: string, actorId: string | null, actorRole: ActorRole, kind: string, note: string | null = null): Promise<void> {
  await tx.insert(orderReturnEvents).values({ returnId, actorId, actorRole, kind, note });
}

/** The return on the order's own history, under the status the order keeps (a return invents no order status). */
async function noteOnOrder(tx: Database, orderId: string, actor: { userId: string | null; role: ActorRole }, note: string): Promise<void> {
  const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (order) await recordOrderStatus(tx, [{ orderId, status: order.status, note, actorId: actor.userId, actorRole: actor.role }]);
}

async function vendorIdOf(db: Database, userId: string): Promise<string> {
  const vendor = await findVendorByUser(db, userId);
  if (!vendor) throw new Refusal("not_found", RETURN_TEXTS.notFound);
  return vendor.id;
}

/**
 * The buyer asks to return their delivered order within the return window (counted from the
 * delivery the order recorded), with no claim or return in progress on it. The amount they were
 * shown (the order's total, the delivery fee left out) is kept on the return.
 */
export async function askReturn(
  deps: ReturnDeps & { refunds: Pick<ReturnRefunds, "refundable"> },
  actor: { userId: string },
  input: AskReturnInput,
  now: Date = new Date(),
): Promise<{ returnId: string; refundAmount: number }> {
  const { returnWindowDays } = await getPricingConfig(deps.db);
  // What the refund core would still give back, read before the transaction (the core reads on its own connection).
  const [payment] = await deps.db.select({ paymentId: orders.paymentId }).from(orders).where(and(eq(orders.id, input.orderId), eq(orders.customerId, actor.userId)));
  const refundable = payment?.paymentId ? await deps.refunds.refundable(payment.paymentId, input.orderId) : 0;
  const result = await deps.db
    .transaction(async (tx) => {
      const [order] = await tx
        .select({ id: orders.id, status: orders.status, vendorId: orders.vendorId, totalAmount: orders.totalAmount, paymentId: orders.paymentId, deliveredAt: deliveredAtOf })
        .from(orders)
        .where(and(eq(orders.id, input.orderId), eq(orders.customerId, actor.userId)))
        .for("update");
      if (!order) throw new Refusal("not_found", RETURN_TEXTS.orderNotFound);
      if (returnWindowDays <= 0) throw new Refusal("conflict", RETURN_TEXTS.returnsOff);
      if (order.status !== "delivered" || !order.deliveredAt) throw new Refusal("conflict", RETURN_TEXTS.notDelivered);
      const ends = returnWindowEndsAt(order.deliveredAt, returnWindowDays)!;
      if (now.getTime() > ends.getTime()) throw new Refusal("conflict", RETURN_TEXTS.windowEnded(formatLagosDate(ends)));
      const [claim] = await tx
        .select({ id: warrantyClaims.id })
        .from(warrantyClaims)
        .where(and(eq(warrantyClaims.orderId, order.id), inArray(warrantyClaims.status, [...ACTIVE_CLAIM_STATUSES])));
      if (claim) throw new Refusal("conflict", RETURN_TEXTS.claimActive);
      const [active] = await tx
        .select({ id: orderReturns.id })
        .from(orderReturns)
        .where(and(eq(orderReturns.orderId, order.id), inArray(orderReturns.status, [...ACTIVE_RETURN_STATUSES])));
      if (active) throw new Refusal("conflict", RETURN_TEXTS.alreadyActive);
      if (!order.paymentId) throw new Refusal("conflict", RETURN_TEXTS.noPayment);
      const refundAmount = returnRefundAmount(order.totalAmount, refundable);
      if (refundAmount <= 0) throw new Refusal("conflict", RETURN_TEXTS.nothingToRefund);
      const due = vendorDueFrom(now);
      const [created] = await tx
        .insert(orderReturns)
        .values({ orderId: order.id, customerId: actor.userId, vendorId: order.vendorId, reason: input.reason, refundAmount, vendorDueAt: due, createdAt: now, updatedAt: now })
        .returning({ id: orderReturns.id });
      const returnId = created!.id;
      await recordEvent(tx, returnId, actor.userId, "buyer", "requested", input.reason);
      await noteOnOrder(tx, order.id, { userId: actor.userId, role: "buyer" }, `Change-of-mind return asked for: ${input.reason}`);
      const row = (await lockReturn(tx, eq(orderReturns.id, returnId)))!;
      const facts = factsOf(row, deps.publicUrl);
      await notifyMany(tx, [
        {
          userId: row.vendorUserId,
          type: "warning",
          title: "Return asked for",
          message: `Order #${facts.orderNumber} (${row.productName}): the buyer wants to return it (${input.reason}). Tell them how to send it by ${formatLagosDate(due)}.`,
        },
      ]);
      const deliver = await recordEmails(tx, deps.mailer, [
        returnStepEmail(row.vendorEmail, facts, "vendor", {
          subject: `Return asked for on order #${facts.orderNumber}`,
          heading: "A buyer wants to return a phone",
          lines: [`The buyer's reason: ${input.reason}`, "They confirm it is unused and in the condition it was sold.", `Please tell them where and how to send it by ${formatLagosDate(due)}, from your Claims section.`],
        }),
      ]);
      return { returnId, refundAmount, deliver };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new Refusal("conflict", RETURN_TEXTS.alreadyActive);
      throw error;
    });
  result.deliver();
  return { returnId: result.returnId, refundAmount: result.refundAmount };
}

/** The vendor's own return under its lock; anyone else's is 'Return not found'. */
async function lockVendorsReturn(tx: Database, vendorId: string, returnId: string): Promise<ReturnRow> {
  const row = await lockReturn(tx, and(eq(orderReturns.id, returnId), eq(orderReturns.vendorId, vendorId)));
  if (!row) throw new Refusal("not_found", RETURN_TEXTS.notFound);
  return row;
}

/** The buyer's own return under its lock. */
async function lockBuyersReturn(tx: Database, userId: string, returnId: string): Promise<ReturnRow> {
  const row = await lockReturn(tx, and(eq(orderReturns.id, returnId), eq(orderReturns.customerId, userId)));
  if (!row) throw new Refusal("not_found", RETURN_TEXTS.notFound);
  return row;
}

/** A guarded move: the update happens only from the status the row was locked in. */
export async function move(tx: Database, row: ReturnRow, values: Partial<typeof orderReturns.$inferInsert>): Promise<void> {
  await tx
    .update(orderReturns)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(orderReturns.id, row.id), eq(orderReturns.status, row.status)));
}

/** The vendor tells the buyer where and how to send the phone; the buyer's sending has no clock. */
export async function giveReturnInstructions(deps: ReturnDeps, actor: { userId: string }, input: ReturnInstructionsInput, now: Date = new Date()): Promise<void> {
  const vendorId = await vendorIdOf(deps.db, actor.userId);
  const deliver = await deps.db.transaction(async (tx) => {
    const row = await lockVendorsReturn(tx, vendorId, input.returnId);
    if (row.status !== "requested") throw new Refusal("conflict", RETURN_TEXTS.notRequested);
    await move(tx, row, { status: "instructions_given", instructions: input.instructions, instructionsAt: now, vendorDueAt: null });
    await recordEvent(tx, row.id, actor.userId, "vendor", "instructions_given", input.instructions);
    const facts = factsOf(row, deps.publicUrl);
    await notifyMany(tx, [
      {
        userId: row.customerId,
        type: "info",
        title: "How to return your phone",
        message: `Order #${facts.orderNumber}: the vendor says how to send the phone back. See your orders page, and send it by ${formatLagosDate(returnSendByAt(now))}.`,
      },
    ]);
    return recordEmails(tx, deps.mailer, [
      returnStepEmail(row.customerEmail, facts, "buyer", {
        subject: `How to return your phone (order #${facts.orderNumber})`,
        heading: "The vendor told you how to return the phone",
        lines: [
          `How to send it: ${input.instructions}`,
          `Once it is on its way, enter the courier and tracking number on your orders page, by ${formatLagosDate(returnSendByAt(now))}: after that date the return is cancelled.`,
        ],
      }),
    ]);
  });
  deliver();
}

/** The buyer sends the phone back with its courier and tracking number; the vendor's receipt is then due. */
export async function sendReturnBack(deps: ReturnDeps, actor: { userId: string }, input: ReturnParcelInput, now: Date = new Date()): Promise<void> {
  const deliver = await deps.db.transaction(async (tx) => {
    const row = await lockBuyersReturn(tx, actor.userId, input.returnId);
    if (row.status === "sent_back" || row.status === "received") throw new Refusal("conflict", RETURN_TEXTS.alreadySent);
    if (row.status !== "instructions_given") throw new Refusal("conflict", RETURN_TEXTS.notReadyToSend);
    const due = vendorDueFrom(now);
    await move(tx, row, { status: "sent_back", carrier: input.carrier, trackingNumber: input.trackingNumber, sentAt: now, vendorDueAt: due });
    await recordEvent(tx, row.id, actor.userId, "buyer", "sent_back", trackingNote(input));
    const facts = factsOf(row, deps.publicUrl);
    const sent = phoneSentBack(facts.orderNumber, row.productName, input, due, "; the refund follows");
    await notifyMany(tx, [{ userId: row.vendorUserId, type: "info", title: "Returned phone on its way", message: sent.message }]);
    return recordEmails(tx, deps.mailer, [
      returnStepEmail(row.vendorEmail, facts, "vendor", { subject: `The returned phone of order #${facts.orderNumber} is on its way`, ...sent.email }),
    ]);
  });
  deliver();
}

/** The buyer cancels their return before sending the phone. */
export async function cancelReturn(deps: ReturnDeps, actor: { userId: string }, input: CancelReturnInput, now: Date = new Date()): Promise<void> {
  const deliver = await deps.db.transaction(async (tx) => {
    const row = await lockBuyersReturn(tx, actor.userId, input.returnId);
    if (!canCancelReturn(row.status)) throw new Refusal("conflict", RETURN_TEXTS.cannotCancel);
    await move(tx, row, { status: "cancelled", cancelledAt: now, vendorDueAt: null });
    await recordEvent(tx, row.id, actor.userId, "buyer", "cancelled");
    const facts = factsOf(row, deps.publicUrl);
    await notifyMany(tx, [{ userId: row.vendorUserId, type: "info", title: "Return cancelled", message: `Order #${facts.orderNumber}: the buyer cancelled the return. Nothing is coming back.` }]);
    return recordEmails(tx, deps.mailer, [
      returnStepEmail(row.vendorEmail, facts, "vendor", {
        subject: `Return cancelled on order #${facts.orderNumber}`,
        heading: "The buyer cancelled the return",
        lines: ["The buyer keeps the phone: nothing is coming back and nothing is refunded."],
      }),
    ]);
  });
  deliver();
}

/** The buyer sends a return whose vendor step is late to our support team. */
export async function escalateReturn(deps: ReturnDeps, actor: { userId: string }, input: EscalateReturnInput, now: Date = new Date()): Promise<void> {
  const deliver = await deps.db.transaction(async (tx) => {
    const row = await lockBuyersReturn(tx, actor.userId, input.returnId);
    if (!canEscalateReturn({ status: row.status, vendorDueAt: row.vendorDueAt?.toISOString() ?? null, escalatedAt: row.escalatedAt?.toISOString() ?? null }, now)) {
      throw new Refusal("conflict", RETURN_TEXTS.cannotEscalate);
    }
    return sendToSupport(tx, deps, row, { userId: actor.userId, role: "buyer" }, input.note, now);
  });
  deliver();
}

/**
 * Puts a return in our support team's hands: by the buyer with their note, or by the shop itself
 * (domain/returns/lapse.ts) when the vendor stays late. Admins and the vendor are told.
 */
export async function sendToSupport(tx: Database, deps: ReturnDeps, row: ReturnRow, by: { userId: string | null; role: "buyer" | "system" }, note: string, now: Date): Promise<Deliver> {
  await move(tx, row, { escalatedAt: now, escalationNote: note });
  await recordEvent(tx, row.id, by.userId, by.role, "escalated", note);
  const facts = factsOf(row, deps.publicUrl);
  const team = await backOfficeTeam(tx);
  const asked = by.role === "buyer" ? "the buyer asked our support team to decide the return" : "the vendor is late, so our support team decides the return";
  const message = `Order #${facts.orderNumber} (${row.productName}): ${asked}.`;
  await notifyMany(tx, [
    ...team.map((admin): NewNotification => ({ userId: admin.userId, type: "warning", title: "Return sent to support", message })),
    { userId: row.vendorUserId, type: "warning", title: "Return sent to support", message },
  ]);
  const step = (reader: "vendor" | "admin") => ({
    subject: `Return on order #${facts.orderNumber} sent to support`,
    heading: "A return was sent to our support team",
    lines: [by.role === "buyer" ? `The buyer's note: ${note}` : note, reader === "vendor" ? "Our support team will decide the return and tell you." : "Please refund or reject it."],
  });
  return recordEmails(tx, deps.mailer, [
    returnStepEmail(row.vendorEmail, facts, "vendor", step("vendor")),
    ...team.map((admin) => returnStepEmail(admin.email, facts, "admin", step("admin"))),
  ]);
}

/** The vendor rejects a return before confirming the phone arrived in order (it came back used…), with the reason. */
export async function rejectReturnByVendor(deps: ReturnDeps, actor: { userId: string }, input: RejectReturnInput): Promise<void> {
  const vendorId = await vendorIdOf(deps.db, actor.userId);
  const deliver = await deps.db.transaction(async (tx) => {
    const row = await lockVendorsReturn(tx, vendorId, input.returnId);
    if (row.status === "received") throw new Refusal("conflict", RETURN_TEXTS.vendorCannotReject);
    if (!(ACTIVE_RETURN_STATUSES as readonly ReturnStatus[]).includes(row.status)) throw new Refusal("conflict", RETURN_TEXTS.cannotReject);
    return reject(tx, deps, row, { userId: actor.userId, role: "vendor" }, input.reason);
  });
  deliver();
}

async function reject(tx: Database, deps: ReturnDeps, row: ReturnRow, by: { userId: string; role: "vendor" | "admin" }, reason: string): Promise<Deliver> {
  await move(tx, row, { status: "rejected", rejectionReason: reason, rejectedBy: by.role, vendorDueAt: null, ...(by.role === "admin" ? { decidedBy: by.userId } : {}) });
  await recordEvent(tx, row.id, by.userId, by.role, "rejected", reason);
  const facts = factsOf(row, deps.publicUrl);
  const who = by.role === "vendor" ? "The vendor" : "Our support team";
  await notifyMany(tx, [
    { userId: row.customerId, type: "warning", title: "Return rejected", message: `Order #${facts.orderNumber}: ${who} rejected the return: ${reason}` },
    ...(by.role === "admin" ? [{ userId: row.vendorUserId, type: "info" as const, title: "Return rejected", message: `Order #${facts.orderNumber}: our support team rejected the return: ${reason}` }] : []),
  ]);
  const step = { subject: `Your return on order #${facts.orderNumber} was rejected`, heading: "The return was rejected", lines: [`${who} rejected the return. The reason: ${reason}`, "Nothing is refunded. If you disagree, contact our support team."] };
  return recordEmails(tx, deps.mailer, [
    returnStepEmail(row.customerEmail, facts, "buyer", step),
    ...(by.role === "admin" ? [returnStepEmail(row.vendorEmail, facts, "vendor", { ...step, subject: `Return on order #${facts.orderNumber} rejected by our support team`, lines: [`The reason: ${reason}`] })] : []),
  ]);
}

/** An admin rejects a return still in progress, with a note. */
export async function rejectReturnByAdmin(deps: ReturnDeps, actor: Actor, input: { returnId: string; note: string }): Promise<void> {
  assertMay(actor, "back_office");
  const deliver = await deps.db.transaction(async (tx) => {
    const row = await lockReturn(tx, eq(orderReturns.id, input.returnId));
    if (!row) throw new Refusal("not_found", RETURN_TEXTS.notFound);
    if (!(ACTIVE_RETURN_STATUSES as readonly ReturnStatus[]).includes(row.status)) throw new Refusal("conflict", RETURN_TEXTS.alreadyFinished);
    return reject(tx, deps, row, { userId: actor.userId, role: "admin" }, input.note);
  });
  deliver();
}

/**
 * The vendor confirms the returned phone arrived: once (a guarded move from 'sent back', so two
 * confirmations at once record one receipt), with the phone back on sale when the vendor says so
 * (its listing's stock + 1). The refund follows (`refundReturn`); it is due from now.
 */
export async function confirmReturnReceipt(deps: ReturnDeps, actor: { userId: string }, input: ReturnReceiptInput, now: Date = new Date()): Promise<{ returnId: string }> {
  const vendorId = await vendorIdOf(deps.db, actor.userId);
  const deliver = await deps.db.transaction(async (tx) => {
    const row = await lockVendorsReturn(tx, vendorId, input.returnId);
    if (row.status === "received" || row.status === "refunded") throw new Refusal("conflict", RETURN_TEXTS.alreadyReceived);
    if (row.status !== "sent_back") throw new Refusal("conflict", RETURN_TEXTS.notSent);
    await move(tx, row, { status: "received", receivedAt: now, restocked: input.putBackOnSale, vendorDueAt: vendorDueFrom(now) });
    await recordEvent(tx, row.id, actor.userId, "vendor", "received");
    if (input.putBackOnSale) {
      await restoreStock(tx, row.productId, row.quantity, { publicUrl: deps.publicUrl });
      await recordEvent(tx, row.id, actor.userId, "vendor", "restocked", `${row.quantity} back in stock`);
    }
    await noteOnOrder(tx, row.orderId, { userId: actor.userId, role: "vendor" }, `Returned phone received by the vendor${input.putBackOnSale ? " and put back on sale" : ""}`);
    const facts = factsOf(row, deps.publicUrl);
    await notifyMany(tx, [
      { userId: row.customerId, type: "info", title: "Returned phone received", message: `Order #${facts.orderNumber}: the vendor has your phone. Your refund of ${formatNaira(row.refundAmount)} follows.` },
    ]);
    return recordEmails(tx, deps.mailer, [
      returnStepEmail(row.customerEmail, facts, "buyer", {
        subject: `The vendor received your returned phone (order #${facts.orderNumber})`,
        heading: "Your returned phone was received",
        lines: [`Your refund of ${formatNaira(row.refundAmount)} follows.`],
      }),
    ]);
  });
  deliver();
  return { returnId: input.returnId };
}

/**
 * `return:{returnId}`: asking twice (two confirmations, a retried form) finds the first refund.
 * Only after the provider refused one (failed) does a new request ask again, under the next key.
 */
export async function returnRefundKeyOf(db: Database, returnId: string): Promise<string> {
  const base = `return:${returnId}`;
  const [row] = await db
    .select({ failed: sql<number>`count(*)`.mapWith(Number) })
    .from(refunds)
    .where(and(or(eq(refunds.idempotencyKey, base), like(refunds.idempotencyKey, `${base}:%`)), eq(refunds.status, "failed")));
  const failed = row?.failed ?? 0;
  return failed === 0 ? base : `${base}:${failed + 1}`;
}

/**
 * The refund of a return: after the vendor's receipt (the vendor, or the flow right after it), or
 * at any step by an admin's decision. What the buyer was shown, at most what is left of the order's
 * share of its payment, through the refund core under `return:{returnId}`; the return is refunded
 * only once the refund row stands and has not failed. A refusal leaves the return as it was.
 */
export async function refundReturn(
  deps: ReturnDeps & { refunds: ReturnRefunds },
  actor: { userId: string; role: "vendor" | "admin" },
  input: { returnId: string; note?: string | null },
): Promise<{ refunded: number }> {
  const scope = actor.role === "vendor" ? eq(orderReturns.vendorId, await vendorIdOf(deps.db, actor.userId)) : undefined;
  const due = (row: ReturnRow) => {
    if (actor.role === "vendor" && row.status !== "received") throw new Refusal("conflict", row.status === "refunded" ? RETURN_TEXTS.alreadyFinished : RETURN_TEXTS.refundNotDue);
    if (!(ACTIVE_RETURN_STATUSES as readonly ReturnStatus[]).includes(row.status)) throw new Refusal("conflict", RETURN_TEXTS.alreadyFinished);
  };
  const [current] = await selectReturns(deps.db, and(eq(orderReturns.id, input.returnId), scope));
  if (!current) throw new Refusal("not_found", RETURN_TEXTS.notFound);
  due(current);
  if (!current.paymentId) throw new Refusal("conflict", RETURN_TEXTS.noPayment);
  const idempotencyKey = await returnRefundKeyOf(deps.db, current.id);
  const [existing] = await deps.db.select({ amount: refunds.amount }).from(refunds).where(eq(refunds.idempotencyKey, idempotencyKey));
  const amount = existing?.amount ?? returnRefundAmount(current.refundAmount, await deps.refunds.refundable(current.paymentId, current.orderId));
  if (amount <= 0) throw new Refusal("conflict", RETURN_TEXTS.nothingToRefund);
  const refund = await deps.refunds.issue(actor.userId, {
    paymentId: current.paymentId,
    orderId: current.orderId,
    amount,
    reason: `Change-of-mind return of order #${orderNumberOf(current.orderId)}`,
    idempotencyKey,
  });
  if (refund.status === "failed") throw new Refusal("conflict", RETURN_TEXTS.refundFailed(refund.failureReason ?? "the payment provider refused it"));

  const deliver = await deps.db.transaction(async (tx) => {
    const row = await lockReturn(tx, and(eq(orderReturns.id, input.returnId), scope));
    if (!row) throw new Refusal("not_found", RETURN_TEXTS.notFound);
    // The same refund asked for twice at once: the first to get here closed the return.
    if (row.status === "refunded") return () => undefined;
    due(row);
    const [standing] = await tx.select({ status: refunds.status, failureReason: refunds.failureReason }).from(refunds).where(eq(refunds.idempotencyKey, idempotencyKey)).for("update");
    if (standing?.status === "failed") throw new Refusal("conflict", RETURN_TEXTS.refundFailed(standing.failureReason ?? "the payment provider refused it"));
    await move(tx, row, { status: "refunded", refundedAt: new Date(), vendorDueAt: null, ...(actor.role === "admin" ? { decidedBy: actor.userId } : {}) });
    await recordEvent(tx, row.id, actor.userId, actor.role, "refunded", [formatNaira(amount), input.note].filter(Boolean).join(". "));
    const facts = factsOf(row, deps.publicUrl);
    const by = actor.role === "admin" ? "Our support team" : "The vendor";
    await notifyMany(tx, [
      { userId: row.customerId, type: "success", title: "Return refund on its way", message: `Order #${facts.orderNumber}: ${by} refunded ${formatNaira(amount)}. It goes back the way you paid.` },
      ...(actor.role === "admin" ? [{ userId: row.vendorUserId, type: "info" as const, title: "Return refunded", message: `Order #${facts.orderNumber}: our support team refunded the buyer ${formatNaira(amount)}.` }] : []),
    ]);
    return recordEmails(tx, deps.mailer, [
      returnStepEmail(row.customerEmail, facts, "buyer", {
        subject: `Your refund for the returned phone (order #${facts.orderNumber})`,
        heading: "Your refund is on its way",
        lines: [`${by} refunded ${formatNaira(amount)}. It goes back to the card or account you paid with; your bank may take a few working days to show it.`, "Your return is closed."],
      }),
      ...(actor.role === "admin"
        ? [returnStepEmail(row.vendorEmail, facts, "vendor", { subject: `Return on order #${facts.orderNumber} refunded by our support team`, heading: "Our support team refunded the buyer", lines: [`${formatNaira(amount)} went back to the buyer; it is taken from this order's earnings.`, ...(input.note ? [`Note: ${input.note}`] : [])] })]
        : []),
    ]);
  });
  deliver();
  return { refunded: amount };
}

/**
 * A refund of a return that failed after the return was closed: the return goes back to the
 * admins (received, escalated) with the failure on its timeline. Returns whether it went back.
 */
export async function sendReturnBackAfterFailedRefund(tx: Database, idempotencyKey: string, amount: number, reason: string): Promise<boolean> {
  const match = /^return:([0-9a-f-]{36})(?::\d+)?$/.exec(idempotencyKey);
  if (!match) return false;
  const returnId = match[1]!;
  const reopened = await tx
    .update(orderReturns)
    .set({ status: "received", escalatedAt: sql`now()`, escalationNote: `The refund failed: ${reason}`, updatedAt: sql`now()` })
    .where(and(eq(orderReturns.id, returnId), eq(orderReturns.status, "refunded")))
    .returning({ id: orderReturns.id });
  const [exists] = await tx.select({ id: orderReturns.id }).from(orderReturns).where(eq(orderReturns.id, returnId));
  if (exists) await recordEvent(tx, returnId, null, "system", "refund_failed", `${formatNaira(amount)}: ${reason}`);
  return reopened.length > 0;
}
