import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../../db/client";
import { migrate } from "../../db/migrate";

/** A fresh, migrated, in-memory PGlite database. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const handle = await openDatabase({ inMemory: true });
  await migrate(handle);
  return handle;
}

/**
 * A fresh, migrated PostgreSQL database on the server of TEST_DATABASE_URL (dropped on close),
 * or null when TEST_DATABASE_URL is unset.
 */
export async function createPostgresTestDatabase(): Promise<(DatabaseHandle & { url: string }) | null> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return null;
  const name = `tokunbo_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await migrate(handle);
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** Both engines when PostgreSQL is configured, for tests that must hold on each. */
export const TEST_ENGINES = process.env.TEST_DATABASE_URL ? (["pglite", "postgres"] as const) : (["pglite"] as const);

export async function createDatabaseFor(engine: "pglite" | "postgres"): Promise<DatabaseHandle> {
  if (engine === "pglite") return createTestDatabase();
  const handle = await createPostgresTestDatabase();
  if (!handle) throw new Error("TEST_DATABASE_URL is not set");
  return handle;
}
