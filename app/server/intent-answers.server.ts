import type { z } from "zod";
import type { FieldErrors } from "../../domain/accounts/validation";
import { Refusal, type RefusalCode } from "../../domain/core/refusal";
import { invalid, ok, refused } from "./answer.server";
import { FORM_TEXTS } from "./forms.server";

/*
 * Answers of pages whose forms share one action and tell themselves apart by their `intent`
 * field: each answer names its form, so only that form shows the field errors (app/ui/forms.tsx).
 */

/** A success of one form, with its toast's title and line. */
export function formSuccess<Extra extends object = object>(intent: string, message: string, extra?: Extra & { detail?: string; tone?: "success" | "info" }) {
  return ok<{ intent: string } & Extra>(message, { intent, ...extra } as { intent: string } & Extra);
}

/** A refusal of one form: `title` heads the toast, `description` (if any) follows, `errors` sit beside the fields. */
export function formRefused<Extra extends object = object>(intent: string, code: RefusalCode, title: string, description?: string, errors?: FieldErrors, extra?: Extra) {
  const refusal = new Refusal(code, description ?? title, { fieldErrors: errors });
  return refused<{ intent: string } & Extra>(refusal, description === undefined ? undefined : title, { intent, ...extra } as Partial<{ intent: string } & Extra>);
}

/** Bad input: 400 with every field's first message beside it and the first one in the toast. */
export function invalidForm<Extra extends object = object>(intent: string, title: string, error: z.ZodError, extra?: Extra) {
  return invalid<{ intent: string } & Extra>(error, title, { intent, ...extra } as Partial<{ intent: string } & Extra>);
}

/** A service's refusal with its status and message under `title`; anything else is a real failure. */
export function refusedForm<Extra extends object = object>(intent: string, title: string, error: unknown, extra?: Extra) {
  if (error instanceof Refusal) return refused<{ intent: string } & Extra>(error, title, { intent, ...extra } as Partial<{ intent: string } & Extra>);
  throw error;
}

/** A form sent with an intent the page does not have (an old page or a hand-made post). */
export function unknownIntent(title: string) {
  return formRefused("unknown", "invalid", title, FORM_TEXTS.unknownIntent);
}
