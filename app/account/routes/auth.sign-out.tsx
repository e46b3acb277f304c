import { redirect } from "react-router";
import { signOutEverywhere } from "../../../domain/accounts/service";
import { AUTH_TEXTS } from "../../../domain/accounts/texts";
import { accountsOf } from "../../server/auth-forms.server";
import { redirectWithToast } from "../../server/flash.server";
import type { Route } from "./+types/auth.sign-out";
import { logServerError } from "../../server/log.server";

/** Sign-out ends every session of the user, on every device, then lands on /auth (docs/accounts.md). */
export async function action({ request, context }: Route.ActionArgs) {
  let setCookies: string[] = [];
  try {
    setCookies = await signOutEverywhere(accountsOf(context), request.headers);
  } catch (error) {
    // Sign-out errors are only logged (docs/accounts.md); the browser still lands on /auth.
    logServerError("Sign-out failed", error);
  }
  return redirectWithToast("/auth", { kind: "info", title: AUTH_TEXTS.signedOut }, { setCookies });
}

export function loader() {
  return redirect("/");
}
