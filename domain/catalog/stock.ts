/**
 * Stock moves only through these conditional updates, so it never goes below zero and two
 * buyers can never hold the same last phone (docs/cart-and-checkout.md). Stock never touches the vendor's
 * switch (docs/storefront.md): a phone whose last unit is reserved leaves the lists because it is
 * sold out, and comes back when a unit is given back.
 */
import { and, eq, gte, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client";
import { vendors } from "../../db/schema/vendors";
import { products } from "../../db/schema/catalog";
import { displayPrice, listed } from "./summary";
import { type SiteLink, announceRestock } from "./stock-alerts";

export interface ReservedUnit {
  productId: string;
  vendorId: string;
  name: string;
  /** Kobo: what the buyer pays per phone now (final price, else suggested). */
  unitPrice: number;
}

/**
 * Takes `quantity` units of a listed phone out of stock. Null when the phone is not for sale
 * (hidden, sold out, unapproved) or has fewer units left: nothing changed then.
 */
export async function reserveStock(tx: Database, productId: string, quantity: number): Promise<ReservedUnit | null> {
  const [row] = await tx
    .update(products)
    .set({
      stockQuantity: sql`${products.stockQuantity} - ${quantity}`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(products.id, productId), eq(products.isLive, true), gte(products.stockQuantity, quantity), listed))
    .returning({ productId: products.id, vendorId: products.vendorId, name: products.name, unitPrice: displayPrice.mapWith(Number) });
  return row ?? null;
}

/**
 * Takes units again for an order whose reservation had been released (a payment confirmed
 * late). Unlike a new checkout it ignores is_live: the buyer already paid for this phone.
 */
export async function reserveStockAgain(tx: Database, productId: string, quantity: number): Promise<boolean> {
  const taken = await tx
    .update(products)
    .set({
      stockQuantity: sql`${products.stockQuantity} - ${quantity}`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(products.id, productId), gte(products.stockQuantity, quantity)))
    .returning({ id: products.id });
  return taken.length > 0;
}

/**
 * Gives units back. A phone that had sold out is listed again, unless its vendor hid it or is
 * no longer approved; buyers waiting for it are told (`site` gives their e-mail its link).
 */
export async function restoreStock(tx: Database, productId: string, quantity: number, site: SiteLink = {}): Promise<void> {
  await tx
    .update(products)
    .set({
      stockQuantity: sql`${products.stockQuantity} + ${quantity}`,
      updatedAt: sql`now()`,
    })
    .where(eq(products.id, productId));
  await announceRestock(tx, productId, site);
}

type Sale = { productId: string; vendorId: string; quantity: number; totalAmount: number };

/** A first sale counts towards the phone's units sold and the vendor's sales; -1 takes it back. */
export function countSale(tx: Database, sale: Sale, sign: 1 | -1): Promise<void> {
  return countSales(tx, [sale], sign);
}

/**
 * Several sales at once: one update of the phones and one of the vendors, whatever their number.
 * Every row is locked before anything is written, in one global order (phones by id, then vendors
 * by id), as checkout locks phones: two transactions counting sales of the same checkout otherwise
 * each held a row the other waited for (a phone's update also takes the catalogue version) and
 * deadlocked.
 */
export async function countSales(tx: Database, sales: readonly Sale[], sign: 1 | -1): Promise<void> {
  if (sales.length === 0) return;
  const units = totalsBy(sales, (sale) => sale.productId, (sale) => sale.quantity);
  const amounts = totalsBy(sales, (sale) => sale.vendorId, (sale) => sale.totalAmount);
  await lockInIdOrder(tx, products, [...units.keys()]);
  await lockInIdOrder(tx, vendors, [...amounts.keys()]);
  await addToTotal(tx, { table: products, total: products.unitsSold, type: "int" }, units, sign);
  await addToTotal(tx, { table: vendors, total: vendors.totalSales, type: "bigint" }, amounts, sign);
}

/** A running total of phones or vendors: the table, its column and the column's SQL type. */
interface RunningTotal {
  table: typeof products | typeof vendors;
  total: AnyPgColumn;
  type: "int" | "bigint";
}

async function lockInIdOrder(tx: Database, table: typeof products | typeof vendors, ids: string[]): Promise<void> {
  await tx.execute(sql`select id from ${table} where id = any(${sql.param(ids)}::uuid[]) order by id for update`);
}

/** Adds (or with -1 takes off) each row's amount, never below zero; the rows are already locked. */
async function addToTotal(tx: Database, { table, total, type }: RunningTotal, amounts: Map<string, number>, sign: 1 | -1): Promise<void> {
  await tx.execute(sql`
    update ${table} set ${sql.identifier(total.name)} = greatest(0, ${total} + ${sign} * sold.amount)
    from unnest(${sql.param([...amounts.keys()])}::uuid[], ${sql.param([...amounts.values()])}::${sql.raw(type)}[]) as sold(id, amount)
    where ${table.id} = sold.id`);
}

function totalsBy<T>(items: readonly T[], key: (item: T) => string, amount: (item: T) => number): Map<string, number> {
  const totals = new Map<string, number>();
  for (const item of items) totals.set(key(item), (totals.get(key(item)) ?? 0) + amount(item));
  return totals;
}
