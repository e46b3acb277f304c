import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from "react";

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  error?: string;
  hint?: string;
}

/** The ids of a control's error and hint, for aria-describedby. */
export function describedBy(id: string, error?: string, hint?: string): string | undefined {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
}

/** The look of every text-like control: input, textarea, select. */
export function controlClass(error?: string): string {
  return `mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-gray-900 placeholder:text-gray-500 focus:border-brand-strong focus:outline-none focus:ring-2 focus:ring-brand-strong/30 ${
    error ? "border-red-600" : "border-gray-300"
  }`;
}

/** A control's hint and error, with the ids describedBy() points at. */
export function FieldNotes({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** A control's label above it and its hint and error below it. */
function LabelledControl({ id, label, error, hint, className, children }: { id: string; label: string; error?: string; hint?: string; className: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-gray-900">
        {label}
      </label>
      {children}
      <FieldNotes id={id} error={error} hint={hint} />
    </div>
  );
}

/** What ties a control to its label and notes (aria-invalid, aria-describedby), and its look. */
function controlAttributes(id: string, name: string, error?: string, hint?: string) {
  return { id, name, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy(id, error, hint), className: controlClass(error) };
}

/** A labelled input with its error announced and tied to it. */
export function TextField({ label, name, error, hint, id, className = "", ...input }: TextFieldProps) {
  const inputId = id ?? `field-${name}`;
  return (
    <LabelledControl id={inputId} label={label} error={error} hint={hint} className={className}>
      <input {...controlAttributes(inputId, name, error, hint)} {...input} />
    </LabelledControl>
  );
}

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  name: string;
  error?: string;
  hint?: string;
}

export function TextAreaField({ label, name, error, hint, id, className = "", rows = 3, ...rest }: TextAreaFieldProps) {
  const fieldId = id ?? `field-${name}`;
  return (
    <LabelledControl id={fieldId} label={label} error={error} hint={hint} className={className}>
      <textarea rows={rows} {...controlAttributes(fieldId, name, error, hint)} {...rest} />
    </LabelledControl>
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
    <LabelledControl id={fieldId} label={label} error={error} hint={hint} className={className}>
      <select {...controlAttributes(fieldId, name, error, hint)} {...rest}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </LabelledControl>
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

interface SubmitButtonProps {
  busy: boolean;
  children: string;
  busyText: string;
  /** Name and value tell the action which button sent the form. */
  name?: string;
  value?: string;
}

export function SubmitButton({ busy, children, busyText, name, value }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={busy}
      aria-disabled={busy}
      className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-strong px-4 py-3 text-base font-semibold text-white hover:opacity-90 disabled:cursor-wait disabled:opacity-70"
    >
      {busy ? <ButtonSpinner /> : null}
      {busy ? busyText : children}
    </button>
  );
}

interface FormButtonProps {
  busy: boolean;
  busyText: string;
  children: ReactNode;
  disabled?: boolean;
  /** Why the button is disabled, shown under it and read with it; only while disabled. */
  disabledReason?: string;
  name?: string;
  value?: string;
  variant?: "primary" | "danger";
  className?: string;
}

/** A submit button that shows a spinner while its form is on its way, and may be held disabled. */
export function FormButton({ busy, busyText, children, disabled = false, disabledReason, name, value, variant = "primary", className = "w-full" }: FormButtonProps) {
  const colour = variant === "danger" ? "bg-red-700" : "bg-brand-strong";
  const reasonId = useId();
  const reason = disabled && disabledReason ? disabledReason : undefined;
  return (
    <>
      <button
        type="submit"
        name={name}
        value={value}
        disabled={busy || disabled}
        aria-describedby={reason ? reasonId : undefined}
        className={`inline-flex items-center justify-center gap-2 rounded-lg px-4 py-3 text-base font-semibold text-white hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-60 ${colour} ${className}`}
      >
        {busy ? <ButtonSpinner /> : null}
        {busy ? busyText : children}
      </button>
      {reason ? (
        <p id={reasonId} className="mt-2 text-sm text-gray-700">
          {reason}
        </p>
      ) : null}
    </>
  );
}

function ButtonSpinner() {
  return <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />;
}
