import { asc, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { ActorRole, OrderStatus } from "../../lib/constants";
import { orderStatusHistory } from "../../db/schema/orders";

export interface OrderStatusEntry {
  orderId: string;
  status: OrderStatus;
  note?: string | null;
  /** Who made the move; left out for moves nobody in particular made (checkout, payment). */
  actorId?: string | null;
  actorRole?: ActorRole | null;
}

/** Records that orders entered a status, inside the caller's transaction. */
export async function recordOrderStatus(tx: Database, entries: readonly OrderStatusEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(orderStatusHistory).values(
    entries.map((e) => ({ orderId: e.orderId, status: e.status, note: e.note ?? null, actorId: e.actorId ?? null, actorRole: e.actorRole ?? null })),
  );
}

export interface OrderHistoryItem {
  status: OrderStatus;
  note: string | null;
  at: string;
  /** Who moved it (the order's timeline words it per audience); null when not recorded. */
  by: ActorRole | null;
}

/** The status history of each given order, oldest first, in one query. */
export async function listOrderHistory(db: Database, orderIds: readonly string[]): Promise<Map<string, OrderHistoryItem[]>> {
  const history = new Map<string, OrderHistoryItem[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return history;
  const rows = await db
    .select({
      orderId: orderStatusHistory.orderId,
      status: orderStatusHistory.status,
      note: orderStatusHistory.note,
      at: orderStatusHistory.createdAt,
      by: orderStatusHistory.actorRole,
    })
    .from(orderStatusHistory)
    .where(inArray(orderStatusHistory.orderId, [...orderIds]))
    .orderBy(asc(orderStatusHistory.orderId), asc(orderStatusHistory.id));
  for (const row of rows) history.get(row.orderId)?.push({ status: row.status, note: row.note, at: row.at.toISOString(), by: row.by ?? null });
  return history;
}
