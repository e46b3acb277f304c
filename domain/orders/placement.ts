/**
 * The order rows a checkout writes and the payment they hang on (docs/cart-and-checkout.md): the
 * pending orders placed with their history entry, and a payment replaced ('Pay now') or
 * recorded by hand taking them over.
 */
import { type SQL, and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { orders } from "../../db/schema/orders";
import { recordOrderStatus } from "./history";

/** An order row as checkout writes it; the commission rate may be read by SQL at insert time. */
export type NewOrder = Omit<typeof orders.$inferInsert, "commissionRate"> & { status: "pending"; commissionRate: SQL<number> | number };

/** Inserts a checkout's pending orders, each with its 'pending' history entry; answers their ids in the order given. */
export async function insertPendingOrders(tx: Database, rows: readonly NewOrder[]): Promise<string[]> {
  const placed = await tx.insert(orders).values([...rows]).returning({ id: orders.id });
  const orderIds = placed.map((o) => o.id);
  await recordOrderStatus(tx, orderIds.map((orderId) => ({ orderId, status: "pending" as const })));
  return orderIds;
}

/** A new payment takes over the still pending orders of the one it replaces. */
export async function movePendingOrders(tx: Database, fromPaymentId: string, toPaymentId: string): Promise<void> {
  await tx
    .update(orders)
    .set({ paymentId: toPaymentId, updatedAt: sql`now()` })
    .where(and(eq(orders.paymentId, fromPaymentId), eq(orders.status, "pending")));
}

/** One order is paid by another payment (one recorded by hand). */
export async function attachPayment(tx: Database, orderId: string, paymentId: string): Promise<void> {
  await tx.update(orders).set({ paymentId, updatedAt: sql`now()` }).where(eq(orders.id, orderId));
}
