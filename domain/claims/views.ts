/** Claims as their buyer, their vendor and the admins see them (docs/after-sale.md). */
import { type SQL, and, desc, eq, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { warrantyClaimEvents, warrantyClaims } from "../../db/schema/after-sale";
import { orders } from "../../db/schema/orders";
import { vendors } from "../../db/schema/vendors";
import {
  CLAIM_REASON_LABELS, CLAIM_STATUS_LABELS, type ClaimAdminDecision, type ClaimReason, type ClaimStatus, type ClaimVendorOutcome, type OrderStatus,
} from "../../lib/constants";
import { formatLagosDate, warrantyEndsAt } from "../../lib/lagos-time";
import { type Actor, assertMay, holdersOf } from "../core/access";
import { type Page, pageWindow, toPage } from "../core/paging";
import { findVendorByUser } from "../catalog/vendor-listings";
import { PUBLIC_UPLOADS_PREFIX } from "../media/image-urls";
import { claimPhotoHref } from "../media/private-uploads";
import { orderNumberOf } from "../orders/status";
import { type ClaimRow, type OrderParties, deliveredAtOf, partiesOf, selectClaims } from "./claim-query";
import { buyerStepDueAt } from "./rules";
import { CLAIM_TEXTS } from "./texts";
import { type TimelineEvent, timelinesOf } from "./timeline";
import type { ClaimFilter } from "./validation";

export type ClaimEvent = TimelineEvent;

/** One claim as its buyer, its vendor and the admins see it. */
export interface ClaimView extends OrderParties {
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
  /** The phone the buyer sent back: courier, tracking number, when (ISO). */
  returnCarrier: string | null;
  returnTrackingNumber: string | null;
  returnShippedAt: string | null;
  /** When the vendor confirmed it arrived. */
  receivedAt: string | null;
  /** A repaired phone sent back to the buyer: courier, tracking number, when. */
  backCarrier: string | null;
  backTrackingNumber: string | null;
  returnedToBuyerAt: string | null;
  /** When an accepted claim's next step is due (ISO). */
  outcomeDueAt: string | null;
  /** Accepted, and its next step is late: the buyer may ask our support team. */
  outcomeOverdue: boolean;
  /** Until when the buyer may escalate a declined claim or send an accepted claim's phone back (ISO); past it the claim closes. */
  buyerDueAt: string | null;
  /** The replacement order sent for the claim: its number and status. */
  replacementOrderNumber: string | null;
  replacementStatus: OrderStatus | null;
  createdAt: string;
  events: ClaimEvent[];
}

async function withEvents(db: Database, rows: readonly ClaimRow[], now: Date): Promise<ClaimView[]> {
  const events = await timelinesOf(db, warrantyClaimEvents, warrantyClaimEvents.claimId, rows.map((row) => row.id));
  return rows.map((row) => ({
    ...partiesOf(row),
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
    returnCarrier: row.returnCarrier,
    returnTrackingNumber: row.returnTrackingNumber,
    returnShippedAt: row.returnShippedAt?.toISOString() ?? null,
    receivedAt: row.receivedAt?.toISOString() ?? null,
    backCarrier: row.backCarrier,
    backTrackingNumber: row.backTrackingNumber,
    returnedToBuyerAt: row.returnedToBuyerAt?.toISOString() ?? null,
    outcomeDueAt: row.outcomeDueAt?.toISOString() ?? null,
    outcomeOverdue: row.status === "accepted" && row.outcomeDueAt !== null && row.outcomeDueAt.getTime() < now.getTime(),
    buyerDueAt: buyerStepDueAt(row)?.toISOString() ?? null,
    replacementOrderNumber: row.replacementOrderId ? orderNumberOf(row.replacementOrderId) : null,
    replacementStatus: row.replacementStatus,
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
  /** 'The 30-day warranty on this order ended on Oct 12, 2026.' once it has ended. */
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
    warranties[order.id] = { endsAt: ends.toISOString(), days: order.warrantyDays, open, endedMessage: open ? null : CLAIM_TEXTS.windowEnded(order.warrantyDays, formatLagosDate(ends)) };
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
  // Waiting for the vendor's answer, or for an accepted claim's next step, past its due date.
  const overdue = or(
    and(eq(warrantyClaims.status, "open"), lt(warrantyClaims.answerDueAt, now)),
    and(eq(warrantyClaims.status, "accepted"), lt(warrantyClaims.outcomeDueAt, now)),
  );
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
  const rank = sql`case when ${warrantyClaims.status} = 'escalated' then 0 when ${warrantyClaims.status} = 'open' and ${warrantyClaims.answerDueAt} < ${now} then 1 when ${warrantyClaims.status} = 'accepted' and ${warrantyClaims.outcomeDueAt} < ${now} then 1 when ${warrantyClaims.status} in ('open', 'accepted', 'declined') then 2 else 3 end`;
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
