import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { type TestApp, startTestApp } from "./app";
import { createDatabaseFor } from "./database";

/*
 * Set-ups a describe block shares: each registers its beforeAll and afterAll and returns a
 * function that gives the thing once the block's tests run.
 */

/** A fresh folder under the system's temporary folder, removed after the block. */
export function useTempDir(prefix: string): () => string {
  let dir: string | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), prefix));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  return () => dir ?? fail("useTempDir");
}

/** A fresh, migrated embedded database, closed after the block. */
export function useTestDatabase(): () => DatabaseHandle {
  return useDatabaseFor("pglite");
}

/** A fresh, migrated database of the engine, closed after the block. */
export function useDatabaseFor(engine: "pglite" | "postgres"): () => DatabaseHandle {
  let database: DatabaseHandle | undefined;
  beforeAll(async () => {
    database = await createDatabaseFor(engine);
  });
  afterAll(async () => {
    await database?.close();
  });
  return () => database ?? fail("useDatabaseFor");
}

/** The whole app on a free port over a fresh embedded database, both closed after the block. */
export function useTestApp(env: Record<string, string> = {}): { database: () => DatabaseHandle; app: () => TestApp } {
  return useTestAppOn("pglite", env);
}

/** The whole app on a free port over a fresh database of the engine, both closed after the block. */
export function useTestAppOn(engine: "pglite" | "postgres", env: Record<string, string> = {}): { database: () => DatabaseHandle; app: () => TestApp } {
  let database: DatabaseHandle | undefined;
  let app: TestApp | undefined;
  beforeAll(async () => {
    database = await createDatabaseFor(engine);
    app = await startTestApp(database, env);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  return { database: () => database ?? fail("useTestAppOn"), app: () => app ?? fail("useTestAppOn") };
}

function fail(helper: string): never {
  throw new Error(`${helper}() is read before its beforeAll ran`);
}
