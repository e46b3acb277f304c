import { useEffect, useState } from "react";
import { Form, Link, redirect, useLoaderData, useNavigate } from "react-router";
import { getSiteContent } from "../../../domain/cms/service";
import { CMS_DEFAULTS } from "../../../domain/cms/defaults";
import { applyAsVendor } from "../../../domain/vendors/application";
import { Refusal } from "../../../domain/core/refusal";
import { findVendorByUser } from "../../../domain/catalog/vendor-listings";
import { VENDOR_TEXTS } from "../../../domain/vendors/texts";
import { vendorApplicationSchema } from "../../../domain/vendors/validation";
import { AuthCard } from "../../account/auth-ui";
import { FormError, useBusy, useFormErrors } from "../../ui/forms";
import { useAction } from "../../ui/answer";
import { CheckboxField, FormButton, TextAreaField, TextField } from "../../ui/form-field";
import { siteFromMatches } from "../../site/site";
import { toast } from "../../ui/toast";
import { useHydrated } from "../../ui/use-hydrated";
import { formValues } from "../../server/auth-forms.server";
import { redirectWithToast } from "../../server/flash.server";
import type { Route } from "./+types/vendor-application";
import { formRefused, invalidForm, refusedForm } from "../../server/intent-answers.server";
import { readForm } from "../../server/forms.server";

const signInFirst = () => redirectWithToast("/auth", { kind: "error", title: VENDOR_TEXTS.signInToApply });

/**
 * Signed-in users only; someone who already applied is sent on to where their application
 * stands. A signed-out visitor gets the sign-in message and is sent to /auth by the page (a
 * loader redirect would lose the message on in-app navigation).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await context.getViewer();
  if (!viewer) return { signedOut: true as const };
  const vendor = await findVendorByUser(context.db, viewer.userId);
  if (vendor?.status === "pending") throw redirect("/vendor-pre-approval");
  if (vendor?.status === "approved") throw redirect("/vendor-dashboard");
  const content = await getSiteContent(context.db, ["vendor_page_config"]).catch(() => ({ vendor_page_config: CMS_DEFAULTS.vendor_page_config }));
  return {
    signedOut: false as const,
    email: viewer.email,
    rejectedReason: vendor?.status === "rejected" ? vendor.rejectionReason ?? VENDOR_TEXTS.defaultRejectionReason : null,
    terms: content.vendor_page_config.terms_section,
  };
}

/** Stores the application as pending (the status is never read from the form), then on to vendor sign-up. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await context.getViewer();
  if (!viewer) return signInFirst();
  const parsed = vendorApplicationSchema.safeParse(
    formValues(await readForm(request), "businessName", "contactEmail", "contactPhone", "businessAddress", "acceptTerms"),
  );
  if (!parsed.success) {
    const onlyTerms = parsed.error.issues.every((issue) => issue.path[0] === "acceptTerms");
    if (onlyTerms) return formRefused("apply", "invalid", VENDOR_TEXTS.acceptTerms, undefined, { acceptTerms: VENDOR_TEXTS.acceptTerms });
    return invalidForm("apply", VENDOR_TEXTS.applicationFailed, parsed.error);
  }
  try {
    await applyAsVendor(context.db, viewer, parsed.data);
  } catch (error) {
    // Applied already (say, from another tab): on to where that application stands.
    if (error instanceof Refusal && error.status === 409) {
      return redirectWithToast("/vendor-pre-approval", { kind: "error", title: VENDOR_TEXTS.applicationFailed, description: error.message });
    }
    return refusedForm("apply", VENDOR_TEXTS.applicationFailed, error);
  }
  return redirectWithToast("/vendor-auth?signup=true", { kind: "success", title: VENDOR_TEXTS.applicationSubmitted });
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return [{ title: `Apply as a Vendor | ${site.siteName}` }, { name: "robots", content: "noindex" }];
}

export default function VendorApplicationPage() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.signedOut) return <SignInToApply />;
  const { email, rejectedReason, terms } = loaded;
  if (rejectedReason) {
    return (
      <AuthCard title="Vendor application" subtitle={VENDOR_TEXTS.rejected}>
        <p className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">Reason: {rejectedReason}</p>
        <Link to="/" className="mt-6 inline-flex w-full justify-center rounded-lg bg-brand-strong px-4 py-3 font-semibold text-white hover:opacity-90">
          Back to Home
        </Link>
      </AuthCard>
    );
  }
  return <ApplicationForm email={email} terms={terms} />;
}

/** 'Please sign in to apply as a vendor', then on to /auth; without scripts, a Sign In button. */
function SignInToApply() {
  const navigate = useNavigate();
  useEffect(() => {
    toast.error(VENDOR_TEXTS.signInToApply);
    void navigate("/auth", { replace: true });
  }, [navigate]);
  return (
    <AuthCard title="Apply as a Vendor" subtitle={VENDOR_TEXTS.signInToApply}>
      <Link to="/auth" className="inline-flex w-full justify-center rounded-lg bg-brand-strong px-4 py-3 font-semibold text-white hover:opacity-90">
        Sign In
      </Link>
    </AuthCard>
  );
}

function ApplicationForm({ email, terms }: { email: string; terms: { title: string; items: string[] } }) {
  const { answer: result } = useAction<{ intent: string }>({ page: true });
  const { errors, validate } = useFormErrors("apply", result, vendorApplicationSchema, VENDOR_TEXTS.applicationFailed);
  const busy = useBusy("apply");
  const [accepted, setAccepted] = useState(false);
  // Without scripts the button stays enabled and the server insists on the terms instead.
  const scripted = useHydrated();

  return (
    <AuthCard title="Apply as a Vendor" subtitle="Tell us about your business. Our team reviews every application within 2-3 business days.">
      <Form method="post" noValidate onSubmit={validate} className="space-y-4">
        <input type="hidden" name="intent" value="apply" />
        <FormError message={errors.form} />
        <TextField label="Business Name" name="businessName" autoComplete="organization" required error={errors.businessName} />
        <TextField
          label="Contact Email"
          name="contactEmail"
          type="email"
          inputMode="email"
          autoComplete="email"
          defaultValue={email}
          required
          error={errors.contactEmail}
        />
        <TextField
          label="Contact Phone"
          name="contactPhone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="0803 123 4567"
          required
          error={errors.contactPhone}
        />
        <TextAreaField label="Business Address" name="businessAddress" autoComplete="street-address" required error={errors.businessAddress} />
        <section aria-labelledby="terms-title" className="rounded-xl bg-gray-50 p-4">
          <h2 id="terms-title" className="text-sm font-bold text-gray-900">
            {terms.title}
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-gray-700">
            {terms.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
        <CheckboxField
          name="acceptTerms"
          label="I accept the vendor terms and conditions"
          checked={accepted}
          onChange={(event) => setAccepted(event.currentTarget.checked)}
          error={errors.acceptTerms}
        />
        <FormButton busy={busy} busyText="Submitting…" disabled={scripted && !accepted} disabledReason={VENDOR_TEXTS.acceptTermsToSubmit}>
          Submit Application
        </FormButton>
      </Form>
    </AuthCard>
  );
}
