import type { AppLoadContext } from "react-router";
import { Refusal } from "../../domain/core/refusal";
import { readForm } from "./forms.server";
import {
  AccountError,
  type AccountsContext,
  requestPasswordReset,
  resendVerificationEmail,
  signIn,
  signUp,
} from "../../domain/accounts/service";
import { AUTH_TEXTS } from "../../domain/accounts/texts";
import { forgotPasswordSchema, signInSchema } from "../../domain/accounts/validation";
import { requestOrigin } from "./access.server";
import { ok, refused } from "./answer.server";
import { formRefused, invalidForm, unknownIntent } from "./intent-answers.server";

/** What the auth forms' answers carry besides the message. */
export interface AuthExtra {
  /** The address that must be verified before signing in (offers a resend). */
  unverifiedEmail?: string;
  /** Sign-up went through: show the check-your-inbox panel. */
  signedUpEmail?: string;
}

export function accountsOf(context: AppLoadContext): AccountsContext {
  return { db: context.db, auth: context.auth };
}

export function formValues(form: FormData, ...names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? "")]));
}

function rateLimited(intent: string, failedTitle: string, error: Refusal) {
  const refusal = new Refusal("rate_limited", error.message, { fieldErrors: { form: error.message }, retryAfterSeconds: error.retryAfterSeconds });
  return refused(refusal, failedTitle, { intent });
}

/**
 * Signs in; on success hands the session cookies to `onSignedIn` (which redirects). Wrong
 * credentials, an unverified address and too many attempts answer with a message.
 */
export async function handleSignIn<T>(
  request: Request,
  context: AppLoadContext,
  form: FormData,
  failedTitle: string,
  onSignedIn: (session: { userId: string; setCookies: string[] }) => Promise<T>,
) {
  const parsed = signInSchema.safeParse(formValues(form, "email", "password"));
  if (!parsed.success) return invalidForm("signin", failedTitle, parsed.error);
  try {
    return await onSignedIn(await signIn(accountsOf(context), parsed.data, requestOrigin(request, context)));
  } catch (error) {
    if (error instanceof Refusal && error.code === "rate_limited") return rateLimited("signin", failedTitle, error);
    if (error instanceof AccountError && error.reason === "email-not-verified") {
      const errors = { form: AUTH_TEXTS.emailNotVerified };
      return formRefused("signin", "forbidden", failedTitle, AUTH_TEXTS.emailNotVerified, errors, { unverifiedEmail: parsed.data.email });
    }
    if (error instanceof AccountError) {
      return formRefused("signin", "unauthenticated", failedTitle, AUTH_TEXTS.wrongCredentials, { form: AUTH_TEXTS.wrongCredentials });
    }
    throw error;
  }
}

export async function handleSignUp(
  request: Request,
  context: AppLoadContext,
  input: { fullName: string; email: string; password: string },
  texts: { failedTitle: string; success: { message: string; detail?: string } },
  signupType: "buyer" | "vendor",
) {
  try {
    await signUp(accountsOf(context), input, requestOrigin(request, context), signupType);
  } catch (error) {
    if (error instanceof Refusal && error.code === "rate_limited") return rateLimited("signup", texts.failedTitle, error);
    throw error;
  }
  return ok<AuthExtra & { intent: string }>(texts.success.message, { intent: "signup", signedUpEmail: input.email, detail: texts.success.detail });
}

/** Sends the reset e-mail (the same answer whether or not the address has an account). */
async function handleForgotPassword(request: Request, context: AppLoadContext, form: FormData, emptyEmailMessage?: string) {
  const values = formValues(form, "email");
  if (emptyEmailMessage && !values.email!.trim()) {
    return formRefused("forgot", "invalid", emptyEmailMessage, emptyEmailMessage, { email: emptyEmailMessage });
  }
  return sendAccountEmail(
    { intent: "forgot", failedTitle: AUTH_TEXTS.resetFailed, values },
    (email) => requestPasswordReset(accountsOf(context), email, requestOrigin(request, context)),
    () => ok(AUTH_TEXTS.resetSent, { intent: "forgot", detail: AUTH_TEXTS.resetSentBody }),
  );
}

async function handleResendVerification(request: Request, context: AppLoadContext, form: FormData) {
  return sendAccountEmail(
    { intent: "resend", failedTitle: AUTH_TEXTS.somethingWentWrong, values: formValues(form, "email") },
    (email) => resendVerificationEmail(accountsOf(context), email, requestOrigin(request, context)),
    (email) => ok<AuthExtra & { intent: string }>(AUTH_TEXTS.verificationSent, { intent: "resend", unverifiedEmail: email, detail: AUTH_TEXTS.verificationSentBody }),
  );
}

/** Sends an account e-mail to the form's address; bad input answers 400, too many requests 429. */
async function sendAccountEmail(
  form: { intent: string; failedTitle: string; values: Record<string, string> },
  send: (email: string) => Promise<unknown>,
  sent: (email: string) => ReturnType<typeof ok>,
) {
  const parsed = forgotPasswordSchema.safeParse(form.values);
  if (!parsed.success) return invalidForm(form.intent, form.failedTitle, parsed.error);
  try {
    await send(parsed.data.email);
  } catch (error) {
    if (error instanceof Refusal && error.code === "rate_limited") return rateLimited(form.intent, form.failedTitle, error);
    throw error;
  }
  return sent(parsed.data.email);
}

/**
 * The action of a sign-in page: each page signs in and signs up its own way; forgot-password,
 * resend-verification and unknown intents are answered the same on every page.
 */
export async function answerAuthForm<SignedIn, SignedUp>(
  request: Request,
  context: AppLoadContext,
  page: {
    signIn: (form: FormData) => Promise<SignedIn>;
    signUp: (form: FormData) => Promise<SignedUp>;
    emptyEmailMessage?: string;
  },
) {
  const form = await readForm(request);
  switch (String(form.get("intent"))) {
    case "signin":
      return page.signIn(form);
    case "signup":
      return page.signUp(form);
    case "forgot":
      return handleForgotPassword(request, context, form, page.emptyEmailMessage);
    case "resend":
      return handleResendVerification(request, context, form);
    default:
      return unknownIntent(AUTH_TEXTS.somethingWentWrong);
  }
}
