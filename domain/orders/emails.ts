/**
 * The e-mails that tell a buyer their order moved on (docs/after-sale.md): being prepared,
 * shipped (courier, tracking number, estimated delivery) and delivered. Each has an HTML and a
 * plain-text part, the order number and a link to My Orders.
 */
import { warrantyLabel } from "../../lib/constants";
import type { OutgoingEmail } from "../mail/mailer";
import { renderEmail } from "../mail/template";
import { type OrderStatusChange, notReceivedLine, orderNumberOf } from "./status";
import { formatLongCalendarDate } from "../../lib/lagos-time";

interface EmailedOrder {
  id: string;
  customerName: string;
  customerEmail: string;
  productName: string;
  warrantyDays: number;
}

/** "Friday, December 4, 2026" for a calendar date (YYYY-MM-DD). */
export const formatDeliveryDate = formatLongCalendarDate;

/** Why an order became delivered without anyone pressing a button; the notification says the same. */
export const autoDeliveredNote = (days: number) =>
  `It shipped ${days} days ago, so we marked it delivered automatically. If it has not reached you, contact the vendor or our support team.`;

export const DELIVERY_NOTICE_TEXTS = {
  title: "Did your phone arrive?",
  message: (number: string, phone: string, on: string) =>
    `Order #${number} (${phone}): we will mark it delivered on ${on}. ${notReceivedLine(on)} from My Orders ('Never arrived').`,
  subject: (number: string) => `Did your order #${number} arrive?`,
} as const;

/** The e-mail some days before the automatic delivery; `on` is its Lagos date. */
export function deliveryNoticeEmail(publicUrl: string, order: Pick<EmailedOrder, "id" | "customerName" | "customerEmail" | "productName">, on: string): OutgoingEmail {
  const number = orderNumberOf(order.id);
  return {
    to: order.customerEmail,
    ...renderEmail({
      subject: DELIVERY_NOTICE_TEXTS.subject(number),
      heading: DELIVERY_NOTICE_TEXTS.title,
      paragraphs: [
        `Hello ${order.customerName},`,
        `Order #${number}: ${order.productName}.`,
        `If it has reached you, press 'I received my phone' on My Orders. Otherwise we will mark it delivered on ${on}, and your warranty will run from then.`,
        `${notReceivedLine(on)}: open 'Never arrived' on My Orders and you get your money back if it never comes.`,
      ],
      action: { label: ORDER_EMAIL_TEXTS.action, url: `${publicUrl}/orders` },
    }),
  };
}

export const ORDER_EMAIL_TEXTS = {
  action: "View your orders",
  processingSubject: (number: string) => `Your order #${number} is being prepared`,
  shippedSubject: (number: string) => `Your order #${number} has shipped`,
  deliveredSubject: (number: string) => `Your order #${number} has been delivered`,
} as const;

/** The e-mail for a move, or null for moves that send none (cancelling says so in the notification). */
export function orderStatusEmail(
  publicUrl: string,
  order: EmailedOrder,
  change: OrderStatusChange,
  /** Set when the shop marked it delivered by itself, this many days after shipping. */
  automaticAfterDays?: number,
): OutgoingEmail | null {
  const number = orderNumberOf(order.id);
  const line = `Order #${number}: ${order.productName}.`;
  const action = { label: ORDER_EMAIL_TEXTS.action, url: `${publicUrl}/orders` };
  const greeting = `Hello ${order.customerName},`;
  const content = (() => {
    switch (change.status) {
      case "processing":
        return {
          subject: ORDER_EMAIL_TEXTS.processingSubject(number),
          heading: "We are preparing your order",
          paragraphs: [greeting, "The vendor is getting your phone ready to ship.", line, "We will e-mail you the tracking number as soon as it ships."],
        };
      case "shipped":
        return {
          subject: ORDER_EMAIL_TEXTS.shippedSubject(number),
          heading: "Your phone is on its way",
          paragraphs: [
            greeting,
            line,
            `Courier: ${change.carrier}`,
            `Tracking number: ${change.trackingNumber}`,
            `Estimated delivery: ${formatDeliveryDate(change.estimatedDeliveryDate ?? "")}`,
            "Once it arrives, press 'I received my phone' on My Orders.",
          ],
        };
      case "delivered":
        return {
          subject: ORDER_EMAIL_TEXTS.deliveredSubject(number),
          heading: automaticAfterDays ? "We marked your order delivered" : "Your order has been delivered",
          paragraphs: [
            greeting,
            line,
            ...(automaticAfterDays ? [autoDeliveredNote(automaticAfterDays)] : []),
            `Your ${warrantyLabel(order.warrantyDays)} runs from today.`,
          ],
        };
      default:
        return null;
    }
  })();
  return content ? { to: order.customerEmail, ...renderEmail({ ...content, action }) } : null;
}
