import { orderLineColumns, paymentRecordColumns, recorder } from "./columns";
import { Refusal } from "../core/refusal";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { ORDER_STATUS_DESCRIPTIONS, type OrderStatus, type PaymentStatus, type ProductStatus } from "../../lib/constants";
import { formatNaira } from "../../lib/money";
import { recordActivity } from "../activity/service";
import { type Actor, assertMay } from "../core/access";
import { type Page, mapPage, newestPage } from "../core/paging";
import { products } from "../../db/schema/catalog";
import { countSale, restoreStock } from "../catalog/stock";
import { publishLiveEvent } from "../live/events";
import { notify } from "../notifications/service";
import { payments } from "../../db/schema/payments";
import { vendors } from "../../db/schema/vendors";
import { recordOrderStatus } from "./history";
import { orders } from "../../db/schema/orders";
import { ORDER_STATUS_TEXTS, type OrderStatusChange, canMoveOrder, orderNumberOf } from "./status";

export interface AdminOrder {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  quantity: number;
  unitPrice: number;
  totalAmount: number;
  trackingNumber: string | null;
  estimatedDeliveryDate: string | null;
  createdAt: string;
  customer: { name: string; email: string; phone: string; city: string; state: string };
  product: { id: string; name: string; brand: string; model: string; grade: string; image: string | null; status: ProductStatus };
  vendor: { id: string; businessName: string };
  /** The order's current payment: what decides 'Payment failed', 'Test' and the manual details. */
  payment: AdminOrderPayment | null;
}

export interface AdminOrderPayment {
  reference: string;
  status: PaymentStatus;
  gateway: string;
  method: string | null;
  gatewayReference: string | null;
  isTest: boolean;
  note: string | null;
  /** The admin who recorded a manual payment. */
  recordedBy: string | null;
}

/** Every order, newest first, a page at a time, with its product, customer and vendor. */
export async function listOrdersForAdmin(
  db: Database,
  actor: Actor,
  filter: { status?: OrderStatus; page?: number },
): Promise<Page<AdminOrder>> {
  assertMay(actor, "back_office");
  const query = db
    .select({
      ...orderLineColumns,
      createdAt: orders.createdAt,
      customerName: orders.customerName,
      customerEmail: orders.customerEmail,
      customerPhone: orders.customerPhone,
      city: orders.city,
      state: orders.state,
      productId: products.id,
      productName: products.name,
      brand: products.brand,
      model: products.model,
      grade: products.grade,
      image: sql<string | null>`${products.images}[1]`,
      productStatus: products.status,
      vendorId: vendors.id,
      businessName: vendors.businessName,
      paymentReference: payments.paymentReference,
      paymentStatus: payments.status,
      ...paymentRecordColumns,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(vendors, eq(vendors.id, orders.vendorId))
    .leftJoin(payments, eq(payments.id, orders.paymentId))
    .leftJoin(recorder, eq(recorder.userId, payments.recordedBy))
    .where(filter.status ? eq(orders.status, filter.status) : undefined)
    .$dynamic();
  const page = await newestPage(query, orders, filter.page);
  return mapPage(page, (row) => ({
    id: row.id,
    orderNumber: orderNumberOf(row.id),
    status: row.status,
    quantity: row.quantity,
    unitPrice: row.unitPrice,
    totalAmount: row.totalAmount,
    trackingNumber: row.trackingNumber,
    estimatedDeliveryDate: row.estimatedDeliveryDate,
    createdAt: row.createdAt.toISOString(),
    customer: { name: row.customerName, email: row.customerEmail, phone: row.customerPhone, city: row.city, state: row.state },
    product: {
      id: row.productId,
      name: row.productName,
      brand: row.brand,
      model: row.model,
      grade: row.grade,
      image: row.image,
      status: row.productStatus,
    },
    vendor: { id: row.vendorId, businessName: row.businessName },
    payment: row.paymentReference === null || row.paymentStatus === null
      ? null
      : {
          reference: row.paymentReference,
          status: row.paymentStatus,
          gateway: row.paymentGateway ?? "paystack",
          method: row.paymentMethod,
          gatewayReference: row.gatewayReference,
          isTest: row.isTest ?? false,
          note: row.note,
          recordedBy: row.recordedBy,
        },
  }));
}


/** Statuses in which the phone counts as sold (units sold, vendor sales). */
const SOLD: readonly OrderStatus[] = ["paid", "processing", "shipped", "delivered"];
const isSold = (status: OrderStatus) => SOLD.includes(status);

export type LockedOrder = {
  id: string;
  status: OrderStatus;
  customerId: string;
  productId: string;
  vendorId: string;
  paymentId: string | null;
  quantity: number;
  totalAmount: number;
  productName: string;
};

/**
 * Moves an order along the admin menu (ORDER_TRANSITIONS), refusing any other move. In one
 * transaction: the guarded status update, stock and sales figures, the buyer's notification
 * and live event, and the activity entry.
 */
export async function changeOrderStatus(db: Database, actor: Actor, change: OrderStatusChange): Promise<{ status: OrderStatus }> {
  assertMay(actor, "back_office");
  // Whatever the browser sends: only a verified or recorded payment pays (docs/admin.md).
  if (change.status === "paid") throw new Refusal("invalid", ORDER_STATUS_TEXTS.paidByPaymentOnly);
  if (change.status === "shipped" && (!change.trackingNumber || !change.estimatedDeliveryDate)) {
    throw new Refusal("invalid", ORDER_STATUS_TEXTS.trackingRequired);
  }
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, change.orderId);
    if (!canMoveOrder(order.status, change.status)) throw new Refusal("conflict", ORDER_STATUS_TEXTS.refused(order.status, change.status));
    const shipping = change.status === "shipped"
      ? { trackingNumber: change.trackingNumber ?? null, estimatedDeliveryDate: change.estimatedDeliveryDate ?? null }
      : {};
    const [moved] = await tx
      .update(orders)
      .set({ status: change.status, ...shipping, updatedAt: sql`now()` })
      .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
      .returning({ id: orders.id });
    if (!moved) throw new Refusal("conflict", ORDER_STATUS_TEXTS.changedMeanwhile);
    await updateStockAndSales(tx, order, change.status);
    await recordOrderStatus(tx, [{ orderId: order.id, status: change.status, note: shippingNote(change) }]);
    await tellBuyer(tx, order, change);
    await recordActivity(tx, {
      userId: actor.userId,
      userType: "admin",
      activityType: "order_status_changed",
      description: `Changed order #${orderNumberOf(order.id)} from ${order.status} to ${change.status}`,
      metadata: { order_id: order.id, from: order.status, to: change.status, ...shipping },
    });
    return { status: change.status };
  });
}

async function lockOrder(tx: Database, orderId: string): Promise<LockedOrder> {
  const [order] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      customerId: orders.customerId,
      productId: orders.productId,
      vendorId: orders.vendorId,
      paymentId: orders.paymentId,
      quantity: orders.quantity,
      totalAmount: orders.totalAmount,
      productName: products.name,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.id, orderId))
    .for("update", { of: orders });
  if (!order) throw new Refusal("not_found", ORDER_STATUS_TEXTS.notFound);
  return order;
}

/**
 * A first sale counts towards the product's units sold and the vendor's sales. A cancelled
 * order gives its reserved phones back to the stock (the product shows again if stock had run
 * out and its vendor is still approved) and takes back what it had counted; money already taken
 * is flagged for refund, unless the caller refunds it itself (`refundedByCaller`: a buyer's
 * cancellation, docs/after-sale.md).
 */
export async function updateStockAndSales(
  tx: Database,
  order: Pick<LockedOrder, "id" | "status" | "productId" | "vendorId" | "paymentId" | "quantity" | "totalAmount">,
  to: OrderStatus,
  options: { refundedByCaller?: boolean } = {},
): Promise<void> {
  const wasSold = isSold(order.status);
  if (!wasSold && isSold(to)) await countSale(tx, order, 1);
  if (to !== "cancelled") return;
  await restoreStock(tx, order.productId, order.quantity);
  if (!wasSold) return;
  await countSale(tx, order, -1);
  if (order.paymentId && !options.refundedByCaller) {
    await tx
      .update(payments)
      .set({
        flaggedForRefund: true,
        refundReason: `Order #${orderNumberOf(order.id)} (${formatNaira(order.totalAmount)}) was cancelled after payment`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(payments.id, order.paymentId), eq(payments.status, "successful")));
  }
}

function shippingNote(change: OrderStatusChange): string | null {
  return change.status === "shipped" ? `Tracking number ${change.trackingNumber}` : null;
}

const BUYER_TITLES: Record<OrderStatus, string> = {
  pending: "Order pending",
  paid: "Payment confirmed",
  processing: "Order processing",
  shipped: "Order shipped",
  delivered: "Order delivered",
  cancelled: "Order cancelled",
  refunded: "Order refunded",
};

/** The buyer's notification and the live event that updates their open order pages. */
async function tellBuyer(tx: Database, order: LockedOrder, change: OrderStatusChange): Promise<void> {
  const number = orderNumberOf(order.id);
  const shipping = change.status === "shipped"
    ? ` Tracking number ${change.trackingNumber}. Estimated delivery ${change.estimatedDeliveryDate}.`
    : "";
  const message = `Order #${number} (${order.productName}): ${ORDER_STATUS_DESCRIPTIONS[change.status]}.${shipping}`;
  await notify(tx, order.customerId, change.status === "cancelled" ? "warning" : "order", BUYER_TITLES[change.status], message);
  await publishLiveEvent(tx, order.customerId, { kind: "order.updated", orderId: order.id, status: change.status });
}
