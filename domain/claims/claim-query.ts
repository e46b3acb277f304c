/** What every claim view and step reads: a claim with its order, its phone and its vendor. */
import { type SQL, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { warrantyClaims } from "../../db/schema/after-sale";
import { products } from "../../db/schema/catalog";
import { orderStatusHistory, orders } from "../../db/schema/orders";
import { vendors } from "../../db/schema/vendors";
import { CLAIM_ANSWER_BUSINESS_DAYS, CLAIM_OUTCOME_BUSINESS_DAYS, type OrderStatus } from "../../lib/constants";
import { orderNumberOf } from "../orders/status";
import { addBusinessDays } from "./business-days";

const toDate = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as string));

/**
 * When the phone reached the buyer: `delivered_at`, or for an order delivered before the column
 * was kept, the moment its history recorded the delivery.
 */
export const deliveredAtOf = sql`coalesce("orders"."delivered_at", (select max(h.created_at) from ${orderStatusHistory} h where h.order_id = "orders"."id" and h.status = 'delivered'))`.mapWith(toDate);

/** What a claim or a return reads of its order, its phone and its vendor, joined on the order and the vendor. */
export const orderPartyColumns = {
  productId: orders.productId,
  productName: products.name,
  businessName: vendors.businessName,
  customerName: orders.customerName,
  totalAmount: orders.totalAmount,
  paymentId: orders.paymentId,
  customerEmail: orders.customerEmail,
  vendorUserId: vendors.userId,
  vendorEmail: vendors.contactEmail,
};

/** Who and what a claim or a return concerns, as every view of it begins. */
export interface OrderParties {
  id: string;
  orderId: string;
  orderNumber: string;
  productName: string;
  businessName: string;
  customerName: string;
}

export function partiesOf(row: Pick<OrderParties, "id" | "orderId" | "productName" | "businessName" | "customerName">): OrderParties {
  return { id: row.id, orderId: row.orderId, orderNumber: orderNumberOf(row.orderId), productName: row.productName, businessName: row.businessName, customerName: row.customerName };
}

/** A claim with what the views show and the steps need of its order, phone and vendor. */
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
  answeredAt: warrantyClaims.answeredAt,
  escalationNote: warrantyClaims.escalationNote,
  adminDecision: warrantyClaims.adminDecision,
  adminNote: warrantyClaims.adminNote,
  returnCarrier: warrantyClaims.returnCarrier,
  returnTrackingNumber: warrantyClaims.returnTrackingNumber,
  returnShippedAt: warrantyClaims.returnShippedAt,
  receivedAt: warrantyClaims.receivedAt,
  backCarrier: warrantyClaims.backCarrier,
  backTrackingNumber: warrantyClaims.backTrackingNumber,
  returnedToBuyerAt: warrantyClaims.returnedToBuyerAt,
  outcomeDueAt: warrantyClaims.outcomeDueAt,
  replacementOrderId: warrantyClaims.replacementOrderId,
  /** The replacement order's status, while there is one. */
  replacementStatus: sql<OrderStatus | null>`(select r.status from ${orders} r where r.id = ${warrantyClaims.replacementOrderId})`,
  createdAt: warrantyClaims.createdAt,
  ...orderPartyColumns,
};

export type ClaimRow = Awaited<ReturnType<typeof selectClaims>>[number];

/** The one join of a claim with its order, phone and vendor. */
export function selectClaims(db: Database, where: SQL | undefined) {
  return db
    .select(claimColumns)
    .from(warrantyClaims)
    .innerJoin(orders, eq(orders.id, warrantyClaims.orderId))
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(vendors, eq(vendors.id, warrantyClaims.vendorId))
    .where(where)
    .$dynamic();
}

/** When the next step of an accepted claim is due, counted from the step that was just taken. */
export function outcomeDueAt(stepAt: Date): Date {
  return addBusinessDays(stepAt, CLAIM_OUTCOME_BUSINESS_DAYS);
}

/** The answer due date of a claim opened at `openedAt`. */
export function answerDueAt(openedAt: Date): Date {
  return addBusinessDays(openedAt, CLAIM_ANSWER_BUSINESS_DAYS);
}
