import { APIError } from "better-auth/api";
import { and, desc, eq, gt, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { profiles, sessions, users } from "../../db/schema/accounts";
import { Refusal } from "../core/refusal";
import { announceSessionsEnded } from "../live/events";
import type { Mailer } from "../mail/mailer";
import { ACCOUNT_TEXTS as T } from "./account-texts";
import { CANCEL_EMAIL_CHANGE_PATH, FORGOT_PASSWORD_PATH, VERIFY_EMAIL_PATH, emailChangeOf, tokenLink } from "./auth";
import { deviceLabel } from "./devices";
import { completeEmailChange, isEmailChangeToken, recordEmailChange, voidPendingEmailChanges } from "./email-change";
import { emailChangeNoticeEmail, emailChangeVerificationEmail, emailInUseEmail, passwordChangedEmail } from "./emails";
import { enforceRateLimit } from "./rate-limit";
import type { AccountsContext, RequestOrigin, SetCookies } from "./service";
import type { ProfileInput } from "./account-validation";
import { AUTH_TEXTS } from "./texts";

// ---------------------------------------------------------------------------------------------
// Profile

export interface AccountProfile {
  email: string;
  fullName: string;
  phone: string;
}

export async function getAccountProfile(db: Database, userId: string): Promise<AccountProfile> {
  const [row] = await db
    .select({ email: users.email, name: users.name, fullName: profiles.fullName, phone: profiles.phone })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return { email: row?.email ?? "", fullName: row?.fullName ?? row?.name ?? "", phone: row?.phone ?? "" };
}

/** Saves the full name and phone; `users.name` follows the full name. */
export async function updateProfile(db: Database, userId: string, input: ProfileInput): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(profiles)
      .values({ userId, fullName: input.fullName, phone: input.phone })
      .onConflictDoUpdate({ target: profiles.userId, set: { fullName: input.fullName, phone: input.phone, updatedAt: sql`now()` } });
    await tx.update(users).set({ name: input.fullName, updatedAt: new Date() }).where(eq(users.id, userId));
  });
}

// ---------------------------------------------------------------------------------------------
// E-mail address

interface MailContext extends AccountsContext {
  mailer: Mailer;
  /** Absolute origin of the site, for the links in the e-mails. */
  publicUrl: string;
}

async function emailTaken(db: Database, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`);
  return Boolean(row);
}

/**
 * Checks the signed-in user's current password. Wrong guesses count towards the per-account limit
 * the password form uses, so a session alone cannot be used to guess it.
 */
async function assertCurrentPassword({ db, auth }: AccountsContext, userId: string, password: string, origin: RequestOrigin): Promise<void> {
  await enforceRateLimit(db, "password-change", { ip: origin.ip, email: userId });
  const right = await auth.api
    .verifyPassword({ body: { password }, headers: origin.headers })
    .then(() => true)
    .catch((error: unknown) => {
      if (error instanceof APIError) return false;
      throw error;
    });
  if (!right) throw new Refusal("invalid", T.wrongCurrentPassword, { fieldErrors: { currentPassword: T.wrongCurrentPassword } });
}

/**
 * Asks to move the account to a new address, with the current password: the change is recorded
 * on the server (voiding any older one), a link valid one hour goes to the new address and a
 * notice with a cancel link to the old one. An address that already has an account gets an
 * e-mail saying so instead of a link; the person asking sees the same answer either way, as on
 * sign-up, so no one learns from here who is registered.
 */
export async function requestEmailChange(
  context: MailContext,
  current: { userId: string; email: string },
  input: { newEmail: string; currentPassword: string },
  origin: RequestOrigin,
): Promise<void> {
  const { db, mailer, publicUrl } = context;
  const address = input.newEmail.trim().toLowerCase();
  if (address === current.email.toLowerCase()) throw new Refusal("invalid", T.sameEmail, { fieldErrors: { newEmail: T.sameEmail } });
  await assertCurrentPassword(context, current.userId, input.currentPassword, origin);
  await enforceRateLimit(db, "email-change", { ip: origin.ip, email: address });
  const taken = await emailTaken(db, address);
  const deliveries = await db.transaction(async (tx) => {
    const { token, cancelToken } = await recordEmailChange(tx, current.userId, address);
    const toNewAddress = taken ? emailInUseEmail() : emailChangeVerificationEmail({ link: tokenLink(publicUrl, VERIFY_EMAIL_PATH, token), newEmail: address });
    const notice = emailChangeNoticeEmail({ newEmail: address, cancelLink: tokenLink(publicUrl, CANCEL_EMAIL_CHANGE_PATH, cancelToken) });
    return [await mailer.record(tx, { to: address, ...toNewAddress }), await mailer.record(tx, { to: current.email, ...notice })];
  });
  for (const deliver of deliveries) deliver();
}

export type EmailLinkOutcome = { kind: "verified" } | { kind: "email-changed"; email: string } | { kind: "invalid" };

/**
 * Follows a link of a verification e-mail: a new account's address is verified, or a pending
 * change of address is completed. Bad, used, voided or expired links answer `invalid`, and so
 * does a better-auth change-of-address token: such a link could not be voided.
 */
export async function followEmailLink({ db, auth }: AccountsContext, token: string): Promise<EmailLinkOutcome> {
  if (isEmailChangeToken(token)) {
    const email = await completeEmailChange(db, token);
    return email ? { kind: "email-changed", email } : { kind: "invalid" };
  }
  if (emailChangeOf(token)) return { kind: "invalid" };
  try {
    await auth.api.verifyEmail({ query: { token } });
    return { kind: "verified" };
  } catch (error) {
    if (error instanceof APIError) return { kind: "invalid" };
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Password

/**
 * Changes the password (the current one is checked) and ends every other session; this browser
 * gets a new session, whose cookies are returned. Open event streams of the ended sessions close,
 * a pending change of e-mail address is voided and the account's address gets a notice.
 */
export async function changePassword(
  { db, auth, mailer, publicUrl }: MailContext,
  user: { userId: string; email: string },
  input: { currentPassword: string; password: string },
  origin: RequestOrigin,
): Promise<SetCookies> {
  const { userId } = user;
  await enforceRateLimit(db, "password-change", { ip: origin.ip, email: userId });
  try {
    const { headers } = await auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.password, revokeOtherSessions: true },
      headers: origin.headers,
      returnHeaders: true,
    });
    await voidPendingEmailChanges(db, userId);
    await announceSessionsEnded(db, userId);
    await mailer.send({ to: user.email, ...passwordChangedEmail({ resetLink: `${publicUrl}${FORGOT_PASSWORD_PATH}` }) });
    return headers.getSetCookie();
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    const code = String((error.body as { code?: string } | undefined)?.code);
    if (code === "INVALID_PASSWORD") throw new Refusal("invalid", T.wrongCurrentPassword, { fieldErrors: { currentPassword: T.wrongCurrentPassword } });
    if (code === "CREDENTIAL_ACCOUNT_NOT_FOUND") throw new Refusal("conflict", T.noPassword);
    throw new Refusal("invalid", AUTH_TEXTS.somethingWentWrong, { cause: error });
  }
}

// ---------------------------------------------------------------------------------------------
// Signed-in devices

export interface SignedInDevice {
  id: string;
  label: string;
  ip: string | null;
  /** ISO time; better-auth refreshes it at most once a day. */
  lastActive: string;
  current: boolean;
}

/** The id of the session this request carries, or null. */
export async function currentSessionId({ auth }: AccountsContext, headers: Headers): Promise<string | null> {
  const session = await auth.api.getSession({ headers }).catch(() => null);
  return session?.session.id ?? null;
}

/** The user's live sessions, this device first, then the most recently active. */
export async function listDevices(db: Database, userId: string, currentId: string | null): Promise<SignedInDevice[]> {
  const rows = await db
    .select({ id: sessions.id, userAgent: sessions.userAgent, ip: sessions.ipAddress, updatedAt: sessions.updatedAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.updatedAt), desc(sessions.id));
  return rows
    .map((row) => ({ id: row.id, label: deviceLabel(row.userAgent), ip: row.ip || null, lastActive: row.updatedAt.toISOString(), current: row.id === currentId }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Signs one of the user's other devices out; someone else's session is "not found". */
export async function endDevice(db: Database, userId: string, sessionId: string, currentId: string | null): Promise<void> {
  if (sessionId === currentId) throw new Refusal("invalid", T.cannotEndCurrent);
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), currentId ? ne(sessions.id, currentId) : undefined))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw new Refusal("not_found", T.deviceNotFound);
  await announceSessionsEnded(db, userId);
}
