import { type SQL, and, asc, count, eq, gte, ilike, lt, or, sql } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import { type OrderDelivery, deliveryOf, orderLineColumns, paymentRecordColumns, recorder } from "./columns";
import { Refusal } from "../core/refusal";
import type { Database } from "../../db/client";
import type { OrderStatus, PaymentStatus, ProductStatus } from "../../lib/constants";
import { recordActivity } from "../activity/service";
import { type Actor, assertMay } from "../core/access";
import { type Page, mapPage, newestPage } from "../core/paging";
import { products } from "../../db/schema/catalog";
import { payments } from "../../db/schema/payments";
import { vendors } from "../../db/schema/vendors";
import { type OrderHistoryItem, listOrderHistory } from "./history";
import { type MoveDeps, type Moved, moveOrderIn } from "./moves";
import { orders } from "../../db/schema/orders";
import { ORDER_STATUS_TEXTS, type OrderStatusChange, orderNumberOf } from "./status";
import { type OrderSearch, containsPattern, orderNumberIn, phoneDigitsIn } from "./admin-search";
import { addDays, lagosDayStart } from "../../lib/lagos-time";

export interface AdminOrder extends OrderDelivery {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  quantity: number;
  unitPrice: number;
  totalAmount: number;
  createdAt: string;
  /** Every status the order entered and who moved it, oldest first. */
  history: OrderHistoryItem[];
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

/** One page of the Orders tab, and how many orders the search finds in all. */
export type AdminOrderPage = Page<AdminOrder> & { total: number };

/** What a search typed in the box finds: the order number, the buyer's name, e-mail or phone. */
function textMatch(text: string): SQL | undefined {
  const pattern = containsPattern(text);
  const found: Array<SQL | undefined> = [ilike(orders.customerName, pattern), ilike(orders.customerEmail, pattern)];
  const number = orderNumberIn(text);
  if (number) found.push(sql`right(${orders.id}::text, ${number.length}) = ${number}`);
  const phone = phoneDigitsIn(text);
  // Stored numbers are +234…; older ones may be 0… or carry spaces: both sides compare the digits after 234 or 0.
  if (phone) found.push(sql`regexp_replace(regexp_replace(${orders.customerPhone}, '[^0-9]', '', 'g'), '^(234|0)', '') like ${containsPattern(phone)}`);
  return or(...found);
}

/** The conditions of a search (docs/admin.md), all parameters bound, never SQL built from input. */
export function orderSearchWhere(search: OrderSearch): SQL | undefined {
  return and(
    search.status ? eq(orders.status, search.status) : undefined,
    search.vendorId ? eq(orders.vendorId, search.vendorId) : undefined,
    search.from ? gte(orders.createdAt, lagosDayStart(search.from)) : undefined,
    search.to ? lt(orders.createdAt, lagosDayStart(addDays(search.to, 1))) : undefined,
    search.q ? textMatch(search.q) : undefined,
  );
}

/** What the back office shows of every order it lists or exports: the line, the buyer, the phone, the vendor and the payment. */
const adminOrderColumns = {
  ...orderLineColumns,
  createdAt: orders.createdAt,
  customerName: orders.customerName,
  customerEmail: orders.customerEmail,
  customerPhone: orders.customerPhone,
  city: orders.city,
  state: orders.state,
  productName: products.name,
  brand: products.brand,
  model: products.model,
  grade: products.grade,
  businessName: vendors.businessName,
  paymentReference: payments.paymentReference,
  paymentStatus: payments.status,
  ...paymentRecordColumns,
};

/** Orders with their product, vendor, payment and the admin who recorded it: the back office's columns and the caller's own. */
export function selectAdminOrders<Extra extends SelectedFields>(db: Database, extra: Extra) {
  return db
    .select({ ...adminOrderColumns, ...extra })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(vendors, eq(vendors.id, orders.vendorId))
    .leftJoin(payments, eq(payments.id, orders.paymentId))
    .leftJoin(recorder, eq(recorder.userId, payments.recordedBy));
}

/** The vendors the Orders tab can filter by, by business name. */
export async function listOrderVendors(db: Database, actor: Actor): Promise<Array<{ id: string; businessName: string }>> {
  assertMay(actor, "back_office");
  return db.select({ id: vendors.id, businessName: vendors.businessName }).from(vendors).orderBy(asc(vendors.businessName), asc(vendors.id));
}

/** Whether a vendor of that id exists (a search naming an unknown vendor is refused, not run). */
export async function vendorExists(db: Database, vendorId: string): Promise<boolean> {
  const [row] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, vendorId)).limit(1);
  return row !== undefined;
}

/** The orders a search finds, newest first, a page at a time, with their product, customer and vendor. */
export async function listOrdersForAdmin(
  db: Database,
  actor: Actor,
  filter: OrderSearch & { page?: number },
): Promise<AdminOrderPage> {
  assertMay(actor, "back_office");
  const where = orderSearchWhere(filter);
  const query = selectAdminOrders(db, {
    productId: products.id,
    image: sql<string | null>`${products.images}[1]`,
    productStatus: products.status,
    vendorId: vendors.id,
  })
    .where(where)
    .$dynamic();
  const [page, [counted]] = await Promise.all([
    newestPage(query, orders, filter.page),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  const history = await listOrderHistory(db, page.items.map((row) => row.id));
  const mapped = mapPage(page, (row) => ({
    id: row.id,
    orderNumber: orderNumberOf(row.id),
    status: row.status,
    quantity: row.quantity,
    unitPrice: row.unitPrice,
    totalAmount: row.totalAmount,
    ...deliveryOf(row),
    createdAt: row.createdAt.toISOString(),
    history: history.get(row.id) ?? [],
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
  return { ...mapped, total: counted?.total ?? 0 };
}


/**
 * Moves an order along the admin menu (ORDER_TRANSITIONS) inside the caller's transaction,
 * refusing any other move, through the same move as everyone else (moves.ts), with the activity
 * entry. Money taken for an order the admin cancelled is the caller's to flag (`moneyTaken`).
 */
export async function changeOrderStatusIn(tx: Database, deps: Omit<MoveDeps, "db">, actor: Actor, change: OrderStatusChange): Promise<Moved & { deliver: () => void }> {
  assertMay(actor, "back_office");
  // Whatever the browser sends: only a verified or recorded payment pays (docs/admin.md).
  if (change.status === "paid") throw new Refusal("invalid", ORDER_STATUS_TEXTS.paidByPaymentOnly);
  const moved = await moveOrderIn(tx, deps, { role: "admin", userId: actor.userId }, change);
  const { order } = moved;
  const shipping = change.status === "shipped"
    ? { carrier: change.carrier, trackingNumber: change.trackingNumber, estimatedDeliveryDate: change.estimatedDeliveryDate }
    : {};
  await recordActivity(tx, {
    userId: actor.userId,
    userType: "admin",
    activityType: "order_status_changed",
    description: `Changed order #${orderNumberOf(order.id)} from ${order.status} to ${change.status}`,
    metadata: { order_id: order.id, from: order.status, to: change.status, ...shipping },
  });
  return moved;
}
