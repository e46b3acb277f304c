import type { StandinCard } from "./store";

/**
 * Paystack's own test cards: the first is approved, the second declined. The third is approved too,
 * but every refund of a transaction paid with it fails (Paystack's refund.failed, with
 * REFUND_FAILURE_REASON), so the shop's handling of a failed refund can be tried.
 */
export const TEST_CARDS = { approved: "4084084084084081", declined: "4084080000005408", refundFails: "5399838383838381" } as const;

/** Why a refund of a transaction paid with TEST_CARDS.refundFails fails. */
export const REFUND_FAILURE_REASON = "The card issuer could not take the refund back";

/** Refunds of a transaction paid with this card fail (docs/payments.md). */
export const refundFailsFor = (card: StandinCard | null) => card !== null && card.bin === TEST_CARDS.refundFails.slice(0, 6) && card.last4 === TEST_CARDS.refundFails.slice(-4);

export interface CardForm {
  cardNumber: string;
  expiry: string;
  cvv: string;
}

export type CardCheck =
  | { outcome: "approved" | "declined"; card: StandinCard }
  | { outcome: "invalid"; field: "card_number" | "expiry" | "cvv" };

/** Which way a payment with these card details goes; nothing but the test cards is accepted. */
export function checkCard(form: CardForm, now = new Date()): CardCheck {
  const number = form.cardNumber.replace(/[\s-]/g, "");
  const outcome = number === TEST_CARDS.approved || number === TEST_CARDS.refundFails ? "approved" : number === TEST_CARDS.declined ? "declined" : undefined;
  if (!outcome) return { outcome: "invalid", field: "card_number" };
  const expiry = parseExpiry(form.expiry, now);
  if (!expiry) return { outcome: "invalid", field: "expiry" };
  if (!/^\d{3}$/.test(form.cvv.trim())) return { outcome: "invalid", field: "cvv" };
  return { outcome, card: { bin: number.slice(0, 6), last4: number.slice(-4), ...expiry } };
}

function parseExpiry(text: string, now: Date): { expMonth: string; expYear: string } | undefined {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(text.trim());
  if (!match) return undefined;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return undefined;
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (month - 1) < thisMonth) return undefined;
  return { expMonth: String(month).padStart(2, "0"), expYear: String(year) };
}
