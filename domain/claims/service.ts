/**
 * Warranty claims (docs/after-sale.md): a buyer opens one on a delivered order within its
 * warranty, the vendor accepts or declines it, the buyer may send it to the admins, and an admin
 * decides (a refund, a replacement or a rejection). Every step is one transaction with its
 * timeline entry, its notifications and its e-mails in the outbox.
 */
import { type SQL, and, asc, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "../../db/client";
import { scheduleExclusively } from "../../db/exclusive-schedule";
import { refunds, warrantyClaimEvents, warrantyClaims } from "../../db/schema/after-sale";
import { products } from "../../db/schema/catalog";
import { orderStatusHistory, orders } from "../../db/schema/orders";
import { vendors } from "../../db/schema/vendors";
import {
  ACTIVE_CLAIM_STATUSES, isActiveClaim, type ActorRole, CLAIM_ANSWER_BUSINESS_DAYS, CLAIM_REASON_LABELS, CLAIM_STATUS_LABELS, type ClaimAdminDecision,
  type ClaimReason, type ClaimStatus, type ClaimVendorOutcome,
} from "../../lib/constants";
import { formatNaira } from "../../lib/money";
import { type Actor, assertMay, holdersOf } from "../core/access";
import { type Page, pageWindow, toPage } from "../core/paging";
import { Refusal } from "../core/refusal";
import { findVendorByUser } from "../catalog/vendor-listings";
import type { Mailer, OutgoingEmail } from "../mail/mailer";
import { PUBLIC_UPLOADS_PREFIX } from "../media/image-urls";
import { CLAIM_PHOTOS_FOLDER, claimPhotoHref } from "../media/private-uploads";
import type { FileStorage } from "../media/storage";
import { withinUploadAllowance } from "../media/upload-allowance";
import { type IncomingFile, refusedUpload, storeUploadedImages } from "../media/uploads";
import { type NewNotification, backOfficeTeam, notifyMany } from "../notifications/service";
import { orderNumberOf } from "../orders/status";
import { addBusinessDays } from "./business-days";
import { canEscalate } from "./rules";
import { type ClaimMailFacts, claimAnsweredEmail, claimDecidedEmail, claimEscalatedEmail, claimOpenedEmail } from "./emails";
import { CLAIM_DECISION_LABELS, CLAIM_LIMITS, CLAIM_OUTCOME_LABELS, CLAIM_TEXTS } from "./texts";
import type { AdminDecisionInput, ClaimFilter, EscalateClaimInput, OpenClaimInput, VendorAnswerInput } from "./validation";
import { formatLagosDate as formatClaimDate, warrantyEndsAt } from "../../lib/lagos-time";

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

const toDate = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as string));

/**
 * When the phone reached the buyer: `delivered_at`, or for an order delivered before the column
 * was kept, the moment its history recorded the delivery.
 */
const deliveredAtOf = sql`coalesce("orders"."delivered_at", (select max(h.created_at) from ${orderStatusHistory} h where h.order_id = "orders"."id" and h.status = 'delivered'))`.mapWith(toDate);

/** The answer due date of a claim opened at `openedAt`. */
export function answerDueAt(openedAt: Date): Date {
  return addBusinessDays(openedAt, CLAIM_ANSWER_BUSINESS_DAYS);
}

// ---------------------------------------------------------------------------------------------
// What people see

export interface ClaimEvent {
  kind: string;
  actorRole: ActorRole;
  note: string | null;
  at: string;
}

/** One claim as its buyer, its vendor and the admins see it. */
export interface ClaimView {
  id: string;
  orderId: string;
  orderNumber: string;
  productName: string;
  businessName: string;
  customerName: string;
  totalAmount: number;
  reason: ClaimReason;
  reasonLabel: string;
  description: string;
  /** Where the photos open (private: the buyer, the vendor and admins only). */
  photos: string[];
  status: ClaimStatus;
  statusLabel: string;
  answerDueAt: string;
  /** Waiting for the vendor past the due date. */
  overdue: boolean;
  vendorOutcome: ClaimVendorOutcome | null;
  returnInstructions: string | null;
  declineReason: string | null;
  escalationNote: string | null;
  adminDecision: ClaimAdminDecision | null;
  adminNote: string | null;
  createdAt: string;
  events: ClaimEvent[];
}

const claimColumns = {
  id: warrantyClaims.id,
  orderId: warrantyClaims.orderId,
  customerId: warrantyClaims.customerId,
  vendorId: warrantyClaims.vendorId,
  reason: warrantyClaims.reason,
  description: warrantyClaims.description,
  photos: warrantyClaims.photos,
  status: warrantyClaims.status,
  answerDueAt: warrantyClaims.answerDueAt,
  vendorOutcome: warrantyClaims.vendorOutcome,
  returnInstructions: warrantyClaims.returnInstructions,
  declineReason: warrantyClaims.declineReason,
  escalationNote: warrantyClaims.escalationNote,
  adminDecision: warrantyClaims.adminDecision,
  adminNote: warrantyClaims.adminNote,
  createdAt: warrantyClaims.createdAt,
  productName: products.name,
  businessName: vendors.businessName,
  customerName: orders.customerName,
  totalAmount: orders.totalAmount,
  paymentId: orders.paymentId,
};

type ClaimRow = Awaited<ReturnType<typeof selectClaims>>[number];

function selectClaims(db: Database, where: SQL | undefined) {
  return db
    .select(claimColumns)
    .from(warrantyClaims)
    .innerJoin(orders, eq(orders.id, warrantyClaims.orderId))
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(vendors, eq(vendors.id, warrantyClaims.vendorId))
    .where(where)
    .$dynamic();
}

async function withEvents(db: Database, rows: readonly ClaimRow[], now: Date): Promise<ClaimView[]> {
  const events = new Map<string, ClaimEvent[]>(rows.map((row) => [row.id, []]));
  if (rows.length > 0) {
    const found = await db
      .select({ claimId: warrantyClaimEvents.claimId, kind: warrantyClaimEvents.kind, actorRole: warrantyClaimEvents.actorRole, note: warrantyClaimEvents.note, at: warrantyClaimEvents.createdAt })
      .from(warrantyClaimEvents)
      .where(inArray(warrantyClaimEvents.claimId, rows.map((row) => row.id)))
      .orderBy(asc(warrantyClaimEvents.claimId), asc(warrantyClaimEvents.id));
    for (const event of found) events.get(event.claimId)?.push({ kind: event.kind, actorRole: event.actorRole, note: event.note, at: event.at.toISOString() });
  }
  return rows.map((row) => ({
    id: row.id,
    orderId: row.orderId,
    orderNumber: orderNumberOf(row.orderId),
    productName: row.productName,
    businessName: row.businessName,
    customerName: row.customerName,
    totalAmount: row.totalAmount,
    reason: row.reason,
    reasonLabel: CLAIM_REASON_LABELS[row.reason],
    description: row.description,
    photos: row.photos.map((photo) => claimPhotoHref(photo)).filter((href): href is string => href !== null),
    status: row.status,
    statusLabel: CLAIM_STATUS_LABELS[row.status],
    answerDueAt: row.answerDueAt.toISOString(),
    overdue: row.status === "open" && row.answerDueAt.getTime() < now.getTime(),
    vendorOutcome: row.vendorOutcome,
    returnInstructions: row.returnInstructions,
    declineReason: row.declineReason,
    escalationNote: row.escalationNote,
    adminDecision: row.adminDecision,
    adminNote: row.adminNote,
    createdAt: row.createdAt.toISOString(),
    events: events.get(row.id) ?? [],
  }));
}


export interface BuyerWarranty {
  /** When the warranty ends (ISO), for each delivered order of the buyer. */
  endsAt: string;
  days: number;
  /** Claims are still taken. */
  open: boolean;
  /** 'The 30-day warranty on this order ended on 12 Oct 2026.' once it has ended. */
  endedMessage: string | null;
}

/** What /orders shows of claims: the newest claim of each order and the warranty of each delivered order. */
export async function buyerClaims(db: Database, userId: string, now: Date = new Date()): Promise<{ claims: Record<string, ClaimView>; warranties: Record<string, BuyerWarranty> }> {
  const [rows, delivered] = await Promise.all([
    selectClaims(db, eq(warrantyClaims.customerId, userId)).orderBy(desc(warrantyClaims.createdAt), desc(warrantyClaims.id)).limit(200),
    db
      .select({ id: orders.id, warrantyDays: orders.warrantyDays, deliveredAt: deliveredAtOf })
      .from(orders)
      .where(and(eq(orders.customerId, userId), eq(orders.status, "delivered"))),
  ]);
  const claims: Record<string, ClaimView> = {};
  for (const claim of await withEvents(db, rows, now)) claims[claim.orderId] ??= claim;
  const warranties: Record<string, BuyerWarranty> = {};
  for (const order of delivered) {
    const ends = warrantyEndsAt(order.deliveredAt, order.warrantyDays);
    if (!ends) continue;
    const open = ends.getTime() >= now.getTime();
    warranties[order.id] = { endsAt: ends.toISOString(), days: order.warrantyDays, open, endedMessage: open ? null : CLAIM_TEXTS.windowEnded(order.warrantyDays, formatClaimDate(ends)) };
  }
  return { claims, warranties };
}

/** The claims on the vendor's orders, newest first; none for a user without a vendor record. */
export async function listVendorClaims(db: Database, userId: string, now: Date = new Date()): Promise<ClaimView[]> {
  const vendor = await findVendorByUser(db, userId);
  if (!vendor) return [];
  const rows = await selectClaims(db, eq(warrantyClaims.vendorId, vendor.id)).orderBy(desc(warrantyClaims.createdAt), desc(warrantyClaims.id)).limit(100);
  return withEvents(db, rows, now);
}

export interface AdminClaim extends ClaimView {
  /** The order has a payment a refund can go back to. */
  hasPayment: boolean;
}

function filterOf(filter: ClaimFilter | undefined, now: Date): SQL | undefined {
  const overdue = and(eq(warrantyClaims.status, "open"), lt(warrantyClaims.answerDueAt, now));
  switch (filter) {
    case undefined:
      return undefined;
    case "attention":
      return or(eq(warrantyClaims.status, "escalated"), overdue);
    case "overdue":
      return overdue;
    default:
      return eq(warrantyClaims.status, filter);
  }
}

/**
 * Every claim, escalated and overdue ones first, then newest first, a page at a time: two
 * statements whatever the page holds. What is left to refund is checked when an admin decides.
 */
export async function listClaimsForAdmin(db: Database, actor: Actor, query: { filter?: ClaimFilter; page?: number }, now: Date = new Date()): Promise<Page<AdminClaim>> {
  assertMay(actor, "back_office");
  const window = pageWindow(query.page ?? 1);
  const rank = sql`case when ${warrantyClaims.status} = 'escalated' then 0 when ${warrantyClaims.status} = 'open' and ${warrantyClaims.answerDueAt} < ${now} then 1 when ${warrantyClaims.status} in ('open', 'accepted', 'declined') then 2 else 3 end`;
  const rows = await selectClaims(db, filterOf(query.filter, now))
    .orderBy(rank, desc(warrantyClaims.createdAt), desc(warrantyClaims.id))
    .limit(window.limit)
    .offset(window.offset);
  const page = toPage(rows, window);
  const views = await withEvents(db, page.items, now);
  return { ...page, items: views.map((view, i) => ({ ...view, hasPayment: page.items[i]!.paymentId !== null })) };
}

/** Whether the viewer may open a stored claim photo: its buyer, the order's vendor, or an admin. */
export async function mayViewClaimPhoto(db: Database, viewer: Actor, key: string): Promise<boolean> {
  const stored = PUBLIC_UPLOADS_PREFIX + key;
  const admin = (holdersOf("back_office") as readonly string[]).includes(viewer.role);
  const [row] = await db
    .select({ id: warrantyClaims.id })
    .from(warrantyClaims)
    .innerJoin(vendors, eq(vendors.id, warrantyClaims.vendorId))
    .where(and(sql`${stored} = any(${warrantyClaims.photos})`, admin ? undefined : or(eq(warrantyClaims.customerId, viewer.userId), eq(vendors.userId, viewer.userId))))
    .limit(1);
  return Boolean(row);
}

// ---------------------------------------------------------------------------------------------
// Steps

interface Party {
  claimId: string;
  orderId: string;
  status: ClaimStatus;
  reason: ClaimReason;
  answerDueAt: Date;
  customerId: string;
  customerEmail: string;
  vendorId: string;
  vendorUserId: string;
  vendorEmail: string;
  productName: string;
  paymentId: string | null;
}

/** The claim under a row lock, with whom it concerns; `where` limits it to the asker's own. */
async function lockClaim(tx: Database, where: SQL | undefined, lock = true): Promise<Party | null> {
  const query = tx
    .select({
      claimId: warrantyClaims.id,
      orderId: warrantyClaims.orderId,
      status: warrantyClaims.status,
      reason: warrantyClaims.reason,
      answerDueAt: warrantyClaims.answerDueAt,
      customerId: warrantyClaims.customerId,
      customerEmail: orders.customerEmail,
      vendorId: warrantyClaims.vendorId,
      vendorUserId: vendors.userId,
      vendorEmail: vendors.contactEmail,
      productName: products.name,
      paymentId: orders.paymentId,
    })
    .from(warrantyClaims)
    .innerJoin(orders, eq(orders.id, warrantyClaims.orderId))
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(vendors, eq(vendors.id, warrantyClaims.vendorId))
    .where(where)
    .$dynamic();
  const [row] = lock ? await query.for("update", { of: warrantyClaims }) : await query;
  return row ?? null;
}

function factsOf(party: Pick<Party, "orderId" | "productName" | "reason">, publicUrl: string): ClaimMailFacts {
  return { orderId: party.orderId, orderNumber: orderNumberOf(party.orderId), productName: party.productName, reason: party.reason, publicUrl };
}

async function recordEvent(tx: Database, claimId: string, actorId: string | null, actorRole: ActorRole, kind: string, note: string | null = null): Promise<void> {
  await tx.insert(warrantyClaimEvents).values({ claimId, actorId, actorRole, kind, note });
}

/** Records the e-mails in the outbox inside the transaction; the returned function sends them once it has committed. */
async function recordEmails(tx: Database, mailer: Mailer, emails: readonly OutgoingEmail[]): Promise<() => void> {
  const deliveries: Array<() => void> = [];
  for (const email of emails) deliveries.push(await mailer.record(tx, email));
  return () => deliveries.forEach((deliver) => deliver());
}

const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) if ((e as { code?: string }).code === "23505") return true;
  return false;
};

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
    const ends = warrantyEndsAt(order.deliveredAt, order.warrantyDays);
    if (order.status !== "delivered" || !ends) throw new Refusal("conflict", CLAIM_TEXTS.notDelivered);
    if (ends.getTime() < now.getTime()) throw new Refusal("conflict", CLAIM_TEXTS.windowEnded(order.warrantyDays, formatClaimDate(ends)));
    const [active] = await tx
      .select({ id: warrantyClaims.id })
      .from(warrantyClaims)
      .where(and(eq(warrantyClaims.orderId, order.id), inArray(warrantyClaims.status, [...ACTIVE_CLAIM_STATUSES])));
    if (active) throw new Refusal("conflict", CLAIM_TEXTS.alreadyActive);
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
          message: `Order #${facts.orderNumber} (${party.productName}): ${CLAIM_REASON_LABELS[input.reason]}. Please answer by ${formatClaimDate(due)}.`,
        },
      ]);
      const deliver = await recordEmails(tx, deps.mailer, [claimOpenedEmail(party.vendorEmail, facts, input.description, formatClaimDate(due))]);
      return { claimId, deliver };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new Refusal("conflict", CLAIM_TEXTS.alreadyActive);
      throw error;
    });
  result.deliver();
  return { claimId: result.claimId };
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
    await tx
      .update(warrantyClaims)
      .set(
        accepted
          ? { status, vendorOutcome: input.outcome, returnInstructions: input.returnInstructions, answeredAt: sql`now()`, updatedAt: sql`now()` }
          : { status, declineReason: input.declineReason, answeredAt: sql`now()`, updatedAt: sql`now()` },
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
          ? `Order #${facts.orderNumber}: the vendor offers ${CLAIM_OUTCOME_LABELS[input.outcome].toLowerCase()}. See how to return the phone on your orders page.`
          : `Order #${facts.orderNumber}: ${input.declineReason} You can ask our support team to look at it.`,
      },
    ]);
    const email = accepted
      ? claimAnsweredEmail(party.customerEmail, facts, { accepted: true, outcome: input.outcome, returnInstructions: input.returnInstructions })
      : claimAnsweredEmail(party.customerEmail, facts, { accepted: false, declineReason: input.declineReason });
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
    if (!canEscalate({ status: party.status, answerDueAt: party.answerDueAt.toISOString() }, now)) throw new Refusal("conflict", CLAIM_TEXTS.cannotEscalate);
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
async function refuseIfRefundFailedMeanwhile(tx: Database, idempotencyKey: string): Promise<void> {
  const [refund] = await tx.select({ status: refunds.status, failureReason: refunds.failureReason }).from(refunds).where(eq(refunds.idempotencyKey, idempotencyKey)).for("update");
  if (refund?.status === "failed") throw new Refusal("conflict", CLAIM_TEXTS.refundFailed(refund.failureReason ?? "the payment provider refused it"));
}

/**
 * `claim:{claimId}:refund`: a decision sent twice finds the first refund. Only after the provider
 * refused one (failed) does a new decision ask again, under the next key.
 */
async function refundKeyOf(db: Database, claimId: string): Promise<string> {
  const [row] = await db
    .select({ failed: sql<number>`count(*)`.mapWith(Number) })
    .from(refunds)
    .where(and(eq(refunds.claimId, claimId), eq(refunds.status, "failed")));
  const failed = row?.failed ?? 0;
  return failed === 0 ? `claim:${claimId}:refund` : `claim:${claimId}:refund:${failed + 1}`;
}

// ---------------------------------------------------------------------------------------------
// The overdue flag

export const CLAIM_CHECKS = {
  /** Advisory lock key ("clms"): one instance at a time runs the check. */
  lockKey: 0x636c6d73,
  everyMs: 10 * 60_000,
} as const;

/**
 * Tells every admin, once, about each open claim past its answer due date, and records an
 * 'overdue' step on its timeline. The guarded update (`overdue_flagged_at is null`) flags a
 * claim once however many passes run.
 */
export async function flagOverdueClaims(db: Database, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const flagged = await tx
      .update(warrantyClaims)
      .set({ overdueFlaggedAt: now, updatedAt: sql`now()` })
      .where(and(eq(warrantyClaims.status, "open"), lt(warrantyClaims.answerDueAt, now), isNull(warrantyClaims.overdueFlaggedAt)))
      .returning({ id: warrantyClaims.id, orderId: warrantyClaims.orderId, answerDueAt: warrantyClaims.answerDueAt });
    if (flagged.length === 0) return 0;
    await tx
      .insert(warrantyClaimEvents)
      .values(flagged.map((claim) => ({ claimId: claim.id, actorId: null, actorRole: "system" as const, kind: "overdue", note: `The vendor did not answer by ${formatClaimDate(claim.answerDueAt)}.` })));
    const team = await backOfficeTeam(tx);
    await notifyMany(
      tx,
      flagged.flatMap((claim) =>
        team.map((admin): NewNotification => ({
          userId: admin.userId,
          type: "warning",
          title: "Warranty claim overdue",
          message: `Order #${orderNumberOf(claim.orderId)}: the vendor has not answered the claim by ${formatClaimDate(claim.answerDueAt)}.`,
        })),
      ),
    );
    return flagged.length;
  });
}

/** Runs the overdue check every ten minutes on one instance; returns a function that stops it. */
export function scheduleClaimChecks(database: Pick<DatabaseHandle, "db" | "exclusively">, onError: (error: unknown) => void, everyMs: number = CLAIM_CHECKS.everyMs): () => Promise<void> {
  return scheduleExclusively(database, { lockKey: CLAIM_CHECKS.lockKey, everyMs }, () => flagOverdueClaims(database.db), onError);
}
