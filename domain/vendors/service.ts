import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { VendorStatus } from "../../lib/constants";
import type { Viewer } from "../accounts/viewer";
import { products } from "../catalog/schema";
import { vendors } from "./schema";

export interface VendorRecord {
  id: string;
  businessName: string;
  status: VendorStatus;
  verified: boolean;
  rejectionReason: string | null;
}

/** The vendor record (application) of a user, or null (storefront.md §7, vendor lookup). */
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

export class ListingError extends Error {
  constructor(
    readonly status: 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

export const LISTING_TEXTS = {
  notFound: "Product not found",
  outOfStock: "Out of stock products cannot be shown in the shop. Add stock first.",
} as const;

/**
 * A vendor shows or hides one of their own products in the shop (operations.md §4). Another
 * vendor's product answers "not found"; a product without stock cannot go live.
 */
export async function setProductLive(
  db: Database,
  actor: Viewer,
  input: { productId: string; isLive: boolean },
): Promise<{ isLive: boolean }> {
  const vendor = await findVendorByUser(db, actor.userId);
  if (!vendor) throw new ListingError(404, LISTING_TEXTS.notFound);
  const [updated] = await db
    .update(products)
    .set({ isLive: input.isLive, updatedAt: sql`now()` })
    .where(
      and(
        eq(products.id, input.productId),
        eq(products.vendorId, vendor.id),
        input.isLive ? sql`${products.stockQuantity} > 0` : undefined,
      ),
    )
    .returning({ isLive: products.isLive });
  if (updated) return updated;
  const [own] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, input.productId), eq(products.vendorId, vendor.id)));
  throw own ? new ListingError(409, LISTING_TEXTS.outOfStock) : new ListingError(404, LISTING_TEXTS.notFound);
}
