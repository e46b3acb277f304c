import type { FormEvent } from "react";
import { Form, Link, redirect, useLoaderData } from "react-router";
import { fieldErrors, firstError } from "../../../domain/accounts/validation";
import { fileStorageFor } from "../../../domain/media/storage-config";
import { type PreapprovalField, getPreapprovalState, listActivePreapprovalFields, submitPreapproval } from "../../../domain/vendors/preapproval";
import { VENDOR_TEXTS } from "../../../domain/vendors/texts";
import { preapprovalSchema } from "../../../domain/vendors/validation";
import { AuthCard } from "../../account/auth-ui";
import { FormError, useBusy } from "../../ui/forms";
import { useAction } from "../../ui/answer";
import { FormButton, TextAreaField, TextField } from "../../ui/form-field";
import { siteFromMatches } from "../../site/site";
import { toast } from "../../ui/toast";
import { formatDate } from "../../ui/format";
import { requireUser } from "../../server/access.server";
import { redirectWithToast } from "../../server/flash.server";
import type { Route } from "./+types/vendor-pre-approval";
import { refusedForm } from "../../server/intent-answers.server";
import { readForm } from "../../server/forms.server";

/** Applicants only: no application goes to the form; an approved vendor to the dashboard. */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await context.getViewer();
  if (!viewer) throw redirect("/vendor-auth");
  const { vendor, fields, submittedAt } = await getPreapprovalState(context.db, viewer.userId);
  if (!vendor) throw redirect("/vendor-application");
  if (vendor.status === "approved") throw redirect("/vendor-dashboard");
  return { vendor, fields, submittedAt };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(context);
  const form = await readForm(request);
  const fields = await listActivePreapprovalFields(context.db);
  const values = Object.fromEntries(fields.map((field) => [field.fieldName, form.get(field.fieldName) ?? undefined]));
  try {
    await submitPreapproval({ db: context.db, storage: fileStorageFor(context.config) }, viewer, values);
  } catch (error) {
    return refusedForm("preapproval", VENDOR_TEXTS.preapprovalFailed, error);
  }
  return redirectWithToast("/vendor-pre-approval", { kind: "success", title: VENDOR_TEXTS.preapprovalSubmitted });
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return [{ title: `Vendor Pre-Approval | ${site.siteName}` }, { name: "robots", content: "noindex" }];
}

export default function VendorPreApprovalPage() {
  const { vendor, fields, submittedAt } = useLoaderData<typeof loader>();
  if (vendor.status === "rejected") {
    return (
      <AuthCard title="Vendor application" subtitle={VENDOR_TEXTS.rejected}>
        {vendor.rejectionReason ? <p className="text-sm text-gray-800">Reason: {vendor.rejectionReason}</p> : null}
        <HomeLink />
      </AuthCard>
    );
  }
  if (submittedAt) {
    return (
      <AuthCard title={VENDOR_TEXTS.underReviewTitle} subtitle={vendor.businessName}>
        <p role="status" className="rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-green-900">
          {VENDOR_TEXTS.underReviewBody}
        </p>
        <p className="mt-3 text-sm text-gray-700">Sent on {formatDate(submittedAt)}. We will notify you and send an e-mail as soon as your account is approved.</p>
        <HomeLink />
      </AuthCard>
    );
  }
  return <PreapprovalForm businessName={vendor.businessName} fields={fields} />;
}

function HomeLink() {
  return (
    <Link to="/" className="mt-6 inline-flex w-full justify-center rounded-lg bg-brand-strong px-4 py-3 font-semibold text-white hover:opacity-90">
      Back to Home
    </Link>
  );
}

function PreapprovalForm({ businessName, fields }: { businessName: string; fields: PreapprovalField[] }) {
  const { fieldErrors: errors } = useAction({ page: true });
  const busy = useBusy("preapproval");

  const validate = (event: FormEvent<HTMLFormElement>) => {
    const parsed = preapprovalSchema(fields).safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (parsed.success) return;
    event.preventDefault();
    toast.error(VENDOR_TEXTS.preapprovalFailed, firstError(fieldErrors(parsed.error)));
  };

  return (
    <AuthCard title="Complete your pre-approval" subtitle={`A few more details about ${businessName}, so our team can verify your business.`}>
      <Form method="post" encType="multipart/form-data" noValidate onSubmit={validate} className="space-y-4">
        <input type="hidden" name="intent" value="preapproval" />
        <FormError message={errors.form} />
        {fields.length === 0 ? <p className="text-sm text-gray-700">No further information is needed. Send the form to let our team know you are ready.</p> : null}
        {fields.map((field) => (
          <PreapprovalInput key={field.id} field={field} error={errors[field.fieldName]} />
        ))}
        <FormButton busy={busy} busyText="Submitting…">
          Submit Information
        </FormButton>
      </Form>
    </AuthCard>
  );
}

const INPUT_TYPES = { text: "text", email: "email", phone: "tel" } as const;

function PreapprovalInput({ field, error }: { field: PreapprovalField; error?: string }) {
  const label = field.required ? field.fieldLabel : `${field.fieldLabel} (optional)`;
  if (field.fieldType === "textarea") return <TextAreaField label={label} name={field.fieldName} rows={4} required={field.required} error={error} />;
  if (field.fieldType === "file") {
    return (
      <TextField
        label={label}
        name={field.fieldName}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        required={field.required}
        hint="A photo or scan: JPEG, PNG or WebP, up to 8 MB."
        error={error}
        className="[&_input]:py-2"
      />
    );
  }
  return (
    <TextField
      label={label}
      name={field.fieldName}
      type={INPUT_TYPES[field.fieldType]}
      inputMode={field.fieldType === "phone" ? "tel" : field.fieldType === "email" ? "email" : undefined}
      required={field.required}
      error={error}
    />
  );
}
