import { TEST_PAYMENT_LABEL } from "../../lib/constants";
import { formatNaira } from "../../lib/money";
import type { OutgoingEmail } from "../mail/mailer";
import { renderEmail } from "../mail/template";

export interface PayoutPaidEmail {
  to: string;
  businessName: string;
  /** Kobo. */
  amount: number;
  /** Bank and the last four digits: 'Guaranty Trust Bank ****4567'. */
  account: string;
  reference: string;
  isTest: boolean;
}

/** Told once Paystack reports the transfer successful. */
export function payoutPaidEmail(publicUrl: string, payout: PayoutPaidEmail): OutgoingEmail {
  return {
    to: payout.to,
    ...renderEmail({
      subject: `${payout.isTest ? `[${TEST_PAYMENT_LABEL}] ` : ""}Payout of ${formatNaira(payout.amount)} sent`,
      heading: `${payout.businessName}, your payout is on its way`,
      paragraphs: [
        `We have paid ${formatNaira(payout.amount)} to ${payout.account}.`,
        `The transfer reference is ${payout.reference}; your bank statement shows it. The Earnings tab lists every sale, refund and payout behind it.`,
      ],
      action: { label: "Open Earnings", url: `${publicUrl}/vendor-dashboard?tab=earnings` },
    }),
  };
}
