import { sql } from "drizzle-orm";
import {
  type AnyPgColumn, bigint, boolean, check, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid,
} from "drizzle-orm/pg-core";
import {
  ACTIVE_CLAIM_STATUSES, CLAIM_ADMIN_DECISIONS, CLAIM_REASONS, CLAIM_STATUSES, CLAIM_VENDOR_OUTCOMES,
  type ClaimAdminDecision, type ClaimVendorOutcome, REFUND_STATUSES,
} from "../../lib/constants";
import { sqlList } from "../sql-list";
import { users } from "./accounts";
import { orders } from "./orders";
import { payments } from "./payments";
import { vendors } from "./vendors";
import { eventColumns, eventIndexes, timestampColumns, userReference, uuidPrimaryKey, uuidReference } from "./columns";

export const refundStatusEnum = pgEnum("refund_status", REFUND_STATUSES);
export const claimReasonEnum = pgEnum("claim_reason", CLAIM_REASONS);
export const claimStatusEnum = pgEnum("claim_status", CLAIM_STATUSES);

/**
 * Money given back through the payment provider (docs/after-sale.md). A row is written, under a
 * lock on its payment, before the provider is asked: the sum of a payment's refunds that have not
 * failed never exceeds what was paid, and a repeated request (same idempotency key) finds its row.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuidPrimaryKey(),
    paymentId: uuidReference("payment_id", () => payments.id, "restrict"),
    /** The order the money is for; null for a refund of a payment as a whole. */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    claimId: uuid("claim_id").references((): AnyPgColumn => warrantyClaims.id, { onDelete: "set null" }),
    /** Kobo. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    reason: text("reason").notNull(),
    status: refundStatusEnum("status").notNull().default("pending"),
    /** The provider's id for the refund, once it has one. */
    providerRefundId: bigint("provider_refund_id", { mode: "number" }).unique(),
    /** Given by whoever asked (a form's token, 'cancel:{orderId}'): asking twice finds the first refund. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    requestedBy: text("requested_by").references(() => users.id, { onDelete: "set null" }),
    failureReason: text("failure_reason"),
    isTest: boolean("is_test").notNull().default(false),
    /** Given while an order of the payment could still ship, and kept below that order's total: a goodwill gesture. */
    goodwill: boolean("goodwill").notNull().default(false),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    /** Set while Paystack waits for the buyer's bank account to send the refund (`needs-attention`). */
    needsAccountAt: timestamp("needs_account_at", { withTimezone: true }),
    /** Where a refund that needed the buyer's account goes: 'Guaranty Trust Bank ****4567'. */
    refundAccount: text("refund_account"),
    ...timestampColumns(),
  },
  (t) => [
    check("refunds_amount_positive", sql`${t.amount} > 0`),
    index("refunds_payment_idx").on(t.paymentId),
    index("refunds_order_idx").on(t.orderId),
    index("refunds_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** A buyer's warranty claim on a delivered order (docs/after-sale.md). */
export const warrantyClaims = pgTable(
  "warranty_claims",
  {
    id: uuidPrimaryKey(),
    orderId: uuidReference("order_id", () => orders.id, "restrict"),
    customerId: userReference("customer_id", () => users.id, "restrict"),
    vendorId: uuidReference("vendor_id", () => vendors.id, "restrict"),
    reason: claimReasonEnum("reason").notNull(),
    description: text("description").notNull(),
    photos: text("photos").array().notNull().default(sql`'{}'::text[]`),
    status: claimStatusEnum("status").notNull().default("open"),
    /** The vendor should answer by then (CLAIM_ANSWER_BUSINESS_DAYS business days after opening). */
    answerDueAt: timestamp("answer_due_at", { withTimezone: true }).notNull(),
    vendorOutcome: text("vendor_outcome").$type<ClaimVendorOutcome>(),
    returnInstructions: text("return_instructions"),
    declineReason: text("decline_reason"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    escalatedAt: timestamp("escalated_at", { withTimezone: true }),
    escalationNote: text("escalation_note"),
    adminDecision: text("admin_decision").$type<ClaimAdminDecision>(),
    adminNote: text("admin_note"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** When the admins were told the vendor's answer is overdue; told once. */
    overdueFlaggedAt: timestamp("overdue_flagged_at", { withTimezone: true }),
    /** The phone the buyer sends back after an accepted claim: the courier as shown, its tracking number, when. */
    returnCarrier: text("return_carrier"),
    returnTrackingNumber: text("return_tracking_number"),
    returnShippedAt: timestamp("return_shipped_at", { withTimezone: true }),
    /** When the vendor confirmed the returned phone arrived; no refund for a returned phone before it. */
    receivedAt: timestamp("received_at", { withTimezone: true }),
    /** A repaired phone on its way back to the buyer: the vendor's courier, tracking number, when. */
    backCarrier: text("back_carrier"),
    backTrackingNumber: text("back_tracking_number"),
    returnedToBuyerAt: timestamp("returned_to_buyer_at", { withTimezone: true }),
    /** The accepted outcome's next step (receipt, completion) is due by then; past it the buyer may escalate. */
    outcomeDueAt: timestamp("outcome_due_at", { withTimezone: true }),
    /** The zero-priced order that sends the buyer a replacement; the claim is resolved once it is delivered. */
    replacementOrderId: uuid("replacement_order_id").references((): AnyPgColumn => orders.id, { onDelete: "restrict" }),
    ...timestampColumns(),
  },
  (t) => [
    check("warranty_claims_photos_at_most_5", sql`coalesce(array_length(${t.photos}, 1), 0) <= 5`),
    check("warranty_claims_vendor_outcome_known", sql`${t.vendorOutcome} is null or ${t.vendorOutcome} in ${sqlList(CLAIM_VENDOR_OUTCOMES)}`),
    check("warranty_claims_admin_decision_known", sql`${t.adminDecision} is null or ${t.adminDecision} in ${sqlList(CLAIM_ADMIN_DECISIONS)}`),
    uniqueIndex("warranty_claims_one_active_per_order")
      .on(t.orderId)
      .where(sql`${t.status} in ${sqlList(ACTIVE_CLAIM_STATUSES)}`),
    index("warranty_claims_customer_idx").on(t.customerId, t.createdAt.desc()),
    index("warranty_claims_vendor_idx").on(t.vendorId, t.createdAt.desc()),
    index("warranty_claims_open_due_idx").on(t.answerDueAt).where(sql`${t.status} = 'open'`),
  ],
);

/** Each step of a claim, oldest first: the timeline buyer, vendor and admins see. */
export const warrantyClaimEvents = pgTable(
  "warranty_claim_events",
  /** kind: opened, accepted, declined, escalated, resolved, rejected, refunded, overdue… */
  eventColumns("claimId", "claim_id", () => warrantyClaims.id, () => users.id),
  (t) => eventIndexes("warranty_claim_events", "claim", { parent: t.claimId, id: t.id, actorRole: t.actorRole }),
);
