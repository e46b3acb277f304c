import { formatNaira } from "../../lib/money";

/** '****4567': an account number as vendors and admins see it. */
export function maskAccountNumber(accountNumber: string): string {
  return `****${accountNumber.slice(-4)}`;
}

/** 'Guaranty Trust Bank ****4567': where a payout goes. */
export function accountLabel(bankName: string, accountNumber: string): string {
  return `${bankName} ${maskAccountNumber(accountNumber)}`;
}

/** What vendors and admins read about payouts (docs/payouts.md). */
export const PAYOUT_TEXTS = {
  vendorNotFound: "Vendor account not found",
  payoutNotFound: "Payout not found",
  notRetryable: "Only a failed or reversed payout can be retried, once",
  noBankAccount: "This vendor has no bank account for payouts yet",
  bankAccountHeld: (until: string) => `The vendor changed their bank account: payouts wait until ${until}`,
  nothingToPay: "Nothing to pay: the vendor's available balance is not above zero",
  runStarted: (count: number, amount: number) =>
    count === 0 ? "Payout run finished: no vendor was due a payout" : `Payout run finished: ${count} ${count === 1 ? "payout" : "payouts"} of ${formatNaira(amount)} in all`,
  runFailed: "The payout run stopped before the end; it resumes on the next start",
  retried: (amount: number) => `Payout of ${formatNaira(amount)} sent again`,
  adjustmentPosted: "Adjustment posted",
  waitingForOtp: "Waiting for OTP",
  notAwaitingOtp: "This payout is not waiting for an OTP",
  otpTitle: "Payout waiting for OTP",
  otpAdminMessage: (business: string, amount: number) =>
    `${business}: Paystack holds the payout of ${formatNaira(amount)} until you enter the OTP it sent the business's phone. Enter it in the Payouts tab.`,
  otpRefused: (reason: string) => `Paystack did not accept the OTP: ${reason}`,
  otpAccepted: (amount: number) => `OTP accepted: the payout of ${formatNaira(amount)} is on its way`,
  otpResent: "Paystack is sending a new OTP to the business's phone",
  providerUnreachable: "Paystack could not be reached. Try again in a moment.",
  paidTitle: "Payout sent",
  paidMessage: (amount: number, account: string, reference: string) => `${formatNaira(amount)} was paid to ${account} (reference ${reference}).`,
  failedTitle: "Payout failed",
  failedVendorMessage: (amount: number, reason: string) =>
    `Your payout of ${formatNaira(amount)} did not go through (${reason}). The money is back in your available balance; check your bank details in the Earnings tab.`,
  failedAdminMessage: (business: string, amount: number, reason: string) => `${business}: the payout of ${formatNaira(amount)} failed (${reason}). It is back in their balance; retry it from the Payouts tab.`,
  reversedTitle: "Payout reversed",
  reversedVendorMessage: (amount: number) => `Your payout of ${formatNaira(amount)} was reversed by the bank. The money is back in your available balance.`,
  reversedAdminMessage: (business: string, amount: number) => `${business}: the payout of ${formatNaira(amount)} was reversed. It is back in their balance; retry it from the Payouts tab.`,
} as const;
