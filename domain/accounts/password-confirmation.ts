import { verifyPassword } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { accounts } from "../../db/schema/accounts";
import { countUses, rateLimited, secondsUntilAllowed } from "./rate-limit";

/**
 * Wrong passwords typed to confirm an act while signed in (deleting the account, changing the
 * payout bank account), per account and counted together: a session alone must not allow guessing.
 */
export const PASSWORD_CONFIRMATION_ATTEMPTS = { max: 5, windowMinutes: 15 } as const;

/**
 * Whether `password` is the account's own. Throws a `rate_limited` Refusal while the account has
 * had too many wrong ones in the window, before the password is checked; counts a wrong one.
 */
export async function isOwnPassword(db: Database, userId: string, password: string): Promise<boolean> {
  const key = `confirm-password:${userId}`;
  const wait = await secondsUntilAllowed(db, key, PASSWORD_CONFIRMATION_ATTEMPTS);
  if (wait > 0) throw rateLimited(wait);
  const [credential] = await db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  const right = Boolean(credential?.hash && password && (await verifyPassword({ hash: credential.hash, password }).catch(() => false)));
  if (!right) await countUses(db, key, PASSWORD_CONFIRMATION_ATTEMPTS);
  return right;
}
