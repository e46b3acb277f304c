/**
 * The shop's SQL run straight against PostgreSQL with pgbench: for a query, the statements the
 * app sends when it works a page out (the page, the count when the page does not tell the total,
 * and for a search the similarity threshold, in one transaction), at the same connection count.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Database } from "../db/client";
import { SEARCH_SIMILARITY_THRESHOLD, searchTerm, shopStatements } from "../domain/catalog/shop";
import { type ShopQueryInput, parseShopQuery } from "../domain/catalog/shop-query";
import { CONNECTIONS } from "./http-load";

export interface RawResult {
  transactionsPerSecond: number;
  averageMs: number;
}

/** The SQL text of one shop request, parameters written in as literals (pgbench takes a script). */
export function shopSqlScript(input: ShopQueryInput, withCount: boolean): string {
  // Builds statements only: this pool never connects.
  const db = drizzle(new pg.Pool()) as unknown as Database;
  const query = parseShopQuery(input);
  const statements = shopStatements(db, query);
  const lines = [statements.page, ...(withCount ? [statements.count] : [])].map((statement) => `${inline(statement.toSQL())};`);
  if (!searchTerm(query.search)) return lines.join("\n");
  return ["begin;", `select set_config('pg_trgm.word_similarity_threshold', '${SEARCH_SIMILARITY_THRESHOLD}', true);`, ...lines, "commit;"].join("\n");
}

function inline({ sql, params }: { sql: string; params: unknown[] }): string {
  return sql.replace(/\$(\d+)/g, (_, index: string) => {
    const value = params[Number(index) - 1];
    return typeof value === "number" ? String(value) : pg.escapeLiteral(String(value));
  });
}

export function runPgbench(databaseUrl: string, script: string, scriptFile: string, seconds: number): RawResult {
  writeFileSync(scriptFile, `${script}\n`);
  const result = spawnSync(
    "pgbench",
    ["--no-vacuum", "--protocol=extended", `--client=${CONNECTIONS}`, "--jobs=2", `--time=${seconds}`, `--file=${scriptFile}`, databaseUrl],
    { encoding: "utf8" },
  );
  if (result.error) throw new Error(`pgbench could not run (${result.error.message}); install it with: apt-get install postgresql-client`);
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(result.stdout);
  const latency = /latency average = ([\d.]+) ms/.exec(result.stdout);
  if (result.status !== 0 || !tps || !latency) throw new Error(`pgbench failed: ${result.stderr || result.stdout}`);
  return { transactionsPerSecond: Number(tps[1]), averageMs: Number(latency[1]) };
}
