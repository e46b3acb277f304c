import { count, eq, gte, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { OrderStatus } from "../../lib/constants";
import { products } from "../../db/schema/catalog";
import { orders } from "../../db/schema/orders";
import { payments } from "../../db/schema/payments";
import { reviews } from "../../db/schema/reviews";
import { vendors } from "../../db/schema/vendors";
import { type Actor, assertMay } from "../core/access";
import { LAGOS_OFFSET_INTERVAL, addDays, daysAfter, lagosDay, lagosDayStart } from "../../lib/lagos-time";

export interface DashboardCounts {
  vendors: number;
  products: number;
  orders: number;
  reviews: number;
}

/** The four summary counts of the admin dashboard (docs/admin.md). */
export async function dashboardCounts(db: Database, actor: Actor): Promise<DashboardCounts> {
  assertMay(actor, "back_office");
  const total = async (table: typeof vendors | typeof products | typeof orders | typeof reviews) =>
    (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  const [vendorCount, productCount, orderCount, reviewCount] = await Promise.all([
    total(vendors),
    total(products),
    total(orders),
    total(reviews),
  ]);
  return { vendors: vendorCount, products: productCount, orders: orderCount, reviews: reviewCount };
}

export const SALES_DAYS = 30;
/** Orders whose money has come in. */
export const SOLD_STATUSES: readonly OrderStatus[] = ["paid", "processing", "shipped", "delivered"];

export interface SalesDay {
  /** YYYY-MM-DD, Lagos time. */
  day: string;
  orders: number;
  /** Kobo. */
  revenue: number;
  /** Kobo: each order's total × its vendor's commission rate. */
  commission: number;
}

export interface SalesSummary {
  days: SalesDay[];
  totals: Omit<SalesDay, "day">;
  /** Kobo of the revenue that was paid in test mode: no real money (docs/payments.md). */
  testRevenue: number;
}

/**
 * Paid-or-later orders placed in the last 30 days (today included), by Lagos calendar day,
 * with a zero for days without sales. Commission rounds per order to the nearest kobo, half
 * up: SQL's round() on a non-negative numeric does the same as roundKobo.
 */
export async function salesSummary(db: Database, actor: Actor, now: Date = new Date()): Promise<SalesSummary> {
  assertMay(actor, "back_office");
  const firstDay = lagosDay(daysAfter(now, -(SALES_DAYS - 1)));
  const since = lagosDayStart(firstDay);
  const day = sql<string>`to_char((${orders.createdAt} at time zone 'UTC' + interval '${sql.raw(LAGOS_OFFSET_INTERVAL)}')::date, 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      orders: sql<number>`count(*)::int`,
      revenue: sql<string>`coalesce(sum(${orders.totalAmount}), 0)::text`,
      commission: sql<string>`coalesce(sum(round(${orders.totalAmount} * ${orders.commissionRate} / 100)), 0)::text`,
      testRevenue: sql<string>`coalesce(sum(${orders.totalAmount}) filter (where ${payments.isTest}), 0)::text`,
    })
    .from(orders)
    .innerJoin(vendors, eq(vendors.id, orders.vendorId))
    .leftJoin(payments, eq(payments.id, orders.paymentId))
    .where(sql`${inArray(orders.status, [...SOLD_STATUSES])} and ${gte(orders.createdAt, since)}`)
    .groupBy(day);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const days = Array.from({ length: SALES_DAYS }, (_, i) => {
    const key = addDays(firstDay, i);
    const row = byDay.get(key);
    return { day: key, orders: row?.orders ?? 0, revenue: Number(row?.revenue ?? 0), commission: Number(row?.commission ?? 0) };
  });
  const totals = days.reduce(
    (sum, d) => ({ orders: sum.orders + d.orders, revenue: sum.revenue + d.revenue, commission: sum.commission + d.commission }),
    { orders: 0, revenue: 0, commission: 0 },
  );
  const testRevenue = rows.reduce((sum, row) => sum + Number(row.testRevenue), 0);
  return { days, totals, testRevenue };
}
