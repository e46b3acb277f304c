/**
 * Every table has one writing module (docs/architecture.md): every insert, update and delete in
 * domain/, in Drizzle or in SQL, is read here and checked against the owner list in
 * tests/table-owners.ts. The order's status and the flag for refund each have one writer.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "../db/schema";
import { TABLE_OWNERS, WRITES_ANY_TABLE } from "./table-owners";

const root = path.resolve(import.meta.dirname, "..");

interface Source {
  file: string;
  text: string;
}

/** Drizzle's table variables (`orders`) and their names in the database (`orders`). */
const TABLE_OF_VARIABLE = new Map<string, string>(
  Object.entries(schema).flatMap(([name, value]): Array<[string, string]> => (is(value, PgTable) ? [[name, getTableName(value)]] : [])),
);

const DRIZZLE_WRITE = /\.(?:insert|update|delete)\(\s*([A-Za-z_]\w*)\s*\)/g;
const SQL_WRITE = /\b(?:insert\s+into|delete\s+from|update)\s+"?([a-z_]+)"?(?:\s+set\b|\s*\(|\s+(?:values|select|where|using|as)\b|\s*$)/gim;

function domainSources(dir = "domain"): Source[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const file = `${dir}/${name}`;
    if (statSync(path.join(root, file)).isDirectory()) return domainSources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [{ file, text: readFileSync(path.join(root, file), "utf8") }] : [];
  });
}

/** The tables each source writes, by database name, once per statement. */
function writesOf(source: Source): string[] {
  const drizzle = [...source.text.matchAll(DRIZZLE_WRITE)].map((m) => TABLE_OF_VARIABLE.get(m[1]!)).filter((t): t is string => t !== undefined);
  const sql = [...source.text.matchAll(SQL_WRITE)].map((m) => m[1]!).filter((t) => t in TABLE_OWNERS);
  return [...drizzle, ...sql];
}

const moduleOf = (file: string) => file.split("/")[1]!;

/** Every write of a table by a module that does not own it, as `file: table`. */
export function foreignWrites(sources: readonly Source[]): string[] {
  const found = new Set<string>();
  for (const source of sources) {
    if (WRITES_ANY_TABLE.includes(source.file)) continue;
    for (const table of writesOf(source)) {
      const owner = TABLE_OWNERS[table];
      if (owner === undefined) found.add(`${source.file}: ${table} (a table with no owner)`);
      else if (owner !== moduleOf(source.file)) found.add(`${source.file}: ${table}`);
    }
  }
  return [...found].sort();
}

/** Files that write `column` of a table in Drizzle (`.set({ column:`) or SQL (`set column =`), outside `allowed`. */
function writersOf(sources: readonly Source[], drizzle: RegExp, sql: RegExp): string[] {
  return sources.filter((source) => drizzle.test(source.text) || sql.test(source.text)).map((source) => source.file);
}

describe("table owners", () => {
  const sources = domainSources();

  it("every table in the schema has an owner, and every owner is a domain module", () => {
    const modules = readdirSync(path.join(root, "domain")).filter((name) => statSync(path.join(root, "domain", name)).isDirectory());
    expect([...new Set(TABLE_OF_VARIABLE.values())].filter((table) => !(table in TABLE_OWNERS))).toEqual([]);
    expect(Object.values(TABLE_OWNERS).filter((owner) => !modules.includes(owner))).toEqual([]);
  });

  it("no module writes a table it does not own, but the privacy deletion", () => {
    expect(foreignWrites(sources)).toEqual([]);
  });

  it("reports a deliberate foreign write, in Drizzle and in SQL", () => {
    const fixture: Source = {
      file: "domain/reviews/fixture.ts",
      text: [
        "await tx.update(orders).set({ status: \"cancelled\" }).where(eq(orders.id, id));",
        "await tx\n  .insert(payments)\n  .values(row);",
        "await tx.execute(sql`update vendors set total_sales = 0`);",
        "await tx.update(reviews).set({ status: \"approved\" });",
      ].join("\n"),
    };
    expect(foreignWrites([fixture])).toEqual(["domain/reviews/fixture.ts: orders", "domain/reviews/fixture.ts: payments", "domain/reviews/fixture.ts: vendors"]);
    expect(foreignWrites([{ ...fixture, file: "domain/privacy/deletion.ts" }])).toEqual([]);
  });

  it("an order's status has one writer: domain/orders/status-writer.ts", () => {
    const writers = writersOf(sources, /\.update\(orders\)\s*\.set\(\{[^}]*\bstatus:/, /update\s+orders\s+set\s+status\b/i);
    expect(writers).toEqual(["domain/orders/status-writer.ts"]);
  });

  it("a payment is flagged for refund in one place: domain/payments/refund-flags.ts", () => {
    const writers = writersOf(sources, /flaggedForRefund:\s*true/, /flagged_for_refund\s*=\s*true/i);
    expect(writers).toEqual(["domain/payments/refund-flags.ts"]);
  });
});
