import { formatNaira } from "../../lib/money";
import type { OutgoingEmail } from "../mail/mailer";
import { renderEmail } from "../mail/template";
import { STOCK_ALERT_TEXTS } from "./wishlist-texts";

/** The phone a stock alert was waiting for, as the e-mail names it. */
export interface RestockedPhone {
  id: string;
  heading: string;
  /** Kobo. */
  price: number;
}

/** To a buyer who asked 'Notify me when available': the phone is for sale again (docs/storefront.md). */
export function backInStockEmail(to: string, phone: RestockedPhone, publicUrl?: string): OutgoingEmail {
  return {
    to,
    ...renderEmail({
      subject: `Back in stock: ${phone.heading}`,
      heading: `${phone.heading} is back in stock`,
      paragraphs: [
        STOCK_ALERT_TEXTS.back(phone.heading, phone.price),
        "Graded phones sell quickly, so it may not stay long. This is the only e-mail we send for this alert.",
        ...(publicUrl ? [] : [`Search for ${phone.heading} in the Tokunbo Phones shop to buy it (${formatNaira(phone.price)}).`]),
      ],
      ...(publicUrl ? { action: { label: "See the phone", url: `${publicUrl}/product/${phone.id}` } } : {}),
    }),
  };
}
