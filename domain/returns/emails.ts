/** The e-mails of a return's steps (docs/after-sale.md): HTML and plain text, the order number and the reader's link. */
import { trackingLinkOf } from "../../lib/couriers";
import type { OutgoingEmail } from "../mail/mailer";
import { renderEmail } from "../mail/template";

export interface ReturnMailFacts {
  orderNumber: string;
  orderId: string;
  productName: string;
  publicUrl: string;
}

export type ReturnReader = "buyer" | "vendor" | "admin";

/** Where each reader follows the return: the buyer's orders, the vendor's Claims section, the admins' Claims tab. */
export const returnLinks: Record<ReturnReader, (publicUrl: string) => string> = {
  buyer: (publicUrl) => `${publicUrl}/orders`,
  vendor: (publicUrl) => `${publicUrl}/vendor-dashboard?tab=claims`,
  admin: (publicUrl) => `${publicUrl}/admin?tab=claims`,
};

const ACTION_LABELS: Record<ReturnReader, string> = { buyer: "View your orders", vendor: "View the return", admin: "Decide the return" };

/** One step of a return told to one reader, with the courier's tracking page when the step sent a parcel. */
export function returnStepEmail(
  to: string,
  facts: ReturnMailFacts,
  reader: ReturnReader,
  step: { subject: string; heading: string; lines: string[]; track?: { carrier: string; trackingNumber: string } },
): OutgoingEmail {
  const href = step.track ? trackingLinkOf(step.track.carrier, step.track.trackingNumber) : null;
  const about = `Order #${facts.orderNumber} (${facts.productName}): change-of-mind return.`;
  return {
    to,
    ...renderEmail({
      subject: step.subject,
      heading: step.heading,
      paragraphs: [about, ...step.lines, ...(href ? [{ label: "Track the parcel", url: href }] : [])],
      action: { label: ACTION_LABELS[reader], url: returnLinks[reader](facts.publicUrl) },
    }),
  };
}
