import { fileURLToPath } from "node:url";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { DatabaseHandle } from "./client";

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));

/** Applies every pending SQL migration; safe to run at every start and from several instances. */
export async function migrate(handle: DatabaseHandle, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  if (handle.kind === "postgres") {
    // Instances starting together take turns: the lock is held for this transaction only.
    await handle.db.transaction(async (tx) => {
      await tx.execute("select pg_advisory_xact_lock(7261001)");
      await migrateNodePg(tx as unknown as NodePgDatabase, { migrationsFolder });
    });
    return;
  }
  await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
}
