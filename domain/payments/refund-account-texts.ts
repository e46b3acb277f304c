import { formatNaira } from "../../lib/money";
import { z } from "../../lib/zod";

/** What the buyer reads when a refund needs their bank account (docs/payments.md), and the form's checks. */
export const REFUND_ACCOUNT_TEXTS = {
  title: "Add your bank account for your refund",
  message: (amount: number, orderNumber: string) =>
    `Paystack cannot send your refund of ${formatNaira(amount)} for order #${orderNumber} back the way you paid. Add your bank account on your orders page and it goes there.`,
  emailSubject: (amount: number, orderNumber: string) => `Where should we send your refund of ${formatNaira(amount)} (order #${orderNumber})?`,
  emailParagraphs: (amount: number, orderNumber: string) => [
    `You paid for order #${orderNumber} by bank transfer or USSD, and Paystack cannot send the ${formatNaira(amount)} back that way.`,
    "Open your orders, choose your bank and enter your 10-digit account number. Paystack checks the name on the account and sends the refund there.",
  ],
  panel: (amount: number) => `Paystack needs your bank account to send your refund of ${formatNaira(amount)}.`,
  bank: "Bank",
  chooseBank: "Choose your bank",
  accountNumber: "Account number (10 digits)",
  send: "Send my refund here",
  sentTo: (account: string) => `Your refund is on its way to ${account}.`,
  done: "Your refund is on its way to your bank account",
  failed: "Could not send your refund to this account",
  notFound: "Refund not found",
  notWaiting: "This refund does not need a bank account",
  badAccountNumber: "Enter your 10-digit account number",
  unresolved: (bank: string) => `We could not find this account at ${bank}. Check the number and the bank.`,
  banksUnavailable: "The list of banks could not be loaded. Try again in a moment.",
  providerUnreachable: "Paystack could not be reached. Try again in a moment.",
} as const;

export const refundAccountSchema = z.object({
  refundId: z.guid({ error: REFUND_ACCOUNT_TEXTS.notFound }),
  bankCode: z.string({ error: REFUND_ACCOUNT_TEXTS.chooseBank }).trim().regex(/^\w{3,10}$/, REFUND_ACCOUNT_TEXTS.chooseBank),
  accountNumber: z.string({ error: REFUND_ACCOUNT_TEXTS.badAccountNumber }).trim().regex(/^\d{10}$/, REFUND_ACCOUNT_TEXTS.badAccountNumber),
});
export type RefundAccountInput = z.infer<typeof refundAccountSchema>;
