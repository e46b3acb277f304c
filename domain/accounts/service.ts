import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { recordActivity, userTypeOf } from "../activity/service";
import { announceSessionsEnded } from "../live/events";
import type { Auth } from "./auth";
import { voidPendingEmailChanges } from "./email-change";
import { SIGN_IN_SLOWDOWN, checkSignInFailures, enforceRateLimit, recordSignInFailure } from "./rate-limit";
import { resolveRole } from "./roles";
import { users } from "../../db/schema/accounts";

export interface AccountsContext {
  db: Database;
  auth: Auth;
}

/** Where a request came from: rate limits count per IP; sessions remember the device. */
export interface RequestOrigin {
  ip: string;
  headers: Headers;
}

/** A refusal the user can act on; `message` is safe to show. */
export class AccountError extends Error {
  constructor(
    readonly reason: "wrong-credentials" | "email-not-verified" | "invalid-link",
    message: string,
  ) {
    super(message);
  }
}

/** Set-Cookie values the response must carry (a new session, or a cleared one). */
export type SetCookies = string[];

function setCookiesOf(headers: Headers | undefined): SetCookies {
  return headers?.getSetCookie() ?? [];
}

function isApiError(error: unknown, ...codes: string[]): error is APIError {
  return error instanceof APIError && codes.includes(String((error.body as { code?: string } | undefined)?.code));
}

export async function signUp(
  { db, auth }: AccountsContext,
  input: { fullName: string; email: string; password: string },
  origin: RequestOrigin,
  signupType: "buyer" | "vendor" = "buyer",
): Promise<void> {
  await enforceRateLimit(db, "sign-up", { ip: origin.ip, email: input.email });
  const result = await auth.api.signUpEmail({
    body: { name: input.fullName, email: input.email, password: input.password },
    headers: origin.headers,
  });
  // A repeated sign-up gets the same answer without an account (no one learns who is registered).
  if (!result.user?.id || !(await userExists(db, result.user.id))) return;
  await recordActivity(db, {
    userId: result.user.id,
    userType: signupType,
    activityType: "sign_up",
    description: `${input.email} signed up${signupType === "vendor" ? " to sell" : ""}`,
  });
}

async function userExists(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return Boolean(row);
}

/**
 * Checks the password and starts a new server session; other devices stay signed in. Only
 * failures count towards the limits, per address and per address and account; failures on the
 * account from everywhere only slow attempts down, so the owner is never locked out.
 */
export async function signIn(
  { db, auth }: AccountsContext,
  input: { email: string; password: string },
  origin: RequestOrigin,
): Promise<{ userId: string; setCookies: SetCookies }> {
  const attempt = { ip: origin.ip, email: input.email };
  const { slowDown } = await checkSignInFailures(db, attempt);
  if (slowDown) await new Promise((resolve) => setTimeout(resolve, SIGN_IN_SLOWDOWN.delayMs));
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email: input.email, password: input.password },
      headers: origin.headers,
      returnHeaders: true,
    });
    const role = await resolveRole(db, response.user.id);
    await recordActivity(db, {
      userId: response.user.id,
      userType: userTypeOf(role),
      activityType: "sign_in",
      description: `${response.user.email} signed in`,
    });
    return { userId: response.user.id, setCookies: setCookiesOf(headers) };
  } catch (error) {
    if (isApiError(error, "EMAIL_NOT_VERIFIED")) throw new AccountError("email-not-verified", "email-not-verified");
    if (isApiError(error, "INVALID_EMAIL_OR_PASSWORD", "INVALID_EMAIL", "INVALID_PASSWORD", "PASSWORD_TOO_LONG")) {
      await recordSignInFailure(db, attempt);
      throw new AccountError("wrong-credentials", "wrong-credentials");
    }
    throw error;
  }
}

/**
 * E-mails a reset link when the address has an account; answers the same either way, and in
 * the same time: it returns once the limits are counted, and the account lookup, the token and
 * the e-mail follow after the answer (their failures go to `onError`).
 */
export async function requestPasswordReset(
  { db, auth }: AccountsContext,
  email: string,
  origin: RequestOrigin,
  onError: (error: unknown) => void = (error) => console.error("Password reset e-mail failed", error),
): Promise<void> {
  await enforceRateLimit(db, "password-reset", { ip: origin.ip, email });
  const headers = new Headers(origin.headers);
  setTimeout(() => {
    auth.api.requestPasswordReset({ body: { email }, headers }).catch(onError);
  }, 0);
}

export async function resendVerificationEmail({ db, auth }: AccountsContext, email: string, origin: RequestOrigin): Promise<void> {
  await enforceRateLimit(db, "verification-email", { ip: origin.ip, email });
  await auth.api.sendVerificationEmail({ body: { email }, headers: origin.headers });
}

/** Sets a new password from an e-mailed token; every session of the user ends. */
export async function resetPassword({ auth }: AccountsContext, input: { token: string; password: string }): Promise<boolean> {
  try {
    await auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
    return true;
  } catch (error) {
    if (error instanceof APIError) return false;
    throw error;
  }
}

/**
 * Ends every session of the signed-in user, on every device, and clears this browser's cookie.
 * Every instance hears of it and closes the user's open event streams. A pending change of e-mail
 * address is voided with them.
 */
export async function signOutEverywhere({ db, auth }: AccountsContext, headers: Headers): Promise<SetCookies> {
  try {
    const session = await auth.api.getSession({ headers });
    await auth.api.revokeSessions({ headers });
    if (session) {
      await voidPendingEmailChanges(db, session.user.id);
      await announceSessionsEnded(db, session.user.id);
    }
  } catch (error) {
    // No valid session: nothing to end on the server; the cookie is still cleared below.
    if (!(error instanceof APIError)) throw error;
  }
  return clearedSessionCookie(auth);
}

/** The Set-Cookie that removes the session cookie from this browser. */
export async function clearedSessionCookie(auth: Auth): Promise<SetCookies> {
  const { authCookies } = await auth.$context;
  const { name, attributes } = authCookies.sessionToken;
  const secure = attributes.secure ? "; Secure" : "";
  return [`${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`];
}
