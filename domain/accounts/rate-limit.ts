import { sql } from "drizzle-orm";
import { Refusal } from "../core/refusal";
import type { Database } from "../../db/client";

export type LimitedAction = "sign-in" | "sign-up" | "password-reset" | "verification-email" | "email-change" | "password-change" | "checkout";

export interface Limit {
  max: number;
  windowMinutes: number;
}

/*
 * Per e-mail the limits stop guessing one account's password; per IP they stop sweeping many
 * accounts. Nigerian mobile networks put many subscribers behind one carrier IP, so the IP
 * limits are generous. Sign-in is different (docs/accounts.md): only failed attempts count, its
 * perIp limit counts an address's failures and its perEmail limit one address's failures on one
 * account, so strangers' failures never lock the owner out (see checkSignInFailures).
 */
export const RATE_LIMITS: Record<LimitedAction, { perIp: Limit; perEmail: Limit }> = {
  "sign-in": { perIp: { max: 100, windowMinutes: 15 }, perEmail: { max: 10, windowMinutes: 15 } },
  "sign-up": { perIp: { max: 30, windowMinutes: 60 }, perEmail: { max: 5, windowMinutes: 60 } },
  "password-reset": { perIp: { max: 30, windowMinutes: 60 }, perEmail: { max: 5, windowMinutes: 60 } },
  "verification-email": { perIp: { max: 30, windowMinutes: 60 }, perEmail: { max: 5, windowMinutes: 60 } },
  /** Per new address: each request e-mails it (and the account's own address). */
  "email-change": { perIp: { max: 30, windowMinutes: 60 }, perEmail: { max: 5, windowMinutes: 60 } },
  /** Per account (its id): each attempt checks the current password. */
  "password-change": { perIp: { max: 100, windowMinutes: 15 }, perEmail: { max: 10, windowMinutes: 15 } },
  /** Placing an order or pressing 'Pay now': each reserves phones or opens a provider payment. Per account (its e-mail). */
  checkout: { perIp: { max: 100, windowMinutes: 15 }, perEmail: { max: 10, windowMinutes: 15 } },
};

/** Refuses an attempt over its limit, saying when to try again. */
export function rateLimited(retryAfterSeconds: number): Refusal {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new Refusal("rate_limited", `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`, { retryAfterSeconds });
}

/**
 * Counts one attempt in a fixed window (rows of rate_limits, shared by every instance) and
 * returns the seconds until the window ends when the attempt is over the limit, else 0.
 */
async function countAttempt(db: Database, key: string, { max, windowMinutes }: Limit, now: number, amount = 1): Promise<number> {
  const windowMs = windowMinutes * 60_000;
  const result = await db.execute(sql`
    insert into rate_limits (id, key, count, last_request)
    values (${crypto.randomUUID()}, ${key}, ${amount}, ${now})
    on conflict (key) do update set
      count = case when rate_limits.last_request <= ${now - windowMs} then ${amount} else rate_limits.count + ${amount} end,
      last_request = case when rate_limits.last_request <= ${now - windowMs} then ${now} else rate_limits.last_request end
    returning count, last_request as window_start`);
  const row = rowsOf<{ count: string | number; window_start: string | number }>(result)[0];
  if (!row || Number(row.count) <= max) return 0;
  return Math.ceil((Number(row.window_start) + windowMs - now) / 1000);
}

function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

/** Throws a `rate_limited` Refusal when the IP or the e-mail address is over its limit for the action. */
export async function enforceRateLimit(
  db: Database,
  action: LimitedAction,
  { ip, email }: { ip: string; email?: string },
  now = Date.now(),
): Promise<void> {
  const limits = RATE_LIMITS[action];
  const waits = [await countAttempt(db, `${action}:ip:${ip}`, limits.perIp, now)];
  if (email) waits.push(await countAttempt(db, `${action}:email:${email.trim().toLowerCase()}`, limits.perEmail, now));
  const wait = Math.max(...waits);
  if (wait > 0) throw rateLimited(wait);
}

/**
 * Failed sign-ins on one account from every address together. Past `failures` in the window,
 * every attempt on the account waits `delayMs` before the password is checked: guessing slows
 * down, and the owner still gets in (from an address that has not been failing).
 */
export const SIGN_IN_SLOWDOWN = { failures: 10, windowMinutes: 15, delayMs: 2000 } as const;

const signInKeys = (ip: string, email: string) => {
  const account = email.trim().toLowerCase();
  return { ip: `sign-in:ip:${ip}`, ipAccount: `sign-in:ip-email:${ip}:${account}`, account: `sign-in:email:${account}` };
};

/** Seconds until the key's window ends when it already holds `max` attempts, else 0; counts nothing. */
export async function secondsUntilAllowed(db: Database, key: string, { max, windowMinutes }: Limit, now = Date.now()): Promise<number> {
  const windowMs = windowMinutes * 60_000;
  const result = await db.execute(sql`select count, last_request as window_start from rate_limits where key = ${key}`);
  const row = rowsOf<{ count: string | number; window_start: string | number }>(result)[0];
  if (!row || Number(row.window_start) <= now - windowMs || Number(row.count) < max) return 0;
  return Math.ceil((Number(row.window_start) + windowMs - now) / 1000);
}

/**
 * Before a sign-in: throws a `rate_limited` Refusal when this address has failed too often, overall or on
 * this account. Returns whether the account is under attack from elsewhere (slow the attempt down).
 */
export async function checkSignInFailures(db: Database, { ip, email }: { ip: string; email: string }, now = Date.now()): Promise<{ slowDown: boolean }> {
  const keys = signInKeys(ip, email);
  const limits = RATE_LIMITS["sign-in"];
  const wait = Math.max(await secondsUntilAllowed(db, keys.ip, limits.perIp, now), await secondsUntilAllowed(db, keys.ipAccount, limits.perEmail, now));
  if (wait > 0) throw rateLimited(wait);
  const slowDown = (await secondsUntilAllowed(db, keys.account, { max: SIGN_IN_SLOWDOWN.failures, windowMinutes: SIGN_IN_SLOWDOWN.windowMinutes }, now)) > 0;
  return { slowDown };
}

/** Counts a failed sign-in (wrong password or unknown address) for the address, the pair and the account. */
export async function recordSignInFailure(db: Database, { ip, email }: { ip: string; email: string }, now = Date.now()): Promise<void> {
  const keys = signInKeys(ip, email);
  const limits = RATE_LIMITS["sign-in"];
  await countAttempt(db, keys.ip, limits.perIp, now);
  await countAttempt(db, keys.ipAccount, limits.perEmail, now);
  await countAttempt(db, keys.account, { max: SIGN_IN_SLOWDOWN.failures, windowMinutes: SIGN_IN_SLOWDOWN.windowMinutes }, now);
}

/** Counts `amount` uses of `key` in its window (for limits checked with secondsUntilAllowed). */
export async function countUses(db: Database, key: string, limit: Limit, amount = 1, now = Date.now()): Promise<void> {
  await countAttempt(db, key, limit, now, amount);
}
