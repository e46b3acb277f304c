/**
 * Money is integer kobo everywhere in code and the database; naira exist only at the edges.
 * Every rounding of money goes through roundKobo (nearest kobo, half up).
 */

const nairaFormatter = new Intl.NumberFormat("en-NG", {
  style: "currency",
  currency: "NGN",
  currencyDisplay: "narrowSymbol",
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

export const KOBO_PER_NAIRA = 100;

export function roundKobo(value: number): number {
  if (!Number.isFinite(value)) throw new RangeError("Amount must be a finite number");
  return Math.sign(value) * Math.floor(Math.abs(value) + 0.5);
}

/**
 * a × b ÷ c for whole, non-negative kobo, rounded half up. Exact: a × b of two kobo amounts can
 * pass 2^53 (₦1.5m × ₦1.5m), where floating point would already be off by a kobo.
 */
export function mulDivKobo(a: number, b: number, c: number): number {
  const product = BigInt(a) * BigInt(b);
  const divisor = BigInt(c);
  return Number((2n * product + divisor) / (2n * divisor));
}

export function nairaToKobo(naira: number): number {
  return roundKobo(naira * KOBO_PER_NAIRA);
}

/** Naira as a person types them once commas are gone: whole naira and at most two decimals (kobo). */
export const NAIRA_TEXT = /^\d{1,12}(\.\d{1,2})?$/;

/** Naira text matching NAIRA_TEXT ("1250000.50") to kobo, exactly: no floating point on the way. */
export function nairaTextToKobo(naira: string): number {
  const [whole, fraction = ""] = naira.split(".");
  return Number(whole) * KOBO_PER_NAIRA + Number(fraction.padEnd(2, "0"));
}

export function koboToNaira(kobo: number): number {
  return kobo / KOBO_PER_NAIRA;
}

/** ₦1,250,000 — kobo are shown only when there are any. */
export function formatNaira(kobo: number): string {
  return nairaFormatter.format(koboToNaira(kobo));
}

/** final price = suggested price × (1 + markup percent) */
export function finalPriceFromSuggested(suggestedKobo: number, markupPercentage: number): number {
  return roundKobo(suggestedKobo * (1 + markupPercentage / 100));
}

/** vendor commission = final price × commission rate */
export function commissionOf(finalKobo: number, commissionRatePercent: number): number {
  return roundKobo((finalKobo * commissionRatePercent) / 100);
}

/** Card price: final price, falling back to the suggested price. */
export function displayPrice(product: { finalPrice: number | null; suggestedPrice: number }): number {
  return product.finalPrice ?? product.suggestedPrice;
}

type Priced = { finalPrice: number | null; suggestedPrice: number; comparePrice: number | null };

/**
 * The struck-through 'Was' price (docs/admin.md): the comparison price an admin approved with
 * the listing, only when it is above what the buyer pays; never the vendor's suggested price.
 */
export function wasPrice(product: Priced): number | null {
  const { comparePrice } = product;
  return comparePrice !== null && comparePrice > displayPrice(product) ? comparePrice : null;
}

/** Rounded percent off the approved comparison price; null without one, or when it rounds to 0. */
export function discountPercent(product: Priced): number | null {
  const was = wasPrice(product);
  if (was === null) return null;
  const percent = Math.round(((was - displayPrice(product)) / was) * 100);
  return percent > 0 ? percent : null;
}
