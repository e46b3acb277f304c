import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { AUTH_TEXTS } from "../../domain/accounts/texts";
import { type FieldErrors, fieldErrors, firstError } from "../../domain/accounts/validation";
import type { AuthFormResult } from "../server/auth-forms.server";
import { SubmitButton } from "./form-field";
import { toast } from "./toast";

export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <section className="container-page flex justify-center py-8 sm:py-14" aria-labelledby="auth-title">
      <div className="w-full max-w-md rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-8">
        <h1 id="auth-title" className="text-2xl font-extrabold text-gray-900">
          {title}
        </h1>
        {subtitle ? <p className="mt-1 text-sm text-gray-700">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}

/** Shows the toast an action answered with, once per answer. */
export function useActionToast(result: AuthFormResult | undefined) {
  useEffect(() => {
    if (!result?.toast) return;
    const { kind, title, description } = result.toast;
    toast[kind](title, description);
  }, [result]);
}

/**
 * Field errors of one form: the server's answer, replaced by the browser's own check on submit
 * (same zod schema), which stops a bad form before it is sent.
 */
export function useFormErrors(intent: string, result: AuthFormResult | undefined, schema: z.ZodType, failedTitle: string) {
  // The browser's check applies until the server answers again.
  const [clientCheck, setClientCheck] = useState<{ after: AuthFormResult | undefined; errors: FieldErrors } | null>(null);
  const serverErrors = result?.intent === intent ? result.errors ?? {} : {};
  const errors = clientCheck && clientCheck.after === result ? clientCheck.errors : serverErrors;

  const validate = (event: FormEvent<HTMLFormElement>) => {
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      setClientCheck({ after: result, errors: {} });
      return;
    }
    event.preventDefault();
    const found = fieldErrors(parsed.error);
    setClientCheck({ after: result, errors: found });
    toast.error(failedTitle, firstError(found));
  };
  return { errors, validate };
}

export function useBusy(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
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

export { SubmitButton };
