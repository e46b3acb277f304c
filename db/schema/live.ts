import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/**
 * What each signed-in browser is told live: new and updated notifications, cart and order
 * changes. Rows are kept for a while so a reconnecting stream resumes from its last event id.
 */
export const liveEvents = pgTable(
  "live_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("live_events_user_id_idx").on(t.userId, t.id), index("live_events_created_idx").on(t.createdAt)],
);
