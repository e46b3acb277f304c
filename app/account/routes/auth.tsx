import { Form, Link, redirect, useSearchParams } from "react-router";
import { SERVER_PASSWORD_FORMS } from "../../../domain/accounts/common-passwords";
import { AUTH_TEXTS } from "../../../domain/accounts/texts";
import { forgotPasswordSchema, signInSchema, signUpSchema } from "../../../domain/accounts/validation";
import { AuthCard, AuthCardLinks, EmailField, ResendIfUnverified, SignUpForm } from "../auth-ui";
import { SubmitButton, TextField } from "../../ui/form-field";
import { FormError, FormSuccess, type IntentAnswer, answerOf, useBusy, useFormErrors } from "../../ui/forms";
import { useAction } from "../../ui/answer";
import { siteFromMatches } from "../../site/site";
import {
  type AuthExtra,
  answerAuthForm,
  formValues,
  handleSignIn,
  handleSignUp,
} from "../../server/auth-forms.server";
import { invalidForm } from "../../server/intent-answers.server";
import { RETURN_PARAM, returnPathOf } from "../../checkout/cart-sign-in";
import { redirectWithToast } from "../../server/flash.server";
import { retryAfterHeaders } from "../retry-after";
import type { Route } from "./+types/auth";

type View = "signin" | "signup" | "forgot";

function viewOf(value: string | null): View {
  return value === "signup" || value === "forgot" ? value : "signin";
}

/** Where a signed-in visitor goes: the same-site page they came from ('?redirect='), else home. */
function returnPath(value: unknown): string {
  return returnPathOf(value) ?? "/";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  // Already signed in: nothing to do here.
  if (await context.getViewer()) throw redirect(returnPath(new URL(request.url).searchParams.get(RETURN_PARAM)));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerAuthForm(request, context, {
    signIn: (form) =>
      handleSignIn(request, context, form, AUTH_TEXTS.signInFailed, ({ setCookies }) =>
        redirectWithToast(returnPath(form.get(RETURN_PARAM)), { kind: "success", title: AUTH_TEXTS.signInSuccess, description: AUTH_TEXTS.signInSuccessBody }, { setCookies }),
      ),
    signUp: async (form) => {
      const parsed = SERVER_PASSWORD_FORMS.signUp.safeParse(formValues(form, "fullName", "email", "password", "confirmPassword"));
      if (!parsed.success) return invalidForm("signup", AUTH_TEXTS.signUpFailed, parsed.error);
      return handleSignUp(
        request,
        context,
        parsed.data,
        { failedTitle: AUTH_TEXTS.signUpFailed, success: { message: AUTH_TEXTS.signUpSuccess, detail: AUTH_TEXTS.signUpSuccessBody } },
        "buyer",
      );
    },
  });
}

export const headers = retryAfterHeaders;

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return [
    { title: `Sign In or Create an Account | ${site.siteName}` },
    { name: "description", content: `Sign in to ${site.siteName} or create an account to shop graded UK-used phones.` },
  ];
}

export default function AuthPage() {
  const [params] = useSearchParams();
  const { answer: result } = useAction<{ intent: string } & AuthExtra>({ page: true });
  // A form posted without scripts comes back to /auth: show the view that answered.
  const view = result?.intent === "signup" || result?.intent === "forgot" ? result.intent : viewOf(params.get("tab"));

  return (
    <AuthCard title={view === "forgot" ? "Reset your password" : "Welcome to Tokunbo"} subtitle="Graded UK-used phones from verified vendors.">
      {view === "forgot" ? (
        <ForgotPasswordForm result={result} />
      ) : (
        <>
          <div role="tablist" aria-label="Sign in or sign up" className="grid grid-cols-2 gap-1 rounded-lg bg-gray-100 p-1">
            <TabLink view="signin" current={view} label="Sign In" />
            <TabLink view="signup" current={view} label="Sign Up" />
          </div>
          <div role="tabpanel" aria-label={view === "signin" ? "Sign In" : "Sign Up"} className="mt-6">
            {view === "signin" ? (
              <SignInForm result={result} />
            ) : (
              <SignUpForm result={result} schema={signUpSchema} failedTitle={AUTH_TEXTS.signUpFailed} submitLabel="Create Account" confirmPassword />
            )}
          </div>
        </>
      )}
      <AuthCardLinks>
        <Link to="/vendor-auth" className="font-semibold text-brand-strong hover:underline">
          Selling phones? Vendor sign in
        </Link>
        <Link to="/" className="text-gray-700 hover:underline">
          ← Back to home
        </Link>
      </AuthCardLinks>
    </AuthCard>
  );
}

function TabLink({ view, current, label }: { view: View; current: View; label: string }) {
  const selected = view === current;
  return (
    <Link
      to={view === "signin" ? "/auth" : `/auth?tab=${view}`}
      replace
      role="tab"
      aria-selected={selected}
      className={`rounded-md px-3 py-2 text-center text-sm font-semibold ${selected ? "bg-white text-gray-900 shadow-sm" : "text-gray-700 hover:text-gray-900"}`}
    >
      {label}
    </Link>
  );
}

function SignInForm({ result }: { result: IntentAnswer<AuthExtra> | undefined }) {
  const { errors, validate } = useFormErrors("signin", result, signInSchema, AUTH_TEXTS.signInFailed);
  const busy = useBusy("signin");
  const [params] = useSearchParams();
  const returnTo = returnPathOf(params.get(RETURN_PARAM));
  return (
    <>
      <Form method="post" noValidate onSubmit={validate} className="space-y-4">
        <input type="hidden" name="intent" value="signin" />
        {returnTo ? <input type="hidden" name={RETURN_PARAM} value={returnTo} /> : null}
        <FormError message={errors.form} />
        <EmailField error={errors.email} />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" required error={errors.password} />
        <div className="flex justify-end">
          <Link to="/auth?tab=forgot" className="text-sm font-semibold text-brand-strong hover:underline">
            Forgot password?
          </Link>
        </div>
        <SubmitButton busy={busy} busyText="Signing in…">
          Sign In
        </SubmitButton>
      </Form>
      <ResendIfUnverified result={result} />
    </>
  );
}

function ForgotPasswordForm({ result }: { result: IntentAnswer<AuthExtra> | undefined }) {
  const { errors, validate } = useFormErrors("forgot", result, forgotPasswordSchema, AUTH_TEXTS.resetFailed);
  const busy = useBusy("forgot");
  const sent = answerOf("forgot", result)?.ok === true;
  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-700">Enter the email address of your account and we'll send you a link to choose a new password.</p>
      {sent ? (
        <FormSuccess>{AUTH_TEXTS.resetSentBody}</FormSuccess>
      ) : null}
      <Form method="post" noValidate onSubmit={validate} className="space-y-4">
        <input type="hidden" name="intent" value="forgot" />
        <FormError message={errors.form} />
        <EmailField error={errors.email} />
        <SubmitButton busy={busy} busyText="Sending…">
          Send Reset Link
        </SubmitButton>
      </Form>
      <Link to="/auth" className="inline-block text-sm font-semibold text-brand-strong hover:underline">
        ← Back to sign in
      </Link>
    </div>
  );
}
