import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { LIMITS, type NotificationType } from "../../lib/constants";
import { type NotificationPayload, publishLiveEvent, publishLiveEvents } from "../live/events";
import { notifications } from "../../db/schema/notifications";
import { userRoles, users } from "../../db/schema/accounts";
import { holdersOf } from "../core/access";

export { NOTIFICATION_TEXTS, WELCOME_NOTIFICATION } from "./texts";

export type Notification = NotificationPayload;

const COLUMNS = {
  id: notifications.id,
  title: notifications.title,
  message: notifications.message,
  type: notifications.type,
  read: notifications.read,
  createdAt: notifications.createdAt,
};

function toPayload(row: { id: string; title: string; message: string; type: string; read: boolean; createdAt: Date }): Notification {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/**
 * Tells a user something: stores the notification and pushes it to their open pages.
 * Pass the caller's transaction so the notification exists exactly when the change it
 * announces does (an order's status, a vendor's approval, a product's review).
 */
export async function notify(tx: Database, userId: string, type: NotificationType, title: string, message: string): Promise<Notification> {
  const [notification] = await notifyMany(tx, [{ userId, type, title, message }]);
  return notification!;
}

export interface NewNotification {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
}

/**
 * Several notifications, to one user or many, in a fixed number of statements: one insert, one
 * count of each user's unread, and the live events. Each event carries its user's unread count
 * once all of them are in.
 */
export async function notifyMany(tx: Database, items: readonly NewNotification[]): Promise<Notification[]> {
  if (items.length === 0) return [];
  const rows = await tx.insert(notifications).values([...items]).returning({ ...COLUMNS, userId: notifications.userId });
  const unread = await countUnreadOf(tx, [...new Set(items.map((item) => item.userId))]);
  await publishLiveEvents(
    tx,
    rows.map(({ userId, ...row }) => ({ userId, event: { kind: "notification.created", notification: toPayload(row), unread: unread.get(userId) ?? 0 } })),
  );
  return rows.map(({ userId: _, ...row }) => toPayload(row));
}

async function countUnreadOf(tx: Database, userIds: string[]): Promise<Map<string, number>> {
  const rows = await tx
    .select({ userId: notifications.userId, count: sql<number>`count(*)`.mapWith(Number) })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), eq(notifications.read, false)))
    .groupBy(notifications.userId);
  return new Map(rows.map((row) => [row.userId, row.count]));
}

/** The user's newest notifications, newest first. */
export async function listNotifications(db: Database, userId: string, limit: number = LIMITS.notificationsShown): Promise<Notification[]> {
  const rows = await db
    .select(COLUMNS)
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  return rows.map(toPayload);
}

/** What the bell and /notifications show: the newest notifications and the unread count. */
export async function loadNotificationCentre(db: Database, userId: string): Promise<{ notifications: Notification[]; unread: number }> {
  const [notifications, unread] = await Promise.all([listNotifications(db, userId), countUnread(db, userId)]);
  return { notifications, unread };
}

/** The unread badge. */
export async function countUnread(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
  return row?.count ?? 0;
}

/** Marks one of the user's own notifications read; false when it is not theirs or does not exist. */
export async function markNotificationRead(db: Database, userId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning(COLUMNS);
    if (!row) return false;
    await publishLiveEvent(tx, userId, { kind: "notification.updated", notification: toPayload(row), unread: await countUnread(tx, userId) });
    return true;
  });
}

export async function markAllNotificationsRead(db: Database, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
      .returning({ id: notifications.id });
    if (updated.length > 0) await publishLiveEvent(tx, userId, { kind: "notifications.all-read", unread: 0 });
  });
}

/** Every admin and super admin, with their e-mail address: who is told when something needs the back office. */
export async function backOfficeTeam(tx: Database): Promise<Array<{ userId: string; email: string }>> {
  return tx
    .selectDistinct({ userId: users.id, email: users.email })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(inArray(userRoles.role, [...holdersOf("back_office")]));
}
