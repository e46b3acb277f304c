/** A vendor's listings: the vendor record a user sells through, and whether each of its phones shows in the shop. */
import { type SQL, and, eq, sql } from "drizzle-orm";
import { type SiteLink, announceRestock } from "./stock-alerts";
import { Refusal } from "../core/refusal";
import type { Database } from "../../db/client";
import type { VendorStatus } from "../../lib/constants";
import type { Viewer } from "../accounts/viewer";
import { products } from "../../db/schema/catalog";
import { vendors } from "../../db/schema/vendors";

export interface VendorRecord {
  id: string;
  businessName: string;
  status: VendorStatus;
  verified: boolean;
  rejectionReason: string | null;
}

/** The vendor record (application) of a user, or null (docs/vendors.md, vendor lookup). */
export async function findVendorByUser(db: Database, userId: string): Promise<VendorRecord | null> {
  const [row] = await db
    .select({
      id: vendors.id,
      businessName: vendors.businessName,
      status: vendors.status,
      verified: vendors.verified,
      rejectionReason: vendors.rejectionReason,
    })
    .from(vendors)
    .where(eq(vendors.userId, userId));
  return row ?? null;
}


export const LISTING_TEXTS = {
  notFound: "Product not found",
  notApproved: "Only approved vendors can show products in the shop.",
} as const;

/**
 * The user's vendor record, its row locked against a status change until the transaction ends:
 * a vendor being rejected cannot switch a listing on in the meantime.
 */
async function lockVendorOfUser(tx: Database, userId: string): Promise<{ id: string; status: VendorStatus } | null> {
  const [row] = await tx.select({ id: vendors.id, status: vendors.status }).from(vendors).where(eq(vendors.userId, userId)).for("share");
  return row ?? null;
}

/**
 * A vendor shows or hides one of their own products in the shop (docs/vendors.md). Another
 * vendor's product answers "not found"; no product of a vendor who is not approved can go live
 * (hiding is always allowed). A sold-out phone may be switched on: it is listed again as soon as
 * it has stock (docs/storefront.md).
 */
export function setProductLive(
  db: Database,
  actor: Viewer,
  input: { productId: string; isLive: boolean },
  site: SiteLink = {},
): Promise<{ isLive: boolean }> {
  return db.transaction(async (tx) => {
    const vendor = await lockVendorOfUser(tx, actor.userId);
    if (!vendor) throw new Refusal("not_found", LISTING_TEXTS.notFound);
    const own = and(eq(products.id, input.productId), eq(products.vendorId, vendor.id));
    if (input.isLive && vendor.status !== "approved") throw await refusalFor(tx, own, new Refusal("forbidden", LISTING_TEXTS.notApproved));
    const [updated] = await tx
      .update(products)
      .set({ isLive: input.isLive, updatedAt: sql`now()` })
      .where(own)
      .returning({ isLive: products.isLive });
    if (!updated) throw new Refusal("not_found", LISTING_TEXTS.notFound);
    if (updated.isLive) await announceRestock(tx, input.productId, site);
    return updated;
  });
}

/** The refusal for the vendor's own product; "not found" when the product is not theirs. */
async function refusalFor(tx: Database, own: SQL | undefined, refusal: Refusal): Promise<Refusal> {
  const [product] = await tx.select({ id: products.id }).from(products).where(own);
  return product ? refusal : new Refusal("not_found", LISTING_TEXTS.notFound);
}
