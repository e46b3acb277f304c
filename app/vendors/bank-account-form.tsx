import { useMemo, useState } from "react";
import { Form, Link } from "react-router";
import type { Bank } from "../../domain/payments/provider";
import { BANK_ACCOUNT_TEXTS as T, BANK_FORM_BOUNDS, resolveBankSchema } from "../../domain/payouts/bank-validation";
import type { BankExtra } from "../server/bank-forms.server";
import { usePageAnswer } from "../ui/answer";
import { FormButton, SelectField, TextField } from "../ui/form-field";
import { FormError, FormSuccess, type IntentAnswer, useBusy, useFormErrors } from "../ui/forms";
import { useHydrated } from "../ui/use-hydrated";

const ACTION = "/vendor-dashboard?tab=earnings";
const FORM_BOX = "mt-4 space-y-4 rounded-xl border border-gray-200 bg-white p-4 sm:max-w-xl";

type Answer = IntentAnswer<BankExtra> | undefined;
type Confirmation = NonNullable<BankExtra["resolved"]>;

/** The bank form's last answer, if the action answered this form (the dashboard shows its toast). */
function useBankAnswer(): Answer {
  const result = usePageAnswer<{ intent: string } & BankExtra>();
  return result?.intent === "resolve-bank" || result?.intent === "save-bank" ? result : undefined;
}

/** The account to confirm: the one just checked, or the one whose save was refused (to try again). */
function confirmationOf(answer: Answer): Confirmation | null {
  if (answer?.resolved) return answer.resolved;
  const { values } = answer ?? {};
  if (answer?.intent === "save-bank" && !answer.saved && values?.accountName) return { ...values, accountName: values.accountName, nameMismatch: false };
  return null;
}

/** A refusal's message when no field carries it (Paystack unreachable, not approved). */
function formMessage(answer: Answer): string | undefined {
  if (!answer || answer.ok || Object.keys(answer.fieldErrors).length > 0) return undefined;
  return answer.detail ?? answer.message;
}

/**
 * Adding or changing the payout account in two steps, with or without scripts: 'Check account'
 * shows the name Paystack holds, then 'Save bank account' (with the password, for a change)
 * saves it. The server resolves the name again when saving.
 */
export function BankAccountForm({ banks, changing }: { banks: Bank[] | null; changing: boolean }) {
  const answer = useBankAnswer();
  // The answer whose confirmation the vendor left to change the details.
  const [left, setLeft] = useState<Answer>();
  const confirmation = banks ? confirmationOf(answer) : null;
  if (banks && confirmation && left !== answer) {
    return <ConfirmStep banks={banks} confirmation={confirmation} answer={answer} changing={changing} onChange={() => setLeft(answer)} />;
  }
  return <DetailsStep banks={banks} answer={answer} changing={changing} />;
}

function DetailsStep({ banks, answer, changing }: { banks: Bank[] | null; answer: Answer; changing: boolean }) {
  // A refused save shown here puts its messages beside these fields too.
  const asCheck = useMemo(() => (answer ? { ...answer, intent: "resolve-bank" } : undefined), [answer]);
  const { errors, validate } = useFormErrors("resolve-bank", asCheck, resolveBankSchema, T.checkFailed);
  const busy = useBusy("resolve-bank");
  const hydrated = useHydrated();
  const values = answer?.saved ? undefined : answer?.values;
  const closed = banks === null;
  return (
    <Form method="post" action={ACTION} noValidate onSubmit={validate} preventScrollReset className={FORM_BOX}>
      <h3 className="font-bold text-gray-900">{changing ? "Change bank account" : "Add bank account"}</h3>
      <input type="hidden" name="intent" value="resolve-bank" />
      {answer?.ok && answer.saved && !hydrated ? <FormSuccess>{answer.message}</FormSuccess> : null}
      {closed ? <FormError message={T.banksUnavailable} /> : <FormError message={formMessage(answer)} />}
      <fieldset disabled={closed} className="space-y-4">
        <SelectField
          label="Bank"
          name="bankCode"
          options={(banks ?? []).map((bank) => ({ value: bank.code, label: bank.name }))}
          placeholder={T.bank}
          defaultValue={values?.bankCode ?? ""}
          error={errors.bankCode}
        />
        <TextField
          label="Account number"
          name="accountNumber"
          inputMode="numeric"
          autoComplete="off"
          maxLength={14}
          defaultValue={values?.accountNumber ?? ""}
          hint="The 10-digit NUBAN number, of an account in your business's name or your own."
          error={errors.accountNumber}
        />
        <FormButton busy={busy} busyText="Checking…" disabled={closed} className="w-full sm:w-auto">
          Check account
        </FormButton>
      </fieldset>
    </Form>
  );
}

function ConfirmStep({ banks, confirmation, answer, changing, onChange }: {
  banks: Bank[];
  confirmation: Confirmation;
  answer: Answer;
  changing: boolean;
  onChange: () => void;
}) {
  const busy = useBusy("save-bank");
  const hydrated = useHydrated();
  const errors = answer?.intent === "save-bank" && !answer.ok ? answer.fieldErrors : {};
  const bankName = banks.find((bank) => bank.code === confirmation.bankCode)?.name ?? confirmation.bankCode;
  const changeClass = "inline-flex items-center justify-center rounded-lg px-4 py-3 text-base font-semibold text-gray-900 ring-1 ring-inset ring-gray-300 hover:bg-gray-50";
  return (
    <Form method="post" action={ACTION} noValidate preventScrollReset className={FORM_BOX}>
      <h3 className="font-bold text-gray-900">Is this your account?</h3>
      <input type="hidden" name="intent" value="save-bank" />
      <input type="hidden" name="bankCode" value={confirmation.bankCode} />
      <input type="hidden" name="accountNumber" value={confirmation.accountNumber} />
      {/* Only to show the name again if the save is refused: the server resolves it itself. */}
      <input type="hidden" name="accountName" value={confirmation.accountName} />
      <div role="status" className="rounded-lg bg-gray-50 p-3">
        <p className="text-sm text-gray-700">{`${bankName} · ${confirmation.accountNumber}`}</p>
        <p className="mt-1 text-lg font-bold text-gray-900">{T.accountName(confirmation.accountName)}</p>
        {confirmation.nameMismatch ? <p className="mt-1 text-sm text-amber-900">{T.nameDiffers}</p> : null}
      </div>
      <FormError message={errors.bankCode ?? errors.accountNumber ?? formMessage(answer)} />
      {changing ? (
        <TextField
          label="Your password"
          name="password"
          type="password"
          autoComplete="current-password"
          maxLength={BANK_FORM_BOUNDS.passwordMax}
          hint="Changing where your payouts go needs your password. Your next payout then waits a day."
          error={errors.password}
        />
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row">
        <FormButton busy={busy} busyText="Saving…" className="w-full sm:w-auto">
          Save bank account
        </FormButton>
        {hydrated ? (
          <button type="button" onClick={onChange} className={changeClass}>
            Change details
          </button>
        ) : (
          <Link to={ACTION} preventScrollReset className={changeClass}>
            Change details
          </Link>
        )}
      </div>
    </Form>
  );
}
