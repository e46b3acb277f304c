import { type SQL, sql } from "drizzle-orm";

/** `('a', 'b')` as literal SQL, for CHECK constraints over the spec's constant lists. */
export function sqlList(values: readonly string[]): SQL {
  return sql.raw(`(${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", ")})`);
}
