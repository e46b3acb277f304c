import type { InputHTMLAttributes, ReactNode } from "react";
import { CHECKOUT_TEXTS as T } from "../../domain/checkout/texts";
import { NIGERIAN_STATES } from "../../lib/constants";
import type { ShippingErrors, ShippingField, ShippingValues } from "./checkout-form-data";
import { FieldNotes, controlClass, describedBy } from "../ui/form-field";
import { SectionTitle } from "../ui/page-title";

interface ShippingFieldsProps {
  values: ShippingValues;
  email: string;
  errors: ShippingErrors;
  /** Checks one field as the buyer leaves it (and while they fix it). */
  onCheck: (field: ShippingField, value: string) => void;
  /** 'Deliver to' (saved addresses), above the fields. */
  picker?: ReactNode;
}

/** The shipping form and its bounds (docs/cart-and-checkout.md); the e-mail is the account's. */
export function ShippingFields({ values, email, errors, onCheck, picker }: ShippingFieldsProps) {
  const field = (name: ShippingField): FieldBinding => ({
    id: `checkout-${name}`,
    name,
    defaultValue: values[name],
    error: errors[name],
    onBlur: (event) => onCheck(name, event.target.value),
    onChange: (event) => {
      if (errors[name]) onCheck(name, event.target.value);
    },
  });
  return (
    <section className="rounded-2xl border border-gray-200 bg-white p-4 sm:p-5" aria-labelledby="checkout-shipping-title">
      <SectionTitle id="checkout-shipping-title">{T.shippingTitle}</SectionTitle>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {picker}
        <ShippingInput label={T.fullName} {...field("customerName")} autoComplete="name" required />
        <ShippingInput label={T.phoneNumber} {...field("customerPhone")} type="tel" inputMode="tel" autoComplete="tel" hint={T.phoneHint} required />
        <LockedEmail email={email} />
        <ShippingInput label={T.streetAddress} {...field("shippingAddress")} autoComplete="address-line1" className="sm:col-span-2" required />
        <ShippingInput label={T.city} {...field("city")} autoComplete="address-level2" required />
        <StateSelect {...field("state")} />
        <NotesField {...field("deliveryNotes")} />
      </div>
    </section>
  );
}

function FieldLabel({ htmlFor, label, required, children }: { htmlFor: string; label: string; required?: boolean; children?: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="flex items-center gap-1 text-sm font-semibold text-gray-900">
      {label}
      {required ? (
        <span className="text-red-700" aria-hidden="true" title={T.required}>
          *
        </span>
      ) : (
        <span className="font-normal text-gray-600">{T.optional}</span>
      )}
      {children}
    </label>
  );
}

type ValueEvent = { target: { value: string } };

interface FieldBinding {
  id: string;
  name: ShippingField;
  defaultValue: string;
  error?: string;
  onBlur: (event: ValueEvent) => void;
  onChange: (event: ValueEvent) => void;
}

interface ShippingInputProps extends FieldBinding, Omit<InputHTMLAttributes<HTMLInputElement>, keyof FieldBinding> {
  label: string;
  hint?: string;
}

function ShippingInput({ id, label, error, hint, className = "", required, ...input }: ShippingInputProps) {
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <input
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={controlClass(error)}
        {...input}
      />
      <FieldNotes id={id} error={error} hint={hint} />
    </div>
  );
}

function LockedEmail({ email }: { email: string }) {
  const id = "checkout-email";
  return (
    <div className="sm:col-span-2">
      <FieldLabel htmlFor={id} label={T.emailAddress} required>
        <LockIcon />
      </FieldLabel>
      <input
        id={id}
        type="email"
        value={email}
        readOnly
        aria-readonly="true"
        autoComplete="email"
        aria-describedby={`${id}-hint`}
        className={`${controlClass()} cursor-not-allowed bg-gray-100 text-gray-700`}
      />
      <FieldNotes id={id} hint={T.emailLocked} />
    </div>
  );
}

function StateSelect({ id, error, defaultValue, onBlur, onChange, name }: FieldBinding) {
  return (
    <div>
      <FieldLabel htmlFor={id} label={T.state} required />
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        required
        autoComplete="address-level1"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        onBlur={onBlur}
        onChange={onChange}
        className={controlClass(error)}
      >
        <option value="">{T.chooseState}</option>
        {NIGERIAN_STATES.map((state) => (
          <option key={state} value={state}>
            {state}
          </option>
        ))}
      </select>
      <FieldNotes id={id} error={error} />
    </div>
  );
}

function NotesField({ id, error, defaultValue, onBlur, onChange, name }: FieldBinding) {
  return (
    <div className="sm:col-span-2">
      <FieldLabel htmlFor={id} label={T.deliveryNotes} />
      <textarea
        id={id}
        name={name}
        rows={3}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        onBlur={onBlur}
        onChange={onChange}
        className={controlClass(error)}
      />
      <FieldNotes id={id} error={error} />
    </div>
  );
}

function LockIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4 text-gray-600" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}
