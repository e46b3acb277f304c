import { Form } from "react-router";
import type { VendorProfile } from "../../domain/vendors/dashboard";
import { VENDOR_TEXTS } from "../../domain/vendors/texts";
import { vendorDetailsSchema } from "../../domain/vendors/validation";
import { VENDOR_STATUS_LABELS } from "../../lib/constants";
import { formatNaira } from "../../lib/money";
import { usePageAnswer } from "../ui/answer";
import { FormError, useBusy, useFormErrors } from "../ui/forms";
import { VerifiedVendorBadge } from "../ui/badges";
import { FormButton, TextAreaField, TextField } from "../ui/form-field";
import { SectionTitle } from "../ui/page-title";

/** The Profile tab: the business details the vendor may change, and what only our team sets. */
export function VendorProfileTab({ vendor }: { vendor: VendorProfile }) {
  const result = usePageAnswer<{ intent: string }>();
  const { errors, validate } = useFormErrors("profile", result, vendorDetailsSchema, VENDOR_TEXTS.profileUpdateFailed);
  const busy = useBusy("profile");
  return (
    <section aria-labelledby="vendor-profile-title" className="grid gap-6 lg:grid-cols-[2fr_1fr]">
      <div>
        <SectionTitle id="vendor-profile-title">Business details</SectionTitle>
        <Form method="post" action="/vendor-dashboard?tab=profile" noValidate onSubmit={validate} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="profile" />
          <FormError message={errors.form} />
          <TextField label="Business Name" name="businessName" defaultValue={vendor.businessName} autoComplete="organization" required error={errors.businessName} />
          <TextField label="Contact Email" name="contactEmail" type="email" inputMode="email" defaultValue={vendor.contactEmail} required error={errors.contactEmail} />
          <TextField label="Contact Phone" name="contactPhone" type="tel" inputMode="tel" defaultValue={vendor.contactPhone} required error={errors.contactPhone} />
          <TextAreaField label="Business Address" name="businessAddress" defaultValue={vendor.businessAddress} required error={errors.businessAddress} />
          <FormButton busy={busy} busyText="Saving…" className="w-full sm:w-auto">
            Save Changes
          </FormButton>
        </Form>
      </div>
      <aside aria-label="Account standing" className="h-fit rounded-xl bg-gray-50 p-4 text-sm">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
          <dt className="text-gray-600">Status</dt>
          <dd className="font-semibold text-gray-900">{VENDOR_STATUS_LABELS[vendor.status]}</dd>
          <dt className="text-gray-600">Commission</dt>
          <dd className="text-gray-900">{vendor.commissionRate}% of the final price</dd>
          <dt className="text-gray-600">Total sales</dt>
          <dd className="text-gray-900">{formatNaira(vendor.totalSales)}</dd>
        </dl>
        {vendor.verified ? (
          <div className="mt-3">
            <VerifiedVendorBadge />
          </div>
        ) : null}
        <p className="mt-3 text-gray-700">Status, verification and commission are set by our team.</p>
      </aside>
    </section>
  );
}
