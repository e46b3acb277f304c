import { type FormEvent, type ReactNode, useState } from "react";
import { useNavigation } from "react-router";
import type { z } from "zod";
import { type FieldErrors, fieldErrors, firstError } from "../../domain/accounts/validation";
import type { Answer } from "./answer";
import { toast } from "./toast";

/** The answer of a page whose forms tell themselves apart by their `intent` field. */
export type IntentAnswer<Extra extends object = object> = Answer<{ intent: string } & Extra>;

/** The answer, when it is the one of the form with this intent. */
export function answerOf<A extends IntentAnswer>(intent: string, answer: A | undefined): A | undefined {
  return answer?.intent === intent ? answer : undefined;
}

/**
 * Field errors of one form: the server's answer, replaced by the browser's own check on submit
 * (same zod schema), which stops a bad form before it is sent.
 */
export function useFormErrors(intent: string, result: IntentAnswer | undefined, schema: z.ZodType, failedTitle: string) {
  // The browser's check applies until the server answers again.
  const [clientCheck, setClientCheck] = useState<{ after: IntentAnswer | undefined; errors: FieldErrors } | null>(null);
  const mine = answerOf(intent, result);
  const serverErrors = mine && !mine.ok ? mine.fieldErrors : {};
  const errors = clientCheck && clientCheck.after === result ? clientCheck.errors : serverErrors;

  const validate = (event: FormEvent<HTMLFormElement>) => {
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      setClientCheck({ after: result, errors: {} });
      return;
    }
    event.preventDefault();
    const found = fieldErrors(parsed.error);
    setClientCheck({ after: result, errors: found });
    toast.error(failedTitle, firstError(found));
  };
  return { errors, validate };
}

export function useBusy(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

/** A form's confirmation, announced politely; `className` places it. */
export function FormSuccess({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <p role="status" className={`${className} rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900`.trim()}>{children}</p>;
}
