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
  /** LISTENs on a channel; resolves once listening, with a function that stops. */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /**
   * Runs `task` only if no other holder of this lock runs it now, on any instance sharing the
   * database (a session advisory lock on PostgreSQL); resolves undefined when it was taken.
   */
  exclusively<T>(lockKey: number, task: () => Promise<T>): Promise<T | undefined>;
  /** PGlite only: the database's files as one tarball, to start a copy from (`from`). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  onNotify(payload: string): void;
  /** Called after a lost listening connection is back: notifications in between were missed. */
  onReconnect?(): void;
}

/** `from` starts an in-memory database as a copy of a dumped one (`dumpDataDir`), skipping initdb. */
export type DatabaseTarget = { databaseUrl: string } | { pgliteDir: string } | { inMemory: true; from?: Blob };

export interface DatabaseOptions {
  /** Called with the text of every statement sent through Drizzle or `query` (tests count them). */
  onQuery?: (sql: string) => void;
}

export async function openDatabase(target: DatabaseTarget, options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  if ("databaseUrl" in target) return openPostgres(target.databaseUrl, options);
  if ("pgliteDir" in target) return openPglite({ dataDir: target.pgliteDir }, options);
  return openPglite({ loadDataDir: target.from }, options);
}

/** Drizzle's settings: the schema, and a logger only when someone listens to the statements. */
function drizzleConfig({ onQuery }: DatabaseOptions) {
  return onQuery ? { schema, logger: { logQuery: (query: string) => onQuery(query) } } : { schema };
}

async function openPostgres(databaseUrl: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20, connectionTimeoutMillis: 5000 });
  // A pool error on an idle client must not crash the process; the next query reports it.
  pool.on("error", () => {});
  const client = await pool.connect();
  client.release();
  return {
    db: drizzleNodePg(pool, drizzleConfig(options)) as unknown as Database,
    kind: "postgres",
    query: async <T>(text: string, params?: unknown[]) => {
      options.onQuery?.(text);
      return (await pool.query(text, params)).rows as T[];
    },
    listen: (channel, handlers) => listenOnPostgres(databaseUrl, channel, handlers),
    exclusively: async (lockKey, task) => {
      const holder = await pool.connect();
      try {
        const [row] = (await holder.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [lockKey])).rows;
        if (!row?.locked) return undefined;
        try {
          return await task();
        } finally {
          await holder.query("select pg_advisory_unlock($1)", [lockKey]);
        }
      } finally {
        holder.release();
      }
    },
    close: () => pool.end(),
  };
}

async function openPglite(storage: { dataDir?: string; loadDataDir?: Blob }, options: DatabaseOptions): Promise<DatabaseHandle> {
  const running = new Set<number>();
  const releaseLock = storage.dataDir ? lockDataDir(storage.dataDir) : () => {};
  let client: PGlite;
  try {
    client = await PGlite.create({ ...storage, extensions: { pg_trgm } });
  } catch (error) {
    releaseLock();
    throw error;
  }
  return {
    db: drizzlePglite(client, drizzleConfig(options)) as unknown as Database,
    kind: "pglite",
    query: async <T>(text: string, params?: unknown[]) => {
      options.onQuery?.(text);
      return (await client.query<T>(text, params)).rows;
    },
    listen: async (channel, { onNotify }) => {
      const unlisten = await client.listen(channel, onNotify);
      return () => unlisten();
    },
    // One process owns an embedded database, so a lock in memory is enough.
    exclusively: async (lockKey, task) => {
      if (running.has(lockKey)) return undefined;
      running.add(lockKey);
      try {
        return await task();
      } finally {
        running.delete(lockKey);
      }
    },
    dumpDataDir: async () => (await client.dumpDataDir("none")) as Blob,
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}

const LISTEN_RETRY_MS = { first: 500, max: 15_000 };

/**
 * A connection of its own that LISTENs (a pooled one would be handed to other queries) and
 * comes back by itself after a restart or network loss, telling the caller so it can catch up.
 */
async function listenOnPostgres(databaseUrl: string, channel: string, handlers: ListenHandlers): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs = LISTEN_RETRY_MS.first;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: databaseUrl, keepAlive: true, connectionTimeoutMillis: 5000 });
    client.on("notification", (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? "");
    });
    const lost = () => reconnectLater(client);
    client.on("error", lost);
    client.on("end", lost);
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      client.removeListener("end", lost);
      await client.end().catch(() => {});
      throw error;
    }
    current = client;
    retryMs = LISTEN_RETRY_MS.first;
  };

  const reconnectLater = (client: pg.Client) => {
    if (stopped || (current !== null && current !== client)) return;
    current = null;
    client.removeAllListeners("end");
    void client.end().catch(() => {});
    if (retryTimer) return;
    retryTimer = setTimeout(async () => {
      retryTimer = undefined;
      try {
        await connect();
        handlers.onReconnect?.();
      } catch {
        retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MS.max);
        if (!stopped && !current) reconnectLater(client);
      }
    }, retryMs);
    retryTimer.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    const client = current;
    current = null;
    if (client) {
      client.removeAllListeners("end");
      await client.end().catch(() => {});
    }
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
