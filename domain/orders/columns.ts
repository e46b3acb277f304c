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
  estimatedDeliveryDate: orders.estimatedDeliveryDate,
};

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
