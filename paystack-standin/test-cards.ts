import type { StandinCard } from "./store";

/**
 * Paystack's own test cards: the first is approved, the second declined. The third is approved too,
 * but every refund of a transaction paid with it fails (Paystack's refund.failed, with
 * REFUND_FAILURE_REASON), so the shop's handling of a failed refund can be tried. The last two are
 * approved and then disputed by the buyer's bank, which the shop loses or wins (disputes.ts).
 */
export const TEST_CARDS = {
  approved: "4084084084084081",
  declined: "4084080000005408",
  refundFails: "5399838383838381",
  disputeLost: "5060666666666666",
  disputeWon: "5078555555555555",
} as const;

const APPROVED_CARDS: readonly string[] = [TEST_CARDS.approved, TEST_CARDS.refundFails, TEST_CARDS.disputeLost, TEST_CARDS.disputeWon];

const isCard = (card: StandinCard | null, number: string) => card !== null && card.bin === number.slice(0, 6) && card.last4 === number.slice(-4);

/** How the buyer's bank disputes a payment made with this card, if it does. */
export function disputeOutcomeFor(card: StandinCard | null): "lost" | "won" | undefined {
  if (isCard(card, TEST_CARDS.disputeLost)) return "lost";
  return isCard(card, TEST_CARDS.disputeWon) ? "won" : undefined;
}

/** Why a refund of a transaction paid with TEST_CARDS.refundFails fails. */
export const REFUND_FAILURE_REASON = "The card issuer could not take the refund back";

/** Refunds of a transaction paid with this card fail (docs/payments.md). */
export const refundFailsFor = (card: StandinCard | null) => isCard(card, TEST_CARDS.refundFails);

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
  const outcome = APPROVED_CARDS.includes(number) ? "approved" : number === TEST_CARDS.declined ? "declined" : undefined;
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
