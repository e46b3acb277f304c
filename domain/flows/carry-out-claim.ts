/**
 * The vendor refunds an accepted refund claim once the returned phone arrived (docs/after-sale.md):
 * the claim's rules are domain/claims/outcome.ts; this flow gives it the real refund core, with the
 * same caps (`refundableAmount`) and keys (`claim:{claimId}:refund`) as an admin's decision.
 */
import type { ClaimRefunds } from "../claims/service";
import { refundAcceptedClaim as refundAcceptedClaimWith } from "../claims/service";
import type { ClaimRefundInput } from "../claims/validation";
import { type RefundDeps, issueRefund, refundableAmount } from "../payments/refunds";

export function refundAcceptedClaim(deps: RefundDeps, actor: { userId: string }, input: ClaimRefundInput) {
  const refunds: ClaimRefunds = {
    refundable: (paymentId, orderId) => refundableAmount(deps.db, paymentId, orderId),
    issue: (requestedBy, refund) => issueRefund(deps, requestedBy, refund),
  };
  return refundAcceptedClaimWith({ ...deps, refunds }, actor, input);
}
