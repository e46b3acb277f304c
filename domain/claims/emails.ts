/** The e-mails of a claim's steps (docs/after-sale.md): HTML and plain text, the order number and a link. */
import { CLAIM_REASON_LABELS, type ClaimReason } from "../../lib/constants";
import { trackingLinkOf } from "../../lib/couriers";
import { formatLagosDate } from "../../lib/lagos-time";
import { formatNaira } from "../../lib/money";
import type { OutgoingEmail } from "../mail/mailer";
import { renderEmail } from "../mail/template";
import { CLAIM_DECISION_LABELS, CLAIM_OUTCOME_LABELS } from "./texts";

export interface ClaimMailFacts {
  orderNumber: string;
  orderId: string;
  productName: string;
  reason: ClaimReason;
  publicUrl: string;
}

/** Where each reader follows the claim. */
export const claimLinks = {
  buyer: (publicUrl: string, orderId: string) => `${publicUrl}/orders?claim=${orderId}`,
  vendor: (publicUrl: string) => `${publicUrl}/vendor-dashboard?tab=claims`,
  admin: (publicUrl: string) => `${publicUrl}/admin?tab=claims`,
};

function about(facts: ClaimMailFacts): string {
  return `Order #${facts.orderNumber} (${facts.productName}), reason: ${CLAIM_REASON_LABELS[facts.reason]}.`;
}

function mail(to: string, subject: string, heading: string, paragraphs: Array<string | { label: string; url: string }>, action: { label: string; url: string }): OutgoingEmail {
  return { to, ...renderEmail({ subject, heading, paragraphs, action }) };
}

export function claimOpenedEmail(to: string, facts: ClaimMailFacts, description: string, dueOn: string): OutgoingEmail {
  return mail(
    to,
    `New warranty claim on order #${facts.orderNumber}`,
    "A buyer opened a warranty claim",
    [about(facts), `What the buyer says: ${description}`, `Please accept or decline it by ${dueOn}. Past that date our support team is told.`],
    { label: "Answer the claim", url: claimLinks.vendor(facts.publicUrl) },
  );
}

export function claimAnsweredEmail(
  to: string,
  facts: ClaimMailFacts,
  answer: { accepted: true; outcome: keyof typeof CLAIM_OUTCOME_LABELS; returnInstructions: string } | { accepted: false; declineReason: string },
  /** Until when the buyer may take their step; null when nothing waits on them (a parcel that never arrived is not sent back). */
  buyerDueAt: Date | null,
): OutgoingEmail {
  const due = buyerDueAt ? formatLagosDate(buyerDueAt) : null;
  const paragraphs = answer.accepted
    ? [
        about(facts),
        `The vendor accepted your claim and offers: ${CLAIM_OUTCOME_LABELS[answer.outcome]}.`,
        ...(due
          ? [`How to return the phone: ${answer.returnInstructions}`, `Please send it back by ${due} and add the tracking number on your orders page; after that date the offer lapses.`]
          : [`The vendor's note: ${answer.returnInstructions}`]),
      ]
    : [
        about(facts),
        `The vendor declined your claim. Their reason: ${answer.declineReason}`,
        `If you disagree, you can ask our support team to look at it from your orders page${due ? ` until ${due}` : ""}.`,
      ];
  return mail(
    to,
    `Your warranty claim on order #${facts.orderNumber} was ${answer.accepted ? "accepted" : "declined"}`,
    answer.accepted ? "The vendor accepted your claim" : "The vendor declined your claim",
    paragraphs,
    { label: "View your claim", url: claimLinks.buyer(facts.publicUrl, facts.orderId) },
  );
}

export function claimEscalatedEmail(to: string, facts: ClaimMailFacts, note: string, reader: "vendor" | "admin"): OutgoingEmail {
  return mail(
    to,
    `Warranty claim on order #${facts.orderNumber} sent to support`,
    "A warranty claim was sent to our support team",
    [about(facts), `The buyer's note: ${note}`, reader === "vendor" ? "Our support team will decide the claim and tell you." : "Please decide the claim."],
    reader === "vendor" ? { label: "View the claim", url: claimLinks.vendor(facts.publicUrl) } : { label: "Decide the claim", url: claimLinks.admin(facts.publicUrl) },
  );
}

export function claimDecidedEmail(
  to: string,
  facts: ClaimMailFacts,
  decision: { decision: keyof typeof CLAIM_DECISION_LABELS; amount?: number; note?: string },
  reader: "buyer" | "vendor",
): OutgoingEmail {
  const what =
    decision.decision === "reject"
      ? "Our support team rejected the claim."
      : decision.amount !== undefined
        ? `Our support team decided: ${CLAIM_DECISION_LABELS[decision.decision]} of ${formatNaira(decision.amount)}.${reader === "buyer" ? " The money goes back to the card or account you paid with." : ""}`
        : `Our support team decided: ${CLAIM_DECISION_LABELS[decision.decision]}.`;
  return mail(
    to,
    `Decision on the warranty claim for order #${facts.orderNumber}`,
    "Our support team decided the warranty claim",
    [about(facts), what, ...(decision.note ? [`Note: ${decision.note}`] : [])],
    reader === "buyer" ? { label: "View your claim", url: claimLinks.buyer(facts.publicUrl, facts.orderId) } : { label: "View the claim", url: claimLinks.vendor(facts.publicUrl) },
  );
}

/**
 * A step of carrying out an accepted claim (the phone sent back, received, refunded, the repaired
 * phone sent on): what happened, the courier's tracking page when it has one, and the reader's link.
 */
export function claimStepEmail(
  to: string,
  facts: ClaimMailFacts,
  reader: "buyer" | "vendor",
  step: { subject: string; heading: string; lines: string[]; track?: { carrier: string; trackingNumber: string } },
): OutgoingEmail {
  const href = step.track ? trackingLinkOf(step.track.carrier, step.track.trackingNumber) : null;
  return mail(
    to,
    step.subject,
    step.heading,
    [about(facts), ...step.lines, ...(href ? [{ label: "Track the parcel", url: href }] : [])],
    reader === "buyer" ? { label: "View your claim", url: claimLinks.buyer(facts.publicUrl, facts.orderId) } : { label: "View the claim", url: claimLinks.vendor(facts.publicUrl) },
  );
}
