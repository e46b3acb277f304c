/**
 * Signed-in buyers for load, written straight to the database: signing in hundreds of people
 * through the page would meet its per-address limit. Each gets the cookie the app would set: the
 * session token signed with HMAC-SHA256 under the app's secret.
 */
import { createHmac, randomBytes } from "node:crypto";
import type pg from "pg";
import { BENCH_EMAIL_DOMAIN } from "./catalogue";

export interface SignedInBuyers {
  /** User ids, `<prefix>-<run>-<n>`. */
  ids: string[];
  /** The Cookie header of each, in the same order. */
  cookies: string[];
}

export async function signInBuyers(pool: pg.Pool, options: { count: number; secret: string; idPrefix: string; name: string }): Promise<SignedInBuyers> {
  const run = randomBytes(4).toString("hex");
  const ids = Array.from({ length: options.count }, (_, i) => `${options.idPrefix}-${run}-${i}`);
  const tokens = ids.map(() => randomBytes(24).toString("base64url"));
  await pool.query(
    `insert into users (id, name, email, email_verified)
     select id, $2, id || '@${BENCH_EMAIL_DOMAIN}', true from unnest($1::text[]) as id`,
    [ids, options.name],
  );
  await pool.query(
    `insert into sessions (id, token, user_id, expires_at)
     select 'bench-session-' || id, token, id, now() + interval '1 day' from unnest($1::text[], $2::text[]) as s(id, token)`,
    [ids, tokens],
  );
  const cookies = tokens.map((token) => {
    const signature = createHmac("sha256", options.secret).update(token).digest("base64");
    return `tokunbo.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
  });
  return { ids, cookies };
}
