import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { Refusal } from "../core/refusal";
import { z } from "../../lib/zod";
import type { Database } from "../../db/client";
import type { Viewer } from "../accounts/viewer";
import { type Grade, LIMITS } from "../../lib/constants";
import { products } from "../../db/schema/catalog";
import { displayPrice, listed, phoneLineColumns, shown } from "../catalog/summary";
import { publishLiveEvent } from "../live/events";
import { cart } from "../../db/schema/cart";
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
 * and no line ever holds more than the stock (docs/cart-and-checkout.md). Only listed phones can be
 * added: approved, shown by an approved vendor, with stock (docs/storefront.md).
 */
export async function addToCart(db: Database, actor: Pick<Viewer, "userId">, input: z.infer<typeof addToCartSchema>): Promise<AddedToCart> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ stock: products.stockQuantity })
      .from(products)
      .where(and(eq(products.id, input.productId), shown))
      .for("share");
    if (!product) throw new Refusal("not_found", CART_TEXTS.unavailable);
    if (product.stock <= 0) throw new Refusal("conflict", CART_TEXTS.outOfStock);

    const [existing] = await tx
      .select({ quantity: cart.quantity })
      .from(cart)
      .where(and(eq(cart.customerId, actor.userId), eq(cart.productId, input.productId)))
      .for("update");
    const wanted = (existing?.quantity ?? 0) + input.quantity;
    const most = lineCap(product.stock);
    const [line] = await tx
      .insert(cart)
      .values({ customerId: actor.userId, productId: input.productId, quantity: Math.min(input.quantity, most) })
      .onConflictDoUpdate({
        target: [cart.customerId, cart.productId],
        set: { quantity: sql`least(${cart.quantity} + ${input.quantity}, ${most})`, updatedAt: sql`now()` },
      })
      .returning({ quantity: cart.quantity });
    return {
      lineQuantity: line?.quantity ?? 0,
      cappedAt: wanted > most ? most : null,
      cartCount: await announceCartChange(tx, actor.userId),
    };
  });
}

export const cartItemIdSchema = z.guid({ error: CART_TEXTS.itemNotFound });

export const setQuantitySchema = z.object({
  itemId: cartItemIdSchema,
  // Zero or less removes the line (docs/cart-and-checkout.md); the upper bound only stops absurd input.
  quantity: z.coerce
    .number({ error: "Quantity must be a whole number" })
    .int("Quantity must be a whole number")
    .max(9999, "Quantity must be a whole number"),
});

/** One line of the cart page, with the phone it holds. Prices are kobo. */
export interface CartLine {
  id: string;
  quantity: number;
  product: {
    id: string;
    name: string;
    brand: string;
    model: string;
    grade: Grade;
    image: string | null;
    /** What the buyer pays per phone: the final price, else the suggested price. */
    price: number;
    stock: number;
    /** Approved, live and in stock: only such lines can be checked out. */
    available: boolean;
  };
}

/** The phone of a cart line, as the cart and a Buy Now checkout read it. */
export const cartProductColumns = {
  ...phoneLineColumns,
  price: displayPrice.mapWith(Number),
  stock: products.stockQuantity,
  // The listing rule itself (docs/storefront.md): hidden, sold-out or unapproved phones cannot be checked out.
  available: sql<boolean>`${listed}`.mapWith(Boolean),
};

type CartProductRow = Omit<CartLine["product"], "id"> & { productId: string };

export function cartLineOf(id: string, quantity: number, row: CartProductRow): CartLine {
  const { productId, image, ...product } = row;
  return { id, quantity, product: { id: productId, ...product, image: image || null } };
}

/** The buyer's cart, oldest line first, each with its phone (docs/cart-and-checkout.md, load cart). */
export async function listCart(db: Database, userId: string): Promise<CartLine[]> {
  const rows = await db
    .select({ id: cart.id, quantity: cart.quantity, ...cartProductColumns })
    .from(cart)
    .innerJoin(products, eq(products.id, cart.productId))
    .where(eq(cart.customerId, userId))
    .orderBy(asc(cart.createdAt), asc(cart.id));
  return rows.map(({ id, quantity, ...product }) => cartLineOf(id, quantity, product));
}

/** Subtotal (Σ price × quantity, kobo) and item count (Σ quantities) of some lines (docs/cart-and-checkout.md). */
export function summarizeCart(lines: CartLine[]): { subtotal: number; itemCount: number } {
  return lines.reduce(
    (sum, line) => ({ subtotal: sum.subtotal + line.product.price * line.quantity, itemCount: sum.itemCount + line.quantity }),
    { subtotal: 0, itemCount: 0 },
  );
}

export interface CartChange {
  /** The line's quantity now; null when the line was removed. */
  quantity: number | null;
  /** Set when the asked quantity was above the stock and the line was capped there. */
  cappedAt: number | null;
  cartCount: number;
}

/**
 * Sets a line's quantity: zero or less removes it, more than the stock is capped at the stock.
 * Only the buyer's own lines are found; anyone else's is "not found".
 */
export async function setCartQuantity(db: Database, actor: Pick<Viewer, "userId">, input: z.infer<typeof setQuantitySchema>): Promise<CartChange> {
  if (input.quantity <= 0) return { ...(await removeCartItem(db, actor, input.itemId)), cappedAt: null };
  return db.transaction(async (tx) => {
    const [line] = await tx
      .select({ stock: products.stockQuantity })
      .from(cart)
      .innerJoin(products, eq(products.id, cart.productId))
      .where(ownLine(actor.userId, input.itemId))
      .for("update", { of: cart });
    if (!line) throw new Refusal("not_found", CART_TEXTS.itemNotFound);
    if (line.stock <= 0) throw new Refusal("conflict", CART_TEXTS.outOfStock);
    const quantity = Math.min(input.quantity, lineCap(line.stock));
    await tx.update(cart).set({ quantity, updatedAt: sql`now()` }).where(ownLine(actor.userId, input.itemId));
    return { quantity, cappedAt: quantity < input.quantity ? quantity : null, cartCount: await announceCartChange(tx, actor.userId) };
  });
}

export async function removeCartItem(db: Database, actor: Pick<Viewer, "userId">, itemId: string): Promise<{ quantity: null; cartCount: number }> {
  return db.transaction(async (tx) => {
    const removed = await tx.delete(cart).where(ownLine(actor.userId, itemId)).returning({ id: cart.id });
    if (removed.length === 0) throw new Refusal("not_found", CART_TEXTS.itemNotFound);
    return { quantity: null, cartCount: await announceCartChange(tx, actor.userId) };
  });
}

/** Empties the buyer's cart (docs/cart-and-checkout.md, clear cart). */
export async function clearCart(db: Database, actor: Pick<Viewer, "userId">): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await tx.delete(cart).where(eq(cart.customerId, actor.userId)).returning({ id: cart.id });
    if (removed.length > 0) await announceCartChange(tx, actor.userId);
  });
}

/** A line holds at most the stock, and at most what one order takes of one graded phone. */
const lineCap = (stock: number) => Math.min(stock, LIMITS.maxUnitsPerLine);

function ownLine(userId: string, itemId: string) {
  return and(eq(cart.id, itemId), eq(cart.customerId, userId));
}

/** Deletes the lines a paid checkout bought (docs/cart-and-checkout.md, on success); returns how many went. */
export async function removeCheckedOutLines(tx: Database, userId: string, productIds: readonly string[]): Promise<number> {
  if (productIds.length === 0) return 0;
  const removed = await tx
    .delete(cart)
    .where(and(eq(cart.customerId, userId), inArray(cart.productId, [...productIds])))
    .returning({ id: cart.id });
  if (removed.length > 0) await announceCartChange(tx, userId);
  return removed.length;
}

/** Tells the buyer's other tabs and devices the cart changed; returns the new badge count. */
async function announceCartChange(tx: Database, userId: string): Promise<number> {
  const count = await countCartItems(tx, userId);
  await publishLiveEvent(tx, userId, { kind: "cart.updated", count });
  return count;
}

/** The cart badge: the sum of quantities (docs/cart-and-checkout.md). */
export async function countCartItems(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`coalesce(sum(${cart.quantity}), 0)`.mapWith(Number) })
    .from(cart)
    .where(eq(cart.customerId, userId));
  return row?.count ?? 0;
}
