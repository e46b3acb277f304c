import { sql } from "drizzle-orm";
import { check, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { CMS_SECTIONS } from "../../lib/constants";
import { users } from "./accounts";
import { sqlList } from "../sql-list";

export const cmsContent = pgTable(
  "cms_content",
  {
    section: text("section").primaryKey(),
    content: jsonb("content").$type<Record<string, unknown>>().notNull(),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("cms_content_section_known", sql`${t.section} in ${sqlList(CMS_SECTIONS)}`),
    check("cms_content_is_object", sql`jsonb_typeof(${t.content}) = 'object'`),
  ],
);
