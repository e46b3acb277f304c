import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { products } from "./catalog";
import { createdAtColumn, timestampColumns, updatedAtColumn, userReference, uuidPrimaryKey, uuidReference } from "./columns";

/** A buyer's saved delivery addresses; at most one is the default (docs/accounts.md). */
export const savedAddresses = pgTable(
  "saved_addresses",
  {
    id: uuidPrimaryKey(),
    userId: userReference("user_id", () => users.id, "cascade"),
    /** What the buyer calls it: Home, Office… */
    label: text("label").notNull(),
    fullName: text("full_name").notNull(),
    phone: text("phone").notNull(),
    address: text("address").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    ...timestampColumns(),
  },
  (t) => [
    index("saved_addresses_user_idx").on(t.userId),
    uniqueIndex("saved_addresses_one_default").on(t.userId).where(sql`${t.isDefault}`),
  ],
);

/** Phones a signed-in buyer wished for; `price_when_added` lets a price drop be noticed. */
export const wishlistItems = pgTable(
  "wishlist_items",
  {
    userId: userReference("user_id", () => users.id, "cascade"),
    productId: uuidReference("product_id", () => products.id, "cascade"),
    /** Kobo: the final price when the phone was wished, lowered with every drop announced. */
    lastSeenPrice: bigint("last_seen_price", { mode: "number" }),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index("wishlist_items_product_idx").on(t.productId)],
);

/** 'Notify me when available' on a sold-out phone: answered once, when stock returns. */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    userId: userReference("user_id", () => users.id, "cascade"),
    productId: uuidReference("product_id", () => products.id, "cascade"),
    createdAt: createdAtColumn(),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index("stock_alerts_waiting_idx").on(t.productId).where(sql`${t.notifiedAt} is null`),
  ],
);

/** Delivery fee for one state; states without a row pay the pricing config's default fee. */
export const deliveryStateFees = pgTable(
  "delivery_state_fees",
  {
    state: text("state").primaryKey(),
    /** Kobo. */
    fee: bigint("fee", { mode: "number" }).notNull(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [check("delivery_state_fee_range", sql`${t.fee} between 0 and 5000000`)],
);
