import { desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { LIMITS, type Role, type UserType } from "../../lib/constants";
import { AccessDeniedError, isOneOf } from "../accounts/roles";
import { userActivities } from "./schema";

export interface ActivityEvent {
  userId: string | null;
  userType: UserType;
  activityType: string;
  description: string;
  metadata?: Record<string, unknown>;
}

/** The activity log's user_type for a role: buyers, vendors, and admins (super admins included). */
export function userTypeOf(role: Role): UserType {
  if (role === "vendor") return "vendor";
  if (role === "admin" || role === "super_admin") return "admin";
  return "buyer";
}

/** Records a real event; written by the server only (operations.md §3, user activity). */
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
  createdAt: string;
}

/** The newest entries of the activity log, optionally of one user type (admins only). */
export async function listActivities(
  db: Database,
  actor: { role: Role },
  filter: { userType?: UserType },
): Promise<ActivityEntry[]> {
  if (!isOneOf(actor.role, ["admin", "super_admin"])) throw new AccessDeniedError();
  const rows = await db
    .select({
      id: userActivities.id,
      userId: userActivities.userId,
      userType: userActivities.userType,
      activityType: userActivities.activityType,
      description: userActivities.activityDescription,
      createdAt: userActivities.createdAt,
    })
    .from(userActivities)
    .where(filter.userType ? eq(userActivities.userType, filter.userType) : undefined)
    .orderBy(desc(userActivities.createdAt))
    .limit(LIMITS.activityLogLimit);
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }));
}
