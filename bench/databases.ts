/**
 * The benchmark's databases: a PostgreSQL database made afresh at BENCH_DATABASE_URL and an
 * embedded one in a data folder, each migrated, seeded with the demo shop (whose pictures go
 * to the data folder the app will serve) and grown to the catalogue size; for the load test, a
 * PostgreSQL database with the demo shop alone.
 */
import path from "node:path";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../db/client";
import { migrate } from "../db/migrate";
import { seedDemoData } from "../db/seed";
import { type CatalogueSize, growCatalogue } from "./catalogue";

export interface PreparedDatabase {
  size: CatalogueSize;
  seconds: number;
}

/** Drops and creates the database named in `url` (its server's `postgres` database does the work). */
export async function recreatePostgresDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`The database URL must name a database of lower-case letters, digits and _ (got "${name}")`);
  const maintenance = new URL(url);
  maintenance.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}

export async function preparePostgres(url: string, dataDir: string, size: CatalogueSize): Promise<PreparedDatabase> {
  await recreatePostgresDatabase(url);
  return fill(await openDatabase({ databaseUrl: url }), dataDir, size);
}

/** A fresh PostgreSQL database with the demo shop only (its pictures in the data folder). */
export async function prepareDemoPostgres(url: string, dataDir: string): Promise<void> {
  await recreatePostgresDatabase(url);
  const handle = await openDatabase({ databaseUrl: url });
  try {
    await migrateAndSeed(handle, dataDir);
  } finally {
    await handle.close();
  }
}

export async function preparePglite(dataDir: string, size: CatalogueSize): Promise<PreparedDatabase> {
  return fill(await openDatabase({ pgliteDir: path.join(dataDir, "db") }), dataDir, size);
}

async function fill(handle: DatabaseHandle, dataDir: string, size: CatalogueSize): Promise<PreparedDatabase> {
  const started = performance.now();
  try {
    await migrateAndSeed(handle, dataDir);
    const grown = await growCatalogue(handle, size);
    return { size: grown, seconds: (performance.now() - started) / 1000 };
  } finally {
    await handle.close();
  }
}

async function migrateAndSeed(handle: DatabaseHandle, dataDir: string): Promise<void> {
  await migrate(handle);
  await seedDemoData(handle.db, { uploadsDir: path.join(dataDir, "uploads") });
}
