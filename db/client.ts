import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The one database type domain services take, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Raw SQL without Drizzle, for health checks and tests. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export type DatabaseTarget = { databaseUrl: string } | { pgliteDir: string } | { inMemory: true };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ("databaseUrl" in target) return openPostgres(target.databaseUrl);
  return openPglite("pgliteDir" in target ? target.pgliteDir : undefined);
}

async function openPostgres(databaseUrl: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20, connectionTimeoutMillis: 5000 });
  // A pool error on an idle client must not crash the process; the next query reports it.
  pool.on("error", () => {});
  const client = await pool.connect();
  client.release();
  return {
    db: drizzleNodePg(pool, { schema }) as unknown as Database,
    kind: "postgres",
    query: async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[],
    close: () => pool.end(),
  };
}

async function openPglite(dataDir?: string): Promise<DatabaseHandle> {
  const releaseLock = dataDir ? lockDataDir(dataDir) : () => {};
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  } catch (error) {
    releaseLock();
    throw error;
  }
  return {
    db: drizzlePglite(client, { schema }) as unknown as Database,
    kind: "pglite",
    query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}

export class DatabaseInUseError extends Error {}

/**
 * The embedded database belongs to one process: a second one writing the same files would
 * corrupt it. A lock file holding the owner's pid guards the folder; a stale one (owner gone) is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const lockFile = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(readFileSync(lockFile, "utf8"));
      if (owner !== process.pid && isRunning(owner)) {
        throw new DatabaseInUseError(
          `The embedded database in ${dataDir} is in use by another process (pid ${owner}): stop it or set DATA_DIR to another folder.`,
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseInUseError(`Cannot lock the embedded database in ${dataDir}.`);
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
