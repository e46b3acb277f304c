import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client";
import type { Viewer } from "../accounts/viewer";
import { products } from "../catalog/schema";
import { cart } from "./schema";
import { CART_TEXTS } from "./texts";

export { CART_TEXTS, addedToCartText, stockCapText } from "./texts";

export const addToCartSchema = z.object({
  productId: z.guid({ error: CART_TEXTS.unavailable }),
  quantity: z.coerce
    .number({ error: "Quantity must be a whole number from 1 to 99" })
    .int("Quantity must be a whole number from 1 to 99")
    .min(1, "Quantity must be a whole number from 1 to 99")
    .max(99, "Quantity must be a whole number from 1 to 99")
    .default(1),
});

export class CartError extends Error {
  constructor(
    readonly status: 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

export interface AddedToCart {
  /** What this product's line holds now. */
  lineQuantity: number;
  /** Set when the line was capped at the stock. */
  cappedAt: number | null;
  /** Σ quantities of the whole cart, for the badge. */
  cartCount: number;
}

/**
 * Adds a phone to the buyer's cart: one line per customer and product, an existing line grows,
 * and no line ever holds more than the stock (storefront.md §4, §5). Only approved, live
 * phones with stock can be added.
 */
export async function addToCart(db: Database, actor: Pick<Viewer, "userId">, input: z.infer<typeof addToCartSchema>): Promise<AddedToCart> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ stock: products.stockQuantity })
      .from(products)
      .where(and(eq(products.id, input.productId), eq(products.status, "approved"), eq(products.isLive, true)))
      .for("share");
    if (!product) throw new CartError(404, CART_TEXTS.unavailable);
    if (product.stock <= 0) throw new CartError(409, CART_TEXTS.outOfStock);

    const [existing] = await tx
      .select({ quantity: cart.quantity })
      .from(cart)
      .where(and(eq(cart.customerId, actor.userId), eq(cart.productId, input.productId)))
      .for("update");
    const wanted = (existing?.quantity ?? 0) + input.quantity;
    const [line] = await tx
      .insert(cart)
      .values({ customerId: actor.userId, productId: input.productId, quantity: Math.min(input.quantity, product.stock) })
      .onConflictDoUpdate({
        target: [cart.customerId, cart.productId],
        set: { quantity: sql`least(${cart.quantity} + ${input.quantity}, ${product.stock})`, updatedAt: sql`now()` },
      })
      .returning({ quantity: cart.quantity });
    return {
      lineQuantity: line?.quantity ?? 0,
      cappedAt: wanted > product.stock ? product.stock : null,
      cartCount: await countCartItems(tx, actor.userId),
    };
  });
}

/** The cart badge: the sum of quantities (storefront.md §9). */
export async function countCartItems(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`coalesce(sum(${cart.quantity}), 0)`.mapWith(Number) })
    .from(cart)
    .where(eq(cart.customerId, userId));
  return row?.count ?? 0;
}
