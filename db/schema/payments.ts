import { sql } from "drizzle-orm";
import {
  type AnyPgColumn, bigint, bigserial, boolean, check, index, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid,
} from "drizzle-orm/pg-core";
import { PAYMENT_STATUSES } from "../../lib/constants";
import { users } from "./accounts";
import { orders } from "./orders";
import { createdAtColumn, timestampColumns, userReference, uuidPrimaryKey, uuidReference } from "./columns";

export const paymentStatusEnum = pgEnum("payment_status", PAYMENT_STATUSES);

/** One payment covers every order placed in one checkout. */
export const payments = pgTable(
  "payments",
  {
    id: uuidPrimaryKey(),
    customerId: userReference("customer_id", () => users.id, "restrict"),
    /** The first order of the checkout (docs/payments.md); all of them point back via orders.payment_id. */
    orderId: uuid("order_id").references((): AnyPgColumn => orders.id, { onDelete: "set null" }),
    paymentReference: text("payment_reference").notNull().unique(),
    /** Kobo charged: order totals plus the delivery fee. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    deliveryFee: bigint("delivery_fee", { mode: "number" }).notNull().default(0),
    currency: text("currency").notNull().default("NGN"),
    status: paymentStatusEnum("status").notNull().default("pending"),
    /** 'paystack', or 'manual' for money an admin received outside Paystack (docs/admin.md). */
    paymentGateway: text("payment_gateway").notNull().default("paystack"),
    /** Paystack's channel (card, bank…), or for a manual payment bank_transfer, cash or pos. */
    paymentMethod: text("payment_method"),
    gatewayReference: text("gateway_reference"),
    /** Made in test mode (the stand-in or a sk_test_ key): no real money (docs/payments.md). */
    isTest: boolean("is_test").notNull().default(false),
    /** Why the provider did not take the money ('Declined', 'The transaction was not completed'). */
    failureReason: text("failure_reason"),
    /** 'Pay now' started a fresh payment for the same orders: this one can no longer pay them. */
    replacedById: uuid("replaced_by_id").references((): AnyPgColumn => payments.id, { onDelete: "set null" }),
    /** The admin who recorded a manual payment, and their note. */
    recordedBy: text("recorded_by").references(() => users.id, { onDelete: "set null" }),
    note: text("note"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    /** Set by reconciliation when money arrived for orders that can no longer be fulfilled. */
    flaggedForRefund: boolean("flagged_for_refund").notNull().default(false),
    refundReason: text("refund_reason"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** When reconciliation gave the reserved stock back because the payment never completed. */
    releasedAt: timestamp("released_at", { withTimezone: true }),
    /** The last time reconciliation asked the provider about this payment. */
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    ...timestampColumns(),
  },
  (t) => [
    check("payments_amount_positive", sql`${t.amount} > 0`),
    check("payments_delivery_fee_nonnegative", sql`${t.deliveryFee} >= 0`),
    check("payments_successful_have_paid_at", sql`${t.status} <> 'successful' or ${t.paidAt} is not null`),
    check("payments_currency_ngn", sql`${t.currency} = 'NGN'`),
    check("payments_gateway_known", sql`${t.paymentGateway} in ('paystack', 'manual')`),
    check("payments_manual_recorded", sql`${t.paymentGateway} <> 'manual' or ${t.paymentMethod} in ('bank_transfer', 'cash', 'pos')`),
    index("payments_created_idx").on(t.createdAt.desc()),
    index("payments_customer_idx").on(t.customerId, t.createdAt.desc()),
    index("payments_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
    index("payments_flagged_idx").on(t.createdAt.desc()).where(sql`${t.flaggedForRefund}`),
  ],
);

/**
 * A card dispute (chargeback) a buyer's bank raised against a payment, as Paystack's
 * charge.dispute.* webhooks describe it (docs/payments.md, disputes): its latest state here,
 * each event in `payment_dispute_events`.
 */
export const paymentDisputes = pgTable(
  "payment_disputes",
  {
    id: uuidPrimaryKey(),
    paymentId: uuidReference("payment_id", () => payments.id, "restrict"),
    /** Paystack's id of the dispute. */
    providerDisputeId: bigint("provider_dispute_id", { mode: "number" }).notNull().unique(),
    /** Kobo the buyer's bank claims back (Paystack's refund_amount). */
    amount: bigint("amount", { mode: "number" }).notNull(),
    /** Paystack's status: awaiting-merchant-feedback, awaiting-bank-feedback, pending, resolved, archived. */
    status: text("status").notNull(),
    /** merchant-accepted (the buyer keeps the money: lost) or declined (won), once resolved. */
    resolution: text("resolution"),
    category: text("category"),
    /** By when the shop must answer Paystack. */
    dueAt: timestamp("due_at", { withTimezone: true }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    ...timestampColumns(),
  },
  (t) => [check("payment_disputes_amount_positive", sql`${t.amount} > 0`), index("payment_disputes_payment_idx").on(t.paymentId)],
);

/** Each charge.dispute.* event as it arrived; a webhook delivered twice is kept once. */
export const paymentDisputeEvents = pgTable(
  "payment_dispute_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    disputeId: uuidReference("dispute_id", () => paymentDisputes.id, "restrict"),
    event: text("event").notNull(),
    status: text("status").notNull(),
    resolution: text("resolution"),
    dueAt: timestamp("due_at", { withTimezone: true }),
    /** Paystack's updatedAt of the dispute in the event: with the event's name, what makes it one event. */
    providerUpdatedAt: text("provider_updated_at").notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex("payment_dispute_events_once").on(t.disputeId, t.event, t.providerUpdatedAt)],
);
