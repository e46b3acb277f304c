/**
 * A refund Paystack holds in `needs-attention` goes to the bank account its buyer gives
 * (docs/payments.md): the bank from Paystack's list, the account resolved by Paystack, then
 * `/refund/retry_with_customer_details`. The refund then settles like any other.
 */
import { Refusal } from "../core/refusal";
import { type PaymentProvider, providerRefusal } from "../payments/provider";
import { recordRefundAccount, refundAwaitingAccount } from "../payments/refund-account";
import { REFUND_ACCOUNT_TEXTS as T, type RefundAccountInput } from "../payments/refund-account-texts";
import { listBanks } from "../payouts/bank-accounts";
import type { Database } from "../../db/client";
import { accountLabel } from "../payouts/texts";

export async function sendRefundToAccount(deps: { db: Database; payments: PaymentProvider }, buyer: { userId: string }, input: RefundAccountInput): Promise<{ account: string }> {
  const refund = await refundAwaitingAccount(deps.db, buyer.userId, input.refundId);
  const bank = (await listBanks(deps)).find((one) => one.code === input.bankCode);
  if (!bank) throw new Refusal("invalid", T.chooseBank, { fieldErrors: { bankCode: T.chooseBank } });
  const refused = (message: string) => (error: unknown) => {
    throw providerRefusal(error, { unreachable: T.providerUnreachable, refused: message, field: "accountNumber" });
  };
  await deps.payments.resolveAccount(input.accountNumber, bank.code).catch(refused(T.unresolved(bank.name)));
  await deps.payments.retryRefundToAccount(refund.providerRefundId, { accountNumber: input.accountNumber, bankId: bank.id }).catch(refused(T.failed));
  const account = accountLabel(bank.name, input.accountNumber);
  await recordRefundAccount(deps.db, refund.id, account);
  return { account };
}
