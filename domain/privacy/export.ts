import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { profiles, users } from "../../db/schema/accounts";
import { warrantyClaims } from "../../db/schema/after-sale";
import { orderReturns } from "../../db/schema/returns";
import { savedAddresses, stockAlerts, wishlistItems } from "../../db/schema/buyers";
import { products } from "../../db/schema/catalog";
import { notifications } from "../../db/schema/notifications";
import { orderStatusHistory, orders } from "../../db/schema/orders";
import { payments } from "../../db/schema/payments";
import { vendorBankAccounts } from "../../db/schema/payouts";
import { reviews } from "../../db/schema/reviews";
import { vendors } from "../../db/schema/vendors";
import { formatNaira } from "../../lib/money";
import { resolveRole } from "../accounts/roles";
import { orderNumberOf } from "../orders/status";

/** An amount both ways: kobo as stored, naira as the shop shows it. */
export interface Money {
  kobo: number;
  naira: string;
}

const money = (kobo: number): Money => ({ kobo, naira: formatNaira(kobo) });
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Only the last four digits of a bank account number leave the shop. */
export const maskAccountNumber = (accountNumber: string) => `${"*".repeat(Math.max(0, accountNumber.length - 4))}${accountNumber.slice(-4)}`;

/**
 * Everything the shop holds about the signed-in user, for 'Download my data' (docs/accounts.md).
 * Read by the user's id only, so nobody else's records can appear; no password hash, session,
 * token or payment provider secret is read at all.
 */
export async function exportMyData(db: Database, userId: string, now: Date = new Date()) {
  const [user] = await db
    .select({ name: users.name, email: users.email, createdAt: users.createdAt, fullName: profiles.fullName, phone: profiles.phone })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) return null;
  return {
    exportedAt: now.toISOString(),
    profile: {
      name: user.fullName ?? user.name,
      email: user.email,
      phone: user.phone,
      createdAt: user.createdAt.toISOString(),
      role: await resolveRole(db, userId),
    },
    savedAddresses: await addressesOf(db, userId),
    orders: await ordersOf(db, userId),
    payments: await paymentsOf(db, userId),
    warrantyClaims: await claimsOf(db, userId),
    returns: await returnsOf(db, userId),
    reviews: await reviewsOf(db, userId),
    notifications: await notificationsOf(db, userId),
    wishlist: await wishlistOf(db, userId),
    stockAlerts: await alertsOf(db, userId),
    vendor: await vendorOf(db, userId),
  };
}

export type MyDataExport = NonNullable<Awaited<ReturnType<typeof exportMyData>>>;

function addressesOf(db: Database, userId: string) {
  return db
    .select({
      label: savedAddresses.label, fullName: savedAddresses.fullName, phone: savedAddresses.phone, address: savedAddresses.address,
      city: savedAddresses.city, state: savedAddresses.state, isDefault: savedAddresses.isDefault,
    })
    .from(savedAddresses)
    .where(eq(savedAddresses.userId, userId))
    .orderBy(asc(savedAddresses.createdAt));
}

async function ordersOf(db: Database, userId: string) {
  const rows = await db
    .select({ order: orders, productName: products.name, vendorName: vendors.businessName })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(vendors, eq(vendors.id, orders.vendorId))
    .where(eq(orders.customerId, userId))
    .orderBy(desc(orders.createdAt));
  const history = rows.length === 0 ? [] : await db
    .select({ orderId: orderStatusHistory.orderId, status: orderStatusHistory.status, note: orderStatusHistory.note, at: orderStatusHistory.createdAt })
    .from(orderStatusHistory)
    .where(inArray(orderStatusHistory.orderId, rows.map((r) => r.order.id)))
    .orderBy(asc(orderStatusHistory.id));
  return rows.map(({ order: o, productName, vendorName }) => ({
    orderNumber: orderNumberOf(o.id),
    id: o.id,
    placedAt: o.createdAt.toISOString(),
    status: o.status,
    lines: [{ product: productName, vendor: vendorName, quantity: o.quantity, unitPrice: money(o.unitPrice), total: money(o.totalAmount) }],
    total: money(o.totalAmount),
    delivery: {
      name: o.customerName, email: o.customerEmail, phone: o.customerPhone, address: o.shippingAddress, city: o.city, state: o.state,
      notes: o.deliveryNotes, carrier: o.carrier, trackingNumber: o.trackingNumber, shippedAt: iso(o.shippedAt), deliveredAt: iso(o.deliveredAt),
    },
    warrantyDays: o.warrantyDays,
    cancelReason: o.cancelReason,
    statusHistory: history.filter((h) => h.orderId === o.id).map((h) => ({ status: h.status, note: h.note, at: h.at.toISOString() })),
  }));
}

async function paymentsOf(db: Database, userId: string) {
  const rows = await db
    .select({
      reference: payments.paymentReference, amount: payments.amount, deliveryFee: payments.deliveryFee, status: payments.status,
      method: payments.paymentMethod, paidAt: payments.paidAt, createdAt: payments.createdAt,
    })
    .from(payments)
    .where(eq(payments.customerId, userId))
    .orderBy(desc(payments.createdAt));
  return rows.map((p) => ({ ...p, amount: money(p.amount), deliveryFee: money(p.deliveryFee), paidAt: iso(p.paidAt), createdAt: p.createdAt.toISOString() }));
}

async function claimsOf(db: Database, userId: string) {
  const rows = await db
    .select({ orderId: warrantyClaims.orderId, reason: warrantyClaims.reason, description: warrantyClaims.description, status: warrantyClaims.status, createdAt: warrantyClaims.createdAt })
    .from(warrantyClaims)
    .where(eq(warrantyClaims.customerId, userId))
    .orderBy(desc(warrantyClaims.createdAt));
  return rows.map((c) => ({ ...c, orderNumber: orderNumberOf(c.orderId), createdAt: c.createdAt.toISOString() }));
}

async function returnsOf(db: Database, userId: string) {
  const rows = await db
    .select({ orderId: orderReturns.orderId, reason: orderReturns.reason, status: orderReturns.status, refundAmount: orderReturns.refundAmount, carrier: orderReturns.carrier, trackingNumber: orderReturns.trackingNumber, createdAt: orderReturns.createdAt })
    .from(orderReturns)
    .where(eq(orderReturns.customerId, userId))
    .orderBy(desc(orderReturns.createdAt));
  return rows.map((r) => ({ ...r, orderNumber: orderNumberOf(r.orderId), refundAmount: money(r.refundAmount), createdAt: r.createdAt.toISOString() }));
}

async function reviewsOf(db: Database, userId: string) {
  const rows = await db
    .select({ product: products.name, rating: reviews.rating, comment: reviews.comment, approved: reviews.approved, createdAt: reviews.createdAt })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.customerId, userId))
    .orderBy(desc(reviews.createdAt));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

async function notificationsOf(db: Database, userId: string) {
  const rows = await db
    .select({ title: notifications.title, message: notifications.message, type: notifications.type, read: notifications.read, createdAt: notifications.createdAt })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt));
  return rows.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() }));
}

async function wishlistOf(db: Database, userId: string) {
  const rows = await db
    .select({ productId: products.id, product: products.name, createdAt: wishlistItems.createdAt })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt));
  return rows.map((w) => ({ ...w, createdAt: w.createdAt.toISOString() }));
}

async function alertsOf(db: Database, userId: string) {
  const rows = await db
    .select({ productId: products.id, product: products.name, createdAt: stockAlerts.createdAt, notifiedAt: stockAlerts.notifiedAt })
    .from(stockAlerts)
    .innerJoin(products, eq(products.id, stockAlerts.productId))
    .where(eq(stockAlerts.userId, userId))
    .orderBy(desc(stockAlerts.createdAt));
  return rows.map((a) => ({ ...a, createdAt: a.createdAt.toISOString(), notifiedAt: iso(a.notifiedAt) }));
}

async function vendorOf(db: Database, userId: string) {
  const [vendor] = await db
    .select({
      id: vendors.id, businessName: vendors.businessName, contactEmail: vendors.contactEmail, contactPhone: vendors.contactPhone,
      businessAddress: vendors.businessAddress, status: vendors.status, commissionRate: vendors.commissionRate, createdAt: vendors.createdAt,
    })
    .from(vendors)
    .where(eq(vendors.userId, userId));
  if (!vendor) return null;
  const [bank] = await db
    .select({ bankName: vendorBankAccounts.bankName, accountNumber: vendorBankAccounts.accountNumber, accountName: vendorBankAccounts.accountName, createdAt: vendorBankAccounts.createdAt })
    .from(vendorBankAccounts)
    .where(and(eq(vendorBankAccounts.vendorId, vendor.id), isNull(vendorBankAccounts.replacedAt)));
  const { id: _id, ...record } = vendor;
  return {
    ...record,
    createdAt: vendor.createdAt.toISOString(),
    bankAccount: bank ? { bankName: bank.bankName, accountNumber: maskAccountNumber(bank.accountNumber), accountName: bank.accountName, addedAt: bank.createdAt.toISOString() } : null,
  };
}
