import { sql } from "drizzle-orm";
import {
  type AnyPgColumn, bigint, bigserial, check, date, index, integer, numeric, pgEnum, pgTable, text, timestamp, uuid,
} from "drizzle-orm/pg-core";
import { ACTOR_ROLES, type ActorRole, NIGERIAN_STATES, ORDER_STATUSES, WARRANTY_TYPES } from "../../lib/constants";
import { sqlList } from "../sql-list";
import { users } from "./accounts";
import { products } from "./catalog";
import { payments } from "./payments";
import { vendors } from "./vendors";
import { createdAtColumn, timestampColumns, userReference, uuidPrimaryKey, uuidReference } from "./columns";

export const orderStatusEnum = pgEnum("order_status", ORDER_STATUSES);
export const warrantyTypeEnum = pgEnum("warranty_type", WARRANTY_TYPES);

/** One order per checked-out item (docs/orders.md). */
export const orders = pgTable(
  "orders",
  {
    id: uuidPrimaryKey(),
    customerId: userReference("customer_id", () => users.id, "restrict"),
    productId: uuidReference("product_id", () => products.id, "restrict"),
    vendorId: uuidReference("vendor_id", () => vendors.id, "restrict"),
    paymentId: uuid("payment_id").references((): AnyPgColumn => payments.id, { onDelete: "set null" }),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerPhone: text("customer_phone").notNull(),
    shippingAddress: text("shipping_address").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    deliveryNotes: text("delivery_notes"),
    quantity: integer("quantity").notNull(),
    /** Kobo, the product's final price when the order was placed. */
    unitPrice: bigint("unit_price", { mode: "number" }).notNull(),
    /** Kobo: unit price × quantity. */
    totalAmount: bigint("total_amount", { mode: "number" }).notNull(),
    /** The vendor's commission rate when the order was placed: a later change applies to later orders. */
    commissionRate: numeric("commission_rate", { precision: 5, scale: 2, mode: "number" }).notNull().default(10),
    status: orderStatusEnum("status").notNull().default("pending"),
    warrantyType: warrantyTypeEnum("warranty_type").notNull().default("basic_48hr"),
    /** The warranty the order was sold with, from the pricing config at checkout (docs/orders.md). */
    warrantyDays: integer("warranty_days").notNull().default(30),
    trackingNumber: text("tracking_number"),
    /** One of COURIERS, or what the vendor typed after choosing 'Other'. */
    carrier: text("carrier"),
    estimatedDeliveryDate: date("estimated_delivery_date", { mode: "string" }),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    /** When the buyer was told the order will be marked delivered automatically (docs/after-sale.md). */
    deliveryNoticeSentAt: timestamp("delivery_notice_sent_at", { withTimezone: true }),
    /** When the phone reached the buyer: the warranty window runs from here (docs/after-sale.md). */
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    /** A replacement sent free of charge for a warranty claim on that order (docs/after-sale.md). */
    replacementForOrderId: uuid("replacement_for_order_id").references((): AnyPgColumn => orders.id, { onDelete: "restrict" }),
    ...timestampColumns(),
  },
  (t) => [
    check("orders_quantity_positive", sql`${t.quantity} > 0`),
    check("orders_unit_price_positive", sql`${t.unitPrice} > 0 or ${t.replacementForOrderId} is not null`),
    check("orders_state_known", sql`${t.state} in ${sqlList(NIGERIAN_STATES)}`),
    check("orders_warranty_days_range", sql`${t.warrantyDays} between 1 and 365`),
    check("orders_commission_rate_range", sql`${t.commissionRate} >= 0 and ${t.commissionRate} <= 100`),
    check("orders_total_matches", sql`${t.totalAmount} = ${t.unitPrice} * ${t.quantity}`),
    index("orders_customer_created_idx").on(t.customerId, t.createdAt.desc()),
    index("orders_vendor_created_idx").on(t.vendorId, t.createdAt.desc()),
    index("orders_created_idx").on(t.createdAt.desc()),
    index("orders_payment_idx").on(t.paymentId),
    index("orders_product_idx").on(t.productId),
    index("orders_pending_created_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
    index("orders_shipped_at_idx").on(t.shippedAt).where(sql`${t.status} = 'shipped'`),
  ],
);

/** Every status an order has been in, oldest first: what the buyer's Track dialog shows. */
export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: uuidReference("order_id", () => orders.id, "cascade"),
    status: orderStatusEnum("status").notNull(),
    /** Shown to the buyer beside the status, such as the tracking number when shipped. */
    note: text("note"),
    /** Who made the move; null for moves recorded before this was kept. */
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorRole: text("actor_role").$type<ActorRole>(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index("order_status_history_order_idx").on(t.orderId, t.id),
    check("order_status_history_actor_role_known", sql`${t.actorRole} is null or ${t.actorRole} in ${sqlList(ACTOR_ROLES)}`),
  ],
);
