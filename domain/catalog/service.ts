/**
 * Read-only catalogue queries for the public pages: one SQL statement each (vendors joined,
 * never fetched per product). Prices are kobo. The shop listing lives in ./shop.
 */
import { type SQL, and, asc, desc, eq, ne } from "drizzle-orm";
import { z } from "../../lib/zod";
import type { Database } from "../../db/client";
import { type Grade, LIMITS } from "../../lib/constants";
import { profiles } from "../../db/schema/accounts";
import { getPricingConfig } from "../pricing/service";
import { reviews } from "../../db/schema/reviews";
import { vendors } from "../../db/schema/vendors";
import type { StorePromises } from "./promises";
import { getDeliveryFees } from "../pricing/delivery";
import { products } from "../../db/schema/catalog";
import { type PhoneName, displayPrice, phoneNameColumns, phoneNameOf, selectSummaries, shown, toIso, toSummary, type ProductSummary } from "./summary";

export type { ProductSummary } from "./summary";

export const ANONYMOUS_REVIEWER = "Anonymous";

export interface PublicProduct extends PhoneName {
  color: string | null;
  description: string | null;
  grade: Grade;
  images: string[];
  finalPrice: number | null;
  suggestedPrice: number;
  /** Kobo: the comparison ("was") price an admin approved; null shows none. */
  comparePrice: number | null;
  /** 0 is sold out: the page answers with a 'Sold out' state (docs/storefront.md). */
  stockQuantity: number;
  adminInspected: boolean;
  /** ISO 8601: when an admin completed the inspection checklist (docs/admin.md). */
  inspectedAt: string | null;
  /** Average of the approved reviews (0 when there are none), kept on the product. */
  ratingAverage: number;
  /** Number of approved reviews, kept on the product. */
  reviewCount: number;
  /** What visitors see of the vendor: never its id or its commission. */
  vendor: { businessName: string; verified: boolean };
}

export interface PublicReview {
  id: string;
  rating: number;
  comment: string | null;
  createdAt: string;
  reviewerName: string;
}

export type ProductRowKind = "trending" | "new" | "premium" | "deals";

const productIdSchema = z.guid();

function clampLimit(limit: number): number {
  if (!Number.isFinite(limit)) return 0;
  return Math.max(0, Math.min(100, Math.trunc(limit)));
}

async function listSummaries(db: Database, orderBy: SQL[], limit: number): Promise<ProductSummary[]> {
  const n = clampLimit(limit);
  if (n === 0) return [];
  const rows = await selectSummaries(db)
    .orderBy(...orderBy, desc(products.id))
    .limit(n);
  return rows.map(toSummary);
}

/** Home page featured products: inspected and best-rated first, then newest. */
export function listFeaturedProducts(db: Database, limit: number = LIMITS.featuredProducts): Promise<ProductSummary[]> {
  return listSummaries(
    db,
    [desc(products.adminInspected), desc(products.ratingAverage), desc(products.createdAt)],
    limit,
  );
}

const ROW_ORDER: Record<ProductRowKind, SQL[]> = {
  trending: [desc(products.unitsSold), desc(products.createdAt)],
  new: [desc(products.createdAt)],
  premium: [desc(displayPrice), desc(products.createdAt)],
  deals: [asc(displayPrice), desc(products.createdAt)],
};

/**
 * A home page product row (docs/storefront.md): trending by units sold then newest, new
 * arrivals newest first, Premium Grade A by price high to low, Best Deals by price low to
 * high. The price is the final price, falling back to the suggested price.
 */
export function listProductRow(
  db: Database,
  kind: ProductRowKind,
  limit: number = LIMITS.productRowPageSize,
): Promise<ProductSummary[]> {
  return listSummaries(db, ROW_ORDER[kind], limit);
}

/**
 * A product for its detail page: approved, shown by its approved vendor, in stock or sold out,
 * with its vendor and its rating. Null when missing, hidden, unapproved, or when the id is not a
 * UUID (docs/storefront.md).
 */
export async function getPublicProduct(db: Database, id: unknown): Promise<PublicProduct | null> {
  const parsed = productIdSchema.safeParse(id);
  if (!parsed.success) return null;

  const [row] = await db
    .select({
      ...phoneNameColumns,
      color: products.color,
      description: products.description,
      grade: products.grade,
      images: products.images,
      finalPrice: products.finalPrice,
      suggestedPrice: products.suggestedPrice,
      comparePrice: products.comparePrice,
      stockQuantity: products.stockQuantity,
      adminInspected: products.adminInspected,
      inspectedAt: products.inspectedAt,
      vendorBusinessName: vendors.businessName,
      vendorVerified: vendors.verified,
      ratingAverage: products.ratingAverage,
      reviewCount: products.reviewCount,
    })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .where(and(eq(products.id, parsed.data), shown))
    .limit(1);
  if (!row) return null;

  return {
    ...phoneNameOf(row),
    color: row.color,
    description: row.description,
    grade: row.grade,
    images: row.images.filter((url) => url.length > 0),
    finalPrice: row.finalPrice,
    suggestedPrice: row.suggestedPrice,
    comparePrice: row.comparePrice,
    stockQuantity: row.stockQuantity,
    adminInspected: row.adminInspected,
    inspectedAt: row.inspectedAt ? toIso(row.inspectedAt) : null,
    ratingAverage: row.ratingAverage,
    reviewCount: row.reviewCount,
    vendor: { businessName: row.vendorBusinessName, verified: row.vendorVerified },
  };
}

/** The warranty days and delivery fees the storefront promises, from the pricing config and the fees by state. */
export async function getStorePromises(db: Database): Promise<StorePromises> {
  const [{ warrantyDays }, delivery] = await Promise.all([getPricingConfig(db), getDeliveryFees(db)]);
  return { warrantyDays, delivery };
}

/** How many similar phones a sold-out phone's page offers. */
export const SIMILAR_PRODUCTS_MAX = 4;

/**
 * Listed phones like a sold-out one, for its page (docs/storefront.md): the same model, newest
 * first, else the same brand. Each read is one index range of the listed rows.
 */
export async function listSimilarProducts(
  db: Database,
  product: Pick<PublicProduct, "id" | "brand" | "model">,
  limit: number = SIMILAR_PRODUCTS_MAX,
): Promise<ProductSummary[]> {
  const n = clampLimit(limit);
  if (n === 0) return [];
  const others = ne(products.id, product.id);
  const sameModel = await listSummariesWhere(db, [eq(products.brand, product.brand), eq(products.model, product.model), others], n);
  if (sameModel.length > 0) return sameModel;
  return listSummariesWhere(db, [eq(products.brand, product.brand), others], n);
}

async function listSummariesWhere(db: Database, conditions: SQL[], limit: number): Promise<ProductSummary[]> {
  const rows = await selectSummaries(db, ...conditions)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
  return rows.map(toSummary);
}

/** Most reviews a product page shows. */
export const REVIEWS_SHOWN_MAX = 100;

/** Approved reviews of a product, newest first, with the reviewer's full name or 'Anonymous'. */
export async function listApprovedReviews(db: Database, productId: unknown): Promise<PublicReview[]> {
  const parsed = productIdSchema.safeParse(productId);
  if (!parsed.success) return [];

  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
      fullName: profiles.fullName,
    })
    .from(reviews)
    .leftJoin(profiles, eq(profiles.userId, reviews.customerId))
    .where(and(eq(reviews.productId, parsed.data), eq(reviews.approved, true)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(REVIEWS_SHOWN_MAX);

  return rows.map((row) => ({
    id: row.id,
    rating: row.rating,
    comment: row.comment,
    createdAt: toIso(row.createdAt),
    reviewerName: row.fullName?.trim() || ANONYMOUS_REVIEWER,
  }));
}
