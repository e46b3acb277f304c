import { data } from "react-router";
import type { z } from "zod";
import { type FieldErrors, fieldErrors, firstError } from "../../domain/accounts/validation";
import { Refusal } from "../../domain/core/refusal";
import type { AuthFormResult } from "./auth-forms.server";
import type { ToastMessage } from "../ui/toast";

/*
 * Answers of the vendor and product forms, in the shape the auth forms use (AuthFormResult), so
 * the same hooks show their toasts and field errors. A refusal or a bad upload becomes a 4xx
 * with its message; anything else is a real failure and is left to the error boundary.
 */

export type VendorFormResult = AuthFormResult;

export function formFailure(intent: string, status: number, title: string, description?: string, errors?: FieldErrors) {
  return data<VendorFormResult>({ intent, errors, toast: { kind: "error", title, description } }, { status });
}

export function formSuccess(intent: string, toast: Omit<ToastMessage, "id" | "kind">) {
  return data<VendorFormResult>({ intent, toast: { kind: "success", ...toast } });
}

/** 400 with every field's first message beside it and the first one in the toast. */
export function invalidForm(intent: string, title: string, error: z.ZodError) {
  const errors = fieldErrors(error);
  return formFailure(intent, 400, title, firstError(errors), errors);
}

/** The answer for a service refusal or a refused upload; other errors are rethrown. */
export function refusedForm(intent: string, title: string, error: unknown) {
  if (error instanceof Refusal) return formFailure(intent, error.status, title, error.message, error.fieldErrors);
  throw error;
}
