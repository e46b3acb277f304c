import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { cart } from "../../db/schema/cart";
import { liveEvents } from "../../db/schema/live";
import { notifications } from "../../db/schema/notifications";
import { users } from "../../db/schema/accounts";

export interface SiteBarCounts {
  /** Units in the cart. */
  cartCount: number;
  unreadNotifications: number;
  /** The newest live event already reflected in the counts: the page's stream resumes after it. */
  liveAfter: number;
}

/**
 * The site bar's badges and where its live stream resumes, in one statement: one snapshot, so
 * an event written in between is never both counted and missed.
 */
export async function siteBarCounts(db: Database, userId: string): Promise<SiteBarCounts> {
  const [row] = await db
    .select({
      cartCount: sql<number>`(select coalesce(sum(${cart.quantity}), 0) from ${cart} where ${eq(cart.customerId, userId)})`.mapWith(Number),
      unreadNotifications: sql<number>`(select count(*) from ${notifications} where ${and(eq(notifications.userId, userId), eq(notifications.read, false))})`.mapWith(Number),
      liveAfter: sql<number>`(select coalesce(max(${liveEvents.id}), 0) from ${liveEvents} where ${eq(liveEvents.userId, userId)})`.mapWith(Number),
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? { cartCount: 0, unreadNotifications: 0, liveAfter: 0 };
}
