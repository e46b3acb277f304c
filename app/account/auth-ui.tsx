import type { ReactNode } from "react";
import { Form } from "react-router";
import { AUTH_TEXTS } from "../../domain/accounts/texts";
import { useBusy } from "../ui/forms";

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
