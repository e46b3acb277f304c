import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useSyncExternalStore } from "react";
import { FieldNotes, controlClass, describedBy } from "../ui/form-field";

/** Labelled form controls beside TextField (form-field.tsx), with errors tied to them for screen readers. */

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  name: string;
  error?: string;
  hint?: string;
}

export function TextAreaField({ label, name, error, hint, id, className = "", rows = 3, ...rest }: TextAreaFieldProps) {
  const fieldId = id ?? `field-${name}`;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="block text-sm font-semibold text-gray-900">
        {label}
      </label>
      <textarea
        id={fieldId}
        name={name}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        className={controlClass(error)}
        {...rest}
      />
      <FieldNotes id={fieldId} error={error} hint={hint} />
    </div>
  );
}

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  name: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** A first, empty choice such as "Choose a brand". */
  placeholder?: string;
  error?: string;
  hint?: string;
}

export function SelectField({ label, name, options, placeholder, error, hint, id, className = "", ...rest }: SelectFieldProps) {
  const fieldId = id ?? `field-${name}`;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="block text-sm font-semibold text-gray-900">
        {label}
      </label>
      <select
        id={fieldId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        className={controlClass(error)}
        {...rest}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldNotes id={fieldId} error={error} hint={hint} />
    </div>
  );
}

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type"> {
  name: string;
  label: ReactNode;
  error?: string;
}

export function CheckboxField({ name, label, error, id, className = "", ...rest }: CheckboxFieldProps) {
  const fieldId = id ?? `field-${name}`;
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={fieldId}
          name={name}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          className="mt-0.5 h-5 w-5 shrink-0 rounded border-gray-400 accent-[var(--color-brand-strong)]"
          {...rest}
        />
        <label htmlFor={fieldId} className="text-sm text-gray-900">
          {label}
        </label>
      </div>
      <FieldNotes id={fieldId} error={error} />
    </div>
  );
}

const noSubscription = () => () => {};

/** True once the page's scripts run (false during the server render and without JavaScript). */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

interface FormButtonProps {
  busy: boolean;
  busyText: string;
  children: ReactNode;
  disabled?: boolean;
  name?: string;
  value?: string;
  variant?: "primary" | "danger";
  className?: string;
}

/** A submit button that shows a spinner while its form is on its way, and may be held disabled. */
export function FormButton({ busy, busyText, children, disabled = false, name, value, variant = "primary", className = "w-full" }: FormButtonProps) {
  const colour = variant === "danger" ? "bg-red-700" : "bg-brand-strong";
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={busy || disabled}
      className={`inline-flex items-center justify-center gap-2 rounded-lg px-4 py-3 text-base font-semibold text-white hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-60 ${colour} ${className}`}
    >
      {busy ? <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" /> : null}
      {busy ? busyText : children}
    </button>
  );
}
