import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { recordActivity } from "../activity/service";
import { type Actor, assertMay } from "../core/access";
import { findUserIdByEmail, grantRole } from "./roles";
import { userRoles } from "../../db/schema/accounts";

/** Serialises super-admin grants so two first-time bootstraps cannot both succeed. */
const SUPER_ADMIN_LOCK = 7_451_001;

export async function superAdminExists(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: userRoles.id }).from(userRoles).where(eq(userRoles.role, "super_admin")).limit(1);
  return Boolean(row);
}

/**
 * Makes the signed-in user the first super admin; refused once any super admin exists
 * (docs/super-admin.md).
 */
export async function bootstrapSuperAdmin(db: Database, actor: Pick<Actor, "userId" | "email">): Promise<"assigned" | "exists"> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SUPER_ADMIN_LOCK})`);
    if (await superAdminExists(tx)) return "exists";
    await grantRole(tx, actor.userId, "super_admin");
    await recordActivity(tx, {
      userId: actor.userId,
      userType: "admin",
      activityType: "super_admin_bootstrapped",
      description: `${actor.email} became the first super admin`,
    });
    return "assigned";
  });
}

/** The server's operator, running `npm run create-super-admin` on the machine itself. */
export const COMMAND_LINE = "command-line";

/** A super admin (or the operator) makes another existing user super admin, by e-mail. */
export async function grantSuperAdminByEmail(
  db: Database,
  by: Actor | typeof COMMAND_LINE,
  email: string,
): Promise<"assigned" | "no-user"> {
  const actor = by === COMMAND_LINE ? null : by;
  if (actor) assertMay(actor, "manage_admins");
  return db.transaction(async (tx) => {
    const userId = await findUserIdByEmail(tx, email);
    if (!userId) return "no-user";
    await tx.execute(sql`select pg_advisory_xact_lock(${SUPER_ADMIN_LOCK})`);
    await grantRole(tx, userId, "super_admin");
    await recordActivity(tx, {
      userId: actor?.userId ?? userId,
      userType: "admin",
      activityType: "super_admin_granted",
      description: `${email.trim().toLowerCase()} was made super admin${actor ? ` by ${actor.email}` : " from the command line"}`,
    });
    return "assigned";
  });
}
