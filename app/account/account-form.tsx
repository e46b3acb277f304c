import { type FormEvent, type ReactNode, useState } from "react";
import type { z } from "zod";
import { type FieldErrors, fieldErrors, firstError } from "../../domain/accounts/validation";
import { type Answer, useAction } from "../ui/answer";
import { FormButton } from "../ui/form-field";
import { FormSuccess } from "../ui/forms";
import { toast } from "../ui/toast";

export const ACCOUNT_ACTION = "/account";

/**
 * One form of /account: checked in the browser with the server's schema, then posted by a
 * fetcher to the page's action (a plain form post without scripts). Field errors are the
 * browser's until the server answers again.
 */
export function useAccountForm(schema: z.ZodType | null, onAnswer?: (answer: Answer, form: HTMLFormElement | null) => void) {
  const [formElement, setFormElement] = useState<HTMLFormElement | null>(null);
  const [local, setLocal] = useState<{ after: unknown; errors: FieldErrors } | null>(null);
  const action = useAction({ onAnswer: (answer) => onAnswer?.(answer, formElement) });
  const errors = local && local.after === action.answer ? local.errors : action.fieldErrors;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setFormElement(event.currentTarget);
    if (!schema) return;
    const parsed = schema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (parsed.success) {
      setLocal(null);
      return;
    }
    event.preventDefault();
    const found = fieldErrors(parsed.error);
    setLocal({ after: action.answer, errors: found });
    toast.error(firstError(found) ?? "");
  };
  return { ...action, errors, onSubmit };
}

/** A section of the page: a card with its heading. */
export function AccountSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-gray-200 bg-white p-4 sm:p-5">
      <h2 id={id} className="text-lg font-bold text-gray-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A form's button, with what the server said (`saved`) above it once the form is saved. */
export function AccountFormButton({ form, saved, busyText, children }: { form: { answer?: Answer; busy: boolean }; saved: ReactNode; busyText: string; children: ReactNode }) {
  return (
    <>
      {form.answer?.ok && !form.busy ? <FormSuccess>{saved}</FormSuccess> : null}
      <FormButton busy={form.busy} busyText={busyText} className="w-full sm:w-auto">
        {children}
      </FormButton>
    </>
  );
}
