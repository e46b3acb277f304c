import { sql } from "drizzle-orm";
import { type AnyPgColumn, bigserial, check, index, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { ACTOR_ROLES, type ActorRole } from "../../lib/constants";
import { sqlList } from "../sql-list";

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

/**
 * The columns of a table of steps (a claim's, a return's…), oldest first by id: the row they
 * belong to (`parent`, in column `parentColumn`, deleted with it), who took the step (kept as
 * null once the user is gone) in which role, the step's kind, an optional note, and when.
 */
export const eventColumns = <K extends string>(parent: K, parentColumn: string, parentTarget: () => AnyPgColumn, userTarget: () => AnyPgColumn) => ({
  id: bigserial("id", { mode: "number" }).primaryKey(),
  ...({ [parent]: uuidReference(parentColumn, parentTarget, "cascade") } as { [P in K]: ReturnType<typeof uuidReference> }),
  actorId: text("actor_id").references(userTarget, { onDelete: "set null" }),
  actorRole: text("actor_role").$type<ActorRole>().notNull(),
  kind: text("kind").notNull(),
  note: text("note"),
  createdAt: createdAtColumn(),
});

/** A table of steps' index on its parent's steps in order (`{table}_{parent}_idx`) and its check of the actor's role. */
export const eventIndexes = (table: string, parentName: string, t: { parent: AnyPgColumn; id: AnyPgColumn; actorRole: AnyPgColumn }) => [
  index(`${table}_${parentName}_idx`).on(t.parent, t.id),
  check(`${table}_actor_role_known`, sql`${t.actorRole} in ${sqlList(ACTOR_ROLES)}`),
];
