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
 * The outbox holds sign-in links (verification, password reset): whoever reads it can take over
 * the accounts in it. Admins may read it; before any admin exists (a fresh clone), so may a
 * browser on the server's own machine.
 */
export async function mayReadMailbox(db: Database, viewer: Pick<Actor, "role"> | null, from: MailboxRequester): Promise<boolean> {
  if (may(viewer, "back_office")) return true;
  if (from.relayed || !isLoopback(from.ip)) return false;
  return !(await adminExists(db));
}
