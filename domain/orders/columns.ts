import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { profiles } from "../../db/schema/accounts";
import { orders } from "../../db/schema/orders";
import { payments } from "../../db/schema/payments";

/** What every list of orders shows of an order: what was bought, for how much, and where its delivery stands. */
export const orderLineColumns = {
  id: orders.id,
  status: orders.status,
  quantity: orders.quantity,
  unitPrice: orders.unitPrice,
  totalAmount: orders.totalAmount,
  trackingNumber: orders.trackingNumber,
  carrier: orders.carrier,
  estimatedDeliveryDate: orders.estimatedDeliveryDate,
  shippedAt: orders.shippedAt,
  deliveredAt: orders.deliveredAt,
};

/** An optional moment as the pages get it: ISO, or null. */
export const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

/** Where an order's delivery stands, as every order list hands it to its page. */
export interface OrderDelivery {
  trackingNumber: string | null;
  /** The courier: one of COURIERS, or the name typed for 'Other'. */
  carrier: string | null;
  /** YYYY-MM-DD */
  estimatedDeliveryDate: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
}

export function deliveryOf(row: { trackingNumber: string | null; carrier: string | null; estimatedDeliveryDate: string | null; shippedAt: Date | null; deliveredAt: Date | null }): OrderDelivery {
  return {
    trackingNumber: row.trackingNumber,
    carrier: row.carrier,
    estimatedDeliveryDate: row.estimatedDeliveryDate,
    shippedAt: isoOrNull(row.shippedAt),
    deliveredAt: isoOrNull(row.deliveredAt),
  };
}

/** The admin who recorded a manual payment: join it on `payments.recordedBy`. */
export const recorder = alias(profiles, "recorder");

/** How a payment was made: Paystack or a manual method, its references, test mode, and who recorded it. */
export const paymentRecordColumns = {
  paymentGateway: payments.paymentGateway,
  paymentMethod: payments.paymentMethod,
  gatewayReference: payments.gatewayReference,
  isTest: payments.isTest,
  recordedBy: recorder.fullName,
  note: payments.note,
};

/** A payment's orders: how many, and whether one still waits for its money ('Payment failed'). */
export const paymentOrderColumns = {
  orderCount: sql<number>`(select count(*)::int from ${orders} where ${orders.paymentId} = ${payments.id})`,
  hasPendingOrder: sql<boolean>`exists (select 1 from ${orders} where ${orders.paymentId} = ${payments.id} and ${orders.status} = 'pending')`,
};
