import { Link } from "react-router";
import type { AccountProfile, SignedInDevice } from "../../domain/accounts/account";
import { ACCOUNT_TEXTS as T } from "../../domain/accounts/account-texts";
import { emailChangeSchema, passwordChangeSchema, profileSchema } from "../../domain/accounts/account-validation";
import type { SavedAddress } from "../../domain/accounts/addresses";
import { timeAgo } from "../../lib/relative-time";
import { FileLink } from "../ui/file-link";
import { useNow } from "../ui/use-now";
import { TextField } from "../ui/form-field";
import { PageTitle } from "../ui/page-title";
import { ACCOUNT_ACTION, AccountFormButton, AccountSection, useAccountForm } from "./account-form";
import { AddressBook } from "./address-book";

interface AccountViewProps {
  profile: AccountProfile;
  devices: SignedInDevice[];
  addresses: SavedAddress[];
  /** The address dialog the page address opens: "new" or an address id. */
  editing: string | null;
  /** The loader's Date.now(), for 'Last active … ago'. */
  renderedAt: number;
}

export function AccountView({ profile, devices, addresses, editing, renderedAt }: AccountViewProps) {
  return (
    <div className="container-page max-w-3xl space-y-6 py-8">
      <PageTitle>{T.pageTitle}</PageTitle>
      <ProfileSection profile={profile} />
      <EmailSection email={profile.email} />
      <PasswordSection />
      <DevicesSection devices={devices} renderedAt={renderedAt} />
      <AddressBook addresses={addresses} editing={editing} />
      <AccountSection id="account-data" title={T.dataTitle}>
        <ul className="flex flex-wrap gap-3">
          <li>
            <FileLink href="/account/data" className={secondaryLink}>
              {T.downloadData}
            </FileLink>
          </li>
          <li>
            <Link to="/account/delete" className={`${secondaryLink} text-red-800 ring-red-300`}>
              {T.deleteAccount}
            </Link>
          </li>
        </ul>
      </AccountSection>
    </div>
  );
}

export const secondaryLink =
  "inline-flex min-h-10 items-center rounded-lg px-3 py-2 text-sm font-semibold text-gray-900 ring-1 ring-inset ring-gray-300 hover:bg-gray-50";

function IntentField({ intent }: { intent: string }) {
  return <input type="hidden" name="intent" value={intent} />;
}

function ProfileSection({ profile }: { profile: AccountProfile }) {
  const form = useAccountForm(profileSchema);
  return (
    <AccountSection id="account-profile" title={T.profileTitle}>
      <form.fetcher.Form method="post" action={ACCOUNT_ACTION} onSubmit={form.onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <IntentField intent="profile" />
        <TextField label={T.fullName} name="fullName" id="account-fullName" defaultValue={profile.fullName} autoComplete="name" required error={form.errors.fullName} />
        <TextField
          label={`${T.phone} ${T.optional}`}
          name="phone"
          id="account-phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          defaultValue={profile.phone}
          hint={T.phoneHint}
          error={form.errors.phone}
        />
        <div className="sm:col-span-2 space-y-3">
          <AccountFormButton form={form} saved={T.profileSaved} busyText={T.saving}>
            {T.saveProfile}
          </AccountFormButton>
        </div>
      </form.fetcher.Form>
    </AccountSection>
  );
}

function EmailSection({ email }: { email: string }) {
  const form = useAccountForm(emailChangeSchema, (answer, element) => answer.ok && element?.reset());
  return (
    <AccountSection id="account-email" title={T.emailTitle}>
      <p className="text-sm text-gray-700">{T.currentEmail(email)}</p>
      <form.fetcher.Form method="post" action={ACCOUNT_ACTION} onSubmit={form.onSubmit} noValidate className="mt-3 space-y-3">
        <IntentField intent="email" />
        <TextField label={T.newEmail} name="newEmail" id="account-newEmail" type="email" autoComplete="email" required error={form.errors.newEmail} />
        <TextField
          label={T.currentPassword}
          name="currentPassword"
          id="account-email-currentPassword"
          type="password"
          autoComplete="current-password"
          required
          hint={T.emailPasswordHint}
          error={form.errors.currentPassword}
        />
        <AccountFormButton form={form} saved={form.answer?.detail} busyText={T.sending}>
          {T.sendEmailLink}
        </AccountFormButton>
      </form.fetcher.Form>
    </AccountSection>
  );
}

function PasswordSection() {
  const form = useAccountForm(passwordChangeSchema, (answer, element) => answer.ok && element?.reset());
  return (
    <AccountSection id="account-password" title={T.passwordTitle}>
      <form.fetcher.Form method="post" action={ACCOUNT_ACTION} onSubmit={form.onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <IntentField intent="password" />
        <TextField
          label={T.currentPassword}
          name="currentPassword"
          id="account-currentPassword"
          type="password"
          autoComplete="current-password"
          required
          error={form.errors.currentPassword}
          className="sm:col-span-2"
        />
        <TextField label={T.newPassword} name="password" id="account-password-new" type="password" autoComplete="new-password" required error={form.errors.password} />
        <TextField label={T.confirmPassword} name="confirmPassword" id="account-password-confirm" type="password" autoComplete="new-password" required error={form.errors.confirmPassword} />
        <div className="sm:col-span-2 space-y-3">
          <AccountFormButton form={form} saved={`${T.passwordChanged}. ${T.passwordChangedBody}`} busyText={T.saving}>
            {T.changePassword}
          </AccountFormButton>
        </div>
      </form.fetcher.Form>
    </AccountSection>
  );
}

function DevicesSection({ devices, renderedAt }: { devices: SignedInDevice[]; renderedAt: number }) {
  const now = new Date(useNow(renderedAt));
  return (
    <AccountSection id="account-devices" title={T.devicesTitle}>
      <ul className="divide-y divide-gray-200">
        {devices.map((device) => (
          <DeviceRow key={device.id} device={device} now={now} />
        ))}
      </ul>
    </AccountSection>
  );
}

function DeviceRow({ device, now }: { device: SignedInDevice; now: Date }) {
  const form = useAccountForm(null);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div>
        <p className="font-semibold text-gray-900">
          {device.label}
          {device.current ? <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">{T.thisDevice}</span> : null}
        </p>
        <p className="text-sm text-gray-700">
          {device.ip ? T.ipAddress(device.ip) : T.ipUnknown} · {T.lastActive(timeAgo(device.lastActive, now))}
        </p>
      </div>
      {device.current ? null : (
        <form.fetcher.Form method="post" action={ACCOUNT_ACTION}>
          <IntentField intent="end-session" />
          <input type="hidden" name="sessionId" value={device.id} />
          <button
            type="submit"
            disabled={form.busy}
            aria-label={T.signOutDeviceLabel(device.label)}
            className="inline-flex min-h-10 items-center rounded-lg px-3 py-2 text-sm font-semibold text-red-800 ring-1 ring-inset ring-red-300 hover:bg-red-50 disabled:opacity-60"
          >
            {T.signOutDevice}
          </button>
        </form.fetcher.Form>
      )}
    </li>
  );
}
