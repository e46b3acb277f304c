/**
 * The vendor dashboard (docs/vendors.md): the vendor's own record, listings and orders. Every
 * query is scoped to the caller's vendor record, so a vendor never reads another's rows.
 */
import { type AnyColumn, type SQL, and, desc, eq, inArray, sql } from "drizzle-orm";
import { type OrderDelivery, deliveryOf, orderLineColumns } from "../orders/columns";
import { type OrderHistoryItem, listOrderHistory } from "../orders/history";
import { type PhoneName, phoneNameColumns } from "../catalog/summary";
import type { Database } from "../../db/client";
import { type Grade, type OrderStatus, type PaymentStatus, type ProductStatus, type RefundStatus, type VendorStatus, isPaymentFailed } from "../../lib/constants";
import { commissionOf } from "../../lib/money";
import { recordActivity } from "../activity/service";
import { products } from "../../db/schema/catalog";
import { orders } from "../../db/schema/orders";
import { refunds } from "../../db/schema/after-sale";
import { STILL_TO_SHIP, moneyBackOnOrdersToShip, readRefundsOfPayments } from "../orders/money-back";
import { payments } from "../../db/schema/payments";
import { Refusal } from "../core/refusal";
import { vendors } from "../../db/schema/vendors";
import { VENDOR_TEXTS } from "./texts";
import { type VendorDetails, detailColumns } from "./validation";
import { orderNumberOf } from "../orders/status";

/** A vendor's business as the vendor and the admins see it. */
export interface VendorBusiness {
  id: string;
  businessName: string;
  contactEmail: string;
  contactPhone: string;
  businessAddress: string;
  status: VendorStatus;
  verified: boolean;
}

export const vendorBusinessColumns = {
  id: vendors.id,
  businessName: vendors.businessName,
  contactEmail: vendors.contactEmail,
  contactPhone: vendors.contactPhone,
  businessAddress: vendors.businessAddress,
  status: vendors.status,
  verified: vendors.verified,
};

export interface VendorProfile extends VendorBusiness {
  /** Percent of the final price kept by the marketplace. */
  commissionRate: number;
  /** Kobo: the totals of the vendor's paid (and later) orders, never unpaid or cancelled ones. */
  totalSales: number;
  createdAt: string;
}

export interface VendorProductRow extends PhoneName {
  grade: Grade;
  image: string | null;
  status: ProductStatus;
  isLive: boolean;
  stockQuantity: number;
  /** Kobo. */
  suggestedPrice: number;
  /** Kobo; null until approved. */
  finalPrice: number | null;
  createdAt: string;
}

export interface ShippingDetails {
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  shippingAddress: string;
  city: string;
  state: string;
  deliveryNotes: string | null;
}

export interface VendorOrder {
  id: string;
  /** The last 8 characters of the id. */
  orderNumber: string;
  status: OrderStatus;
  /** Paid, processing, shipped or delivered: the vendor's to ship, and counted in their earnings. */
  isPaid: boolean;
  /** Still unpaid and its current payment was declined, cancelled or abandoned (docs/payments.md). */
  paymentFailed: boolean;
  /** Its payment was made in test mode: no real money (docs/payments.md). */
  isTest: boolean;
  createdAt: string;
  product: { id: string; name: string; brand: string; model: string; storage: string; grade: Grade; image: string | null };
  quantity: number;
  /** Kobo. */
  unitPrice: number;
  totalAmount: number;
  /** The marketplace's commission on this order, at the vendor's rate. */
  commission: number;
  /** What the vendor is paid: total minus commission. */
  netAmount: number;
  /** The warranty the buyer was promised with this order (docs/orders.md). */
  warrantyDays: number;
  /** Courier, tracking number, estimated delivery, when it shipped and was delivered. */
  delivery: OrderDelivery;
  /** Every status the order entered and who moved it, oldest first. */
  history: OrderHistoryItem[];
  /**
   * Who to ship to: only for paid (and later) orders (docs/vendors.md). For any other order the
   * buyer's name, phone, e-mail and address are not read from the database at all.
   */
  shipTo: ShippingDetails | null;
  /** Every refund of this order, and of its payment as a whole, oldest first (docs/after-sale.md). */
  refunds: VendorOrderRefund[];
  /** Paid or processing, and its whole total has not gone back to the buyer: the vendor may ship it. */
  shippable: boolean;
}

export interface VendorOrderRefund {
  /** Kobo. */
  amount: number;
  status: RefundStatus;
  /** Given while the order could still ship, below its total. */
  goodwill: boolean;
  /** A refund of the buyer's payment as a whole rather than of this order. */
  wholePayment: boolean;
  createdAt: string;
}

export interface VendorOrderSummary {
  /** Paid or processing: waiting for the vendor to ship. */
  toShip: number;
  /** Paid (and later) orders. */
  paidOrders: number;
  /** Kobo: what the vendor receives from paid (and later) orders after commission. */
  earned: number;
}

/** Statuses of an order that was paid: the vendor ships it, sees the buyer's details and is paid for it. */
export const PAID_ORDER_STATUSES: readonly OrderStatus[] = ["paid", "processing", "shipped", "delivered"];
const ORDERS_SHOWN = 200;

/** A buyer detail, read only when the order is paid; null otherwise, so it never leaves the database. */
function whenPaid(column: AnyColumn): SQL<string | null> {
  return sql<string | null>`case when ${inArray(orders.status, [...PAID_ORDER_STATUSES])} then ${column} end`;
}

/** The caller's vendor record in full, or null. */
export async function getOwnVendor(db: Database, userId: string): Promise<VendorProfile | null> {
  const [row] = await db
    .select({
      ...vendorBusinessColumns,
      commissionRate: vendors.commissionRate,
      // Written with explicit names: in a single-table select Drizzle leaves columns unqualified.
      totalSales: sql<number>`(select coalesce(sum(o.total_amount), 0) from orders o
        where o.vendor_id = vendors.id and o.status in (${sql.join(PAID_ORDER_STATUSES.map((status) => sql`${status}`), sql`, `)}))`.mapWith(Number),
      createdAt: vendors.createdAt,
    })
    .from(vendors)
    .where(eq(vendors.userId, userId));
  return row ? { ...row, createdAt: new Date(row.createdAt).toISOString() } : null;
}

/** The vendor's own listings, newest first, in every status. */
export async function listOwnProducts(db: Database, vendorId: string): Promise<VendorProductRow[]> {
  const rows = await db
    .select({
      ...phoneNameColumns,
      grade: products.grade,
      image: sql<string | null>`${products.images}[1]`,
      status: products.status,
      isLive: products.isLive,
      stockQuantity: products.stockQuantity,
      suggestedPrice: products.suggestedPrice,
      finalPrice: products.finalPrice,
      createdAt: products.createdAt,
    })
    .from(products)
    .where(eq(products.vendorId, vendorId))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(500);
  return rows.map((row) => ({ ...row, image: row.image || null, createdAt: new Date(row.createdAt).toISOString() }));
}

/**
 * Orders for the caller's products, newest first, with the commission and the vendor's net
 * (docs/vendors.md), the state of the current payment ('Payment failed', 'Test'), and the
 * buyer's details for paid orders only (docs/vendors.md).
 */
export async function listVendorOrders(db: Database, actor: { userId: string }): Promise<VendorOrder[]> {
  const vendor = await getOwnVendor(db, actor.userId);
  if (!vendor) throw new Refusal("not_found", VENDOR_TEXTS.vendorNotFound);
  const rows = await db
    .select({
      ...orderLineColumns,
      createdAt: orders.createdAt,
      warrantyDays: orders.warrantyDays,
      commissionRate: orders.commissionRate,
      customerName: whenPaid(orders.customerName),
      customerPhone: whenPaid(orders.customerPhone),
      customerEmail: whenPaid(orders.customerEmail),
      shippingAddress: whenPaid(orders.shippingAddress),
      city: whenPaid(orders.city),
      state: whenPaid(orders.state),
      deliveryNotes: whenPaid(orders.deliveryNotes),
      paymentId: orders.paymentId,
      paymentStatus: payments.status,
      isTest: payments.isTest,
      productId: products.id,
      productName: products.name,
      brand: products.brand,
      model: products.model,
      storage: products.storage,
      grade: products.grade,
      image: sql<string | null>`${products.images}[1]`,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .leftJoin(payments, eq(payments.id, orders.paymentId))
    .where(eq(orders.vendorId, vendor.id))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDERS_SHOWN);
  const history = await listOrderHistory(db, rows.map((row) => row.id));
  const refundsOf = await listOrderRefunds(db, rows);
  const shippable = await shippableOrders(db, rows);
  return rows.map((row) => {
    // The rate the order was placed at: a later change of rate applies to later orders.
    const commission = commissionOf(row.totalAmount, row.commissionRate);
    const isPaid = PAID_ORDER_STATUSES.includes(row.status);
    return {
      id: row.id,
      orderNumber: orderNumberOf(row.id),
      status: row.status,
      isPaid,
      paymentFailed: isPaymentFailed(row.status, row.paymentStatus as PaymentStatus | null),
      isTest: row.isTest ?? false,
      createdAt: new Date(row.createdAt).toISOString(),
      product: { id: row.productId, name: row.productName, brand: row.brand, model: row.model, storage: row.storage, grade: row.grade, image: row.image || null },
      quantity: row.quantity,
      unitPrice: row.unitPrice,
      totalAmount: row.totalAmount,
      commission,
      netAmount: row.totalAmount - commission,
      warrantyDays: row.warrantyDays,
      delivery: deliveryOf(row),
      history: history.get(row.id) ?? [],
      shipTo: isPaid ? shippingDetails(row) : null,
      refunds: refundsOf(row),
      shippable: shippable.has(row.id),
    };
  });
}

type OrderOfPayment = { id: string; paymentId: string | null };

/** The refunds of the listed orders and of their payments as a whole, in one query. */
async function listOrderRefunds(db: Database, rows: readonly OrderOfPayment[]): Promise<(order: OrderOfPayment) => VendorOrderRefund[]> {
  const paymentIds = [...new Set(rows.flatMap((row) => (row.paymentId ? [row.paymentId] : [])))];
  const found = paymentIds.length === 0 ? [] : await db
    .select({ paymentId: refunds.paymentId, orderId: refunds.orderId, amount: refunds.amount, status: refunds.status, goodwill: refunds.goodwill, createdAt: refunds.createdAt })
    .from(refunds)
    .where(inArray(refunds.paymentId, paymentIds))
    .orderBy(refunds.createdAt);
  return (order) =>
    found
      .filter((r) => r.paymentId === order.paymentId && (r.orderId === order.id || r.orderId === null))
      .map((r) => ({ amount: r.amount, status: r.status, goodwill: r.goodwill, wholePayment: r.orderId === null, createdAt: r.createdAt.toISOString() }));
}

/** Orders still to ship whose whole total has not come back (the ship move checks the same), read for all of them at once. */
async function shippableOrders(db: Database, rows: ReadonlyArray<OrderOfPayment & { status: OrderStatus }>): Promise<Set<string>> {
  const toShip = rows.filter((row) => STILL_TO_SHIP.includes(row.status) && row.paymentId);
  const byPayment = await readRefundsOfPayments(db, [...new Set(toShip.map((row) => row.paymentId!))]);
  const shippable = new Set<string>();
  for (const row of toShip) {
    const state = byPayment.get(row.paymentId!)!;
    const back = moneyBackOnOrdersToShip(state).get(row.id) ?? 0;
    const total = state.orders.find((order) => order.id === row.id)?.totalAmount ?? 0;
    if (back < total) shippable.add(row.id);
  }
  return shippable;
}

function shippingDetails(row: { [K in keyof ShippingDetails]: string | null }): ShippingDetails {
  return {
    customerName: row.customerName ?? "",
    customerPhone: row.customerPhone ?? "",
    customerEmail: row.customerEmail ?? "",
    shippingAddress: row.shippingAddress ?? "",
    city: row.city ?? "",
    state: row.state ?? "",
    deliveryNotes: row.deliveryNotes,
  };
}

/**
 * The counts and earnings above the Orders tab, over all of the vendor's orders (not only those
 * shown): paid (and later) orders only. The commission is rounded per order, as on each order.
 */
export async function summariseVendorOrders(db: Database, vendor: Pick<VendorProfile, "id">): Promise<VendorOrderSummary> {
  const [row] = await db
    .select({
      toShip: sql<number>`count(*) filter (where ${inArray(orders.status, ["paid", "processing"])})`.mapWith(Number),
      paidOrders: sql<number>`count(*)`.mapWith(Number),
      earned: sql<number>`coalesce(sum(${orders.totalAmount} - round(${orders.totalAmount} * ${orders.commissionRate} / 100)), 0)`.mapWith(Number),
    })
    .from(orders)
    .where(and(eq(orders.vendorId, vendor.id), inArray(orders.status, [...PAID_ORDER_STATUSES])));
  return row ?? { toShip: 0, paidOrders: 0, earned: 0 };
}

/** The vendor edits their business details (docs/vendors.md, vendor update); never status or verification. */
export async function updateVendorProfile(db: Database, actor: { userId: string }, input: VendorDetails): Promise<VendorProfile> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(vendors)
      .set({ ...detailColumns(input), updatedAt: sql`now()` })
      .where(eq(vendors.userId, actor.userId))
      .returning({ id: vendors.id });
    if (!updated) throw new Refusal("not_found", VENDOR_TEXTS.vendorNotFound);
    await recordActivity(tx, {
      userId: actor.userId,
      userType: "vendor",
      activityType: "vendor_profile_updated",
      description: `${input.businessName} updated their business details`,
      metadata: { vendor_id: updated.id },
    });
    return (await getOwnVendor(tx, actor.userId)) as VendorProfile;
  });
}
