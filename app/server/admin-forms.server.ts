import { Refusal } from "../../domain/core/refusal";
import { type AppLoadContext, data } from "react-router";
import type { z } from "zod";
import { ACCESS_TEXTS } from "../../domain/accounts/texts";
import type { Viewer } from "../../domain/accounts/viewer";
import { fieldErrors, firstError } from "../../domain/accounts/validation";
import { redirectWithToast } from "./flash.server";
import { requireRole } from "./access.server";

/** What a back-office action answers a script with; a plain form gets a redirect and a toast instead. */
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

/** The page a form without scripts came from (same site only), else the fallback. */
function backTo(request: Request, fallback: string): string {
  const referer = request.headers.get("referer");
  if (referer && URL.canParse(referer)) {
    const url = new URL(referer);
    if (url.origin === new URL(request.url).origin) return url.pathname + url.search;
  }
  return fallback;
}

/** Answers a back-office form: JSON for the page's scripts, or back to the page with a toast. */
export async function answer(request: Request, fallback: string, result: AdminActionResult, status = result.ok ? 200 : 400) {
  if ((request.headers.get("accept") ?? "").includes("text/html")) {
    return redirectWithToast(backTo(request, fallback), {
      kind: result.ok ? "success" : "error",
      title: result.title,
      description: result.description,
    });
  }
  return data(result, { status });
}

/** Bad input: 400 with the first message in the toast and each field's message beside it. */
export function invalidInput(request: Request, fallback: string, title: string, error: z.ZodError) {
  const errors = fieldErrors(error);
  return answer(request, fallback, { ok: false, title, description: firstError(errors) ?? title, errors }, 400);
}

/** A service's refusal (not found, not allowed from this state…), with its own status. */
export function refused(request: Request, fallback: string, title: string, error: { status: number; message: string }) {
  return answer(request, fallback, { ok: false, title, description: error.message }, error.status);
}

/** Services check the role again; a refusal there is the same 403 the route gives. */
export function forbiddenFrom(error: unknown): never {
  const forbidden = (error instanceof Refusal && error.code === "forbidden") || (error instanceof Error && "status" in error && error.status === 403);
  if (forbidden) throw data({ error: ACCESS_TEXTS.forbidden }, { status: 403 });
  throw error;
}

export function formObject(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") values[key] = value;
  return values;
}
