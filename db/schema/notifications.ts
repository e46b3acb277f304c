import { boolean, index, pgTable, text } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./accounts";
import { createdAtColumn, userReference, uuidPrimaryKey } from "./columns";

export const notifications = pgTable(
  "notifications",
  {
    id: uuidPrimaryKey(),
    userId: userReference("user_id", () => users.id, "cascade"),
    title: text("title").notNull(),
    message: text("message").notNull(),
    /** order, product, warning, error; anything else is shown in the default style. */
    type: text("type").notNull().default("info"),
    read: boolean("read").notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("notifications_user_unread_idx").on(t.userId).where(sql`not ${t.read}`),
  ],
);
