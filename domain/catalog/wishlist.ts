/**
 * The signed-in buyer's wishlist (docs/storefront.md): phones saved on the server, with the
 * price each wisher last saw so a price drop is announced once. A phone can be wished while it
 * has a public page (in stock or sold out); one taken down stays in the list as 'No longer
 * available' until removed.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "../../lib/zod";
import type { Database } from "../../db/client";
import { wishlistItems } from "../../db/schema/buyers";
import { products } from "../../db/schema/catalog";
import { type NewNotification, notifyMany } from "../notifications/service";
import { Refusal } from "../core/refusal";
import { productHeading } from "../../lib/product-heading";
import { type Grade } from "../../lib/constants";
import { displayPrice, shown } from "./summary";
import { WISHLIST_TEXTS } from "./wishlist-texts";

/** The most phones one wishlist holds: the site bar reads every wished id with each page. */
export const MAX_WISHLIST_ITEMS = 200;

export const wishlistChangeSchema = z.object({
  intent: z.enum(["add", "remove"], { error: WISHLIST_TEXTS.saveFailed }),
  productId: z.guid({ error: WISHLIST_TEXTS.unavailable }),
});

export type WishlistChange = z.infer<typeof wishlistChangeSchema>;

/** Saves a phone with a public page; saving it again changes nothing. */
export async function addToWishlist(db: Database, userId: string, productId: string): Promise<void> {
  await db.transaction(async (tx) => {
    // Serialises one buyer's adds, so two at once cannot pass the limit together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`wishlist:${userId}`}))`);
    const [counted] = await tx
      .select({ count: sql<number>`count(*)`.mapWith(Number), has: sql<boolean>`bool_or(${wishlistItems.productId} = ${productId})` })
      .from(wishlistItems)
      .where(eq(wishlistItems.userId, userId));
    if (counted?.has) return;
    if ((counted?.count ?? 0) >= MAX_WISHLIST_ITEMS) throw new Refusal("conflict", WISHLIST_TEXTS.full(MAX_WISHLIST_ITEMS));
    const added = await tx
      .insert(wishlistItems)
      .select(
        tx
          .select({ userId: sql<string>`${userId}`.as("user_id"), productId: products.id, lastSeenPrice: displayPrice.as("last_seen_price"), createdAt: sql<Date>`now()`.as("created_at") })
          .from(products)
          .where(and(eq(products.id, productId), shown)),
      )
      .onConflictDoNothing()
      .returning({ productId: wishlistItems.productId });
    if (added.length === 0) throw new Refusal("not_found", WISHLIST_TEXTS.unavailable);
  });
}

/** Takes a phone off the buyer's own wishlist; one not on it changes nothing. */
export async function removeFromWishlist(db: Database, userId: string, productId: string): Promise<void> {
  await db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
}

/** The ids of every phone the user wished: read once per page, so each heart shows its state. */
export async function wishedProductIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db.select({ productId: wishlistItems.productId }).from(wishlistItems).where(eq(wishlistItems.userId, userId));
  return rows.map((row) => row.productId);
}

export interface WishlistEntry {
  productId: string;
  name: string;
  brand: string;
  model: string;
  storage: string;
  grade: Grade;
  image: string | null;
  /** Kobo: what the buyer pays now. */
  price: number;
  stockQuantity: number;
  /** False once the phone has no public page (taken down, hidden, its vendor not approved). */
  available: boolean;
}

/** The buyer's wishlist, newest first, in one statement. */
export async function listWishlist(db: Database, userId: string): Promise<WishlistEntry[]> {
  const rows = await db
    .select({
      productId: products.id,
      name: products.name,
      brand: products.brand,
      model: products.model,
      storage: products.storage,
      grade: products.grade,
      image: sql<string | null>`${products.images}[1]`,
      price: displayPrice.mapWith(Number),
      stockQuantity: products.stockQuantity,
      available: sql<boolean>`${shown}`,
    })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId))
    .limit(MAX_WISHLIST_ITEMS);
  return rows.map((row) => ({ ...row, image: row.image || null, available: Boolean(row.available) }));
}

/**
 * Tells each wisher when the phone's price falls below the lowest price they were shown (when
 * they wished it, or the last drop announced), and lowers that price to the new one, in the
 * caller's transaction: the same drop is never announced twice. A rise is silent and leaves the
 * price they saw as it was, so a price going up and back down again is not news. Only a phone
 * with a public page is announced. The caller holds the product's row lock, so two price
 * changes take turns.
 */
export async function announcePriceDrops(tx: Database, productId: string): Promise<number> {
  const result = await tx.execute(sql`
    update ${wishlistItems} as w
    set last_seen_price = p.price
    from ${wishlistItems} as seen,
      (select ${products.id} as id, ${displayPrice} as price, ${products.brand} as brand, ${products.model} as model, ${products.storage} as storage
       from ${products} where ${products.id} = ${productId} and ${shown}) as p
    where w.product_id = p.id and seen.user_id = w.user_id and seen.product_id = w.product_id
      and w.last_seen_price > p.price
    returning w.user_id, seen.last_seen_price as was, p.price as now, p.brand, p.model, p.storage`);
  const dropped = rowsOf<{ user_id: string; was: string | number; now: string | number; brand: string; model: string; storage: string }>(result);
  const notices: NewNotification[] = dropped.map((row) => ({
    userId: row.user_id,
    type: "product",
    title: WISHLIST_TEXTS.priceDropTitle,
    message: WISHLIST_TEXTS.priceDrop(productHeading(row), Number(row.now), Number(row.was)),
  }));
  await notifyMany(tx, notices);
  return notices.length;
}

/** The rows of a raw statement, whichever engine answered it. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}
