import { type AppLoadContext, data } from "react-router";
import type { z } from "zod";
import { type FieldErrors, fieldErrors, firstError } from "../../domain/accounts/validation";
import type { Actor } from "../../domain/core/access";
import { Refusal } from "../../domain/core/refusal";
import { resolveBankAccount, saveBankAccount } from "../../domain/payouts/bank-accounts";
import { BANK_ACCOUNT_TEXTS as T, BANK_FORM_BOUNDS, resolveBankSchema, saveBankSchema } from "../../domain/payouts/bank-validation";
import { formatDateTime } from "../ui/format";
import { formValues } from "./auth-forms.server";
import { mailDepsOf } from "./forms.server";
import type { VendorFormResult } from "./vendor-forms.server";

/*
 * The payout details form of the vendor dashboard's Earnings tab (docs/vendors.md): 'Check
 * account' (resolve-bank) answers with the name Paystack holds, and 'Save bank account'
 * (save-bank) saves it. Both answer data, never a redirect, so a form sent without scripts comes
 * back with the name to confirm, or with what was typed and the messages beside it.
 */

export type BankIntent = "resolve-bank" | "save-bank";

export interface BankFormResult extends VendorFormResult {
  /** What was typed (never the password), to fill the form again. */
  values?: { bankCode: string; accountNumber: string; accountName?: string };
  /** The name Paystack holds for the account: the vendor confirms it before saving. */
  resolved?: { bankCode: string; accountNumber: string; accountName: string; nameMismatch: boolean };
  /** The account was saved: the form starts over. */
  saved?: boolean;
}

/** What was typed, cut to what the form takes, for the page to show again. */
function typedValues(form: FormData): NonNullable<BankFormResult["values"]> {
  const { bankCode, accountNumber, accountName } = formValues(form, "bankCode", "accountNumber", "accountName");
  return {
    bankCode: bankCode!.slice(0, BANK_FORM_BOUNDS.bankCodeMax),
    accountNumber: accountNumber!.slice(0, 20),
    accountName: accountName ? accountName.slice(0, 120) : undefined,
  };
}

function failure(intent: BankIntent, status: number, title: string, description: string | undefined, errors: FieldErrors, form: FormData, headers?: HeadersInit) {
  return data<BankFormResult>({ intent, errors, values: typedValues(form), toast: { kind: "error", title, description } }, { status, headers });
}

function invalidBank(intent: BankIntent, title: string, error: z.ZodError, form: FormData) {
  const errors = fieldErrors(error);
  return failure(intent, 400, title, firstError(errors), errors, form);
}

/** A service refusal with its status and message; anything else is a real failure. */
function refusedBank(intent: BankIntent, title: string, error: unknown, form: FormData) {
  if (!(error instanceof Refusal)) throw error;
  const headers = error.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(error.retryAfterSeconds) };
  return failure(intent, error.status, title, error.message, error.fieldErrors, form, headers);
}

const bankDepsOf = (context: AppLoadContext) => ({ ...mailDepsOf(context), payments: context.payments });

/** 'Check account': the name on the account, for the vendor to confirm. */
export async function resolveBankAction(context: AppLoadContext, viewer: Actor, form: FormData) {
  const parsed = resolveBankSchema.safeParse(formValues(form, "bankCode", "accountNumber"));
  if (!parsed.success) return invalidBank("resolve-bank", T.checkFailed, parsed.error, form);
  try {
    const resolved = await resolveBankAccount(bankDepsOf(context), viewer, parsed.data);
    return data<BankFormResult>({ intent: "resolve-bank", values: parsed.data, resolved: { ...parsed.data, ...resolved } });
  } catch (error) {
    return refusedBank("resolve-bank", T.checkFailed, error, form);
  }
}

/** 'Save bank account': resolved again on the server; a change needs the password and holds the next payout. */
export async function saveBankAction(context: AppLoadContext, viewer: Actor, form: FormData) {
  const parsed = saveBankSchema.safeParse(formValues(form, "bankCode", "accountNumber", "password"));
  if (!parsed.success) return invalidBank("save-bank", T.saveFailed, parsed.error, form);
  try {
    const saved = await saveBankAccount(bankDepsOf(context), viewer, parsed.data);
    const title = !saved.changed ? T.unchanged : saved.replaced ? T.changed : T.added;
    const held = saved.changed && saved.account.heldUntil ? T.heldUntil(formatDateTime(saved.account.heldUntil)) : undefined;
    return data<BankFormResult>({ intent: "save-bank", saved: true, toast: { kind: saved.changed ? "success" : "info", title, description: held } });
  } catch (error) {
    return refusedBank("save-bank", T.saveFailed, error, form);
  }
}
