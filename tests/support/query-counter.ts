/** Counting the statements the app sends to its database, to keep pages free of N+1 queries. */
import { type DatabaseHandle, openDatabase } from "../../db/client";
import { createPostgresTestDatabase, createTestDatabase } from "./database";

export interface CountedDatabase {
  /** A fresh, migrated database whose every statement (Drizzle's, better-auth's, raw ones) is seen. */
  database: DatabaseHandle;
  /** The statements sent while `work` ran, in order; one recording at a time. */
  statementsDuring(work: () => Promise<unknown>): Promise<string[]>;
}

export async function openCountedDatabase(engine: "pglite" | "postgres"): Promise<CountedDatabase> {
  let recording: string[] | null = null;
  const onQuery = (sql: string) => recording?.push(sql);
  const database = engine === "pglite" ? await openCountedPglite(onQuery) : await openCountedPostgres(onQuery);
  return {
    database,
    async statementsDuring(work) {
      if (recording) throw new Error("Statements are being recorded already");
      const statements: string[] = [];
      recording = statements;
      try {
        await work();
      } finally {
        recording = null;
      }
      return statements;
    },
  };
}

function openCountedPglite(onQuery: (sql: string) => void): Promise<DatabaseHandle> {
  return createTestDatabase({ onQuery });
}

/** A counted connection to a fresh PostgreSQL test database; closing it drops the database. */
async function openCountedPostgres(onQuery: (sql: string) => void): Promise<DatabaseHandle> {
  const created = await createPostgresTestDatabase();
  if (!created) throw new Error("TEST_DATABASE_URL is not set");
  const counted = await openDatabase({ databaseUrl: created.url }, { onQuery });
  return {
    ...counted,
    close: async () => {
      await counted.close();
      await created.close();
    },
  };
}

/**
 * A statement with its parameter lists and repeated rows folded, so `in ($1, $2)` and
 * `in ($1, $2, $3)`, or a two-row and a ten-row insert, read as one.
 */
export function statementShape(sql: string): string {
  return sql
    .replace(/\s+/g, " ")
    .replace(/\$\d+(?:\s*,\s*\$\d+)*/g, "$n")
    .replace(/(\([^()]*\))(?:, \1)+/g, "$1, …")
    .trim();
}

function tally(statements: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const statement of statements) {
    const shape = statementShape(statement);
    counts.set(shape, (counts.get(shape) ?? 0) + 1);
  }
  return counts;
}

const SHOWN_CHARACTERS = 240;

/** Each statement sent a different number of times, as `2× → 14× select …`. */
export function changedStatements(few: readonly string[], many: readonly string[]): string[] {
  const before = tally(few);
  const after = tally(many);
  return [...new Set([...before.keys(), ...after.keys()])]
    .filter((shape) => before.get(shape) !== after.get(shape))
    .map((shape) => `${before.get(shape) ?? 0}× → ${after.get(shape) ?? 0}× ${shape.slice(0, SHOWN_CHARACTERS)}`);
}

/**
 * Null when a request sent as many statements with many items shown as with few; otherwise
 * what to read in the failure: the request, both counts and the statements whose count changed.
 */
export function statementGrowth(request: string, few: readonly string[], many: readonly string[]): string | null {
  if (few.length === many.length) return null;
  return [
    `${request}: ${few.length} statements with few items, ${many.length} with many. Changed:`,
    ...changedStatements(few, many).map((line) => `  ${line}`),
  ].join("\n");
}
