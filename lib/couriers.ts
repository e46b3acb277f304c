/**
 * The couriers a vendor or an admin ships with (docs/after-sale.md): each one's tracking-number
 * format and its public tracking page. Plain code, shared by server and browser.
 * Texts here are shown to users verbatim; tests assert them.
 */

/** Couriers a vendor picks from when shipping; 'Other' takes the name typed beside it. */
export const COURIERS = [
  "GIG Logistics",
  "DHL Nigeria",
  "Red Star Express",
  "UPS Nigeria",
  "FedEx Nigeria",
  "ABC Transport",
  "GUO Transport",
  "Kwik Delivery",
  "Sendbox",
  "Topship",
  "NIPOST EMS",
  "Other",
] as const;
export type Courier = (typeof COURIERS)[number];

/** A courier of the list with a known format and tracking page: every one but 'Other'. */
export type ListedCourier = Exclude<Courier, "Other">;

interface CourierDetails {
  /** Tested on the number trimmed, upper-cased and without spaces. */
  format: RegExp;
  /** Completes "{courier} tracking numbers are …". */
  hint: string;
  example: string;
  trackingUrl: (number: string) => string;
}

/** 6 to 24 letters, digits or dashes, starting and ending with a letter or digit. */
const WAYBILL = /^[A-Z0-9][A-Z0-9-]{4,22}[A-Z0-9]$/;
const WAYBILL_HINT = "6 to 24 letters, digits or dashes";

export const COURIER_DETAILS: Record<ListedCourier, CourierDetails> = {
  "GIG Logistics": {
    format: /^[A-Z0-9][A-Z0-9-]{4,18}[A-Z0-9]$/,
    hint: "6 to 20 letters, digits or dashes",
    example: "GIGL-5501234",
    trackingUrl: (n) => `https://giglogistics.com/track?waybill=${n}`,
  },
  "DHL Nigeria": {
    format: /^\d{10}$/,
    hint: "10 digits",
    example: "1234567890",
    trackingUrl: (n) => `https://www.dhl.com/ng-en/home/tracking/tracking-express.html?submit=1&tracking-id=${n}`,
  },
  "Red Star Express": {
    format: WAYBILL,
    hint: WAYBILL_HINT,
    example: "RSX-7788123",
    trackingUrl: (n) => `https://www.redstarplc.com/track?waybill=${n}`,
  },
  "UPS Nigeria": {
    format: /^1Z[A-Z0-9]{16}$/,
    hint: "1Z followed by 16 letters or digits",
    example: "1Z999AA10123456784",
    trackingUrl: (n) => `https://www.ups.com/track?loc=en_NG&tracknum=${n}`,
  },
  "FedEx Nigeria": {
    format: /^(\d{12}|\d{15})$/,
    hint: "12 or 15 digits",
    example: "123456789012",
    trackingUrl: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  },
  "ABC Transport": {
    format: WAYBILL,
    hint: WAYBILL_HINT,
    example: "ABC-2024-88123",
    trackingUrl: (n) => `https://abctransport.com/tracking?waybill=${n}`,
  },
  "GUO Transport": {
    format: WAYBILL,
    hint: WAYBILL_HINT,
    example: "GUO-551203",
    trackingUrl: (n) => `https://guotransport.com/tracking?waybill=${n}`,
  },
  "Kwik Delivery": {
    format: WAYBILL,
    hint: WAYBILL_HINT,
    example: "KWK-1029384",
    trackingUrl: (n) => `https://kwik.delivery/track?order=${n}`,
  },
  Sendbox: {
    format: WAYBILL,
    hint: WAYBILL_HINT,
    example: "SB-99123456",
    trackingUrl: (n) => `https://sendbox.co/track?code=${n}`,
  },
  Topship: {
    format: WAYBILL,
    hint: WAYBILL_HINT,
    example: "TS-40012345",
    trackingUrl: (n) => `https://topship.africa/tracking?trackingId=${n}`,
  },
  "NIPOST EMS": {
    format: /^[A-Z]{2}\d{9}[A-Z]{2}$/,
    hint: "2 letters, 9 digits and 2 letters",
    example: "EE123456789NG",
    trackingUrl: (n) => `https://www.nipost.gov.ng/track?trackingNumber=${n}`,
  },
};

export const COURIER_TEXTS = {
  formatProblem: (courier: ListedCourier) =>
    `${courier} tracking numbers are ${COURIER_DETAILS[courier].hint}, e.g. ${COURIER_DETAILS[courier].example}`,
  /** The accessible name of a tracking link: the number shown, the courier and where it opens. */
  trackLabel: (courier: string, number: string) => `Track ${number} with ${courier} (opens in a new tab)`,
} as const;

function listedCourier(carrier: string | null | undefined): ListedCourier | null {
  return carrier && Object.hasOwn(COURIER_DETAILS, carrier) ? (carrier as ListedCourier) : null;
}

/** The number as couriers write it: no surrounding or inner spaces, upper case. */
const compact = (number: string) => number.trim().toUpperCase().replace(/\s+/g, "");

/** Why a number does not fit the courier's format, or null when it fits (or the courier has none, like 'Other'). */
export function trackingFormatProblem(carrier: string | null | undefined, number: string): string | null {
  const courier = listedCourier(carrier);
  if (!courier || COURIER_DETAILS[courier].format.test(compact(number))) return null;
  return COURIER_TEXTS.formatProblem(courier);
}

/** The courier's public tracking page for the number, or null for a courier without one. */
export function trackingLinkOf(carrier: string | null | undefined, number: string | null | undefined): string | null {
  const courier = listedCourier(carrier);
  const compacted = number ? compact(number) : "";
  if (!courier || !compacted) return null;
  return COURIER_DETAILS[courier].trackingUrl(encodeURIComponent(compacted));
}
