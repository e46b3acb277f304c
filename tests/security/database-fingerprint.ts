import type { DatabaseHandle } from "../../db/client";

/*
 * A fingerprint of the whole database: every table's row count and a hash of its rows, so a
 * test can prove that a request changed nothing at all. Works the same on PGlite and PostgreSQL.
 */

export type DatabaseFingerprint = Record<string, { rows: number; hash: string }>;

async function tablesOf(database: DatabaseHandle): Promise<string[]> {
  const rows = await database.query<{ name: string }>(
    `select quote_ident(table_schema) || '.' || quote_ident(table_name) as name
       from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1`,
  );
  return rows.map((row) => row.name);
}

/** Every table's rows, hashed in a stable order (by their text), read in one statement. */
export async function fingerprintDatabase(database: DatabaseHandle): Promise<DatabaseFingerprint> {
  const tables = await tablesOf(database);
  const perTable = tables.map(
    (table) =>
      `select ${quoteLiteral(table)} as name, count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as hash from ${table} t`,
  );
  const rows = await database.query<{ name: string; rows: number; hash: string }>(perTable.join(" union all "));
  return Object.fromEntries(rows.map((row) => [row.name, { rows: row.rows, hash: row.hash }]));
}

const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The tables whose rows differ between two fingerprints (empty when nothing changed). */
export function changedTables(before: DatabaseFingerprint, after: DatabaseFingerprint): string[] {
  const tables = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...tables].filter((table) => before[table]?.hash !== after[table]?.hash || before[table]?.rows !== after[table]?.rows).sort();
}
