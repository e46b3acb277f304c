import { TEST_PAYMENT_LABEL } from "../../lib/constants";
import { formatNaira } from "../../lib/money";
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
  isTest: boolean;
}

/** Told once a refund is processed: how much, for what, and how long banks take. */
export function refundedEmail(publicUrl: string, refund: RefundedEmail): OutgoingEmail {
  const what = refund.orderNumbers.length > 0 ? `order ${refund.orderNumbers.map((n) => `#${n}`).join(", ")}` : `payment ${refund.reference}`;
  return {
    to: refund.to,
    ...renderEmail({
      subject: `${refund.isTest ? `[${TEST_PAYMENT_LABEL}] ` : ""}Refund of ${formatNaira(refund.amount)} for ${what}`,
      heading: `${refund.name}, your refund is on its way`,
      paragraphs: [
        `We have refunded ${formatNaira(refund.amount)} for ${what} (payment reference ${refund.reference}).`,
        "It goes back the way you paid. Banks can take up to 10 working days to show it on your statement.",
      ],
      action: { label: "View your orders", url: `${publicUrl}/orders` },
    }),
  };
}
