import { type SQL, and, desc, eq, sql } from "drizzle-orm";
import { phoneLineColumns } from "../catalog/summary";
import { type OrderDelivery, deliveryOf, orderLineColumns } from "./columns";
import { adminPricingConfig } from "../../db/schema/pricing";
import { PRICING_DEFAULTS } from "../../lib/constants";
import { autoDeliveryDate } from "./auto-delivery";
import { z } from "../../lib/zod";
import type { Database } from "../../db/client";
import type { Grade, OrderStatus, PaymentStatus, RefundStatus, WarrantyType } from "../../lib/constants";
import { refunds as refundRows } from "../../db/schema/after-sale";
import { BUYER_CANCELLABLE } from "./cancellation-validation";
import { products } from "../../db/schema/catalog";
import { holdsReservation, reservationEndsAt } from "./reservation";
import { payments } from "../../db/schema/payments";
import { reviews } from "../../db/schema/reviews";
import { orderNumberOf } from "./status";
import { type OrderHistoryItem, listOrderHistory } from "./history";
import { orders } from "../../db/schema/orders";
import { vendors } from "../../db/schema/vendors";

/** One order as its buyer sees it on My Orders (docs/orders.md). Money in kobo, dates ISO. */
export interface CustomerOrder extends OrderDelivery {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  /** Counted under the Active tab: neither delivered nor cancelled. */
  active: boolean;
  quantity: number;
  unitPrice: number;
  totalAmount: number;
  warrantyType: WarrantyType;
  /** The warranty it was sold with (docs/orders.md): show `warrantyLabel(warrantyDays)`. */
  warrantyDays: number;
  /** The status of the order's latest payment; 'Payment failed' is `isPaymentFailed(status, paymentStatus)`. */
  paymentStatus: PaymentStatus | null;
  /** The provider's words when the latest payment failed ('Declined'). */
  failureReason: string | null;
  /** Paid (or being paid) in test mode: no real money (docs/payments.md). */
  isTest: boolean;
  /** How the latest payment was made (card, bank_transfer, ussd…): refunds go back the same way. */
  paymentChannel: string | null;
  /** Until when (ISO) 'Pay now' and 'Cancel order' are offered; null once the order is paid, cancelled or released. */
  payableUntil: string | null;
  /** A shipped order: when (ISO) it is marked delivered unless its buyer says it never arrived. */
  autoDeliveryAt: string | null;
  createdAt: string;
  updatedAt: string;
  product: { id: string; name: string; brand: string; model: string; grade: Grade; image: string | null };
  /** Every status the order entered, oldest first. */
  history: OrderHistoryItem[];
  /** The buyer has reviewed this product already (one review per customer and product). */
  reviewed: boolean;
  /** The vendor who sells it, and the phone number the buyer may reach them on. */
  vendor: { businessName: string; phone: string };
  /** Paid and not shipped yet: the buyer may cancel it with a refund (docs/after-sale.md). */
  cancellable: boolean;
  /** Money given back for this order, oldest first: what 'Refund of ₦… on its way' and 'Refunded' show. */
  refunds: CustomerRefund[];
  /** The checkout's payment: its delivery fee and the total it charges for all its orders (kobo); null without one. */
  charge: OrderCharge | null;
  /** Where the order is delivered, as the buyer typed it at checkout. */
  shipTo: { name: string; phone: string; address: string; city: string; state: string };
}

export interface OrderCharge {
  deliveryFee: number;
  total: number;
  /** The orders the payment covers (one checkout, one delivery fee). */
  orderCount: number;
}

export interface CustomerRefund {
  id: string;
  /** Kobo. */
  amount: number;
  status: RefundStatus;
  createdAt: string;
  processedAt: string | null;
  /** Paystack waits for the buyer's bank account to send it (docs/payments.md). */
  needsAccount: boolean;
  /** Where a refund that needed the buyer's account goes: 'Guaranty Trust Bank ****4567'. */
  account: string | null;
}

export interface OrderTabCounts {
  all: number;
  active: number;
  delivered: number;
}

export interface CustomerOrderList {
  orders: CustomerOrder[];
  counts: OrderTabCounts;
}

export const isActiveOrder = (status: OrderStatus) => status !== "delivered" && status !== "cancelled" && status !== "refunded";

/** The buyer's own orders, newest first, with the tab counts: two queries however many orders there are. */
export async function listCustomerOrders(db: Database, userId: string): Promise<CustomerOrderList> {
  const found = await findOrders(db, eq(orders.customerId, userId));
  return { orders: found, counts: countOrderTabs(found) };
}

const orderIdSchema = z.guid();

/** One of the buyer's orders; null when it does not exist, is someone else's or the id is malformed. */
export async function getCustomerOrder(db: Database, userId: string, orderId: string): Promise<CustomerOrder | null> {
  if (!orderIdSchema.safeParse(orderId).success) return null;
  const [order] = await findOrders(db, and(eq(orders.id, orderId), eq(orders.customerId, userId)));
  return order ?? null;
}

/** A pending order whose payment still holds its reservation, while the reservation lasts. */
function payableUntil(status: OrderStatus, holds: boolean, placedAt: Date, now: number): string | null {
  if (status !== "pending" || !holds) return null;
  const until = reservationEndsAt(placedAt);
  return until.getTime() > now ? until.toISOString() : null;
}

export function countOrderTabs(list: readonly Pick<CustomerOrder, "status">[]): OrderTabCounts {
  return {
    all: list.length,
    active: list.filter((o) => isActiveOrder(o.status)).length,
    delivered: list.filter((o) => o.status === "delivered").length,
  };
}

async function findOrders(db: Database, where: SQL | undefined): Promise<CustomerOrder[]> {
  const rows = await db
    .select({
      ...orderLineColumns,
      warrantyType: orders.warrantyType,
      warrantyDays: orders.warrantyDays,
      paymentStatus: payments.status,
      failureReason: payments.failureReason,
      isTest: sql<boolean>`coalesce(${payments.isTest}, false)`,
      paymentChannel: payments.paymentMethod,
      holdsReservation: sql<boolean>`coalesce(${holdsReservation}, false)`,
      autoDeliverAfterDays: sql<number>`coalesce((select ${adminPricingConfig.autoDeliverAfterDays} from ${adminPricingConfig} where ${adminPricingConfig.id} = 1), ${PRICING_DEFAULTS.autoDeliverAfterDays})`.mapWith(Number),
      createdAt: orders.createdAt,
      updatedAt: orders.updatedAt,
      ...phoneLineColumns,
      vendorName: vendors.businessName,
      vendorPhone: vendors.contactPhone,
      shipTo: { name: orders.customerName, phone: orders.customerPhone, address: orders.shippingAddress, city: orders.city, state: orders.state },
      chargedTotal: payments.amount,
      chargedDeliveryFee: payments.deliveryFee,
      chargedOrderCount: sql<number>`(select count(*) from orders o where o.payment_id = "orders"."payment_id")`.mapWith(Number),
      refunds: sql<RefundJson[]>`coalesce((select json_agg(json_build_object('id', ${refundRows.id}, 'amount', ${refundRows.amount}, 'status', ${refundRows.status}, 'createdAt', ${refundRows.createdAt}, 'processedAt', ${refundRows.processedAt}, 'needsAccount', ${refundRows.needsAccountAt} is not null, 'account', ${refundRows.refundAccount}) order by ${refundRows.createdAt}) from ${refundRows} where ${refundRows.orderId} = ${orders.id}), '[]'::json)`,
      reviewed: sql<boolean>`exists (select 1 from ${reviews} where ${reviews.customerId} = ${orders.customerId} and ${reviews.productId} = ${orders.productId})`,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(vendors, eq(vendors.id, orders.vendorId))
    .leftJoin(payments, eq(payments.id, orders.paymentId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const history = await listOrderHistory(db, rows.map((row) => row.id));
  const now = Date.now();
  return rows.map(({ productId, name, brand, model, grade, image, holdsReservation: holds, autoDeliverAfterDays, vendorName, vendorPhone, refunds, chargedTotal, chargedDeliveryFee, chargedOrderCount, ...row }) => ({
    ...row,
    ...deliveryOf(row),
    isTest: Boolean(row.isTest),
    payableUntil: payableUntil(row.status, Boolean(holds), row.createdAt, now),
    autoDeliveryAt: row.status === "shipped" && row.shippedAt ? autoDeliveryDate(row.shippedAt, autoDeliverAfterDays).toISOString() : null,
    orderNumber: orderNumberOf(row.id),
    active: isActiveOrder(row.status),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    product: { id: productId, name, brand, model, grade, image: image || null },
    history: history.get(row.id) ?? [],
    reviewed: Boolean(row.reviewed),
    vendor: { businessName: vendorName, phone: vendorPhone },
    cancellable: BUYER_CANCELLABLE.includes(row.status),
    refunds: refundsOf(refunds),
    charge: chargedTotal === null ? null : { total: chargedTotal, deliveryFee: chargedDeliveryFee ?? 0, orderCount: chargedOrderCount },
  }));
}

interface RefundJson {
  id: string;
  amount: number | string;
  status: RefundStatus;
  createdAt: string;
  processedAt: string | null;
  needsAccount: boolean;
  account: string | null;
}

/** The order's refunds as the orders query reads them (JSON, oldest first), with ISO dates. */
function refundsOf(rows: RefundJson[] | string | null): CustomerRefund[] {
  const list: RefundJson[] = typeof rows === "string" ? (JSON.parse(rows) as RefundJson[]) : (rows ?? []);
  return list.map((r) => ({
    id: r.id,
    amount: Number(r.amount),
    status: r.status,
    createdAt: new Date(r.createdAt).toISOString(),
    processedAt: r.processedAt ? new Date(r.processedAt).toISOString() : null,
    needsAccount: Boolean(r.needsAccount),
    account: r.account,
  }));
}
