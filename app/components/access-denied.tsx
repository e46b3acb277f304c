import { Link } from "react-router";
import { ACCESS_TEXTS, SUPER_ADMIN_TEXTS } from "../../domain/accounts/texts";

/** The 'Access Denied' card of a page the signed-in user's role does not open. */
export function AccessDenied({ message = SUPER_ADMIN_TEXTS.accessDeniedBody }: { message?: string }) {
  return (
    <section className="container-page flex justify-center py-14" aria-labelledby="denied-title">
      <div className="w-full max-w-md rounded-2xl border border-red-200 bg-white p-6 text-center shadow-sm">
        <h1 id="denied-title" className="text-2xl font-extrabold text-gray-900">
          {SUPER_ADMIN_TEXTS.accessDenied}
        </h1>
        <p className="mt-2 text-gray-700">{message}</p>
        <Link
          to="/"
          className="mt-6 inline-flex items-center justify-center rounded-lg bg-brand-strong px-5 py-2.5 text-sm font-semibold text-white hover:opacity-90"
        >
          Return to Home
        </Link>
      </div>
    </section>
  );
}

/** Shown when a form was sent after the session ended (401). */
export function SignInRequired() {
  return (
    <section className="container-page flex justify-center py-14" aria-labelledby="signin-title">
      <div className="w-full max-w-md rounded-2xl border border-gray-200 bg-white p-6 text-center shadow-sm">
        <h1 id="signin-title" className="text-2xl font-extrabold text-gray-900">
          {ACCESS_TEXTS.signInRequired}
        </h1>
        <p className="mt-2 text-gray-700">Your session has ended. Sign in again, then try once more.</p>
        <Link
          to="/auth"
          className="mt-6 inline-flex items-center justify-center rounded-lg bg-brand-strong px-5 py-2.5 text-sm font-semibold text-white hover:opacity-90"
        >
          Sign In
        </Link>
      </div>
    </section>
  );
}
