import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { LIMITS, type Role, type UserType } from "../../lib/constants";
import { assertMay, may } from "../core/access";
import { users } from "../../db/schema/accounts";
import { newestFirst } from "../core/paging";
import { userActivities } from "../../db/schema/activity";

export interface ActivityEvent {
  userId: string | null;
  userType: UserType;
  activityType: string;
  description: string;
  metadata?: Record<string, unknown>;
}

/** The activity log's user_type for a role: buyers, vendors, and admins (super admins included). */
export function userTypeOf(role: Role): UserType {
  if (may({ role }, "sell")) return "vendor";
  if (may({ role }, "back_office")) return "admin";
  return "buyer";
}

/** Records a real event; written by the server only (docs/admin.md, user activity). */
export async function recordActivity(db: Database, event: ActivityEvent): Promise<void> {
  await db.insert(userActivities).values({
    userId: event.userId,
    userType: event.userType,
    activityType: event.activityType,
    activityDescription: event.description,
    metadata: event.metadata ?? {},
  });
}

export interface ActivityEntry {
  id: string;
  userId: string | null;
  userType: UserType;
  activityType: string;
  description: string;
  /** Who did it; null for an entry without a user or whose user was deleted. */
  actorEmail: string | null;
  createdAt: string;
}

/**
 * The 100 newest entries of the activity log (docs/admin.md), optionally of one user type;
 * admins only. Serves both the admin dashboard's Activities tab and its JSON endpoint.
 */
export async function listActivities(
  db: Database,
  actor: { role: Role },
  filter: { userType?: UserType },
): Promise<ActivityEntry[]> {
  assertMay(actor, "back_office");
  const rows = await newestActivitiesQuery(db, filter);
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }));
}

/**
 * The statement behind listActivities, apart so its plan can be checked. Ordered as the
 * created_at indexes are (DESC NULLS LAST), so it reads one of them newest first and stops at
 * 100 rows instead of sorting the whole log.
 */
export function newestActivitiesQuery(db: Database, filter: { userType?: UserType }) {
  return db
    .select({
      id: userActivities.id,
      userId: userActivities.userId,
      userType: userActivities.userType,
      activityType: userActivities.activityType,
      description: userActivities.activityDescription,
      actorEmail: users.email,
      createdAt: userActivities.createdAt,
    })
    .from(userActivities)
    .leftJoin(users, eq(users.id, userActivities.userId))
    .where(filter.userType ? eq(userActivities.userType, filter.userType) : undefined)
    .orderBy(newestFirst(userActivities.createdAt))
    .limit(LIMITS.activityLogLimit);
}
