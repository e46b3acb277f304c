import { data, redirect } from "react-router";
import type { z } from "zod";
import { fieldErrors as fieldErrorsOf, firstError } from "../../domain/accounts/validation";
import { Refusal, httpStatusOf } from "../../domain/core/refusal";
import type { Answer, FieldErrors, Failure, Success } from "../ui/answer";
import { redirectWithToast } from "./flash.server";

/*
 * The one answer of every action (app/ui/answer.ts): a fetcher reads it as data, a form sent
 * without scripts gets it as a toast on the page it came from (`answerPage`).
 */

/** A success: its message (empty for none) and what the page's script needs besides. */
export function ok<Extra extends object = object>(message: string, extra?: Extra & { detail?: string; tone?: "success" | "info" }, init?: ResponseInit) {
  return data({ ok: true, message, ...extra } as Success<Extra>, init);
}

/** Bad input: 400 with each field's message; the toast shows `message` and the first field's message. */
export function invalid<Extra extends object = object>(errors: FieldErrors | z.ZodError, message?: string, extra?: Partial<Extra>) {
  const fieldErrors = isZodError(errors) ? fieldErrorsOf(errors) : errors;
  const first = firstError(fieldErrors);
  const failure = { ok: false, code: "invalid", message: message ?? first ?? "", detail: message && first !== message ? first : undefined, fieldErrors, ...extra };
  return data(failure as Failure<Extra>, { status: httpStatusOf("invalid") });
}

/** A service's refusal with its status; `title` (a "Failed to …" text) heads the toast, the refusal's message follows. */
export function refused<Extra extends object = object>(refusal: Refusal, title?: string, extra?: Partial<Extra>) {
  const failure = {
    ok: false,
    code: refusal.code,
    message: title ?? refusal.message,
    detail: title ? refusal.message : undefined,
    fieldErrors: refusal.fieldErrors,
    ...extra,
  };
  const headers = refusal.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(refusal.retryAfterSeconds) };
  return data(failure as Failure<Extra>, { status: refusal.status, headers });
}

/** Runs an action's body; a Refusal it throws becomes the refused answer. */
export async function answering<T>(body: () => Promise<T>, title?: string) {
  try {
    return await body();
  } catch (error) {
    if (error instanceof Refusal) return refused(error, title);
    throw error;
  }
}

/**
 * A signed-out visitor's answer from an action that needs an account: a form sent without scripts
 * goes to `signInPage` with the `required` toast, a fetcher gets a 401 saying the same.
 */
export function signInRequired(request: Request, { signInPage, failed, required }: { signInPage: string; failed: string; required: string }) {
  if (isDocumentRequest(request)) return redirectWithToast(signInPage, { kind: "error", title: required });
  return data<Failure>({ ok: false, code: "unauthenticated", message: failed, detail: required, fieldErrors: {} }, { status: httpStatusOf("unauthenticated") });
}

/** A form posted by the browser itself (no scripts) rather than by a fetcher. */
export function isDocumentRequest(request: Request): boolean {
  return (request.headers.get("accept") ?? "").includes("text/html");
}

/** The same-site page a form without scripts came from, else the fallback. */
export function pageOf(request: Request, fallback: string): string {
  const referer = request.headers.get("referer");
  if (referer && URL.canParse(referer)) {
    const url = new URL(referer);
    if (url.origin === new URL(request.url).origin) return url.pathname + url.search;
  }
  return fallback;
}

type Answered = Awaited<ReturnType<typeof ok>> | Awaited<ReturnType<typeof invalid>> | Awaited<ReturnType<typeof refused>> | Response;

/**
 * For actions whose page does not render the answer: a form sent without scripts goes back to
 * its page with the answer as a toast (or plainly, when the answer has no message); a fetcher
 * gets the answer itself.
 */
export async function answerPage(request: Request, fallback: string, answered: Answered | Promise<Answered>) {
  const result = await answered;
  if (result instanceof Response || !isDocumentRequest(request)) return result;
  const answer = result.data as Answer;
  const back = pageOf(request, fallback);
  if (!answer.message) return redirect(back);
  const kind = answer.ok ? (answer.tone ?? "success") : "error";
  return redirectWithToast(back, { kind, title: answer.message, description: answer.detail });
}

/**
 * One intent of a form whose page does not render the answer: `fields` read and checked with
 * `schema`, then `run`; bad input, a refusal or `run`'s answer goes back as `answerPage` sends it.
 */
export function answerIntent<T>(
  request: Request,
  fallback: string,
  form: FormData,
  intent: { schema: z.ZodType<T>; fields: readonly string[]; failed: string },
  run: (input: T) => Promise<Answered>,
) {
  const parsed = intent.schema.safeParse(Object.fromEntries(intent.fields.map((name) => [name, String(form.get(name) ?? "")])));
  if (!parsed.success) return answerPage(request, fallback, invalid(parsed.error, intent.failed));
  return answerPage(request, fallback, answering(() => run(parsed.data), intent.failed));
}

function isZodError(value: unknown): value is z.ZodError {
  return typeof value === "object" && value !== null && "issues" in value && Array.isArray((value as z.ZodError).issues);
}
