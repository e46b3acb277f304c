/**
 * Buy Now (docs/cart-and-checkout.md): checkout with exactly one phone at the chosen quantity, outside the
 * cart. The address carries the choice (`/checkout?buy=<id>&qty=n`), so it works without scripts;
 * the server decides what it shows and, at Place Order, what is bought.
 */
import { and, eq } from "drizzle-orm";
import { z } from "../../lib/zod";
import type { Database } from "../../db/client";
import { LIMITS } from "../../lib/constants";
import { type CartLine, cartLineOf, cartProductColumns } from "../cart/service";
import { products } from "../../db/schema/catalog";
import { listed } from "../catalog/summary";

export const BUY_NOW_LINE_ID = "buy-now";

export const buyNowQuerySchema = z.object({
  buy: z.guid(),
  qty: z.coerce.number().int().min(1).catch(1),
});

/** The phone as the one line of a Buy Now checkout, its quantity within the stock and the per-line cap; null when it is not listed. */
export async function buyNowLine(db: Database, query: URLSearchParams): Promise<CartLine | null> {
  const parsed = buyNowQuerySchema.safeParse(Object.fromEntries(query));
  if (!parsed.success) return null;
  const [row] = await db.select(cartProductColumns).from(products).where(and(eq(products.id, parsed.data.buy), listed));
  if (!row) return null;
  const quantity = Math.max(1, Math.min(parsed.data.qty, row.stock, LIMITS.maxUnitsPerLine));
  return cartLineOf(BUY_NOW_LINE_ID, quantity, row);
}
