import { sql } from "drizzle-orm";
import { check, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { CMS_SECTIONS } from "../../lib/constants";
import { users } from "./accounts";
import { sqlList } from "../sql-list";
import { updatedAtColumn } from "./columns";

export const cmsContent = pgTable(
  "cms_content",
  {
    section: text("section").primaryKey(),
    content: jsonb("content").$type<Record<string, unknown>>().notNull(),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check("cms_content_section_known", sql`${t.section} in ${sqlList(CMS_SECTIONS)}`),
    check("cms_content_is_object", sql`jsonb_typeof(${t.content}) = 'object'`),
  ],
);
