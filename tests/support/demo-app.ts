import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { seedDemoShop } from "./demo-images";
import { DEMO_PASSWORD } from "../../db/seed/demo-accounts";
import { type TestApp, signInAs, startTestApp } from "./app";
import { createDatabaseFor } from "./database";

export interface DemoApp extends TestApp {
  database: DatabaseHandle;
}

/** A fresh database of the engine holding the demo data. */
export async function createDemoDatabase(engine: "pglite" | "postgres"): Promise<DatabaseHandle> {
  const database = await createDatabaseFor(engine);
  // The seed writes its photos here; the app serves uploads from its own folder, so they are not needed after.
  const seedUploads = await mkdtemp(path.join(tmpdir(), "tokunbo-seed-"));
  try {
    await seedDemoShop(database.db, { uploadsDir: seedUploads });
  } finally {
    await rm(seedUploads, { recursive: true, force: true });
  }
  return database;
}

/** The whole app over a fresh database holding the demo data; `close` closes both. */
export async function startDemoApp(engine: "pglite" | "postgres", env: Record<string, string> = {}): Promise<DemoApp> {
  const database = await createDemoDatabase(engine);
  const app = await startTestApp(database, env);
  return {
    ...app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** For a describe block: the whole app over a fresh database of the engine holding the demo data, closed after the block. */
export function useDemoApp(engine: "pglite" | "postgres"): { database: () => DatabaseHandle; app: () => DemoApp } {
  let app: DemoApp | undefined;
  beforeAll(async () => {
    app = await startDemoApp(engine);
  });
  afterAll(() => app?.close());
  const started = (): DemoApp => {
    if (!app) throw new Error("useDemoApp() is read before its beforeAll ran");
    return app;
  };
  return { database: () => started().database, app: started };
}

/** Session cookies of the demo customer, vendor, admin and super admin. */
export async function signInDemoAccounts(base: string): Promise<Record<"customer" | "vendor" | "admin" | "superAdmin", string>> {
  return {
    customer: await signInAs(base, "customer@tokunbo.test", DEMO_PASSWORD),
    vendor: await signInAs(base, "vendor@tokunbo.test", DEMO_PASSWORD),
    admin: await signInAs(base, "admin@tokunbo.test", DEMO_PASSWORD),
    superAdmin: await signInAs(base, "superadmin@tokunbo.test", DEMO_PASSWORD),
  };
}
