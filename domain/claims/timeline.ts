/** The timelines of claims and returns (docs/after-sale.md): each step with who took it, read for many at once. */
import { asc, inArray } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client";
import type { ActorRole } from "../../lib/constants";

/** One step as the buyer, the vendor and the admins see it. */
export interface TimelineEvent {
  kind: string;
  actorRole: ActorRole;
  note: string | null;
  at: string;
}

/** A table of steps (db/schema/columns.ts, `eventColumns`): one row per step of a claim or a return, numbered in order. */
type EventsTable = PgTable & {
  id: AnyPgColumn;
  kind: AnyPgColumn<{ data: string; notNull: true }>;
  actorRole: AnyPgColumn<{ data: ActorRole; notNull: true }>;
  note: AnyPgColumn<{ data: string }>;
  createdAt: AnyPgColumn<{ data: Date; notNull: true }>;
};

/** The steps of each of `ids` in `table`, oldest first, keyed by the id in `parentId` (every id has a list, maybe empty). */
export async function timelinesOf(db: Database, table: EventsTable, parentId: AnyPgColumn<{ data: string; notNull: true }>, ids: readonly string[]): Promise<Map<string, TimelineEvent[]>> {
  const timelines = new Map<string, TimelineEvent[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return timelines;
  const found = await db
    .select({ parentId, kind: table.kind, actorRole: table.actorRole, note: table.note, at: table.createdAt })
    .from(table)
    .where(inArray(parentId, [...ids]))
    .orderBy(asc(parentId), asc(table.id));
  for (const event of found) timelines.get(event.parentId)?.push({ kind: event.kind, actorRole: event.actorRole, note: event.note, at: event.at.toISOString() });
  return timelines;
}
