import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/**
 * Every catalogue photo uploaded through the shop, with who uploaded it: a listing may only
 * show photos its own vendor (or the admin editing it) uploaded (decisions.md 23).
 */
export const uploadedImages = pgTable(
  "uploaded_images",
  {
    /** The public URL the upload was stored at (`/uploads/products/…`). */
    url: text("url").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("uploaded_images_owner_idx").on(t.ownerId, t.createdAt.desc())],
);
