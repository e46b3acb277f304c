import { type AnyPgColumn, text, timestamp, uuid } from "drizzle-orm/pg-core";

/*
 * Column shapes most tables share, written once. Each call makes a new column builder, so a
 * table may use them like any other column.
 */

type OnDelete = "cascade" | "restrict" | "set null";

export const uuidPrimaryKey = () => uuid("id").primaryKey().defaultRandom();

export const createdAtColumn = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const updatedAtColumn = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** When a row was made and last changed, for the tables that keep both. */
export const timestampColumns = () => ({ createdAt: createdAtColumn(), updatedAt: updatedAtColumn() });

/** A required link to a row keyed by uuid (a product, vendor, order…). */
export const uuidReference = (name: string, target: () => AnyPgColumn, onDelete: OnDelete) =>
  uuid(name).notNull().references(target, { onDelete });

/** A required link to a user (user ids are text). */
export const userReference = (name: string, target: () => AnyPgColumn, onDelete: OnDelete) =>
  text(name).notNull().references(target, { onDelete });
