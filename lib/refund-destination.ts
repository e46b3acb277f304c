/** Each channel's refund destination, as the buyer reads it and as the staff who send the refund read it. */
const DESTINATIONS: Record<string, { buyer: string; staff: string }> = {
  card: { buyer: "the card you paid with", staff: "the buyer's card" },
  bank_transfer: { buyer: "the bank account you paid from by bank transfer", staff: "the buyer's bank account (paid by bank transfer)" },
  ussd: { buyer: "the bank account you paid from with USSD", staff: "the buyer's bank account (paid with USSD)" },
};

/** Any other channel, or none stored. */
const OTHER_DESTINATION = { buyer: "the account you paid from", staff: "the buyer's account" };

function destinationOf(channel: string | null | undefined) {
  return channel && Object.hasOwn(DESTINATIONS, channel) ? DESTINATIONS[channel]! : OTHER_DESTINATION;
}

/**
 * Where a refund goes back to, named by the way the buyer paid: the payment's stored channel
 * (Paystack's `channel`; docs/after-sale.md). Shared by the pages, notifications and e-mails.
 */
export function refundDestination(channel: string | null | undefined): string {
  return destinationOf(channel).buyer;
}

/** The same, as the staff who send the refund read it: "the buyer's card", "the buyer's bank account (paid by bank transfer)"… */
export function buyersRefundDestination(channel: string | null | undefined): string {
  return destinationOf(channel).staff;
}
