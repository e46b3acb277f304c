import type { AppLoadContext } from "react-router";
import type { Actor } from "../../domain/core/access";
import { resolveBankAccount, saveBankAccount } from "../../domain/payouts/bank-accounts";
import { BANK_ACCOUNT_TEXTS as T, BANK_FORM_BOUNDS, resolveBankSchema, saveBankSchema } from "../../domain/payouts/bank-validation";
import { formatDateTime } from "../ui/format";
import { formValues } from "./auth-forms.server";
import { mailDepsOf } from "./forms.server";
import { formSuccess, invalidForm, refusedForm } from "./intent-answers.server";

/*
 * The payout details form of the vendor dashboard's Earnings tab (docs/vendors.md): 'Check
 * account' (resolve-bank) answers with the name Paystack holds, and 'Save bank account'
 * (save-bank) saves it. Both answer data, never a redirect, so a form sent without scripts comes
 * back with the name to confirm, or with what was typed and the messages beside it.
 */

export type BankIntent = "resolve-bank" | "save-bank";

/** What the bank forms' answers carry besides the message. */
export interface BankExtra {
  /** What was typed (never the password), to fill the form again. */
  values?: { bankCode: string; accountNumber: string; accountName?: string };
  /** The name Paystack holds for the account: the vendor confirms it before saving. */
  resolved?: { bankCode: string; accountNumber: string; accountName: string; nameMismatch: boolean };
  /** The account was saved: the form starts over. */
  saved?: boolean;
}

/** What was typed, cut to what the form takes, for the page to show again. */
function typedValues(form: FormData): NonNullable<BankExtra["values"]> {
  const { bankCode, accountNumber, accountName } = formValues(form, "bankCode", "accountNumber", "accountName");
  return {
    bankCode: bankCode!.slice(0, BANK_FORM_BOUNDS.bankCodeMax),
    accountNumber: accountNumber!.slice(0, 20),
    accountName: accountName ? accountName.slice(0, 120) : undefined,
  };
}

const bankDepsOf = (context: AppLoadContext) => ({ ...mailDepsOf(context), payments: context.payments });

/** 'Check account': the name on the account, for the vendor to confirm. */
export async function resolveBankAction(context: AppLoadContext, viewer: Actor, form: FormData) {
  const parsed = resolveBankSchema.safeParse(formValues(form, "bankCode", "accountNumber"));
  if (!parsed.success) return invalidForm<BankExtra>("resolve-bank", T.checkFailed, parsed.error, { values: typedValues(form) });
  try {
    const resolved = await resolveBankAccount(bankDepsOf(context), viewer, parsed.data);
    return formSuccess<BankExtra>("resolve-bank", "", { values: parsed.data, resolved: { ...parsed.data, ...resolved } });
  } catch (error) {
    return refusedForm<BankExtra>("resolve-bank", T.checkFailed, error, { values: typedValues(form) });
  }
}

/** 'Save bank account': resolved again on the server; a change needs the password and holds the next payout. */
export async function saveBankAction(context: AppLoadContext, viewer: Actor, form: FormData) {
  const parsed = saveBankSchema.safeParse(formValues(form, "bankCode", "accountNumber", "password"));
  if (!parsed.success) return invalidForm<BankExtra>("save-bank", T.saveFailed, parsed.error, { values: typedValues(form) });
  try {
    const saved = await saveBankAccount(bankDepsOf(context), viewer, parsed.data);
    const title = !saved.changed ? T.unchanged : saved.replaced ? T.changed : T.added;
    const held = saved.changed && saved.account.heldUntil ? T.heldUntil(formatDateTime(saved.account.heldUntil)) : undefined;
    return formSuccess<BankExtra>("save-bank", title, { saved: true, detail: held, tone: saved.changed ? "success" : "info" });
  } catch (error) {
    return refusedForm<BankExtra>("save-bank", T.saveFailed, error, { values: typedValues(form) });
  }
}
