/**
 * The payout details form (docs/vendors.md, payout details): its fields, bounds and texts, as
 * plain data and zod, shared by the form in the browser and the checks on the server.
 */
import { z } from "../../lib/zod";

export const BANK_FORM_BOUNDS = { bankCodeMax: 20, passwordMax: 128 } as const;

export const BANK_ACCOUNT_TEXTS = {
  bank: "Choose your bank",
  accountNumber: "Enter your 10-digit NUBAN account number",
  password: `Enter your password (at most ${BANK_FORM_BOUNDS.passwordMax} characters)`,
  wrongPassword: "Your password is not correct",
  accountNotFound: "We could not find that account. Check the bank and the 10-digit account number.",
  paystackUnreachable: "We could not reach Paystack to check the account. Please try again in a few minutes.",
  banksUnavailable: "We could not load the list of banks from Paystack. Please try again in a few minutes.",
  notApproved: "You can add payout details once our team has approved your vendor account.",
  checkFailed: "Failed to check the account",
  tooManyChecks: (minutes: number) => `You have checked many accounts. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
  saveFailed: "Failed to save the bank account",
  accountName: (name: string) => `Account name: ${name}`,
  nameDiffers: "This name is not your business name or your own name. You can still save it; our team will check it.",
  added: "Bank account saved",
  changed: "Bank account changed",
  unchanged: "This is already your payout account",
  heldUntil: (when: string) => `Held until ${when}`,
  changedTitle: "Payout bank account changed",
  changedMessage: (account: string, accountName: string, until: string) =>
    `Payouts now go to ${account} (${accountName}). Your next payout is held until ${until}. If this was not you, contact us at once.`,
  mismatchTitle: "Bank account name differs",
  mismatchMessage: (business: string, account: string, accountName: string) => `${business}: the account ${account} is in the name of ${accountName}.`,
  emailSubject: "Your payout bank account was changed",
  notYou: "If this was not you, contact us at once",
} as const;

const T = BANK_ACCOUNT_TEXTS;

const bankCode = z
  .string({ error: T.bank })
  .trim()
  .min(1, T.bank)
  .max(BANK_FORM_BOUNDS.bankCodeMax, T.bank)
  .regex(/^[0-9A-Za-z-]+$/, T.bank);

/** Ten digits once spaces are taken out (people copy '0123 456 789' from their banking app). */
const accountNumber = z
  .string({ error: T.accountNumber })
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^[0-9]{10}$/, T.accountNumber));

/** Asked only when an account is being changed; an empty field is no password. */
const password = z
  .string({ error: T.password })
  .max(BANK_FORM_BOUNDS.passwordMax, T.password)
  .optional()
  .transform((value) => (value === "" ? undefined : value));

export const resolveBankSchema = z.object({ bankCode, accountNumber });
export type ResolveBankInput = z.output<typeof resolveBankSchema>;

export const saveBankSchema = resolveBankSchema.extend({ password });
export type SaveBankInput = z.output<typeof saveBankSchema>;
