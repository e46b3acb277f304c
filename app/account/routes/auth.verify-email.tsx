import { verifyEmail } from "../../../domain/accounts/service";
import { AUTH_TEXTS } from "../../../domain/accounts/texts";
import { accountsOf } from "../../server/auth-forms.server";
import { redirectWithToast } from "../../server/flash.server";
import type { Route } from "./+types/auth.verify-email";

/** The link in the verification e-mail: confirms the address, then on to sign in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const verified = token.length > 0 && token.length < 2000 && (await verifyEmail(accountsOf(context), token));
  return verified
    ? redirectWithToast("/auth", { kind: "success", title: AUTH_TEXTS.emailVerified, description: AUTH_TEXTS.emailVerifiedBody })
    : redirectWithToast("/auth", { kind: "error", title: AUTH_TEXTS.verificationLinkInvalid, description: AUTH_TEXTS.verificationLinkInvalidBody });
}
