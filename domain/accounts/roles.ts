import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { Role } from "../../lib/constants";
import { userRoles, users } from "../../db/schema/accounts";

export const DEFAULT_ROLE: Role = "customer";

/**
 * The user's role: the most recently assigned user_roles row; customer when there is none or
 * the lookup fails (docs/accounts.md).
 */
export async function resolveRole(db: Database, userId: string, onError?: (error: unknown) => void): Promise<Role> {
  try {
    const [row] = await db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, userId))
      .orderBy(desc(userRoles.assignedAt))
      .limit(1);
    return row?.role ?? DEFAULT_ROLE;
  } catch (error) {
    onError?.(error);
    return DEFAULT_ROLE;
  }
}

/** Grants a role, making it the user's current one (a repeated grant moves it to the top). */
export async function grantRole(db: Database, userId: string, role: Role): Promise<void> {
  await db
    .insert(userRoles)
    .values({ userId, role })
    .onConflictDoUpdate({ target: [userRoles.userId, userRoles.role], set: { assignedAt: sql`clock_timestamp()` } });
}

export async function revokeRole(db: Database, userId: string, role: Role): Promise<void> {
  await db.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)));
}

export async function findUserIdByEmail(db: Database, email: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row?.id ?? null;
}
