import { type SQL, sql } from "drizzle-orm";
import {
  bigint, boolean, check, index, integer, numeric, pgEnum, pgTable, text, timestamp, uuid,
} from "drizzle-orm/pg-core";
import { BRANDS, GRADES, PRODUCT_STATUSES, STORAGE_OPTIONS } from "../../lib/constants";
import { sqlList } from "../../db/sql-list";
import { vendors } from "../vendors/schema";

export const gradeEnum = pgEnum("product_grade", GRADES);
export const productStatusEnum = pgEnum("product_status", PRODUCT_STATUSES);

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Every product belongs to a real vendor (decisions.md 12). */
    vendorId: uuid("vendor_id")
      .notNull()
      .references(() => vendors.id, { onDelete: "restrict" }),
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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("products_stock_nonnegative", sql`${t.stockQuantity} >= 0`),
    check("products_suggested_price_positive", sql`${t.suggestedPrice} > 0`),
    check("products_final_price_positive", sql`${t.finalPrice} is null or ${t.finalPrice} > 0`),
    check("products_brand_known", sql`${t.brand} in ${sqlList(BRANDS)}`),
    check("products_storage_known", sql`${t.storage} in ${sqlList(STORAGE_OPTIONS)}`),
    check("products_approved_have_final_price", sql`${t.status} <> 'approved' or ${t.finalPrice} is not null`),
    check("products_images_max", sql`coalesce(array_length(${t.images}, 1), 0) <= 5`),
    check("products_rating_range", sql`${t.ratingAverage} >= 0 and ${t.ratingAverage} <= 5`),
    check("products_counts_nonnegative", sql`${t.unitsSold} >= 0 and ${t.reviewCount} >= 0`),
    // Public listing: approved products, newest first.
    index("products_public_created_idx").on(t.createdAt.desc()).where(sql`${t.status} = 'approved'`),
    // Public listing sorted by price (final price, falling back to suggested price).
    index("products_public_price_idx")
      .on(sql`coalesce(${t.finalPrice}, ${t.suggestedPrice})`, t.createdAt.desc())
      .where(sql`${t.status} = 'approved'`),
    index("products_public_brand_idx").on(t.brand, t.createdAt.desc()).where(sql`${t.status} = 'approved'`),
    index("products_public_grade_idx").on(t.grade, t.createdAt.desc()).where(sql`${t.status} = 'approved'`),
    index("products_public_rating_idx")
      .on(t.ratingAverage.desc(), t.createdAt.desc())
      .where(sql`${t.status} = 'approved'`),
    index("products_public_popular_idx")
      .on(t.unitsSold.desc(), t.createdAt.desc())
      .where(sql`${t.status} = 'approved'`),
    index("products_search_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    // Vendor's own products and the admin/product-management list.
    index("products_vendor_created_idx").on(t.vendorId, t.createdAt.desc()),
    index("products_status_created_idx").on(t.status, t.createdAt.desc()),
    index("products_created_idx").on(t.createdAt.desc()),
  ],
);
