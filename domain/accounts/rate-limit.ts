import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";

export type LimitedAction = "sign-in" | "sign-up" | "password-reset" | "verification-email" | "checkout";

interface Limit {
  max: number;
  windowMinutes: number;
}

/*
 * Per e-mail the limits stop guessing one account's password; per IP they stop sweeping many
 * accounts. Nigerian mobile networks put many subscribers behind one carrier IP, so the IP
 * limits are generous.
 */
export const RATE_LIMITS: Record<LimitedAction, { perIp: Limit; perEmail: Limit }> = {
  "sign-in": { perIp: { max: 100, windowMinutes: 15 }, perEmail: { max: 10, windowMinutes: 15 } },
  "sign-up": { perIp: { max: 30, windowMinutes: 60 }, perEmail: { max: 5, windowMinutes: 60 } },
  "password-reset": { perIp: { max: 30, windowMinutes: 60 }, perEmail: { max: 5, windowMinutes: 60 } },
  "verification-email": { perIp: { max: 30, windowMinutes: 60 }, perEmail: { max: 5, windowMinutes: 60 } },
  /** Placing an order or pressing 'Pay now': each reserves phones or opens a provider payment. Per account (its e-mail). */
  checkout: { perIp: { max: 100, windowMinutes: 15 }, perEmail: { max: 10, windowMinutes: 15 } },
};

export class RateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(`Too many attempts. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`);
  }
}

/**
 * Counts one attempt in a fixed window (rows of rate_limits, shared by every instance) and
 * returns the seconds until the window ends when the attempt is over the limit, else 0.
 */
async function countAttempt(db: Database, key: string, { max, windowMinutes }: Limit, now: number): Promise<number> {
  const windowMs = windowMinutes * 60_000;
  const result = await db.execute(sql`
    insert into rate_limits (id, key, count, last_request)
    values (${crypto.randomUUID()}, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limits.last_request <= ${now - windowMs} then 1 else rate_limits.count + 1 end,
      last_request = case when rate_limits.last_request <= ${now - windowMs} then ${now} else rate_limits.last_request end
    returning count, last_request as window_start`);
  const row = rowsOf<{ count: string | number; window_start: string | number }>(result)[0];
  if (!row || Number(row.count) <= max) return 0;
  return Math.ceil((Number(row.window_start) + windowMs - now) / 1000);
}

function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

/** Throws RateLimitedError when the IP or the e-mail address is over its limit for the action. */
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
  if (wait > 0) throw new RateLimitedError(wait);
}
