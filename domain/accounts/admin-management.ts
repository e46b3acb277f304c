import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { type Actor, assertMay, holdersOf } from "../core/access";
import { Refusal } from "../core/refusal";
import type { Database } from "../../db/client";
import { recordActivity } from "../activity/service";
import { ADMIN_MANAGEMENT_TEXTS } from "./admin-management-validation";
import { grantRole, resolveRole } from "./roles";
import { profiles, userRoles, users } from "../../db/schema/accounts";

export { ADMIN_MANAGEMENT_TEXTS };

export interface AdminUser {
  /** The user_roles row. */
  roleId: string;
  userId: string;
  email: string;
  fullName: string | null;
  role: "admin" | "super_admin";
  assignedAt: string;
}

/** Admin and super admin role rows, newest first (docs/super-admin.md, user_roles). */
export async function listAdminUsers(db: Database, actor: Actor): Promise<AdminUser[]> {
  assertMay(actor, "manage_admins");
  const rows = await db
    .select({
      roleId: userRoles.id,
      userId: userRoles.userId,
      email: users.email,
      fullName: profiles.fullName,
      role: userRoles.role,
      assignedAt: userRoles.assignedAt,
    })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .leftJoin(profiles, eq(profiles.userId, userRoles.userId))
    .where(inArray(userRoles.role, holdersOf("back_office")))
    .orderBy(desc(userRoles.assignedAt))
    .limit(500);
  return rows.map((row) => ({ ...row, role: row.role as AdminUser["role"], assignedAt: row.assignedAt.toISOString() }));
}


/** Gives an existing user the admin role; super admins keep theirs. */
export async function assignAdminRole(db: Database, actor: Actor, identifier: string): Promise<{ email: string }> {
  assertMay(actor, "manage_admins");
  return db.transaction(async (tx) => {
    const key = identifier.trim();
    const [user] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(key.includes("@") ? eq(users.email, key.toLowerCase()) : or(eq(users.id, key), eq(users.email, key.toLowerCase())));
    if (!user) throw new Refusal("not_found", ADMIN_MANAGEMENT_TEXTS.noSuchUser);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('user_roles'), hashtext(${user.id}))`);
    if ((await resolveRole(tx, user.id)) === "super_admin") throw new Refusal("conflict", ADMIN_MANAGEMENT_TEXTS.alreadySuperAdmin);
    await grantRole(tx, user.id, "admin");
    await recordActivity(tx, {
      userId: actor.userId,
      userType: "admin",
      activityType: "admin_role_assigned",
      description: `${actor.email} gave ${user.email} the admin role`,
      metadata: { target_user_id: user.id },
    });
    return { email: user.email };
  });
}

/** Removes an admin role row; super admin rows are refused (docs/super-admin.md). */
export async function removeAdminRole(db: Database, actor: Actor, roleId: string): Promise<{ email: string }> {
  assertMay(actor, "manage_admins");
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ role: userRoles.role, userId: userRoles.userId, email: users.email })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(and(eq(userRoles.id, roleId), inArray(userRoles.role, holdersOf("back_office"))));
    if (!row) throw new Refusal("not_found", ADMIN_MANAGEMENT_TEXTS.notFound);
    if (row.role === "super_admin") throw new Refusal("conflict", ADMIN_MANAGEMENT_TEXTS.superAdminRow);
    await tx.delete(userRoles).where(eq(userRoles.id, roleId));
    await recordActivity(tx, {
      userId: actor.userId,
      userType: "admin",
      activityType: "admin_role_removed",
      description: `${actor.email} removed the admin role from ${row.email}`,
      metadata: { target_user_id: row.userId },
    });
    return { email: row.email };
  });
}
