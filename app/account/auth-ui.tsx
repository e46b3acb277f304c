import type { ReactNode } from "react";
import { Form } from "react-router";
import type { z } from "zod";
import { AUTH_TEXTS } from "../../domain/accounts/texts";
import type { AuthExtra } from "../server/auth-forms.server";
import { SubmitButton, TextField } from "../ui/form-field";
import { FormError, type IntentAnswer, useBusy, useFormErrors } from "../ui/forms";
import { PageTitle } from "../ui/page-title";

export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <section className="container-page flex justify-center py-8 sm:py-14" aria-labelledby="auth-title">
      <div className="w-full max-w-md rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-8">
        <PageTitle id="auth-title">{title}</PageTitle>
        {subtitle ? <p className="mt-1 text-sm text-gray-700">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}

/** Offered when sign-in was refused because the address is not verified yet. */
export function ResendVerification({ email, action }: { email: string; action?: string }) {
  const busy = useBusy("resend");
  return (
    <Form method="post" action={action} className="mt-3">
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="email" value={email} />
      <button
        type="submit"
        disabled={busy}
        className="text-sm font-semibold text-brand-strong underline underline-offset-2 hover:opacity-80 disabled:opacity-60"
      >
        {busy ? "Sending…" : AUTH_TEXTS.resendVerification}
      </button>
    </Form>
  );
}

/** After sign-up: where the verification link went, and a way to get another. */
export function CheckInbox({ email, action }: { email: string; action?: string }) {
  return (
    <div role="status" className="rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-green-900">
      <p className="font-semibold">{AUTH_TEXTS.signUpSuccessBody}</p>
      <p className="mt-1">
        We sent a verification link to <strong>{email}</strong>. Open it, then sign in.
      </p>
      <ResendVerification email={email} action={action} />
    </div>
  );
}

/** The links under an auth card's forms: the other ways in, and the way back. */
export function AuthCardLinks({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-col gap-2 border-t border-gray-200 pt-4 text-sm">{children}</div>;
}

/** After a sign-in refused for an unverified address (or its resend): the way to get another link. */
export function ResendIfUnverified({ result }: { result: IntentAnswer<AuthExtra> | undefined }) {
  const unverified = result?.intent === "signin" || result?.intent === "resend" ? result.unverifiedEmail : undefined;
  return unverified ? <ResendVerification email={unverified} /> : null;
}

interface SignUpFormProps {
  result: IntentAnswer<AuthExtra> | undefined;
  schema: z.ZodType;
  failedTitle: string;
  submitLabel: string;
  /** Whether the password is typed twice (the customer's form). */
  confirmPassword?: boolean;
}

/** A sign-up form; once sent, the check-your-inbox panel in its place. */
export function SignUpForm({ result, schema, failedTitle, submitLabel, confirmPassword = false }: SignUpFormProps) {
  const { errors, validate } = useFormErrors("signup", result, schema, failedTitle);
  const busy = useBusy("signup");
  const signedUp = result?.intent === "signup" || result?.intent === "resend" ? result.signedUpEmail ?? result.unverifiedEmail : undefined;
  if (signedUp) return <CheckInbox email={signedUp} />;
  return (
    <Form method="post" noValidate onSubmit={validate} className="space-y-4">
      <input type="hidden" name="intent" value="signup" />
      <FormError message={errors.form} />
      <FullNameField error={errors.fullName} />
      <EmailField error={errors.email} />
      <NewPasswordField error={errors.password} />
      {confirmPassword ? <ConfirmPasswordField error={errors.confirmPassword} /> : null}
      <SubmitButton busy={busy} busyText="Creating account…">
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}

/** The e-mail field of the sign-in, sign-up and reset forms. */
export function EmailField({ error }: { error?: string }) {
  return <TextField label="Email" name="email" type="email" autoComplete="email" inputMode="email" required error={error} />;
}

/** The person's name on a new account: the site greets them by it. */
function FullNameField({ error }: { error?: string }) {
  return <TextField label="Full Name" name="fullName" autoComplete="name" required error={error} />;
}

/** The password field of a new account. */
function NewPasswordField({ error }: { error?: string }) {
  return <TextField label="Password" name="password" type="password" autoComplete="new-password" required hint={AUTH_TEXTS.newPasswordHint} error={error} />;
}

/** The new password typed again, on the customer's sign-up and the password reset. */
export function ConfirmPasswordField({ error }: { error?: string }) {
  return <TextField label="Confirm Password" name="confirmPassword" type="password" autoComplete="new-password" required error={error} />;
}
