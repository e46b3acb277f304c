import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { ACTIVE_RETURN_STATUSES, type ActorRole, RETURN_STATUSES } from "../../lib/constants";
import { sqlList } from "../sql-list";
import { users } from "./accounts";
import { orders } from "./orders";
import { vendors } from "./vendors";
import { eventColumns, eventIndexes, timestampColumns, userReference, uuidPrimaryKey, uuidReference } from "./columns";

export const returnStatusEnum = pgEnum("return_status", RETURN_STATUSES);

/**
 * A change-of-mind return of a delivered order (docs/after-sale.md): the buyer asks within the
 * return window, the vendor gives instructions, the buyer sends the phone back with tracking, the
 * vendor confirms it arrived and the refund (the order's total, without the delivery fee) follows.
 */
export const orderReturns = pgTable(
  "order_returns",
  {
    id: uuidPrimaryKey(),
    orderId: uuidReference("order_id", () => orders.id, "restrict"),
    customerId: userReference("customer_id", () => users.id, "restrict"),
    vendorId: uuidReference("vendor_id", () => vendors.id, "restrict"),
    status: returnStatusEnum("status").notNull().default("requested"),
    reason: text("reason").notNull(),
    /** Kobo the buyer was told they would get back when asking: the order's total, the delivery fee left out. */
    refundAmount: bigint("refund_amount", { mode: "number" }).notNull(),
    /** Where and how to send the phone, written by the vendor. */
    instructions: text("instructions"),
    instructionsAt: timestamp("instructions_at", { withTimezone: true }),
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    receivedAt: timestamp("received_at", { withTimezone: true }),
    /** The vendor put the returned phone back on sale (its listing's stock +1) when confirming receipt. */
    restocked: boolean("restocked").notNull().default(false),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    rejectionReason: text("rejection_reason"),
    rejectedBy: text("rejected_by").$type<ActorRole>(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** The vendor's next step (instructions, receipt) is due by then; past it the buyer may ask our support team. */
    vendorDueAt: timestamp("vendor_due_at", { withTimezone: true }),
    escalatedAt: timestamp("escalated_at", { withTimezone: true }),
    escalationNote: text("escalation_note"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    ...timestampColumns(),
  },
  (t) => [
    check("order_returns_refund_amount_nonnegative", sql`${t.refundAmount} >= 0`),
    check("order_returns_rejected_by_known", sql`${t.rejectedBy} is null or ${t.rejectedBy} in ('vendor', 'admin')`),
    uniqueIndex("order_returns_one_active_per_order")
      .on(t.orderId)
      .where(sql`${t.status} in ${sqlList(ACTIVE_RETURN_STATUSES)}`),
    index("order_returns_customer_idx").on(t.customerId, t.createdAt.desc()),
    index("order_returns_vendor_idx").on(t.vendorId, t.createdAt.desc()),
  ],
);

/** Each step of a return, oldest first: the timeline the buyer, the vendor and admins see. */
export const orderReturnEvents = pgTable(
  "order_return_events",
  /** kind: requested, instructions_given, sent_back, received, refunded, refund_failed, escalated, rejected, cancelled */
  eventColumns("returnId", "return_id", () => orderReturns.id, () => users.id),
  (t) => eventIndexes("order_return_events", "return", { parent: t.returnId, id: t.id, actorRole: t.actorRole }),
);
