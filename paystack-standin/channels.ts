import { createHash } from "node:crypto";

/**
 * The payment channels the stand-in's checkout page offers, as Paystack names them in
 * `channels` (initialize) and `channel` (verify, webhooks). Without `channels`, all of them.
 */
export const STANDIN_CHANNELS = ["card", "bank_transfer", "ussd"] as const;
export type StandinChannel = (typeof STANDIN_CHANNELS)[number];

export const CHANNEL_LABELS: Record<StandinChannel, string> = { card: "Card", bank_transfer: "Bank transfer", ussd: "USSD" };

export const isStandinChannel = (value: unknown): value is StandinChannel => (STANDIN_CHANNELS as readonly unknown[]).includes(value);

/**
 * `channels` of an initialize call: the offered ones it names (Paystack ignores channels it does
 * not know); undefined when it is absent; null when it names none the stand-in offers.
 */
export function parseChannels(value: unknown): StandinChannel[] | undefined | null {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((c) => typeof c === "string")) return null;
  const offered = STANDIN_CHANNELS.filter((channel) => value.includes(channel));
  return offered.length ? offered : null;
}

const digits = (seed: string, length: number) => {
  const hex = createHash("sha256").update(seed).digest("hex");
  return [...hex].map((c) => Number.parseInt(c, 16) % 10).join("").slice(0, length);
};

/** Paystack's Pay with Transfer: a temporary account for this one payment. */
export const TRANSFER_BANK = "Paystack-Titan";
export const TRANSFER_ACCOUNT_NAME = "Tokunbo Phones Checkout";
export const transferAccountNumber = (reference: string) => `99${digits(`account:${reference}`, 8)}`;

/** The bank whose USSD code the page shows (GTBank's *737#), with the amount in whole naira. */
export const USSD_BANK = "Guaranty Trust Bank";
export const ussdCode = (amountKobo: number) => `*737*000*${Math.ceil(amountKobo / 100)}#`;

/** The channels a transaction's page offers, in the stand-in's order. */
export function allowedChannels(transaction: { channels?: string[] }): StandinChannel[] {
  const allowed = transaction.channels;
  return allowed ? STANDIN_CHANNELS.filter((channel) => allowed.includes(channel)) : [...STANDIN_CHANNELS];
}
