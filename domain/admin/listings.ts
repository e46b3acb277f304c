import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { phoneNameColumns } from "../catalog/summary";
import type { Database } from "../../db/client";
import { type PaymentStatus, type ProductStatus, type VendorStatus, isPaymentFailed } from "../../lib/constants";
import { profiles, users } from "../../db/schema/accounts";
import { products } from "../../db/schema/catalog";
import { payments } from "../../db/schema/payments";
import { type VendorBusiness, vendorBusinessColumns } from "../vendors/dashboard";
import { type PreapprovalReview, latestSubmissionsOf } from "../vendors/preapproval";
import { vendors } from "../../db/schema/vendors";
import { type Actor, assertMay } from "../core/access";
import { type Page, mapPage, newestPage } from "../core/paging";
import { type RefundRecord, flagColumns, flaggedBase, listRefundsOfPayments } from "../payments/refunds";
import { type DisputeRecord, listDisputesOfPayments } from "../payments/disputes";
import { type CommissionChange, commissionChangesOf } from "../payouts/commission";
import { countVendorCancellations } from "../orders/cancellation";
import { selectAdminPayments } from "./payment-rows";

export interface AdminVendor extends VendorBusiness {
  rejectionReason: string | null;
  ownerName: string | null;
  createdAt: string;
  /** The latest pre-approval submission, if the vendor sent one. */
  preapproval: PreapprovalReview | null;
  /** Percent of each order's total kept by the marketplace, for orders placed from now on. */
  commissionRate: number;
  /** The changes of that rate, newest first. */
  commissionChanges: CommissionChange[];
  /** Paid orders the vendor cancelled because it could not fulfil them. */
  cancelledByVendor: number;
}

export async function listVendorsForAdmin(
  db: Database,
  actor: Actor,
  filter: { status?: VendorStatus; page?: number },
): Promise<Page<AdminVendor>> {
  assertMay(actor, "back_office");
  const query = db
    .select({
      ...vendorBusinessColumns,
      rejectionReason: vendors.rejectionReason,
      ownerName: profiles.fullName,
      createdAt: vendors.createdAt,
      commissionRate: vendors.commissionRate,
    })
    .from(vendors)
    .leftJoin(profiles, eq(profiles.userId, vendors.userId))
    .where(filter.status ? eq(vendors.status, filter.status) : undefined)
    .$dynamic();
  const page = await newestPage(query, vendors, filter.page);
  const ids = page.items.map((row) => row.id);
  const [submissions, commissionChanges, cancellations] = await Promise.all([latestSubmissionsOf(db, ids), commissionChangesOf(db, ids), countVendorCancellations(db, ids)]);
  return mapPage(page, (row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    preapproval: submissions.get(row.id) ?? null,
    commissionChanges: commissionChanges.get(row.id) ?? [],
    cancelledByVendor: cancellations.get(row.id) ?? 0,
  }));
}

export interface AdminProduct {
  id: string;
  name: string;
  brand: string;
  model: string;
  storage: string;
  grade: string;
  image: string | null;
  suggestedPrice: number;
  finalPrice: number | null;
  stockQuantity: number;
  status: ProductStatus;
  isLive: boolean;
  vendorName: string;
  createdAt: string;
  /** Kobo: the comparison ('Was') price approved with the listing. */
  comparePrice: number | null;
  adminInspected: boolean;
  inspectedAt: string | null;
  /** The admin who completed the checklist. */
  inspectedBy: string | null;
}

export async function listProductsForAdmin(
  db: Database,
  actor: Actor,
  filter: { status?: ProductStatus; page?: number },
): Promise<Page<AdminProduct>> {
  assertMay(actor, "back_office");
  const query = db
    .select({
      ...phoneNameColumns,
      grade: products.grade,
      image: sql<string | null>`${products.images}[1]`,
      suggestedPrice: products.suggestedPrice,
      finalPrice: products.finalPrice,
      stockQuantity: products.stockQuantity,
      status: products.status,
      isLive: products.isLive,
      vendorName: vendors.businessName,
      createdAt: products.createdAt,
      comparePrice: products.comparePrice,
      adminInspected: products.adminInspected,
      inspectedAt: products.inspectedAt,
      inspectedBy: inspector.fullName,
    })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .leftJoin(inspector, eq(inspector.userId, products.inspectedBy))
    .where(filter.status ? eq(products.status, filter.status) : undefined)
    .$dynamic();
  const page = await newestPage(query, products, filter.page);
  return mapPage(page, (row) => ({ ...row, createdAt: row.createdAt.toISOString(), inspectedAt: row.inspectedAt?.toISOString() ?? null }));
}

const inspector = alias(profiles, "inspector");

export interface AdminPayment {
  id: string;
  paymentReference: string;
  amount: number;
  status: PaymentStatus;
  orderCount: number;
  paymentMethod: string | null;
  customerName: string;
  flaggedForRefund: boolean;
  refundReason: string | null;
  createdAt: string;
  /** Failed while its orders still wait for their money: 'Payment failed' (docs/payments.md). */
  paymentFailed: boolean;
  /** Made in test mode: 'Test' (docs/payments.md). */
  isTest: boolean;
  gateway: string;
  /** A manual payment's own reference (bank, POS slip…); Paystack's transaction id otherwise. */
  gatewayReference: string | null;
  note: string | null;
  /** The admin who recorded a manual payment. */
  recordedBy: string | null;
  /** Its refunds, oldest first (docs/after-sale.md). */
  refunds: RefundRecord[];
  /** Kobo that can still be refunded through Paystack: 0 unless successful or partially refunded. */
  refundable: number;
  /** Kobo the 'Refund' button of the flagged-for-refund panel gives back; 0 when not flagged. */
  flaggedAmount: number;
  /** Card disputes of the payment, oldest first (docs/payments.md). */
  disputes: DisputeRecord[];
}

/** Statuses of an order whose phone goes (or went) to the buyer: the delivery fee was earned. */

/** Payments newest first; `flagged` keeps those reconciliation flagged for a refund. */
export async function listPaymentsForAdmin(
  db: Database,
  actor: Actor,
  filter: { flagged?: boolean; page?: number },
): Promise<Page<AdminPayment>> {
  assertMay(actor, "back_office");
  const query = selectAdminPayments(db, {
    customerName: sql<string>`coalesce(nullif(trim(${profiles.fullName}), ''), ${users.email})`,
    ...flagColumns,
  })
    .where(filter.flagged ? eq(payments.flaggedForRefund, true) : undefined)
    .$dynamic();
  const page = await newestPage(query, payments, filter.page);
  const refunds = await listRefundsOfPayments(db, page.items.map((row) => row.id));
  const disputes = await listDisputesOfPayments(db, page.items.map((row) => row.id));
  return mapPage(page, ({ hasPendingOrder, paymentGateway, cancelledTotal, deliveredOrGoing, ...row }) => {
    const own = refunds.get(row.id) ?? [];
    const committed = own.filter((r) => r.status !== "failed").reduce((sum, r) => sum + r.amount, 0);
    const refundable = paymentGateway === "paystack" && (row.status === "successful" || row.status === "partially_refunded") ? Math.max(0, row.amount - committed) : 0;
    const flaggedAmount = row.flaggedForRefund ? Math.min(refundable, Math.max(0, flaggedBase({ amount: row.amount, cancelledTotal, deliveredOrGoing }) - committed)) : 0;
    return {
      ...row,
      gateway: paymentGateway,
      createdAt: row.createdAt.toISOString(),
      paymentFailed: isPaymentFailed(hasPendingOrder ? "pending" : "cancelled", row.status),
      refunds: own,
      refundable,
      flaggedAmount,
      disputes: disputes.get(row.id) ?? [],
    };
  });
}
