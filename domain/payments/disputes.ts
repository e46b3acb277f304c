/**
 * Card disputes (chargebacks), as Paystack's charge.dispute.create, charge.dispute.remind and
 * charge.dispute.resolve webhooks report them (docs/payments.md, disputes). Each event is kept on
 * the payment; the admins are told with the date Paystack wants an answer by; the vendors' share
 * is held back from their balance while the bank decides, kept when the dispute is lost and given
 * back when it is won. A webhook delivered twice changes nothing the second time.
 */
import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { orders } from "../../db/schema/orders";
import { paymentDisputeEvents, paymentDisputes, payments } from "../../db/schema/payments";
import { vendors } from "../../db/schema/vendors";
import { DISPUTE_LOST_RESOLUTION as LOST } from "../../lib/constants";
import { formatLagosDateTime } from "../../lib/lagos-time";
import { z } from "../../lib/zod";
import { type DisputeEntry, disputeHoldsOf, holdForDispute, releaseDisputeHold } from "../ledger/ledger";
import { type NewNotification, backOfficeTeam, notifyMany } from "../notifications/service";
import { orderNumberOf } from "../orders/status";
import { DISPUTE_TEXTS } from "./dispute-texts";

export const DISPUTE_EVENTS = ["charge.dispute.create", "charge.dispute.remind", "charge.dispute.resolve"] as const;
export type DisputeEventName = (typeof DISPUTE_EVENTS)[number];
export const isDisputeEvent = (event: string): event is DisputeEventName => (DISPUTE_EVENTS as readonly string[]).includes(event);

export interface DisputeEvent {
  event: DisputeEventName;
  providerDisputeId: number;
  transactionReference: string;
  /** Kobo; null when Paystack left it out (then the whole payment is disputed). */
  amount: number | null;
  status: string;
  resolution: string | null;
  category: string | null;
  dueAt: Date | null;
  resolvedAt: Date | null;
  providerUpdatedAt: string;
}

const optionalDate = z
  .string()
  .max(40)
  .nullish()
  .transform((value) => (value && !Number.isNaN(Date.parse(value)) ? new Date(value) : null));

const disputeSchema = z.object({
  id: z.number().int().positive(),
  refund_amount: z.number().int().nonnegative().nullish(),
  status: z.string().min(1).max(60),
  resolution: z.string().max(60).nullish(),
  category: z.string().max(60).nullish(),
  transaction: z.object({ reference: z.string().min(1).max(100) }).partial().nullish(),
  transaction_reference: z.string().max(100).nullish(),
  dueAt: optionalDate,
  resolvedAt: optionalDate,
  updatedAt: z.string().max(40).nullish(),
  createdAt: z.string().max(40).nullish(),
});

/** The dispute a charge.dispute.* event is about; null when it names no dispute or transaction. */
export function parseDisputeEvent(event: DisputeEventName, data: unknown): DisputeEvent | null {
  const parsed = disputeSchema.safeParse(data);
  if (!parsed.success) return null;
  const dispute = parsed.data;
  const transactionReference = dispute.transaction?.reference ?? dispute.transaction_reference;
  if (!transactionReference) return null;
  return {
    event,
    providerDisputeId: dispute.id,
    transactionReference,
    amount: dispute.refund_amount || null,
    status: dispute.status,
    resolution: dispute.resolution ?? null,
    category: dispute.category ?? null,
    dueAt: dispute.dueAt,
    resolvedAt: dispute.resolvedAt,
    providerUpdatedAt: dispute.updatedAt ?? dispute.createdAt ?? `${event}:${dispute.status}:${dispute.resolution ?? ""}`,
  };
}


/** A payment's dispute as the back office lists it. */
export interface DisputeRecord {
  id: string;
  /** 'open', 'won' or 'lost'. */
  state: "open" | "won" | "lost";
  /** '₦525,500 disputed · answer Paystack by Nov 30, 2026, 10:00 AM'. */
  summary: string;
}

/** The disputes of each payment, oldest first. */
export async function listDisputesOfPayments(db: Database, paymentIds: readonly string[]): Promise<Map<string, DisputeRecord[]>> {
  const byPayment = new Map<string, DisputeRecord[]>();
  if (paymentIds.length === 0) return byPayment;
  const rows = await db
    .select({ id: paymentDisputes.id, paymentId: paymentDisputes.paymentId, amount: paymentDisputes.amount, status: paymentDisputes.status, resolution: paymentDisputes.resolution, dueAt: paymentDisputes.dueAt })
    .from(paymentDisputes)
    .where(inArray(paymentDisputes.paymentId, [...paymentIds]))
    .orderBy(asc(paymentDisputes.createdAt));
  for (const row of rows) {
    const state = row.status !== "resolved" ? "open" : row.resolution === LOST ? "lost" : "won";
    const summary = state === "open" ? DISPUTE_TEXTS.open(row.amount, row.dueAt ? formatLagosDateTime(row.dueAt) : DISPUTE_TEXTS.noDueDate) : DISPUTE_TEXTS[state](row.amount);
    byPayment.set(row.paymentId, [...(byPayment.get(row.paymentId) ?? []), { id: row.id, state, summary }]);
  }
  return byPayment;
}

/** Whether the event was recorded, seen before, or names a payment the shop does not know. */
export type DisputeRecording = "recorded" | "duplicate" | "unknown_payment";

/** Records one dispute event, its ledger entries and notices, in one transaction. */
export async function recordDisputeEvent(db: Database, event: DisputeEvent): Promise<DisputeRecording> {
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select({ id: payments.id, amount: payments.amount, reference: payments.paymentReference })
      .from(payments)
      .where(eq(payments.paymentReference, event.transactionReference))
      .for("update");
    if (!payment) return "unknown_payment";
    const amount = Math.min(event.amount ?? payment.amount, payment.amount);
    const state = { status: event.status, resolution: event.resolution, category: event.category, dueAt: event.dueAt, resolvedAt: event.resolvedAt, amount };
    const [dispute] = await tx
      .insert(paymentDisputes)
      .values({ paymentId: payment.id, providerDisputeId: event.providerDisputeId, ...state })
      .onConflictDoUpdate({ target: paymentDisputes.providerDisputeId, set: { ...state, updatedAt: new Date() } })
      .returning({ id: paymentDisputes.id, paymentId: paymentDisputes.paymentId });
    const [kept] = await tx
      .insert(paymentDisputeEvents)
      .values({ disputeId: dispute!.id, event: event.event, status: event.status, resolution: event.resolution, dueAt: event.dueAt, providerUpdatedAt: event.providerUpdatedAt })
      .onConflictDoNothing()
      .returning({ id: paymentDisputeEvents.id });
    if (!kept) return "duplicate";

    // Whatever event comes first holds the money: Paystack may deliver a reminder before the creation.
    const held = await holdForDispute(tx, { id: dispute!.id, paymentId: payment.id, amount });
    const resolved = event.event === "charge.dispute.resolve";
    const won = resolved && event.resolution !== LOST;
    const given = won ? await releaseDisputeHold(tx, dispute!) : [];
    await tell(tx, { event, payment, amount, held, given, won });
    return "recorded";
  });
}

interface Tidings {
  event: DisputeEvent;
  payment: { id: string; reference: string };
  amount: number;
  held: DisputeEntry[];
  given: DisputeEntry[];
  won: boolean;
}

async function tell(tx: Database, { event, payment, amount, held, given, won }: Tidings): Promise<void> {
  const paid = await tx.select({ id: orders.id, vendorId: orders.vendorId }).from(orders).where(eq(orders.paymentId, payment.id));
  const orderNumbers = paid.map((order) => `order #${orderNumberOf(order.id)}`).join(", ");
  const due = event.dueAt ? formatLagosDateTime(event.dueAt) : DISPUTE_TEXTS.noDueDate;
  const T = DISPUTE_TEXTS;
  const admin =
    event.event === "charge.dispute.create"
      ? { type: "warning" as const, title: T.openedTitle, message: T.adminOpened(payment.reference, orderNumbers, amount, due) }
      : event.event === "charge.dispute.remind"
        ? { type: "warning" as const, title: T.reminderTitle, message: T.adminReminder(payment.reference, orderNumbers, due) }
        : won
          ? { type: "success" as const, title: T.wonTitle, message: T.adminWon(payment.reference, orderNumbers) }
          : { type: "error" as const, title: T.lostTitle, message: T.adminLost(payment.reference, orderNumbers, amount) };
  const team = await backOfficeTeam(tx);
  const vendorUsers = await vendorUsersOf(tx, paid.map((order) => order.vendorId));
  const toVendors = (entries: DisputeEntry[], type: NewNotification["type"], title: string, message: (orderNumber: string, amount: number) => string) =>
    entries.flatMap((entry): NewNotification[] => {
      const userId = vendorUsers.get(entry.vendorId);
      return userId ? [{ userId, type, title, message: message(orderNumberOf(entry.orderId), entry.amount) }] : [];
    });
  const lost = event.event === "charge.dispute.resolve" && !won ? await heldFor(tx, payment.id, paid) : [];
  await notifyMany(tx, [
    ...team.map((member) => ({ userId: member.userId, ...admin })),
    ...toVendors(held, "warning", T.openedTitle, T.vendorHeld),
    ...toVendors(given, "success", T.wonTitle, T.vendorWon),
    ...toVendors(lost, "error", T.lostTitle, T.vendorLost),
  ]);
}

async function vendorUsersOf(tx: Database, vendorIds: string[]): Promise<Map<string, string>> {
  if (vendorIds.length === 0) return new Map();
  const rows = await tx.select({ id: vendors.id, userId: vendors.userId }).from(vendors).where(inArray(vendors.id, [...new Set(vendorIds)]));
  return new Map(rows.map((row) => [row.id, row.userId]));
}

/** What disputes of this payment hold from each order now, for the notice of a loss. */
async function heldFor(tx: Database, paymentId: string, paid: Array<{ id: string; vendorId: string }>): Promise<DisputeEntry[]> {
  const disputes = await tx.select({ id: paymentDisputes.id }).from(paymentDisputes).where(eq(paymentDisputes.paymentId, paymentId));
  const holds = await disputeHoldsOf(tx, disputes.map((d) => d.id));
  return paid.flatMap((order) => {
    const amount = holds.get(order.id) ?? 0;
    return amount > 0 ? [{ vendorId: order.vendorId, orderId: order.id, amount }] : [];
  });
}
