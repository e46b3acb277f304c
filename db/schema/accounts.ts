import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { ROLES } from "../../lib/constants";
import { createdAtColumn, timestampColumns, userReference, uuidPrimaryKey } from "./columns";

/*
 * Auth tables in the shape better-auth 1.7.7 expects (use its drizzle adapter with usePlural):
 * the JS property names are better-auth's field names; the SQL names are snake_case.
 */
export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  ...timestampColumns(),
  /** Set when the owner deleted the account: personal fields are replaced and sign-in is gone (docs/accounts.md). */
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ...timestampColumns(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: userReference("user_id", () => users.id, "cascade"),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: userReference("user_id", () => users.id, "cascade"),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestampColumns(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestampColumns(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/**
 * A change of e-mail address waiting for its link (docs/accounts.md): only hashes of the two
 * links' tokens are kept. The confirm link works for at most an hour and only while the row is
 * neither voided (a password change or reset, a sign-out everywhere, a newer request, the cancel
 * link) nor completed; the cancel link works once.
 */
export const emailChanges = pgTable(
  "email_changes",
  {
    id: uuidPrimaryKey(),
    userId: userReference("user_id", () => users.id, "cascade"),
    newEmail: text("new_email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    cancelTokenHash: text("cancel_token_hash").notNull().unique(),
    createdAt: createdAtColumn(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [
    check("email_changes_valid_one_hour", sql`${t.expiresAt} <= ${t.createdAt} + interval '1 hour'`),
    check("email_changes_voided_or_completed", sql`${t.voidedAt} is null or ${t.completedAt} is null`),
    uniqueIndex("email_changes_one_pending_per_user").on(t.userId).where(sql`${t.voidedAt} is null and ${t.completedAt} is null`),
  ],
);

/** Rate-limit counters (better-auth database storage), shared by every app instance. */
export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: bigint("count", { mode: "number" }).notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

export const profiles = pgTable("profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  fullName: text("full_name"),
  phone: text("phone"),
  ...timestampColumns(),
});

export const roleEnum = pgEnum("app_role", ROLES);

/** A user's role is the most recently assigned row (docs/accounts.md). */
export const userRoles = pgTable(
  "user_roles",
  {
    id: uuidPrimaryKey(),
    userId: userReference("user_id", () => users.id, "cascade"),
    role: roleEnum("role").notNull(),
    // clock_timestamp(), not now(): two grants in one transaction must still be ordered.
    assignedAt: timestamp("assigned_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    uniqueIndex("user_roles_user_role_unique").on(t.userId, t.role),
    index("user_roles_user_assigned_idx").on(t.userId, t.assignedAt.desc()),
    index("user_roles_role_idx").on(t.role).where(sql`${t.role} in ('admin', 'super_admin')`),
  ],
);
