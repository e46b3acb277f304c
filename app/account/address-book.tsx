import { Link, useNavigate } from "react-router";
import { ACCOUNT_TEXTS as T } from "../../domain/accounts/account-texts";
import { ADDRESS_LIMITS, savedAddressSchema } from "../../domain/accounts/account-validation";
import type { SavedAddress } from "../../domain/accounts/addresses";
import { NIGERIAN_STATES } from "../../lib/constants";
import { ConfirmAction } from "../admin/admin-ui";
import { ModalDialog } from "../ui/dialog";
import { FormButton, SelectField, TextField } from "../ui/form-field";
import { ACCOUNT_ACTION, AccountSection, useAccountForm } from "./account-form";

const CLOSE_TO = "/account";
const smallButton = "inline-flex min-h-10 items-center rounded-lg px-3 py-2 text-sm font-semibold ring-1 ring-inset hover:bg-gray-50";

/** Saved delivery addresses: list, add and edit (a dialog opened by ?address=), delete, make default. */
export function AddressBook({ addresses, editing }: { addresses: SavedAddress[]; editing: string | null }) {
  const full = addresses.length >= ADDRESS_LIMITS.max;
  const edited = editing === "new" ? null : addresses.find((address) => address.id === editing);
  return (
    <AccountSection id="account-addresses" title={T.addressesTitle}>
      {addresses.length === 0 ? <p className="text-sm text-gray-700">{T.noAddresses}</p> : null}
      <ul className="grid gap-3 sm:grid-cols-2">
        {addresses.map((address) => (
          <AddressCard key={address.id} address={address} />
        ))}
      </ul>
      <div className="mt-4">
        {full ? (
          <p className="text-sm text-gray-700">{T.tooManyAddresses(ADDRESS_LIMITS.max)}</p>
        ) : (
          <Link to="?address=new" preventScrollReset className={`${smallButton} text-gray-900 ring-gray-300`}>
            {T.addAddress}
          </Link>
        )}
      </div>
      {editing === "new" && !full ? <AddressDialog address={null} /> : null}
      {edited ? <AddressDialog address={edited} /> : null}
    </AccountSection>
  );
}

function AddressCard({ address }: { address: SavedAddress }) {
  const makeDefault = useAccountForm(null);
  const remove = useAccountForm(null);
  return (
    <li className="rounded-xl border border-gray-200 p-3" aria-label={address.label}>
      <p className="flex items-center gap-2 font-semibold text-gray-900">
        {address.label}
        {address.isDefault ? <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">{T.defaultBadge}</span> : null}
      </p>
      <address className="mt-1 text-sm not-italic text-gray-700">
        {address.customerName}
        <br />
        {address.customerPhone}
        <br />
        {address.shippingAddress}
        <br />
        {address.city}, {address.state}
      </address>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to={`?address=${address.id}`} preventScrollReset aria-label={T.editLabel(address.label)} className={`${smallButton} text-gray-900 ring-gray-300`}>
          {T.edit}
        </Link>
        {address.isDefault ? null : (
          <makeDefault.fetcher.Form method="post" action={ACCOUNT_ACTION}>
            <input type="hidden" name="intent" value="default-address" />
            <input type="hidden" name="addressId" value={address.id} />
            <button type="submit" disabled={makeDefault.busy} aria-label={T.makeDefaultLabel(address.label)} className={`${smallButton} text-gray-900 ring-gray-300`}>
              {T.makeDefault}
            </button>
          </makeDefault.fetcher.Form>
        )}
        <ConfirmAction trigger={T.deleteLabel(address.label)} question={T.deleteConfirm(address.label)}>
          <remove.fetcher.Form method="post" action={ACCOUNT_ACTION}>
            <input type="hidden" name="intent" value="delete-address" />
            <input type="hidden" name="addressId" value={address.id} />
            <FormButton busy={remove.busy} busyText={T.saving} variant="danger" className="w-auto">
              {T.deleteYes}
            </FormButton>
          </remove.fetcher.Form>
        </ConfirmAction>
      </div>
    </li>
  );
}

function AddressDialog({ address }: { address: SavedAddress | null }) {
  const navigate = useNavigate();
  const form = useAccountForm(savedAddressSchema, (answer) => {
    if (answer.ok) void navigate(CLOSE_TO, { preventScrollReset: true });
  });
  const value = (field: keyof SavedAddress) => (address ? String(address[field]) : "");
  return (
    <ModalDialog title={address ? T.editAddressTitle : T.newAddressTitle} closeTo={CLOSE_TO}>
      <form.fetcher.Form method="post" action={ACCOUNT_ACTION} onSubmit={form.onSubmit} noValidate className="grid gap-4">
        <input type="hidden" name="intent" value="save-address" />
        <input type="hidden" name="addressId" value={address?.id ?? ""} />
        <TextField label={T.label} name="label" id="address-label" defaultValue={value("label")} hint={T.labelHint} maxLength={ADDRESS_LIMITS.labelMax} required error={form.errors.label} />
        <TextField label={T.fullName} name="customerName" id="address-customerName" defaultValue={value("customerName")} autoComplete="name" required error={form.errors.customerName} />
        <TextField
          label={T.phone}
          name="customerPhone"
          id="address-customerPhone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          hint={T.phoneHint}
          defaultValue={value("customerPhone")}
          required
          error={form.errors.customerPhone}
        />
        <TextField label={T.streetAddress} name="shippingAddress" id="address-shippingAddress" defaultValue={value("shippingAddress")} autoComplete="address-line1" required error={form.errors.shippingAddress} />
        <TextField label={T.city} name="city" id="address-city" defaultValue={value("city")} autoComplete="address-level2" required error={form.errors.city} />
        <SelectField
          label={T.state}
          name="state"
          id="address-state"
          options={NIGERIAN_STATES.map((state) => ({ value: state, label: state }))}
          placeholder={T.chooseState}
          defaultValue={value("state")}
          autoComplete="address-level1"
          required
          error={form.errors.state}
        />
        <div className="flex flex-wrap gap-2">
          <FormButton busy={form.busy} busyText={T.saving} className="w-full sm:w-auto">
            {T.saveAddress}
          </FormButton>
          <Link to={CLOSE_TO} preventScrollReset className={`${smallButton} justify-center text-gray-900 ring-gray-300`}>
            {T.cancel}
          </Link>
        </div>
      </form.fetcher.Form>
    </ModalDialog>
  );
}
