import { inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { userRoles } from "../../db/schema/accounts";
import { type Actor, holdersOf, may } from "../core/access";

/** Where a request to the mailbox came from: the client address, and whether a proxy relayed it. */
export interface MailboxRequester {
  ip: string;
  /** X-Forwarded-For, Forwarded or X-Real-IP present: a proxy relayed it, so it is not local. */
  relayed: boolean;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

export function isLoopback(ip: string): boolean {
  return LOOPBACK.test(ip);
}

async function adminExists(db: Database): Promise<boolean> {
  const [row] = await db.select({ userId: userRoles.userId }).from(userRoles).where(inArray(userRoles.role, holdersOf("back_office"))).limit(1);
  return Boolean(row);
}

/**
 * What a reader of the mailbox sees: everything, or everything except mail addressed to super
 * admins (their reset links would open the accounts that manage admins).
 */
export type MailboxScope = "all" | "except-super-admins";

/** Only a super admin, or a browser on the server's own machine before any admin exists, reads every message. */
export function mailboxScopeOf(viewer: Pick<Actor, "role"> | null): MailboxScope {
  return viewer && !may(viewer, "manage_admins") ? "except-super-admins" : "all";
}

/**
 * The outbox holds sign-in links (verification, password reset): whoever reads it can take over
 * the accounts in it. Admins may read it; before any admin exists (a fresh clone), so may a
 * browser on the server's own machine. Admins do not see mail to super admins (mailboxScopeOf).
 */
export async function mayReadMailbox(db: Database, viewer: Pick<Actor, "role"> | null, from: MailboxRequester): Promise<boolean> {
  if (may(viewer, "back_office")) return true;
  if (from.relayed || !isLoopback(from.ip)) return false;
  return !(await adminExists(db));
}
