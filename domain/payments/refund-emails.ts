import { TEST_PAYMENT_LABEL } from "../../lib/constants";
import { formatNaira } from "../../lib/money";
import { refundDestination } from "../../lib/refund-destination";
import type { OutgoingEmail } from "../mail/mailer";
import { renderEmail } from "../mail/template";

export interface RefundedEmail {
  to: string;
  name: string;
  /** Kobo. */
  amount: number;
  /** The payment's reference, which the buyer's bank statement shows. */
  reference: string;
  orderNumbers: readonly string[];
  /** The payment's channel (card, bank_transfer, ussd…): the refund goes back the same way. */
  channel: string | null;
  isTest: boolean;
}

const orderNumbersText = (numbers: readonly string[]) => numbers.map((n) => `#${n}`).join(", ");

/** The buyer's notification once a refund is processed: the order it is for and the way it goes back. */
export const REFUND_NOTICE = {
  title: "Refund processed",
  message: (amount: number, numbers: readonly string[], channel: string | null) =>
    `${formatNaira(amount)} for ${numbers.length > 1 ? "orders" : "order"} ${orderNumbersText(numbers)} is on its way back to ${refundDestination(channel)}. Banks can take up to 10 working days to show it.`,
} as const;

/** Told once a refund is processed: how much, for what, and how long banks take. */
export function refundedEmail(publicUrl: string, refund: RefundedEmail): OutgoingEmail {
  const what = refund.orderNumbers.length > 0 ? `${refund.orderNumbers.length > 1 ? "orders" : "order"} ${orderNumbersText(refund.orderNumbers)}` : `payment ${refund.reference}`;
  return {
    to: refund.to,
    ...renderEmail({
      subject: `${refund.isTest ? `[${TEST_PAYMENT_LABEL}] ` : ""}Refund of ${formatNaira(refund.amount)} for ${what}`,
      heading: `${refund.name}, your refund is on its way`,
      paragraphs: [
        `We have refunded ${formatNaira(refund.amount)} for ${what} (payment reference ${refund.reference}).`,
        `It goes back to ${refundDestination(refund.channel)}. Banks can take up to 10 working days to show it on your statement.`,
      ],
      action: { label: "View your orders", url: `${publicUrl}/orders` },
    }),
  };
}
