import { formatLagosDateTime } from "../../lib/lagos-time";
import type { OutgoingEmail } from "../mail/mailer";
import { renderEmail } from "../mail/template";
import { BANK_ACCOUNT_TEXTS as T } from "./bank-validation";

/** 'Nov 28, 2026, 3:05 PM (Lagos time)': the site's date and time style. */
export function formatLagosTime(at: Date): string {
  return `${formatLagosDateTime(at)} (Lagos time)`;
}

export interface BankAccountChange {
  businessName: string;
  bankName: string;
  /** '****4567'. */
  maskedNumber: string;
  accountName: string;
  heldUntil: Date;
}

/** Told to each of the vendor's addresses when the payout bank account changes. */
export function bankAccountChangedEmails(addresses: readonly string[], publicUrl: string, change: BankAccountChange): OutgoingEmail[] {
  const content = renderEmail({
    subject: T.emailSubject,
    heading: `${change.businessName}, your payout bank account was changed`,
    paragraphs: [
      `Payouts now go to ${change.bankName} ${change.maskedNumber}, in the name of ${change.accountName}.`,
      `To keep your money safe, your next payout is held until ${formatLagosTime(change.heldUntil)}.`,
      `${T.notYou}: reply to this e-mail and change your password.`,
    ],
    action: { label: "Open Earnings", url: `${publicUrl}/vendor-dashboard?tab=earnings` },
  });
  return uniqueAddresses(addresses).map((to) => ({ to, ...content }));
}

/** Each address once, whatever its case. */
function uniqueAddresses(addresses: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const address of addresses) if (!seen.has(address.toLowerCase())) seen.set(address.toLowerCase(), address);
  return [...seen.values()];
}
