import type { FormEvent } from "react";
import { Form, Link, data, redirect, useLoaderData, useSearchParams } from "react-router";
import { AUTH_TEXTS } from "../../../domain/accounts/texts";
import { SERVER_PASSWORD_FORMS } from "../../../domain/accounts/common-passwords";
import { signInSchema, vendorSignUpSchema } from "../../../domain/accounts/validation";
import { findVendorByUser } from "../../../domain/catalog/vendor-listings";
import { VENDOR_STATUS_LABELS } from "../../../lib/constants";
import { AuthCard, AuthCardLinks, EmailField, ResendIfUnverified, SignUpForm } from "../../account/auth-ui";
import { SubmitButton, TextField } from "../../ui/form-field";
import { FormError, type IntentAnswer, answerOf, useBusy, useFormErrors } from "../../ui/forms";
import { useAction } from "../../ui/answer";
import { siteFromMatches } from "../../site/site";
import { toast } from "../../ui/toast";
import {
  type AuthExtra,
  answerAuthForm,
  formValues,
  handleSignIn,
  handleSignUp,
} from "../../server/auth-forms.server";
import { formRefused, invalidForm } from "../../server/intent-answers.server";
import { redirectWithToast } from "../../server/flash.server";
import { retryAfterHeaders } from "../../account/retry-after";
import type { Route } from "./+types/vendor-auth";

/** A signed-in vendor applicant sees the state of their application here. */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await context.getViewer();
  const vendor = viewer ? await findVendorByUser(context.db, viewer.userId) : null;
  if (vendor?.status === "approved" && vendor.verified) throw redirect("/vendor-dashboard");
  return { pending: vendor?.status === "pending" ? { businessName: vendor.businessName, status: vendor.status } : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerAuthForm(request, context, {
    signIn: (form) =>
      handleSignIn(request, context, form, AUTH_TEXTS.vendorAuthFailed, async ({ userId, setCookies }) => {
        const vendor = await findVendorByUser(context.db, userId);
        const headers = new Headers();
        for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
        if (!vendor) return redirect("/vendor-application", { headers });
        if (vendor.status === "approved" && vendor.verified) {
          return redirectWithToast(
            "/vendor-dashboard",
            { kind: "success", title: AUTH_TEXTS.signInSuccess, description: AUTH_TEXTS.signInSuccessBody },
            { setCookies },
          );
        }
        if (vendor.status === "rejected") {
          const rejected = formRefused("signin", "forbidden", AUTH_TEXTS.vendorRejected);
          return data(rejected.data, { ...rejected.init, headers });
        }
        return redirect("/vendor-auth", { headers });
      }),
    signUp: async (form) => {
      const parsed = SERVER_PASSWORD_FORMS.vendorSignUp.safeParse(formValues(form, "fullName", "email", "password"));
      if (!parsed.success) return invalidForm("signup", AUTH_TEXTS.vendorAuthFailed, parsed.error);
      return handleSignUp(
        request,
        context,
        parsed.data,
        { failedTitle: AUTH_TEXTS.vendorAuthFailed, success: { message: AUTH_TEXTS.vendorSignUpSuccess } },
        "vendor",
      );
    },
    emptyEmailMessage: AUTH_TEXTS.enterEmailFirst,
  });
}

export const headers = retryAfterHeaders;

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return [
    { title: `Vendor Sign In | ${site.siteName}` },
    { name: "description", content: `Sign in or create a vendor account to sell graded UK-used phones on ${site.siteName}.` },
  ];
}

export default function VendorAuthPage() {
  const { pending } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const { answer: result } = useAction<{ intent: string } & AuthExtra>({ page: true });
  const signingUp = result?.intent === "signup" || params.get("signup") === "true";

  if (pending) return <UnderReview businessName={pending.businessName} status={pending.status} />;
  return (
    <AuthCard
      title={signingUp ? "Create a vendor account" : "Vendor sign in"}
      subtitle={signingUp ? "Start selling graded UK-used phones to buyers across Nigeria." : "Manage your listings and orders."}
    >
      {signingUp ? (
        <SignUpForm result={result} schema={vendorSignUpSchema} failedTitle={AUTH_TEXTS.vendorAuthFailed} submitLabel="Create Vendor Account" />
      ) : (
        <VendorSignInForm result={result} />
      )}
      <AuthCardLinks>
        <Link to={signingUp ? "/vendor-auth" : "/vendor-auth?signup=true"} replace className="font-semibold text-brand-strong hover:underline">
          {signingUp ? "Already have a vendor account? Sign in" : "New vendor? Create an account"}
        </Link>
        <Link to="/auth" className="text-gray-700 hover:underline">
          Shopping instead? Customer sign in
        </Link>
      </AuthCardLinks>
    </AuthCard>
  );
}

function UnderReview({ businessName, status }: { businessName: string; status: "pending" }) {
  return (
    <AuthCard title={AUTH_TEXTS.applicationUnderReview} subtitle="Our team reviews every application within 2-3 business days.">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl bg-gray-50 p-4 text-sm">
        <dt className="font-semibold text-gray-700">Business name</dt>
        <dd className="text-gray-900">{businessName}</dd>
        <dt className="font-semibold text-gray-700">Status</dt>
        <dd>
          <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">{VENDOR_STATUS_LABELS[status]}</span>
        </dd>
      </dl>
      <p className="mt-4 text-sm text-gray-700">We'll notify you and send an email as soon as your application is approved.</p>
      <Link
        to="/vendor-pre-approval"
        className="mt-6 inline-flex w-full items-center justify-center rounded-lg border border-brand-strong px-4 py-3 text-base font-semibold text-brand-strong hover:bg-brand-soft"
      >
        Complete your pre-approval form
      </Link>
      <Link
        to="/"
        className="mt-3 inline-flex w-full items-center justify-center rounded-lg bg-brand-strong px-4 py-3 text-base font-semibold text-white hover:opacity-90"
      >
        Back to Home
      </Link>
    </AuthCard>
  );
}

function VendorSignInForm({ result }: { result: IntentAnswer<AuthExtra> | undefined }) {
  const { errors, validate } = useFormErrors("signin", result, signInSchema, AUTH_TEXTS.vendorAuthFailed);
  const forgot = answerOf("forgot", result);
  const forgotErrors = forgot && !forgot.ok ? forgot.fieldErrors : {};
  const busy = useBusy("signin");
  const sendingReset = useBusy("forgot");

  // The forgot-password button uses the e-mail typed above it, so it needs one first.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value !== "forgot") return validate(event);
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    if (!email) {
      event.preventDefault();
      toast.error(AUTH_TEXTS.enterEmailFirst);
    }
  };

  return (
    <>
      <Form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
        <FormError message={errors.form} />
        <EmailField error={errors.email ?? forgotErrors.email} />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" error={errors.password} />
        <SubmitButton busy={busy} busyText="Signing in…" name="intent" value="signin">
          Sign In
        </SubmitButton>
        <button
          type="submit"
          name="intent"
          value="forgot"
          formNoValidate
          disabled={sendingReset}
          className="text-sm font-semibold text-brand-strong hover:underline disabled:opacity-60"
        >
          {sendingReset ? "Sending reset link…" : "Forgot password?"}
        </button>
      </Form>
      <ResendIfUnverified result={result} />
    </>
  );
}
