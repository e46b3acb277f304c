import { type SQL, sql } from "drizzle-orm";
import {
  type ExtraConfigColumn, bigint, boolean, check, index, integer, numeric, pgEnum, pgTable, text, timestamp,
} from "drizzle-orm/pg-core";
import { BRANDS, GRADES, PRODUCT_STATUSES, STORAGE_OPTIONS } from "../../lib/constants";
import { sqlList } from "../sql-list";
import { users } from "./accounts";
import { vendors } from "./vendors";
import { timestampColumns, uuidPrimaryKey, uuidReference } from "./columns";

export const gradeEnum = pgEnum("product_grade", GRADES);
export const productStatusEnum = pgEnum("product_status", PRODUCT_STATUSES);

/** A descending index key that matches `order by column desc` (which puts nulls first). */
const descending = (column: ExtraConfigColumn) => column.desc().nullsFirst();

/**
 * The rows public lists may hold (docs/storefront.md): approved, switched on by the vendor, in
 * stock. The vendor's own approval is checked by the query; `listed` in ./summary repeats these
 * terms so the planner can prove every public read is inside the partial indexes.
 */
const listedRows = (t: { status: ExtraConfigColumn; isLive: ExtraConfigColumn; stockQuantity: ExtraConfigColumn }) =>
  sql`${t.status} = 'approved' and ${t.isLive} and ${t.stockQuantity} > 0`;

export const products = pgTable(
  "products",
  {
    id: uuidPrimaryKey(),
    /** Every product belongs to a real vendor (docs/vendors.md). */
    vendorId: uuidReference("vendor_id", () => vendors.id, "restrict"),
    name: text("name").notNull(),
    brand: text("brand").notNull(),
    model: text("model").notNull(),
    storage: text("storage").notNull(),
    color: text("color"),
    description: text("description"),
    grade: gradeEnum("grade").notNull(),
    /** Image URLs, first is the cover. */
    images: text("images").array().notNull().default(sql`'{}'::text[]`),
    /** Kobo. Set by an admin at approval; null until then. */
    finalPrice: bigint("final_price", { mode: "number" }),
    /** Kobo, proposed by the vendor. */
    suggestedPrice: bigint("suggested_price", { mode: "number" }).notNull(),
    stockQuantity: integer("stock_quantity").notNull().default(1),
    status: productStatusEnum("status").notNull().default("pending"),
    isLive: boolean("is_live").notNull().default(true),
    adminInspected: boolean("admin_inspected").notNull().default(false),
    /** Who completed the inspection checklist, and when (docs/admin.md). */
    inspectedBy: text("inspected_by").references(() => users.id, { onDelete: "set null" }),
    inspectedAt: timestamp("inspected_at", { withTimezone: true }),
    /**
     * Kobo. The "was" price an admin approved with the listing (docs/admin.md): the vendor's
     * suggested price at approval, or one the admin set. Null shows no struck-through price.
     */
    comparePrice: bigint("compare_price", { mode: "number" }),
    /** Maintained when payments are fulfilled; orders the 'popular' sort. */
    unitsSold: integer("units_sold").notNull().default(0),
    /** Maintained from approved reviews; orders the 'rating' sort. */
    ratingAverage: numeric("rating_average", { precision: 3, scale: 2, mode: "number" }).notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    /** Lower-cased name, brand and model: what the typo-forgiving search matches against. */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`lower(${products.name} || ' ' || ${products.brand} || ' ' || ${products.model})`,
      ),
    ...timestampColumns(),
  },
  (t) => [
    check("products_stock_nonnegative", sql`${t.stockQuantity} >= 0`),
    check("products_suggested_price_positive", sql`${t.suggestedPrice} > 0`),
    check("products_final_price_positive", sql`${t.finalPrice} is null or ${t.finalPrice} > 0`),
    check("products_compare_price_positive", sql`${t.comparePrice} is null or ${t.comparePrice} > 0`),
    check("products_brand_known", sql`${t.brand} in ${sqlList(BRANDS)}`),
    check("products_storage_known", sql`${t.storage} in ${sqlList(STORAGE_OPTIONS)}`),
    check("products_approved_have_final_price", sql`${t.status} <> 'approved' or ${t.finalPrice} is not null`),
    check("products_images_max", sql`coalesce(array_length(${t.images}, 1), 0) <= 5`),
    check("products_rating_range", sql`${t.ratingAverage} >= 0 and ${t.ratingAverage} <= 5`),
    check("products_counts_nonnegative", sql`${t.unitsSold} >= 0 and ${t.reviewCount} >= 0`),
    // Public listing (partial: listed rows only): one index per sort, each ending in the shop's
    // tie-breakers (newest, then id), so a page is read in index order and paging stops early.
    // Descending keys are NULLS FIRST, as `order by … desc` asks, or the planner cannot use them.
    index("products_public_created_idx").on(descending(t.createdAt), descending(t.id)).where(listedRows(t)),
    // Price: the final price, falling back to the suggested price (price-high reads it backwards).
    index("products_public_price_idx")
      .on(sql`coalesce(${t.finalPrice}, ${t.suggestedPrice})`, descending(t.createdAt), descending(t.id))
      .where(listedRows(t)),
    index("products_public_rating_idx")
      .on(descending(t.ratingAverage), descending(t.createdAt), descending(t.id))
      .where(listedRows(t)),
    index("products_public_popular_idx")
      .on(descending(t.unitsSold), descending(t.createdAt), descending(t.id))
      .where(listedRows(t)),
    // The home page's featured phones: inspected first, then best rated.
    index("products_public_featured_idx")
      .on(descending(t.adminInspected), descending(t.ratingAverage), descending(t.createdAt), descending(t.id))
      .where(listedRows(t)),
    index("products_public_brand_idx").on(t.brand, descending(t.createdAt), descending(t.id)).where(listedRows(t)),
    // A sold-out phone's page offers similar phones: the same model first, newest first.
    index("products_public_model_idx").on(t.brand, t.model, descending(t.createdAt), descending(t.id)).where(listedRows(t)),
    index("products_public_grade_idx").on(t.grade, descending(t.createdAt), descending(t.id)).where(listedRows(t)),
    // The "verified vendors only" and "admin-inspected only" filters; narrow enough that a
    // count of listed products reads this index alone.
    index("products_public_vendor_idx").on(t.vendorId, t.adminInspected).where(listedRows(t)),
    // Typo-forgiving search (pg_trgm). Without a pending list (fastupdate off) new listings are
    // searchable through the index at once, and the planner never falls back to a table scan
    // because unmerged entries piled up between vacuums.
    index("products_search_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")).with({ fastupdate: false }),
    // The listings of the phones a search matched (product_search_texts), newest first.
    index("products_public_search_idx").on(t.searchText, descending(t.createdAt), descending(t.id)).where(listedRows(t)),
    // Vendor's own products and the admin/product-management list.
    index("products_vendor_created_idx").on(t.vendorId, t.createdAt.desc()),
    index("products_status_created_idx").on(t.status, t.createdAt.desc()),
    index("products_created_idx").on(t.createdAt.desc()),
  ],
);

/**
 * A counter the database raises (by trigger, in the changing transaction) whenever anything a
 * shop listing shows or sorts by changes, except stock: the listing cache compares it to
 * know its pages are still right. One row.
 */
export const catalogueVersion = pgTable(
  "catalogue_version",
  {
    id: integer("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("catalogue_version_single_row", sql`${t.id} = 1`)],
);

/**
 * Every search text a product has had (name, brand and model, lower case), once each. A shop of
 * 100,000 listings holds a few thousand distinct phones: a search matches these by trigram and
 * then reads the products of the matching ones by index, instead of testing every listing.
 * Kept by triggers on products (migration 0006); texts no product has any more match nothing.
 */
export const productSearchTexts = pgTable(
  "product_search_texts",
  { searchText: text("search_text").primaryKey() },
  (t) => [index("product_search_texts_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")).with({ fastupdate: false })],
);
