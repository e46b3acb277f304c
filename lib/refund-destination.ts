/**
 * Where a refund goes back to, named by the way the buyer paid: the payment's stored channel
 * (Paystack's `channel`; docs/after-sale.md). Shared by the pages, notifications and e-mails.
 */
export function refundDestination(channel: string | null | undefined): string {
  switch (channel) {
    case "card":
      return "the card you paid with";
    case "bank_transfer":
      return "the bank account you paid from by bank transfer";
    case "ussd":
      return "the bank account you paid from with USSD";
    default:
      return "the account you paid from";
  }
}

/** The same, as the staff who send the refund read it: "the buyer's card", "the buyer's bank account (paid by bank transfer)"… */
export function buyersRefundDestination(channel: string | null | undefined): string {
  switch (channel) {
    case "card":
      return "the buyer's card";
    case "bank_transfer":
      return "the buyer's bank account (paid by bank transfer)";
    case "ussd":
      return "the buyer's bank account (paid with USSD)";
    default:
      return "the buyer's account";
  }
}
