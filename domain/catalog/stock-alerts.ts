/**
 * 'Notify me when available' (docs/storefront.md): a signed-in buyer subscribes on a sold-out
 * phone's page; when the phone is for sale again each waiting subscriber gets one notification and
 * one e-mail. The alert is marked answered by a conditional update in the transaction that
 * restocked the phone, so two restocks at once, or a phone selling out and coming back again,
 * never answer it twice.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "../../lib/zod";
import type { Database } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { stockAlerts } from "../../db/schema/buyers";
import { products } from "../../db/schema/catalog";
import { queueEmail } from "../mail/mailer";
import { notifyMany } from "../notifications/service";
import { Refusal } from "../core/refusal";
import { productHeading } from "../../lib/product-heading";
import { backInStockEmail } from "./emails";
import { displayPrice, listed, shown } from "./summary";
import { rowsOf } from "./wishlist";
import { STOCK_ALERT_TEXTS } from "./wishlist-texts";

export const stockAlertChangeSchema = z.object({
  intent: z.enum(["subscribe", "cancel"], { error: STOCK_ALERT_TEXTS.failed }),
  productId: z.guid({ error: STOCK_ALERT_TEXTS.unavailable }),
});

export type StockAlertChange = z.infer<typeof stockAlertChangeSchema>;

/** Where the e-mail's link points; without it the e-mail names the phone without a link. */
export interface SiteLink {
  publicUrl?: string;
}

/**
 * Subscribes the buyer to a sold-out phone with a public page. Subscribing again after an earlier
 * alert was answered waits for the next return.
 */
export async function subscribeToStockAlert(db: Database, userId: string, productId: string): Promise<void> {
  const [product] = await db.select({ stock: products.stockQuantity }).from(products).where(and(eq(products.id, productId), shown));
  if (!product) throw new Refusal("not_found", STOCK_ALERT_TEXTS.unavailable);
  if (product.stock > 0) throw new Refusal("conflict", STOCK_ALERT_TEXTS.inStock);
  await db
    .insert(stockAlerts)
    .values({ userId, productId })
    .onConflictDoUpdate({ target: [stockAlerts.userId, stockAlerts.productId], set: { notifiedAt: null, createdAt: sql`now()` } });
}

/** Cancels the buyer's own waiting alert; none waiting changes nothing. */
export async function cancelStockAlert(db: Database, userId: string, productId: string): Promise<void> {
  await db.delete(stockAlerts).where(and(eq(stockAlerts.userId, userId), eq(stockAlerts.productId, productId), isNull(stockAlerts.notifiedAt)));
}

/** True while the buyer waits for this phone. */
export async function isWaitingForStock(db: Database, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: stockAlerts.userId })
    .from(stockAlerts)
    .where(and(eq(stockAlerts.userId, userId), eq(stockAlerts.productId, productId), isNull(stockAlerts.notifiedAt)));
  return row !== undefined;
}

/**
 * Answers every waiting alert of the phone when it is listed (for sale, in stock), in the
 * caller's transaction. Called wherever stock rises or a phone returns to the shop; with nothing
 * waiting, or the phone still not for sale, it is one statement that changes nothing.
 */
export async function announceRestock(tx: Database, productId: string, site: SiteLink = {}): Promise<number> {
  const result = await tx.execute(sql`
    update ${stockAlerts} as a set notified_at = now()
    from ${products}
    join ${users} on true
    where a.product_id = ${productId} and a.notified_at is null
      and ${products.id} = a.product_id and ${listed}
      and ${users.id} = a.user_id
    returning a.user_id, ${users.email} as email, ${products.brand} as brand, ${products.model} as model,
      ${products.storage} as storage, ${displayPrice} as price`);
  const answered = rowsOf<{ user_id: string; email: string; brand: string; model: string; storage: string; price: string | number }>(result);
  if (answered.length === 0) return 0;
  const phone = { id: productId, heading: productHeading(answered[0]!), price: Number(answered[0]!.price) };
  await notifyMany(
    tx,
    answered.map((row) => ({ userId: row.user_id, type: "product" as const, title: STOCK_ALERT_TEXTS.backTitle, message: STOCK_ALERT_TEXTS.back(phone.heading, phone.price) })),
  );
  for (const row of answered) await queueEmail(tx, backInStockEmail(row.email, phone, site.publicUrl));
  return answered.length;
}
