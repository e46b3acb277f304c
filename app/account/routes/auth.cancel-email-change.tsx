import { Link, data } from "react-router";
import { ACCOUNT_TEXTS as T } from "../../../domain/accounts/account-texts";
import { FORGOT_PASSWORD_PATH } from "../../../domain/accounts/paths";
import { cancelEmailChange } from "../../../domain/accounts/email-change";
import { clearedSessionCookie } from "../../../domain/accounts/service";
import { AUTH_TEXTS } from "../../../domain/accounts/texts";
import { redirectWithToast } from "../../server/flash.server";
import { AuthCard } from "../auth-ui";
import type { Route } from "./+types/auth.cancel-email-change";

/** Longer than any token we send; a longer one is refused before the database is asked. */
const MAX_TOKEN_LENGTH = 200;

/**
 * 'This wasn't me: cancel the change', from the notice to the old address: no sign-in needed. The
 * token voids the pending change of address and ends every session of the account, once
 * (docs/accounts.md). A bad, used or old link gets the invalid-link answer.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const cancelled = token.length > 0 && token.length <= MAX_TOKEN_LENGTH && (await cancelEmailChange(context.db, token));
  if (!cancelled) {
    return redirectWithToast("/auth", { kind: "error", title: AUTH_TEXTS.verificationLinkInvalid, description: AUTH_TEXTS.verificationLinkInvalidBody });
  }
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of await clearedSessionCookie(context.auth)) headers.append("Set-Cookie", cookie);
  return data({ cancelled: true }, { headers });
}

export function meta() {
  return [{ title: T.emailChangeCancelled }, { name: "robots", content: "noindex" }];
}

export default function CancelEmailChangePage() {
  return (
    <AuthCard title={T.emailChangeCancelled} subtitle={T.emailChangeCancelledBody}>
      <Link
        to={FORGOT_PASSWORD_PATH}
        className="inline-flex w-full justify-center rounded-lg bg-brand-strong px-4 py-3 font-semibold text-white hover:opacity-90"
      >
        {T.resetPasswordNow}
      </Link>
    </AuthCard>
  );
}
