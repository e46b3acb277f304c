/** The refund core (domain/payments/refunds.ts) as claim decisions use it. */
import type { Database } from "../../db/client";
import type { PaymentProvider } from "../payments/provider";
import { Refusal } from "../core/refusal";
import type { ClaimRefunds } from "./service";

/** What is left to refund of an order's share of its payment. */
export function refundableOf(_db: Database): ClaimRefunds["refundable"] {
  return async () => 0;
}

export function claimRefunds(deps: { db: Database; payments: PaymentProvider }): ClaimRefunds {
  return {
    refundable: refundableOf(deps.db),
    issue: async () => {
      throw new Refusal("unavailable", "Refunds are not available yet.");
    },
  };
}
