import { type AppLoadContext, data } from "react-router";
import type { z } from "zod";
import { ACCESS_TEXTS } from "../../domain/core/access";
import type { Viewer } from "../../domain/accounts/viewer";
import { fieldErrors, firstError } from "../../domain/accounts/validation";
import { Refusal, type RefusalCode, httpStatusOf } from "../../domain/core/refusal";
import type { Failure } from "../ui/answer";
import { answerPage, ok } from "./answer.server";
import { readForm } from "./forms.server";
import { requireRole } from "./access.server";

/** What a back-office action tells: its toast's title and line, and each field's message when refused. */
export interface AdminActionResult {
  ok: boolean;
  title: string;
  description?: string;
  errors?: Partial<Record<string, string>>;
}

/** An admin or super admin, or 401 / 403 before anything is read. */
export function requireBackOffice(context: AppLoadContext): Promise<Viewer> {
  return requireRole(context, "back_office");
}

/** Answers a back-office form with the one answer type: to the page's script, or back to the page with a toast. */
export async function answer(request: Request, fallback: string, result: AdminActionResult, code: RefusalCode = "invalid") {
  if (result.ok) return answerPage(request, fallback, ok(result.title, { detail: result.description }));
  const failure: Failure = { ok: false, code, message: result.title, detail: result.description, fieldErrors: result.errors ?? {} };
  return answerPage(request, fallback, data(failure, { status: httpStatusOf(code) }));
}

/** Bad input: 400 with the first message in the toast and each field's message beside it. */
export function invalidInput(request: Request, fallback: string, title: string, error: z.ZodError) {
  const errors = fieldErrors(error);
  return answer(request, fallback, { ok: false, title, description: firstError(errors) ?? title, errors });
}

/** A service's refusal (not found, not allowed from this state…), with its own status. */
export function refused(request: Request, fallback: string, title: string, error: Refusal) {
  return answer(request, fallback, { ok: false, title, description: error.message }, error.code);
}

/**
 * What a service threw: a refusal is answered with its status, message and each field's
 * message; a 403 and anything else go on as forbiddenFrom sends them.
 */
export function refusedOrForbidden(request: Request, fallback: string, title: string, error: unknown) {
  if (!(error instanceof Refusal) || error.code === "forbidden") return forbiddenFrom(error);
  return answer(request, fallback, { ok: false, title, description: error.message, errors: error.fieldErrors }, error.code);
}

/** What a service's success says: the toast's title, and a line under it when there is one. */
export type Settled = string | { title: string; description?: string };

/**
 * One back-office form once read: bad input is answered field by field; otherwise `run` is given
 * the parsed input, its title is the answer, and what it throws goes as refusedOrForbidden sends it.
 */
export async function settleForm<T>(
  request: Request,
  fallback: string,
  failedTitle: string,
  parsed: z.ZodSafeParseResult<T>,
  run: (input: T) => Promise<Settled>,
) {
  if (!parsed.success) return invalidInput(request, fallback, failedTitle, parsed.error);
  try {
    const settled = await run(parsed.data);
    return answer(request, fallback, { ok: true, ...(typeof settled === "string" ? { title: settled } : settled) });
  } catch (error) {
    return refusedOrForbidden(request, fallback, failedTitle, error);
  }
}

/** A back-office route with one form and one schema: the role is checked before the form is read. */
export async function backOfficeFormAction<S extends z.ZodType>(
  { request, context }: { request: Request; context: AppLoadContext },
  form: { fallback: string; failedTitle: string; schema: S },
  run: (viewer: Viewer, input: z.output<S>) => Promise<Settled>,
) {
  const viewer = await requireBackOffice(context);
  const parsed = form.schema.safeParse(formObject(await readForm(request)));
  return settleForm(request, form.fallback, form.failedTitle, parsed, (input) => run(viewer, input));
}

/** Services check the role again; a refusal there is the same 403 the route gives. */
export function forbiddenFrom(error: unknown): never {
  if (error instanceof Refusal && error.code === "forbidden") throw data({ error: ACCESS_TEXTS.forbidden }, { status: 403 });
  throw error;
}

export function formObject(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") values[key] = value;
  return values;
}
