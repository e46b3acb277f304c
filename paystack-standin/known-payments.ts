import { type StandinChannel, isStandinChannel } from "./channels";
import { randomCode } from "./http";
import { type StandinCard, type StandinStore, type StandinTransaction, unpaidState } from "./store";
import { TEST_CARDS } from "./test-cards";

/**
 * A payment the shop recorded without going through the stand-in (the demo shop's seed), made
 * known to it as Paystack would know it: so verifying, listing and refunding it behave as for
 * any payment made in test mode.
 */
export interface KnownPayment {
  reference: string;
  /** The provider's transaction id the shop stored. */
  id: number;
  /** Kobo. */
  amount: number;
  email: string;
  /** unpaid: the page was opened and never finished (Paystack's 'abandoned'). */
  outcome: "unpaid" | "paid" | "declined";
  channel: string;
  createdAt: Date;
  paidAt: Date | null;
  refunds: readonly { id: number; amount: number; at: Date }[];
}

const testCard = (number: string): StandinCard => ({ bin: number.slice(0, 6), last4: number.slice(-4), expMonth: "12", expYear: "2030" });

/** Saves each payment the store does not know yet as its transaction; returns how many were saved. */
export async function recordKnownPayments(store: StandinStore, payments: readonly KnownPayment[]): Promise<number> {
  const unknown = payments.filter((payment) => !store.byReference(payment.reference));
  for (const payment of unknown) await store.save(transactionOf(payment));
  return unknown.length;
}

function transactionOf(payment: KnownPayment): StandinTransaction {
  const base = {
    id: payment.id,
    reference: payment.reference,
    accessCode: randomCode(15),
    amount: payment.amount,
    currency: "NGN" as const,
    email: payment.email,
    callbackUrl: null,
    metadata: null,
    createdAt: payment.createdAt.toISOString(),
  };
  if (payment.outcome === "unpaid") return { ...base, ...unpaidState() };
  const channel: StandinChannel = isStandinChannel(payment.channel) ? payment.channel : "card";
  if (payment.outcome === "declined") {
    return { ...base, ...unpaidState(), status: "failed", gatewayResponse: "Declined", closed: true, card: testCard(TEST_CARDS.declined) };
  }
  const refunds = payment.refunds.map((refund) => ({
    id: refund.id,
    amount: refund.amount,
    createdAt: refund.at.toISOString(),
    status: "processed" as const,
    processedAt: refund.at.toISOString(),
  }));
  return {
    ...base,
    status: refunds.length > 0 ? "reversed" : "success",
    gatewayResponse: channel === "card" ? "Successful" : "Approved",
    closed: true,
    channel,
    card: channel === "card" ? testCard(TEST_CARDS.approved) : null,
    ipAddress: null,
    paidAt: (payment.paidAt ?? payment.createdAt).toISOString(),
    refunds,
  };
}
