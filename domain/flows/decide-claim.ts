/**
 * Decide a warranty claim (docs/after-sale.md): an admin refunds (through the refund core,
 * `issueRefund` with the claim set, once per claim by its idempotency key), replaces or rejects.
 * The claim's rules are domain/claims/service.ts; this flow gives it the real refund core.
 */
import type { Actor } from "../core/access";
import { type ClaimRefunds, decideClaim as decideClaimWith } from "../claims/service";
import type { AdminDecisionInput } from "../claims/validation";
import { type RefundDeps, issueRefund, refundableAmount } from "../payments/refunds";

export function decideClaim(deps: RefundDeps, actor: Actor, input: AdminDecisionInput) {
  const refunds: ClaimRefunds = {
    refundable: (paymentId, orderId) => refundableAmount(deps.db, paymentId, orderId),
    issue: (requestedBy, refund) => issueRefund(deps, requestedBy, refund),
  };
  return decideClaimWith({ ...deps, refunds }, actor, input);
}
