import { Form, Link, useLoaderData } from "react-router";
import { resetPassword } from "../../../domain/accounts/service";
import { AUTH_TEXTS } from "../../../domain/accounts/texts";
import { SERVER_PASSWORD_FORMS } from "../../../domain/accounts/common-passwords";
import { resetPasswordSchema } from "../../../domain/accounts/validation";
import { AuthCard, ConfirmPasswordField } from "../auth-ui";
import { SubmitButton, TextField } from "../../ui/form-field";
import { FormError, useBusy, useFormErrors } from "../../ui/forms";
import { useAction } from "../../ui/answer";
import { siteFromMatches } from "../../site/site";
import { accountsOf, formValues } from "../../server/auth-forms.server";
import { formRefused, invalidForm } from "../../server/intent-answers.server";
import { redirectWithToast } from "../../server/flash.server";
import type { Route } from "./+types/auth.reset-password";
import { readForm } from "../../server/forms.server";

const RESET_TITLE = "Choose a new password";

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token")?.slice(0, 200) ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = SERVER_PASSWORD_FORMS.reset.safeParse(formValues(await readForm(request), "token", "password", "confirmPassword"));
  if (!parsed.success) return invalidForm("reset", RESET_TITLE, parsed.error);
  const done = await resetPassword(accountsOf(context), parsed.data);
  if (!done) return formRefused("reset", "invalid", AUTH_TEXTS.resetLinkInvalid, undefined, { form: AUTH_TEXTS.resetLinkInvalid });
  return redirectWithToast("/auth", { kind: "success", title: AUTH_TEXTS.passwordUpdated, description: AUTH_TEXTS.passwordUpdatedBody });
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${RESET_TITLE} | ${siteFromMatches(matches).siteName}` }, { name: "robots", content: "noindex" }];
}

export default function ResetPasswordPage() {
  const { token } = useLoaderData<typeof loader>();
  const { answer: result } = useAction<{ intent: string }>({ page: true });
  const { errors, validate } = useFormErrors("reset", result, resetPasswordSchema, RESET_TITLE);
  const busy = useBusy("reset");

  if (!token) {
    return (
      <AuthCard title={RESET_TITLE}>
        <FormError message={AUTH_TEXTS.resetLinkInvalid} />
        <Link to="/auth?tab=forgot" className="mt-4 inline-block text-sm font-semibold text-brand-strong hover:underline">
          Send a new reset link
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={RESET_TITLE} subtitle="Pick a password you don't use anywhere else.">
      <Form method="post" noValidate onSubmit={validate} className="space-y-4">
        <input type="hidden" name="intent" value="reset" />
        <input type="hidden" name="token" value={token} />
        <FormError message={errors.form ?? errors.token} />
        <TextField label="New Password" name="password" type="password" autoComplete="new-password" required hint={AUTH_TEXTS.newPasswordHint} error={errors.password} />
        <ConfirmPasswordField error={errors.confirmPassword} />
        <SubmitButton busy={busy} busyText="Saving…">
          Save New Password
        </SubmitButton>
      </Form>
      {errors.form ? (
        <Link to="/auth?tab=forgot" className="mt-4 inline-block text-sm font-semibold text-brand-strong hover:underline">
          Send a new reset link
        </Link>
      ) : null}
    </AuthCard>
  );
}
