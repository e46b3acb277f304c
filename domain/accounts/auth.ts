import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import * as schema from "../../db/schema";
import { LIMITS } from "../../lib/constants";
import type { Mailer } from "../mail/mailer";
import { passwordChangedEmail, passwordResetEmail, verificationEmail } from "./emails";
import { voidPendingEmailChanges } from "./email-change";
import { WELCOME_NOTIFICATION, notify } from "../notifications/service";
import { saveProfile } from "./profiles";
import { announceSessionsEnded } from "../live/events";
import { sessions } from "../../db/schema/accounts";
import { FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH, VERIFY_EMAIL_PATH } from "./paths";

export interface AuthOptions {
  db: Database;
  secret: string;
  /** Absolute origin of the site; links in e-mails point here. */
  publicUrl: string;
  secureCookies: boolean;
  mailer: Mailer;
}

/** Link targets of the e-mails: our own pages, which call the auth API on the server. */
export { CANCEL_EMAIL_CHANGE_PATH, FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH, VERIFY_EMAIL_PATH } from "./paths";

/** An absolute link to one of our pages, carrying a token. */
export function tokenLink(publicUrl: string, path: string, token: string): string {
  return `${publicUrl}${path}?token=${encodeURIComponent(token)}`;
}

const DAY_SECONDS = 24 * 60 * 60;

/**
 * The new address a better-auth verification token carries when it changes an account's e-mail,
 * else null. Changes of address are ours now (email-change.ts): such a token is never followed.
 */
export function emailChangeOf(token: string): string | null {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
    const updateTo = (payload as { updateTo?: unknown } | null)?.updateTo;
    return typeof updateTo === "string" && updateTo.length > 0 ? updateTo : null;
  } catch {
    return null;
  }
}

/**
 * better-auth on our tables: e-mail and password with verification, database sessions in an
 * HttpOnly SameSite cookie. Its HTTP handler is not mounted: pages and /api call `auth.api`
 * from the server, after our own validation and rate limits.
 */
/** The header through which the server hands better-auth the client's address (requestOrigin sets it on every call). */
export const CLIENT_ADDRESS_HEADER = "x-tokunbo-client-address";

export function createAuth({ db, secret, publicUrl, secureCookies, mailer }: AuthOptions) {
  // Accounts verifying their first address. better-auth runs the after-verification hook for a
  // followed change-of-address link too, but the before hook only for a first verification; the
  // welcome is for new accounts only.
  const firstVerifications = new Set<string>();
  return betterAuth({
    appName: "Tokunbo",
    secret,
    baseURL: publicUrl,
    database: drizzleAdapter(db, { provider: "pg", schema, usePlural: true }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: LIMITS.passwordMin,
      maxPasswordLength: LIMITS.passwordMax,
      revokeSessionsOnPasswordReset: true,
      // better-auth ends the sessions only after this hook: end them here, so the announcement
      // that closes the user's open event streams on every instance comes after they are gone.
      onPasswordReset: async ({ user }) => {
        await db.delete(sessions).where(eq(sessions.userId, user.id));
        await voidPendingEmailChanges(db, user.id);
        await announceSessionsEnded(db, user.id);
        await mailer.send({ to: user.email, ...passwordChangedEmail({ resetLink: `${publicUrl}${FORGOT_PASSWORD_PATH}` }) });
      },
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, token }) => {
        await mailer.send({ to: user.email, ...passwordResetEmail({ link: tokenLink(publicUrl, RESET_PASSWORD_PATH, token) }) });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: DAY_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        await mailer.send({ to: user.email, ...verificationEmail({ link: tokenLink(publicUrl, VERIFY_EMAIL_PATH, token) }) });
      },
      beforeEmailVerification: async (user) => {
        firstVerifications.add(user.id);
      },
      // Runs once per address: a second click on the link finds it verified and stops earlier.
      afterEmailVerification: async (user) => {
        if (!firstVerifications.delete(user.id)) return;
        await db.transaction((tx) => notify(tx, user.id, WELCOME_NOTIFICATION.type, WELCOME_NOTIFICATION.title, WELCOME_NOTIFICATION.message));
      },
    },
    // better-auth's change of e-mail is off: its stateless link could not be voided. Ours is a
    // pending change recorded on the server (email-change.ts).
    user: { changeEmail: { enabled: false } },
    databaseHooks: {
      user: {
        create: {
          // Only a real new account gets here (a repeated sign-up is answered without creating one).
          after: async (user) => saveProfile(db, user.id, user.name),
        },
      },
    },
    session: { expiresIn: 30 * DAY_SECONDS, updateAge: DAY_SECONDS },
    // Limits are ours (rate-limit.ts), per IP and per e-mail, shared by every instance.
    rateLimit: { enabled: false },
    advanced: {
      // The session's address is the one the server worked out (TRUST_PROXY decides which), never a header the browser sent.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      cookiePrefix: "tokunbo",
      useSecureCookies: secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
    },
    telemetry: { enabled: false },
    logger: { disabled: true },
  });
}

export type Auth = ReturnType<typeof createAuth>;
