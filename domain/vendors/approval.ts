/**
 * Admin decisions on vendors (docs/vendors.md, vendor status; docs/accounts.md): only admins
 * change a vendor's status, `verified` follows it, and the vendor role is granted or taken away
 * in the same transaction; the listings of a vendor who is no longer approved leave the shop
 * with the vendor's status alone. The vendor is told by a notification and an e-mail.
 */
import { and, asc, eq, gt, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { grantRole, resolveRole, revokeRole } from "../accounts/roles";
import { type Actor, assertMay, may } from "../core/access";
import { recordActivity } from "../activity/service";
import type { Mailer } from "../mail/mailer";
import { notify } from "../notifications/service";
import { LIMITS, type VendorStatus } from "../../lib/constants";
import { users } from "../../db/schema/accounts";
import { products } from "../../db/schema/catalog";
import { type VendorBusiness, vendorBusinessColumns } from "./dashboard";
import { vendorApprovedEmail, vendorRejectedEmail } from "./emails";
import { Refusal } from "../core/refusal";
import { vendors } from "../../db/schema/vendors";
import { VENDOR_TEXTS } from "./texts";
import type { VendorStatusChange } from "./validation";

export interface VendorDecisionContext {
  db: Database;
  mailer: Mailer;
  /** The shop's public address, for the link in the e-mail. */
  publicUrl: string;
}

export interface VendorListItem extends VendorBusiness {
  userId: string;
  ownerEmail: string;
  totalSales: number;
  commissionRate: number;
  rejectionReason: string | null;
  createdAt: string;
}

export interface VendorStatusResult {
  vendor: VendorListItem;
  /** False when the vendor already had that status (nothing was done or sent). */
  changed: boolean;
}

const LIST_COLUMNS = {
  ...vendorBusinessColumns,
  userId: vendors.userId,
  ownerEmail: users.email,
  totalSales: vendors.totalSales,
  commissionRate: vendors.commissionRate,
  rejectionReason: vendors.rejectionReason,
  createdAt: vendors.createdAt,
};

function toListItem(row: Omit<VendorListItem, "createdAt"> & { createdAt: Date }): VendorListItem {
  return { ...row, createdAt: new Date(row.createdAt).toISOString() };
}

/** Every vendor, newest first, optionally of one status (admins only; docs/vendors.md). */
/** Approved vendors by business name: whom an admin may add a product for. */
export async function listApprovedVendors(db: Database, actor: Actor): Promise<Array<{ id: string; businessName: string }>> {
  assertMay(actor, "back_office");
  return db
    .select({ id: vendors.id, businessName: vendors.businessName })
    .from(vendors)
    .where(eq(vendors.status, "approved"))
    .orderBy(asc(vendors.businessName));
}

async function readVendor(db: Database, vendorId: string): Promise<VendorListItem | null> {
  const [row] = await db.select(LIST_COLUMNS).from(vendors).innerJoin(users, eq(users.id, vendors.userId)).where(eq(vendors.id, vendorId));
  return row ? toListItem(row) : null;
}

/**
 * Approving makes the owner a vendor (unless they already hold a higher role, which a vendor
 * grant would push aside); any other status takes the vendor role away, so a rejected or
 * suspended vendor can no longer manage listings.
 */
async function syncVendorRole(tx: Database, userId: string, status: VendorStatus): Promise<void> {
  if (status !== "approved") {
    await revokeRole(tx, userId, "vendor");
    return;
  }
  const current = await resolveRole(tx, userId);
  if (!may({ role: current }, "back_office")) await grantRole(tx, userId, "vendor");
}

/**
 * How many listings of a vendor who is no longer approved left the shop with this decision. The
 * listing rule needs an approved vendor (docs/storefront.md), so their switches stay as the vendor
 * set them, and approving again shows them again.
 */
async function countListingsTakenOut(tx: Database, vendorId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(products)
    .where(and(eq(products.vendorId, vendorId), eq(products.status, "approved"), eq(products.isLive, true), gt(products.stockQuantity, 0)));
  return row?.count ?? 0;
}

async function announce(tx: Database, vendor: VendorListItem, reason: string): Promise<void> {
  if (vendor.status === "approved") {
    await notify(
      tx,
      vendor.userId,
      "info",
      "Vendor application approved",
      `${vendor.businessName} is now a verified vendor. Open your vendor dashboard to list your phones.`,
    );
  } else if (vendor.status === "rejected") {
    await notify(tx, vendor.userId, "warning", "Vendor application rejected", reason);
  } else {
    await notify(
      tx,
      vendor.userId,
      "info",
      "Vendor application under review",
      `Your vendor account is back under review. Our team will get back to you within ${LIMITS.vendorReviewDays}.`,
    );
  }
}

async function sendDecisionEmail(ctx: VendorDecisionContext, vendor: VendorListItem, reason: string): Promise<void> {
  const message =
    vendor.status === "approved"
      ? vendorApprovedEmail({ businessName: vendor.businessName, dashboardUrl: `${ctx.publicUrl}/vendor-dashboard` })
      : vendor.status === "rejected"
        ? vendorRejectedEmail({ businessName: vendor.businessName, reason })
        : null;
  if (!message) return;
  // The decision is already saved; a mail outage must not turn it into an error.
  await ctx.mailer.send({ to: vendor.contactEmail, ...message }).catch((error: unknown) => {
    console.error("Failed to queue the vendor decision e-mail", error);
  });
}

/**
 * An admin sets a vendor's status (docs/vendors.md). Approved: verified, vendor role granted.
 * Rejected: not verified, role removed, the reason stored and sent. Pending: back under review.
 * Rejected or pending also hides all the vendor's listings. One transaction; setting the status
 * a vendor already has changes and sends nothing.
 */
export async function setVendorStatus(
  ctx: VendorDecisionContext,
  actor: Actor,
  input: VendorStatusChange,
): Promise<VendorStatusResult> {
  assertMay(actor, "back_office");
  const reason = input.reason?.trim() || VENDOR_TEXTS.defaultRejectionReason;
  const result = await ctx.db.transaction(async (tx): Promise<VendorStatusResult> => {
    const [updated] = await tx
      .update(vendors)
      .set({
        status: input.status,
        verified: input.status === "approved",
        rejectionReason: input.status === "rejected" ? reason : null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(vendors.id, input.vendorId), ne(vendors.status, input.status)))
      .returning({ id: vendors.id });
    if (!updated) {
      const existing = await readVendor(tx, input.vendorId);
      if (!existing) throw new Refusal("not_found", VENDOR_TEXTS.vendorNotFound);
      return { vendor: existing, changed: false };
    }
    const vendor = (await readVendor(tx, input.vendorId)) as VendorListItem;
    await syncVendorRole(tx, vendor.userId, vendor.status);
    const hiddenListings = vendor.status === "approved" ? null : await countListingsTakenOut(tx, vendor.id);
    await announce(tx, vendor, reason);
    await recordActivity(tx, {
      userId: actor.userId,
      userType: "admin",
      activityType: `vendor_${vendor.status}`,
      description: `${vendor.status === "approved" ? "Approved" : vendor.status === "rejected" ? "Rejected" : "Returned to review"} vendor ${vendor.businessName}`,
      metadata: {
        vendor_id: vendor.id,
        ...(vendor.status === "rejected" ? { reason } : {}),
        ...(hiddenListings === null ? {} : { hidden_listings: hiddenListings }),
      },
    });
    return { vendor, changed: true };
  });
  if (result.changed) await sendDecisionEmail(ctx, result.vendor, reason);
  return result;
}
