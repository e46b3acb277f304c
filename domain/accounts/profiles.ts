import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { profiles } from "../../db/schema/accounts";

/** Creates or renames the profile row of a user (full_name, docs/accounts.md). */
export async function saveProfile(db: Database, userId: string, fullName: string): Promise<void> {
  await db
    .insert(profiles)
    .values({ userId, fullName })
    .onConflictDoUpdate({ target: profiles.userId, set: { fullName, updatedAt: sql`now()` } });
}

export async function getFullName(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ fullName: profiles.fullName }).from(profiles).where(eq(profiles.userId, userId));
  return row?.fullName ?? null;
}
