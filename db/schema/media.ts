import { index, pgTable, text } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAtColumn, userReference } from "./columns";

/**
 * Every catalogue photo uploaded through the shop, with who uploaded it: a listing may only
 * show photos its own vendor (or the admin editing it) uploaded (docs/vendors.md).
 */
export const uploadedImages = pgTable(
  "uploaded_images",
  {
    /** The public URL the upload was stored at (`/uploads/products/…`). */
    url: text("url").primaryKey(),
    ownerId: userReference("owner_id", () => users.id, "cascade"),
    createdAt: createdAtColumn(),
  },
  (t) => [index("uploaded_images_owner_idx").on(t.ownerId, t.createdAt.desc())],
);
