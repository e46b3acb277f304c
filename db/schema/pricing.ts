import { sql } from "drizzle-orm";
import { bigint, check, integer, numeric, pgTable, text } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { updatedAtColumn } from "./columns";

/** A single row (id = 1): the pricing settings admins edit. */
export const adminPricingConfig = pgTable(
  "admin_pricing_config",
  {
    id: integer("id").primaryKey().default(1),
    defaultMarkupPercentage: numeric("default_markup_percentage", { precision: 6, scale: 2, mode: "number" })
      .notNull()
      .default(0),
    defaultCommissionRate: numeric("default_commission_rate", { precision: 5, scale: 2, mode: "number" })
      .notNull()
      .default(10),
    /** Kobo. */
    deliveryFee: bigint("delivery_fee", { mode: "number" }).notNull().default(0),
    /** Days of warranty from delivery, stated the same everywhere (docs/orders.md). */
    warrantyDays: integer("warranty_days").notNull().default(30),
    /** A shipped order neither side marked delivered becomes delivered this many days after shipping. */
    autoDeliverAfterDays: integer("auto_deliver_after_days").notNull().default(14),
    /** Days after delivery a buyer may return a phone they changed their mind about; 0 turns returns off. */
    returnWindowDays: integer("return_window_days").notNull().default(7),
    /** The weekly payout run's day, 0 = Sunday (Lagos time). */
    payoutWeekday: integer("payout_weekday").notNull().default(5),
    /** Kobo: a vendor's available balance below this waits for a later run. */
    payoutMinimum: bigint("payout_minimum", { mode: "number" }).notNull().default(500_000),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check("pricing_single_row", sql`${t.id} = 1`),
    check("pricing_markup_range", sql`${t.defaultMarkupPercentage} >= 0 and ${t.defaultMarkupPercentage} <= 1000`),
    check("pricing_commission_range", sql`${t.defaultCommissionRate} >= 0 and ${t.defaultCommissionRate} <= 100`),
    check("pricing_delivery_fee_nonnegative", sql`${t.deliveryFee} >= 0`),
    check("pricing_warranty_days_range", sql`${t.warrantyDays} between 1 and 365`),
    check("pricing_payout_weekday_range", sql`${t.payoutWeekday} between 0 and 6`),
    check("pricing_payout_minimum_range", sql`${t.payoutMinimum} between 10000 and 100000000`),
    check("pricing_auto_deliver_days_range", sql`${t.autoDeliverAfterDays} between 1 and 60`),
    check("pricing_return_window_days_range", sql`${t.returnWindowDays} between 0 and 30`),
  ],
);
