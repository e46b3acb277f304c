import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { liveEvents } from "../../db/schema/live";
import { DAY_MS } from "../../lib/lagos-time";

/**
 * The PostgreSQL channel every app instance listens on. The payload is the user id (new events),
 * or SESSIONS_ENDED_PREFIX and the user id (the user's sessions were ended).
 */
export const LIVE_CHANNEL = "live_events";

const SESSIONS_ENDED_PREFIX = "sessions-ended:";

export type LiveNotice = { kind: "events" | "sessions-ended"; userId: string };

export function parseLiveNotice(payload: string): LiveNotice {
  return payload.startsWith(SESSIONS_ENDED_PREFIX)
    ? { kind: "sessions-ended", userId: payload.slice(SESSIONS_ENDED_PREFIX.length) }
    : { kind: "events", userId: payload };
}

/**
 * Tells every instance that the user's sessions were ended (sign-out everywhere, password reset),
 * so each closes the user's open event streams whose session is gone, within moments. Call it
 * once the sessions are deleted (committed).
 */
export async function announceSessionsEnded(db: Database, userId: string): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${SESSIONS_ENDED_PREFIX + userId})`);
}

/** How long events are kept for streams that reconnect. */
export const LIVE_EVENT_RETENTION_MS = DAY_MS;

export interface NotificationPayload {
  id: string;
  title: string;
  message: string;
  type: string;
  read: boolean;
  createdAt: string;
}

export type LiveEvent =
  // `unread` is the user's unread count once the change is made, so every page shows the same badge.
  | { kind: "notification.created"; notification: NotificationPayload; unread: number }
  | { kind: "notification.updated"; notification: NotificationPayload; unread: number }
  | { kind: "notifications.all-read"; unread: 0 }
  | { kind: "cart.updated"; count: number }
  | { kind: "order.updated"; orderId: string; status: string };

export interface StoredLiveEvent {
  id: number;
  event: LiveEvent;
}

/**
 * Records an event for one user and wakes every instance's streams. Call it inside the
 * transaction that made the change: PostgreSQL delivers the NOTIFY only when that
 * transaction commits, and a rollback takes the event with it.
 */
export function publishLiveEvent(tx: Database, userId: string, event: LiveEvent): Promise<void> {
  return publishLiveEvents(tx, [{ userId, event }]);
}

/** Several events, for one user or many, in three statements whatever their number. */
export async function publishLiveEvents(tx: Database, entries: ReadonlyArray<{ userId: string; event: LiveEvent }>): Promise<void> {
  if (entries.length === 0) return;
  const users = [...new Set(entries.map((entry) => entry.userId))].sort();
  // One writer per user at a time, held until commit, so a user's event ids become visible
  // in increasing order and a stream that has seen id n can never later miss an id below n.
  // Users are locked in one order, so two transactions never wait on each other in a cycle.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('live_events'), hashtext(u)) from unnest(${sql.param(users)}::text[]) as u order by u`);
  await tx.insert(liveEvents).values(entries.map(({ userId, event: { kind, ...payload } }) => ({ userId, kind, payload })));
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, u) from unnest(${sql.param(users)}::text[]) as u`);
}

/** Most events read from the table at once; a stream further behind reads again. */
export const LIVE_READ_BATCH = 200;

/** The user's events after `afterId`, oldest first. */
export async function readLiveEvents(db: Database, userId: string, afterId: number, limit = LIVE_READ_BATCH): Promise<StoredLiveEvent[]> {
  const rows = await db
    .select({ id: liveEvents.id, kind: liveEvents.kind, payload: liveEvents.payload })
    .from(liveEvents)
    .where(and(eq(liveEvents.userId, userId), gt(liveEvents.id, afterId)))
    .orderBy(asc(liveEvents.id))
    .limit(limit);
  return rows.map((row) => ({ id: row.id, event: { kind: row.kind, ...(row.payload as object) } as LiveEvent }));
}

/** The id a fresh stream starts after: the user's newest event, or 0. */
export async function latestLiveEventId(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${liveEvents.id}), 0)`.mapWith(Number) })
    .from(liveEvents)
    .where(eq(liveEvents.userId, userId));
  return row?.id ?? 0;
}

export async function pruneLiveEvents(db: Database, now = new Date()): Promise<void> {
  await db.delete(liveEvents).where(lt(liveEvents.createdAt, new Date(now.getTime() - LIVE_EVENT_RETENTION_MS)));
}
