/** The refund core (domain/payments/refunds.ts) as claim decisions use it. */
import type { Database } from "../../db/client";
import type { PaymentProvider } from "../payments/provider";
import { Refusal } from "../core/refusal";
import type { ClaimRefunds } from "./service";

export function claimRefunds(_deps: { db: Database; payments: PaymentProvider }): ClaimRefunds {
  return {
    refundable: async () => 0,
    issue: async () => {
      throw new Refusal("unavailable", "Refunds are not available yet.");
    },
  };
}
