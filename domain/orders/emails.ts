/**
 * The e-mails that tell a buyer their order moved on (docs/after-sale.md): being prepared,
 * shipped (courier, tracking number and its link, estimated delivery), delivered, and cancelled
 * by the shop. Each has an HTML and a plain-text part, the order number and a link to My Orders.
 */
import { warrantyLabel } from "../../lib/constants";
import { trackingLinkOf } from "../../lib/couriers";
import type { OutgoingEmail } from "../mail/mailer";
import { renderEmail } from "../mail/template";
import { type OrderStatusChange, notReceivedLine, orderNumberOf } from "./status";
import { formatLongCalendarDate } from "../../lib/lagos-time";
import { formatNaira } from "../../lib/money";

interface EmailedOrder {
  id: string;
  customerName: string;
  customerEmail: string;
  productName: string;
  warrantyDays: number;
  /** Kobo. */
  totalAmount: number;
}

/** How the order moved, beyond the change itself. */
interface HowMoved {
  /** Set when the shop marked it delivered by itself, this many days after shipping. */
  automaticAfterDays?: number;
  /** A cancelled order that had been paid for: its money goes back. */
  moneyTaken?: boolean;
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
  trackingLink: "Track your parcel",
  deliveredSubject: (number: string) => `Your order #${number} has been delivered`,
  cancelledSubject: (number: string) => `Your order #${number} has been cancelled`,
  cancelledByShop: "Tokunbo Phones cancelled this order: the phone will not be sent to you.",
  refunding: (amount: number) =>
    `We are refunding what you paid for it (${formatNaira(amount)} for the phone, and the delivery fee when nothing else in your order is still being sent), the way you paid. We will e-mail you again once the refund has gone through; your bank may take a few working days to show it.`,
  nothingToRefund: "No money was taken for it, so there is nothing to refund.",
  questions: "If you have questions about this, contact our support team.",
} as const;

/** The e-mail for a move, or null for moves that send none. */
export function orderStatusEmail(
  publicUrl: string,
  order: EmailedOrder,
  change: OrderStatusChange,
  { automaticAfterDays, moneyTaken }: HowMoved = {},
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
            ...trackingLinkParagraph(change),
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
      case "cancelled":
        return {
          subject: ORDER_EMAIL_TEXTS.cancelledSubject(number),
          heading: "Your order has been cancelled",
          paragraphs: [
            greeting,
            line,
            ORDER_EMAIL_TEXTS.cancelledByShop,
            moneyTaken ? ORDER_EMAIL_TEXTS.refunding(order.totalAmount) : ORDER_EMAIL_TEXTS.nothingToRefund,
            ORDER_EMAIL_TEXTS.questions,
          ],
        };
      default:
        return null;
    }
  })();
  return content ? { to: order.customerEmail, ...renderEmail({ ...content, action }) } : null;
}

/** The courier's tracking page, for couriers that have one. */
function trackingLinkParagraph(change: OrderStatusChange) {
  const url = trackingLinkOf(change.carrier, change.trackingNumber);
  return url ? [{ label: ORDER_EMAIL_TEXTS.trackingLink, url }] : [];
}
