import { TEST_PAYMENT_LABEL } from "../../lib/constants";
import { formatNaira } from "../../lib/money";
import { refundDestination } from "../../lib/refund-destination";
import type { OutgoingEmail } from "../mail/mailer";
import { renderEmail } from "../mail/template";

/** A paid order cancelled before it shipped, by its buyer or its vendor (docs/after-sale.md). */
export interface CancelledOrderMail {
  orderNumber: string;
  productName: string;
  quantity: number;
  reason: string;
  /** Kobo the buyer gets back: the order's total, and the delivery fee when nothing else of the payment ships. */
  refundAmount: number;
  /** The payment's channel (card, bank_transfer, ussd…): the refund goes back the same way. */
  channel: string | null;
  isTest: boolean;
}

const testPrefix = (isTest: boolean) => (isTest ? `[${TEST_PAYMENT_LABEL}] ` : "");

/** To the buyer: the order is cancelled and the money is on its way back the way they paid. */
export function buyerCancellationEmail(publicUrl: string, to: string, order: CancelledOrderMail): OutgoingEmail {
  return {
    to,
    ...renderEmail({
      subject: `${testPrefix(order.isTest)}Order #${order.orderNumber} cancelled`,
      heading: `Order #${order.orderNumber} is cancelled`,
      paragraphs: [
        `You cancelled order #${order.orderNumber} (${order.quantity} × ${order.productName}) before it shipped. Your reason: ${order.reason}.`,
        refundParagraph(order),
      ],
      action: { label: "See your orders", url: `${publicUrl}/orders` },
    }),
  };
}

/** To the buyer: the seller cannot fulfil the order, says why, and the money is on its way back. */
export function sellerCancellationEmail(publicUrl: string, to: string, order: CancelledOrderMail): OutgoingEmail {
  return {
    to,
    ...renderEmail({
      subject: `${testPrefix(order.isTest)}Order #${order.orderNumber} cancelled by the seller`,
      heading: `Order #${order.orderNumber} is cancelled`,
      paragraphs: [
        `The seller cancelled order #${order.orderNumber} (${order.quantity} × ${order.productName}) before it shipped. Their reason: ${order.reason}.`,
        refundParagraph(order),
      ],
      action: { label: "See your orders", url: `${publicUrl}/orders` },
    }),
  };
}

function refundParagraph(order: CancelledOrderMail): string {
  return `We are refunding ${formatNaira(order.refundAmount)} to ${refundDestination(order.channel)}. We will e-mail you again once the refund has gone through; your bank may take a few working days to show it.`;
}

/** To the vendor: do not ship it. */
export function vendorCancellationEmail(publicUrl: string, to: string, order: CancelledOrderMail): OutgoingEmail {
  return {
    to,
    ...renderEmail({
      subject: `${testPrefix(order.isTest)}Order #${order.orderNumber} cancelled by the buyer`,
      heading: `Order #${order.orderNumber} is cancelled: please do not ship it`,
      paragraphs: [
        `The buyer cancelled order #${order.orderNumber} (${order.quantity} × ${order.productName}) before it shipped. Their reason: ${order.reason}.`,
        "The phone is back in your stock and the sale no longer counts towards your sales. The buyer is refunded by Tokunbo Phones.",
      ],
      action: { label: "Open your dashboard", url: `${publicUrl}/vendor-dashboard` },
    }),
  };
}
