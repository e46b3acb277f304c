import { Link } from "react-router";
import { SUPER_ADMIN_TEXTS } from "../../domain/accounts/texts";
import { ACCESS_TEXTS } from "../../domain/core/access";
import { PageTitle } from "../ui/page-title";

/** A centred card saying why the page cannot be shown, with the one way forward. */
function RefusalCard({ title, message, action }: { title: string; message: string; action: { to: string; label: string } }) {
  return (
    <section className="container-page flex justify-center py-14" aria-labelledby="refusal-title">
      <div className="w-full max-w-md rounded-2xl border border-gray-200 bg-white p-6 text-center shadow-sm">
        <PageTitle id="refusal-title">{title}</PageTitle>
        <p className="mt-2 text-gray-700">{message}</p>
        <Link
          to={action.to}
          className="mt-6 inline-flex items-center justify-center rounded-lg bg-brand-strong px-5 py-2.5 text-sm font-semibold text-white hover:opacity-90"
        >
          {action.label}
        </Link>
      </div>
    </section>
  );
}

/** The 'Access Denied' card of a page the signed-in user's role does not open (403). */
export function AccessDenied({ message = SUPER_ADMIN_TEXTS.accessDeniedBody }: { message?: string }) {
  return <RefusalCard title={SUPER_ADMIN_TEXTS.accessDenied} message={message} action={{ to: "/", label: "Return to Home" }} />;
}

/** Shown when a form was sent after the session ended (401). */
export function SignInRequired() {
  return (
    <RefusalCard
      title={ACCESS_TEXTS.signInRequired}
      message="Your session has ended. Sign in again, then try once more."
      action={{ to: "/auth", label: "Sign In" }}
    />
  );
}
