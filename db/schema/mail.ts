import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAtColumn, uuidPrimaryKey } from "./columns";

export const outboxStatusEnum = pgEnum("email_status", ["pending", "sent", "failed"]);

/** Every e-mail is written here first; delivery (SMTP or the dev mailbox) reads from it. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuidPrimaryKey(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    status: outboxStatusEnum("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAtColumn(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    check("email_outbox_attempts_nonnegative", sql`${t.attempts} >= 0`),
    index("email_outbox_created_idx").on(t.createdAt.desc()),
    index("email_outbox_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);
