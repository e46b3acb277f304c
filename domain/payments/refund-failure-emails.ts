import { TEST_PAYMENT_LABEL } from "../../lib/constants";
import type { OutgoingEmail } from "../mail/mailer";
import { renderEmail } from "../mail/template";
import { REFUND_FAILURE_TEXTS as T } from "./refund-failure-texts";

export interface FailedRefundFacts {
  /** Kobo. */
  amount: number;
  reference: string;
  orderNumbers: readonly string[];
  reason: string;
  isTest: boolean;
  claimReopened: boolean;
}

const testPrefix = (isTest: boolean) => (isTest ? `[${TEST_PAYMENT_LABEL}] ` : "");

/** The buyer, told plainly: the refund could not be completed and we are on it. */
export function refundFailedBuyerEmail(publicUrl: string, to: string, name: string, facts: FailedRefundFacts): OutgoingEmail {
  return {
    to,
    ...renderEmail({
      subject: `${testPrefix(facts.isTest)}${T.buyerSubject(facts.amount, facts.orderNumbers, facts.reference)}`,
      heading: T.buyerHeading(name),
      paragraphs: T.buyerParagraphs(facts.amount, facts.orderNumbers, facts.reference),
      action: { label: "View your orders", url: `${publicUrl}/orders` },
    }),
  };
}

/** Each admin: which refund failed, the provider's words, and where to act. */
export function refundFailedAdminEmail(publicUrl: string, to: string, facts: FailedRefundFacts): OutgoingEmail {
  return {
    to,
    ...renderEmail({
      subject: `${testPrefix(facts.isTest)}${T.adminSubject(facts.amount, facts.reference)}`,
      heading: T.adminTitle,
      paragraphs: [T.adminMessage(facts.amount, facts.orderNumbers, facts.reference, facts.reason), ...(facts.claimReopened ? [T.adminClaimNote] : [])],
      action: { label: "Open the flagged payments", url: `${publicUrl}/admin?tab=payments&flagged=true` },
    }),
  };
}
