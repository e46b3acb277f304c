import { createHash, randomBytes } from "node:crypto";
import { readFile, readdir, rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { type DatabaseHandle, type DatabaseOptions, openDatabase } from "../../db/client";
import { MIGRATIONS_FOLDER, migrate } from "../../db/migrate";

let snapshot: Promise<Blob> | undefined;

/**
 * An empty database with every migration applied, dumped once and kept in the temporary folder
 * under a hash of the migrations: starting PGlite from it skips initdb and the migrations, which
 * cost most of a test file's set-up.
 */
function migratedSnapshot(): Promise<Blob> {
  snapshot ??= (async () => {
    const hash = createHash("sha256");
    for (const file of (await readdir(MIGRATIONS_FOLDER, { recursive: true })).sort()) {
      if (file.endsWith(".sql") || file.endsWith(".json")) hash.update(file).update(await readFile(path.join(MIGRATIONS_FOLDER, file)));
    }
    const file = path.join(tmpdir(), `tokunbo-test-schema-${hash.digest("hex").slice(0, 16)}.tar`);
    const kept = await readFile(file).catch(() => null);
    if (kept) return new Blob([kept]);
    const handle = await openDatabase({ inMemory: true });
    await migrate(handle);
    const dump = await handle.dumpDataDir!();
    await handle.close();
    const partial = `${file}.${process.pid}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  })();
  return snapshot;
}

/** A fresh, migrated, in-memory PGlite database. */
export async function createTestDatabase(options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  const handle = await openDatabase({ inMemory: true, from: await migratedSnapshot() }, options);
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
