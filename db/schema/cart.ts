import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, unique } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { products } from "./catalog";
import { timestampColumns, userReference, uuidPrimaryKey, uuidReference } from "./columns";

export const cart = pgTable(
  "cart",
  {
    id: uuidPrimaryKey(),
    customerId: userReference("customer_id", () => users.id, "cascade"),
    productId: uuidReference("product_id", () => products.id, "cascade"),
    quantity: integer("quantity").notNull().default(1),
    ...timestampColumns(),
  },
  (t) => [
    unique("cart_customer_product_unique").on(t.customerId, t.productId),
    check("cart_quantity_positive", sql`${t.quantity} > 0`),
    index("cart_product_idx").on(t.productId),
  ],
);
