import { bigserial, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAtColumn, userReference } from "./columns";

/**
 * What each signed-in browser is told live: new and updated notifications, cart and order
 * changes. Rows are kept for a while so a reconnecting stream resumes from its last event id.
 */
export const liveEvents = pgTable(
  "live_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: userReference("user_id", () => users.id, "cascade"),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index("live_events_user_id_idx").on(t.userId, t.id), index("live_events_created_idx").on(t.createdAt)],
);
