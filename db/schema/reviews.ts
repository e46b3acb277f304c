import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { products } from "./catalog";
import { orders } from "./orders";
import { createdAtColumn, userReference, uuidPrimaryKey, uuidReference } from "./columns";

export const reviews = pgTable(
  "reviews",
  {
    id: uuidPrimaryKey(),
    productId: uuidReference("product_id", () => products.id, "cascade"),
    customerId: userReference("customer_id", () => users.id, "cascade"),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    rating: integer("rating").notNull(),
    comment: text("comment"),
    /** Only approved reviews are shown and counted in ratings. */
    approved: boolean("approved").notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    unique("reviews_customer_product_unique").on(t.customerId, t.productId),
    index("reviews_product_approved_idx").on(t.productId, t.createdAt.desc()).where(sql`${t.approved}`),
    index("reviews_created_idx").on(t.createdAt.desc()),
  ],
);
