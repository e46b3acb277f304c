import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { emailChanges, sessions, users } from "../../db/schema/accounts";
import { isUniqueViolation } from "../core/database-errors";
import { announceSessionsEnded } from "../live/events";

/**
 * Pending changes of e-mail address (docs/accounts.md): recorded on the server with hashes of two
 * random tokens, one for the confirm link sent to the new address and one for the cancel link
 * sent to the old one. Anything that says the account may be in the wrong hands voids them.
 */
export const EMAIL_CHANGE_LIMITS = { confirmMinutes: 60, cancelDays: 7 } as const;

export interface EmailChangeTokens {
  token: string;
  cancelToken: string;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const newToken = () => randomBytes(32).toString("base64url");
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** Whether a link's token is one of ours (better-auth's verification tokens are JWTs). */
export const isEmailChangeToken = (token: string) => TOKEN_PATTERN.test(token);

const pending = (userId: string) => and(eq(emailChanges.userId, userId), isNull(emailChanges.voidedAt), isNull(emailChanges.completedAt));

/** Every lock on a user's changes is taken after the user row's, so no two writers deadlock. */
async function lockUser(tx: Database, userId: string): Promise<boolean> {
  const [user] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt))).for("update");
  return Boolean(user);
}

/** Voids the user's pending change, if any: its confirm link stops working. */
export async function voidPendingEmailChanges(db: Database, userId: string): Promise<void> {
  await db.update(emailChanges).set({ voidedAt: sql`now()` }).where(pending(userId));
}

/** Records a new pending change in `tx`, voiding any older one; the tokens go into the e-mails. */
export async function recordEmailChange(tx: Database, userId: string, newEmail: string): Promise<EmailChangeTokens> {
  await lockUser(tx, userId);
  await voidPendingEmailChanges(tx, userId);
  const tokens = { token: newToken(), cancelToken: newToken() };
  await tx.insert(emailChanges).values({
    userId,
    newEmail,
    tokenHash: hashOf(tokens.token),
    cancelTokenHash: hashOf(tokens.cancelToken),
    expiresAt: sql`now() + ${sql.raw(`interval '${EMAIL_CHANGE_LIMITS.confirmMinutes} minutes'`)}`,
  });
  return tokens;
}

async function userOfToken(db: Database, column: typeof emailChanges.tokenHash | typeof emailChanges.cancelTokenHash, token: string) {
  if (!isEmailChangeToken(token)) return null;
  const [row] = await db.select({ userId: emailChanges.userId }).from(emailChanges).where(eq(column, hashOf(token)));
  return row?.userId ?? null;
}

/**
 * Follows a confirm link: a pending, unexpired change moves the account to its new address (which
 * counts as verified). Returns the new address, or null for a link that can no longer do that
 * (unknown, used, voided, expired, or the address taken meanwhile).
 */
export async function completeEmailChange(db: Database, token: string): Promise<string | null> {
  const userId = await userOfToken(db, emailChanges.tokenHash, token);
  if (!userId) return null;
  try {
    return await db.transaction(async (tx) => {
      if (!(await lockUser(tx, userId))) return null;
      const [change] = await tx
        .select({ id: emailChanges.id, newEmail: emailChanges.newEmail })
        .from(emailChanges)
        .where(and(eq(emailChanges.tokenHash, hashOf(token)), pending(userId), gt(emailChanges.expiresAt, sql`now()`)))
        .for("update");
      if (!change) return null;
      const [taken] = await tx.select({ id: users.id }).from(users).where(and(sql`lower(${users.email}) = ${change.newEmail}`, ne(users.id, userId)));
      if (taken) return null;
      await tx.update(users).set({ email: change.newEmail, emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
      await tx.update(emailChanges).set({ completedAt: sql`now()` }).where(eq(emailChanges.id, change.id));
      return change.newEmail;
    });
  } catch (error) {
    // Someone signed up with the address between the check and the update.
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/**
 * Follows the cancel link of the notice to the old address (once, within a week, unless the
 * change was completed): voids every pending change of the account and ends all its sessions.
 * Returns false for a link that can no longer do that.
 */
export async function cancelEmailChange(db: Database, cancelToken: string): Promise<boolean> {
  const userId = await userOfToken(db, emailChanges.cancelTokenHash, cancelToken);
  if (!userId) return false;
  const cancelled = await db.transaction(async (tx) => {
    if (!(await lockUser(tx, userId))) return false;
    const [change] = await tx
      .update(emailChanges)
      .set({ cancelledAt: sql`now()`, voidedAt: sql`coalesce(${emailChanges.voidedAt}, now())` })
      .where(
        and(
          eq(emailChanges.cancelTokenHash, hashOf(cancelToken)),
          isNull(emailChanges.cancelledAt),
          isNull(emailChanges.completedAt),
          gt(emailChanges.createdAt, sql`now() - ${sql.raw(`interval '${EMAIL_CHANGE_LIMITS.cancelDays} days'`)}`),
        ),
      )
      .returning({ id: emailChanges.id });
    if (!change) return false;
    await voidPendingEmailChanges(tx, userId);
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    return true;
  });
  if (cancelled) await announceSessionsEnded(db, userId);
  return cancelled;
}
