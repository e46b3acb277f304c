/**
 * What a product card shows, and how the public listings select it: one SQL statement per
 * list, vendors joined (never fetched per product). Prices are kobo.
 */
import { type SQL, and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { Grade } from "../../lib/constants";
import { vendors } from "../../db/schema/vendors";
import { products } from "../../db/schema/catalog";

/** What names a phone wherever phones are listed. */
export interface PhoneName {
  id: string;
  name: string;
  brand: string;
  model: string;
  storage: string;
}

/** What a product card shows. */
export interface ProductSummary extends PhoneName {
  grade: Grade;
  /** Cover image URL (the first image), or null when the product has none. */
  image: string | null;
  /** Kobo; null until an admin sets it. */
  finalPrice: number | null;
  /** Kobo. */
  suggestedPrice: number;
  /** Kobo: the comparison ("was") price an admin approved; null shows none. */
  comparePrice: number | null;
  stockQuantity: number;
  isLive: boolean;
  adminInspected: boolean;
  ratingAverage: number;
  reviewCount: number;
  /** ISO 8601. */
  createdAt: string;
  vendor: { businessName: string; verified: boolean };
}

const fromApprovedVendor = sql`${products.vendorId} in (select ${vendors.id} from ${vendors} where ${vendors.status} = 'approved')`;

/**
 * A phone with a public page (docs/storefront.md): approved, switched on by its vendor (`is_live`
 * is the vendor's "hide" alone), from a vendor who is approved too (a rejected vendor, or one
 * back under review, sells nothing). It may be sold out: its page then says so.
 */
export const shown = sql`(${products.status} = 'approved' and ${products.isLive} and ${fromApprovedVendor})`;

/**
 * Publicly listed (docs/storefront.md): shown and in stock; only what can be bought. Literals, not
 * parameters, and the same terms as the partial indexes' predicate (`status = 'approved' and
 * is_live and stock_quantity > 0`), so the planner can always use them.
 */
export const listed = sql`(${products.status} = 'approved' and ${products.isLive} and ${products.stockQuantity} > 0 and ${fromApprovedVendor})`;

/** The price a buyer pays: the final price, falling back to the suggested price. */
export const displayPrice = sql<number>`coalesce(${products.finalPrice}, ${products.suggestedPrice})`;

/** The columns that name a phone, which every list of phones shows. */
export const phoneNameColumns = {
  id: products.id,
  name: products.name,
  brand: products.brand,
  model: products.model,
  storage: products.storage,
};

/** The phone's name fields of a row that selected `phoneNameColumns`. */
export function phoneNameOf(row: PhoneName): PhoneName {
  return { id: row.id, name: row.name, brand: row.brand, model: row.model, storage: row.storage };
}

/** A phone as a cart line or an order shows it. */
export const phoneLineColumns = {
  productId: products.id,
  name: products.name,
  brand: products.brand,
  model: products.model,
  grade: products.grade,
  image: sql<string | null>`${products.images}[1]`,
};

export const summaryColumns = {
  ...phoneNameColumns,
  grade: products.grade,
  image: sql<string | null>`${products.images}[1]`.as("image"),
  finalPrice: products.finalPrice,
  suggestedPrice: products.suggestedPrice,
  comparePrice: products.comparePrice,
  stockQuantity: products.stockQuantity,
  isLive: products.isLive,
  adminInspected: products.adminInspected,
  ratingAverage: products.ratingAverage,
  reviewCount: products.reviewCount,
  createdAt: products.createdAt,
  vendorBusinessName: vendors.businessName,
  vendorVerified: vendors.verified,
};

/** Listed products with their vendor that meet every condition; callers add ordering and paging. */
export function selectSummaries(db: Database, ...conditions: Array<SQL | undefined>) {
  return db
    .select(summaryColumns)
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .where(and(listed, ...conditions))
    .$dynamic();
}

type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

export function toSummary(row: SummaryRow): ProductSummary {
  return {
    ...phoneNameOf(row),
    grade: row.grade,
    image: row.image || null,
    finalPrice: row.finalPrice,
    suggestedPrice: row.suggestedPrice,
    comparePrice: row.comparePrice,
    stockQuantity: row.stockQuantity,
    isLive: row.isLive,
    adminInspected: row.adminInspected,
    ratingAverage: row.ratingAverage,
    reviewCount: row.reviewCount,
    createdAt: toIso(row.createdAt),
    vendor: { businessName: row.vendorBusinessName, verified: row.vendorVerified },
  };
}

export function toIso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
