import { index, jsonb, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { USER_TYPES } from "../../lib/constants";
import { users } from "./accounts";
import { createdAtColumn, uuidPrimaryKey } from "./columns";

export const userTypeEnum = pgEnum("activity_user_type", USER_TYPES);

/** Written by the server for real events only, never by the browser. */
export const userActivities = pgTable(
  "user_activities",
  {
    id: uuidPrimaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    userType: userTypeEnum("user_type").notNull(),
    activityType: text("activity_type").notNull(),
    activityDescription: text("activity_description").notNull(),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index("user_activities_created_idx").on(t.createdAt.desc()),
    index("user_activities_type_created_idx").on(t.userType, t.createdAt.desc()),
    index("user_activities_user_idx").on(t.userId),
  ],
);
