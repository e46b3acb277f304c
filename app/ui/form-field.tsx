import type { InputHTMLAttributes } from "react";

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

/** A labelled input with its error announced and tied to it (aria-invalid, aria-describedby). */
export function TextField({ label, name, error, hint, id, className = "", ...input }: TextFieldProps) {
  const inputId = id ?? `field-${name}`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-semibold text-gray-900">
        {label}
      </label>
      <input
        id={inputId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        className={controlClass(error)}
        {...input}
      />
      <FieldNotes id={inputId} error={error} hint={hint} />
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
      {busy ? (
        <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
      ) : null}
      {busy ? busyText : children}
    </button>
  );
}
