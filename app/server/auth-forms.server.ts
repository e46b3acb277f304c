import { type AppLoadContext, data } from "react-router";
import type { z } from "zod";
import { Refusal } from "../../domain/core/refusal";
import { FORM_TEXTS, readForm } from "./forms.server";
import {
  AccountError,
  type AccountsContext,
  requestPasswordReset,
  resendVerificationEmail,
  signIn,
  signUp,
} from "../../domain/accounts/service";
import { AUTH_TEXTS } from "../../domain/accounts/texts";
import { type FieldErrors, fieldErrors, firstError, forgotPasswordSchema, signInSchema } from "../../domain/accounts/validation";
import type { ToastMessage } from "../ui/toast";
import { requestOrigin } from "./access.server";

/** What an auth form action answers when it does not redirect. */
export interface AuthFormResult {
  intent: string;
  errors?: FieldErrors;
  toast?: Omit<ToastMessage, "id">;
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

function fail(intent: string, status: number, title: string, description: string, errors?: FieldErrors) {
  return data<AuthFormResult>({ intent, errors, toast: { kind: "error", title, description } }, { status });
}

/** A form sent with an intent the page does not have. */
export function unknownIntent() {
  return fail("unknown", 400, AUTH_TEXTS.somethingWentWrong, FORM_TEXTS.unknownIntent);
}

/** Turns bad input into 400 with the documented messages; the first one goes in the toast. */
export function invalid(intent: string, failedTitle: string, error: z.ZodError) {
  const errors = fieldErrors(error);
  return fail(intent, 400, failedTitle, firstError(errors) ?? failedTitle, errors);
}

function rateLimited(intent: string, failedTitle: string, error: Refusal) {
  return data<AuthFormResult>(
    { intent, toast: { kind: "error", title: failedTitle, description: error.message }, errors: { form: error.message } },
    { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
  );
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
  if (!parsed.success) return invalid("signin", failedTitle, parsed.error);
  try {
    return await onSignedIn(await signIn(accountsOf(context), parsed.data, requestOrigin(request, context)));
  } catch (error) {
    if (error instanceof Refusal && error.code === "rate_limited") return rateLimited("signin", failedTitle, error);
    if (error instanceof AccountError && error.reason === "email-not-verified") {
      return data<AuthFormResult>(
        {
          intent: "signin",
          unverifiedEmail: parsed.data.email,
          errors: { form: AUTH_TEXTS.emailNotVerified },
          toast: { kind: "error", title: failedTitle, description: AUTH_TEXTS.emailNotVerified },
        },
        { status: 403 },
      );
    }
    if (error instanceof AccountError) {
      return fail("signin", 401, failedTitle, AUTH_TEXTS.wrongCredentials, { form: AUTH_TEXTS.wrongCredentials });
    }
    throw error;
  }
}

export async function handleSignUp(
  request: Request,
  context: AppLoadContext,
  input: { fullName: string; email: string; password: string },
  texts: { failedTitle: string; success: Omit<ToastMessage, "id"> },
  signupType: "buyer" | "vendor",
) {
  try {
    await signUp(accountsOf(context), input, requestOrigin(request, context), signupType);
  } catch (error) {
    if (error instanceof Refusal && error.code === "rate_limited") return rateLimited("signup", texts.failedTitle, error);
    throw error;
  }
  return data<AuthFormResult>({ intent: "signup", signedUpEmail: input.email, toast: texts.success });
}

/** Sends the reset e-mail (the same answer whether or not the address has an account). */
async function handleForgotPassword(request: Request, context: AppLoadContext, form: FormData, emptyEmailMessage?: string) {
  const values = formValues(form, "email");
  if (emptyEmailMessage && !values.email!.trim()) {
    return fail("forgot", 400, emptyEmailMessage, emptyEmailMessage, { email: emptyEmailMessage });
  }
  return sendAccountEmail(
    { intent: "forgot", failedTitle: AUTH_TEXTS.resetFailed, values },
    (email) => requestPasswordReset(accountsOf(context), email, requestOrigin(request, context)),
    () => ({ intent: "forgot", toast: { kind: "success", title: AUTH_TEXTS.resetSent, description: AUTH_TEXTS.resetSentBody } }),
  );
}

async function handleResendVerification(request: Request, context: AppLoadContext, form: FormData) {
  return sendAccountEmail(
    { intent: "resend", failedTitle: AUTH_TEXTS.somethingWentWrong, values: formValues(form, "email") },
    (email) => resendVerificationEmail(accountsOf(context), email, requestOrigin(request, context)),
    (email) => ({
      intent: "resend",
      unverifiedEmail: email,
      toast: { kind: "success", title: AUTH_TEXTS.verificationSent, description: AUTH_TEXTS.verificationSentBody },
    }),
  );
}

/** Sends an account e-mail to the form's address; bad input answers 400, too many requests 429. */
async function sendAccountEmail(
  form: { intent: string; failedTitle: string; values: Record<string, string> },
  send: (email: string) => Promise<unknown>,
  sent: (email: string) => AuthFormResult,
) {
  const parsed = forgotPasswordSchema.safeParse(form.values);
  if (!parsed.success) return invalid(form.intent, form.failedTitle, parsed.error);
  try {
    await send(parsed.data.email);
  } catch (error) {
    if (error instanceof Refusal && error.code === "rate_limited") return rateLimited(form.intent, form.failedTitle, error);
    throw error;
  }
  return data<AuthFormResult>(sent(parsed.data.email));
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
      return unknownIntent();
  }
}
