import { type AnyColumn, type SQL, and, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  ORDER_STATUS_LABELS, PAYMENT_FAILED_LABEL, PAYMENT_STATUS_LABELS, type OrderStatus, type PaymentStatus, isPaymentFailed,
  warrantyLabel,
} from "../../lib/constants";
import { koboToNaira } from "../../lib/money";
import { profiles, users } from "../../db/schema/accounts";
import { orders } from "../../db/schema/orders";
import { orderNumberOf } from "../orders/status";
import type { OrderSearch } from "../orders/admin-search";
import { orderSearchWhere, selectAdminOrders } from "../orders/admin";
import { paymentMethodLabel } from "../payments/manual-validation";
import { payments } from "../../db/schema/payments";
import { type Actor, assertMay } from "../core/access";
import { CSV_BOM, type CsvCell, csvRow, csvTestCell, csvTime } from "../../lib/csv";
import { newestFirstById } from "../core/paging";
import { payoutsCsv } from "../payouts/admin-payouts";
import { selectAdminPayments } from "./payment-rows";

export const EXPORT_KINDS = ["orders", "payments", "payouts"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** Rows read per query: the export never holds more than this in memory. */
const BATCH = 500;

/** The last row read: its created_at as PostgreSQL's own text (microseconds kept, which a Date would drop). */
interface Cursor {
  at: string;
  id: string;
}

/**
 * Rows after the cursor in (created_at desc, id desc) order. The first condition alone bounds
 * the index scan, so each batch starts where the last one stopped.
 */
function after(cursor: Cursor | null, createdAt: AnyColumn, id: AnyColumn): SQL | undefined {
  if (!cursor) return undefined;
  const at = sql`${cursor.at}::timestamptz`;
  return sql`${createdAt} <= ${at} and (${createdAt} < ${at} or ${id} < ${cursor.id})`;
}

const naira = (kobo: number | null) => (kobo === null ? null : koboToNaira(kobo).toFixed(2));

/** 'Payment failed' while the orders still wait for their money, else the payment's own status. */
function paymentStatusCell(orderStatus: OrderStatus | null, status: PaymentStatus | null): string | null {
  if (status === null) return null;
  return orderStatus && isPaymentFailed(orderStatus, status) ? PAYMENT_FAILED_LABEL : PAYMENT_STATUS_LABELS[status];
}


const ORDER_HEADER = [
  "Order ID", "Order number", "Placed at", "Status", "Customer", "Email", "Phone", "Address", "City", "State",
  "Product", "Brand", "Model", "Grade", "Vendor", "Quantity", "Unit price (NGN)", "Total (NGN)", "Warranty",
  "Tracking number", "Estimated delivery", "Payment reference", "Payment status", "Test", "Payment gateway", "Payment method",
  "Manual payment reference", "Recorded by", "Payment note",
];

async function orderBatch(db: Database, cursor: Cursor | null, where: SQL | undefined = undefined) {
  return selectAdminOrders(db, {
    at: sql<string>`${orders.createdAt}::text`,
    shippingAddress: orders.shippingAddress,
    warrantyDays: orders.warrantyDays,
  })
    .where(and(where, after(cursor, orders.createdAt, orders.id)))
    .orderBy(...newestFirstById(orders))
    .limit(BATCH);
}

type OrderExportRow = Awaited<ReturnType<typeof orderBatch>>[number];

function orderCells(o: OrderExportRow): CsvCell[] {
  return [
    o.id, orderNumberOf(o.id), csvTime(o.createdAt), ORDER_STATUS_LABELS[o.status], o.customerName, o.customerEmail,
    o.customerPhone, o.shippingAddress, o.city, o.state, o.productName, o.brand, o.model, o.grade, o.businessName, o.quantity,
    naira(o.unitPrice), naira(o.totalAmount), warrantyLabel(o.warrantyDays), o.trackingNumber, o.estimatedDeliveryDate, o.paymentReference,
    paymentStatusCell(o.status, o.paymentStatus), csvTestCell(o.isTest), o.paymentGateway, paymentMethodLabel(o.paymentMethod),
    o.paymentGateway === "manual" ? o.gatewayReference : null, o.recordedBy, o.note,
  ];
}

const PAYMENT_HEADER = [
  "Payment ID", "Reference", "Created at", "Paid at", "Status", "Customer", "Email", "Amount (NGN)", "Delivery fee (NGN)",
  "Orders", "Gateway", "Method", "Gateway reference", "Flagged for refund", "Refund reason", "Test", "Recorded by", "Note",
];

async function paymentBatch(db: Database, cursor: Cursor | null) {
  return selectAdminPayments(db, {
    at: sql<string>`${payments.createdAt}::text`,
    paidAt: payments.paidAt,
    customerName: profiles.fullName,
    email: users.email,
    deliveryFee: payments.deliveryFee,
  })
    .where(after(cursor, payments.createdAt, payments.id))
    .orderBy(...newestFirstById(payments))
    .limit(BATCH);
}

type PaymentExportRow = Awaited<ReturnType<typeof paymentBatch>>[number];

function paymentCells(p: PaymentExportRow): CsvCell[] {
  return [
    p.id, p.paymentReference, csvTime(p.createdAt), csvTime(p.paidAt),
    paymentStatusCell(p.hasPendingOrder ? "pending" : null, p.status), p.customerName, p.email, naira(p.amount), naira(p.deliveryFee),
    p.orderCount, p.paymentGateway, paymentMethodLabel(p.paymentMethod), p.gatewayReference, p.flaggedForRefund, p.refundReason,
    csvTestCell(p.isTest), p.recordedBy, p.note,
  ];
}

async function* batches<T extends Cursor>(read: (cursor: Cursor | null) => Promise<T[]>, cells: (row: T) => CsvCell[]) {
  let cursor: Cursor | null = null;
  for (;;) {
    const rows = await read(cursor);
    if (rows.length > 0) yield rows.map((row) => csvRow(cells(row))).join("");
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1]!;
    cursor = { at: last.at, id: last.id };
  }
}

/**
 * Every order or payment as CSV, newest first, in chunks read a batch at a time (keyset paging
 * on the created_at index), so a large export streams instead of filling memory. Orders only
 * those the search finds (the Orders tab's search, docs/admin.md); payments are never filtered.
 * Payouts (one a vendor a week at most) come in one piece.
 */
export async function* exportCsv(db: Database, actor: Actor, kind: ExportKind, search: OrderSearch = {}): AsyncGenerator<string> {
  assertMay(actor, "back_office");
  if (kind === "orders") {
    const where = orderSearchWhere(search);
    yield CSV_BOM + csvRow(ORDER_HEADER);
    yield* batches((cursor) => orderBatch(db, cursor, where), orderCells);
  } else if (kind === "payments") {
    yield CSV_BOM + csvRow(PAYMENT_HEADER);
    yield* batches((cursor) => paymentBatch(db, cursor), paymentCells);
  } else {
    yield await payoutsCsv(db, actor);
  }
}
