import { followEmailLink } from "../../../domain/accounts/account";
import { ACCOUNT_TEXTS } from "../../../domain/accounts/account-texts";
import { AUTH_TEXTS } from "../../../domain/accounts/texts";
import { accountsOf } from "../../server/auth-forms.server";
import { redirectWithToast } from "../../server/flash.server";
import type { Route } from "./+types/auth.verify-email";

/**
 * The link in a verification e-mail: confirms a new account's address, then on to sign in; or,
 * from a change-of-address e-mail, moves the account to the new address (docs/accounts.md).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const outcome = token.length > 0 && token.length < 2000 ? await followEmailLink(accountsOf(context), token) : { kind: "invalid" as const };
  if (outcome.kind === "verified") {
    return redirectWithToast("/auth", { kind: "success", title: AUTH_TEXTS.emailVerified, description: AUTH_TEXTS.emailVerifiedBody });
  }
  if (outcome.kind === "email-changed") {
    const to = (await context.getViewer()) ? "/account" : "/auth";
    return redirectWithToast(to, { kind: "success", title: ACCOUNT_TEXTS.emailChanged, description: ACCOUNT_TEXTS.emailChangedBody(outcome.email) });
  }
  return redirectWithToast("/auth", { kind: "error", title: AUTH_TEXTS.verificationLinkInvalid, description: AUTH_TEXTS.verificationLinkInvalidBody });
}
