import { createContext, useContext, useId } from "react";
import { Form, useNavigation } from "react-router";
import type { Bank } from "../../domain/payments/provider";
import { REFUND_ACCOUNT_TEXTS as T } from "../../domain/payments/refund-account-texts";
import type { CustomerRefund } from "../../domain/orders/customer";

/** Paystack's banks, loaded by /orders only while a refund waits for the buyer's account; null when they could not be loaded. */
export const RefundBanks = createContext<Bank[] | null>(null);

/**
 * A refund Paystack cannot send back the way the buyer paid: the buyer picks a bank and types an
 * account number, and Paystack sends it there. A plain form, so it works before scripts load.
 */
export function RefundAccountForm({ refund }: { refund: CustomerRefund }) {
  const banks = useContext(RefundBanks);
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("refundId") === refund.id;
  return (
    <Form method="post" action="/orders" className="mt-2 space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="font-semibold">{T.panel(refund.amount)}</p>
      <input type="hidden" name="intent" value="refund-account" />
      <input type="hidden" name="refundId" value={refund.id} />
      {banks === null ? <p role="alert">{T.banksUnavailable}</p> : null}
      <div className="grid gap-2 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-bank`} className="block font-semibold">{T.bank}</label>
          <select id={`${id}-bank`} name="bankCode" required defaultValue="" className="mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900">
            <option value="" disabled>{T.chooseBank}</option>
            {(banks ?? []).map((bank) => (
              <option key={bank.code} value={bank.code}>{bank.name}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-account`} className="block font-semibold">{T.accountNumber}</label>
          <input id={`${id}-account`} name="accountNumber" required inputMode="numeric" pattern="[0-9]{10}" maxLength={10} autoComplete="off"
            className="mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900" />
        </div>
      </div>
      <button type="submit" disabled={busy} className="rounded-lg bg-brand-strong px-4 py-2 font-semibold text-white hover:opacity-90 disabled:opacity-60">
        {T.send}
      </button>
    </Form>
  );
}
