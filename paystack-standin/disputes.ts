import { transactionJson } from "./paystack-json";
import type { StandinTransaction } from "./store";

/**
 * Card disputes on demand: a payment made with TEST_CARDS.disputeLost or TEST_CARDS.disputeWon
 * is disputed by the buyer's bank one step after it succeeds (charge.dispute.create, due two days
 * later), reminded one step after that (charge.dispute.remind), and resolved one step later
 * (charge.dispute.resolve): lost (`merchant-accepted`: the buyer keeps the money) or won
 * (`declined`). A dispute lives only while the stand-in runs; the transaction itself is left as
 * it was.
 */
export type DisputeOutcome = "lost" | "won";

export interface DisputeContext {
  delayMs: number;
  sendWebhook(event: string, data: unknown): void;
  track(work: Promise<void>): void;
  onError(error: unknown): void;
}

/** Paystack's dispute ids are its own; here one dispute per transaction, numbered after it. */
const FIRST_DISPUTE_ID = 9_000_000;
const ANSWER_WITHIN_MS = 2 * 24 * 3_600_000;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export function disputeLater(context: DisputeContext, transaction: StandinTransaction, outcome: DisputeOutcome): void {
  const createdAt = new Date().toISOString();
  const dueAt = new Date(Date.now() + ANSWER_WITHIN_MS).toISOString();
  const step = async (event: string, state: { status: string; resolution: string | null; resolvedAt: string | null }) => {
    await pause(context.delayMs);
    context.sendWebhook(event, disputeJson(transaction, { ...state, createdAt, dueAt, updatedAt: new Date().toISOString() }));
  };
  const open = { status: "awaiting-merchant-feedback", resolution: null, resolvedAt: null };
  const sequence = (async () => {
    await step("charge.dispute.create", open);
    await step("charge.dispute.remind", open);
    await step("charge.dispute.resolve", { status: "resolved", resolution: outcome === "lost" ? "merchant-accepted" : "declined", resolvedAt: new Date().toISOString() });
  })().catch(context.onError);
  context.track(sequence);
}

interface DisputeState {
  status: string;
  resolution: string | null;
  resolvedAt: string | null;
  createdAt: string;
  dueAt: string;
  updatedAt: string;
}

/** The data of a charge.dispute.* event, with the fields Paystack's dispute object carries. */
function disputeJson(transaction: StandinTransaction, state: DisputeState) {
  const charged = transactionJson(transaction);
  return {
    id: FIRST_DISPUTE_ID + transaction.id,
    refund_amount: transaction.amount,
    currency: transaction.currency,
    status: state.status,
    resolution: state.resolution,
    domain: "test",
    transaction: charged,
    transaction_reference: transaction.reference,
    category: "chargeback",
    customer: charged.customer,
    bin: transaction.card?.bin ?? null,
    last4: transaction.card?.last4 ?? null,
    dueAt: state.dueAt,
    resolvedAt: state.resolvedAt,
    evidence: null,
    attachments: null,
    note: null,
    history: [],
    messages: [],
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
  };
}
