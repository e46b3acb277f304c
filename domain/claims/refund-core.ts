/** The refund core (domain/payments/refunds.ts) as claim decisions use it. */
import type { Database } from "../../db/client";
import { type RefundDeps, issueRefund, refundableAmount } from "../payments/refunds";
import type { ClaimRefunds } from "./service";

/** What is left to refund of an order's share of its payment. */
export function refundableOf(db: Database): ClaimRefunds["refundable"] {
  return (paymentId, orderId) => refundableAmount(db, paymentId, orderId);
}

/** Refunds for a claim decision: `issueRefund` with the claim set, once per claim by its idempotency key. */
export function claimRefunds(deps: RefundDeps): ClaimRefunds {
  return {
    refundable: refundableOf(deps.db),
    issue: (requestedBy, input) => issueRefund(deps, requestedBy, input),
  };
}
