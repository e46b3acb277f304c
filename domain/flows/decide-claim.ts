/**
 * Decide a warranty claim (docs/after-sale.md): an admin refunds (through the refund core,
 * `issueRefund` with the claim set, once per claim by its idempotency key), replaces (a
 * replacement order, domain/flows/replace-claimed-phone.ts) or rejects.
 * The claim's rules are domain/claims/service.ts; this flow gives it the real refund core.
 */
import type { Actor } from "../core/access";
import { type ClaimRefunds, decideClaim as decideClaimWith } from "../claims/service";
import type { AdminDecisionInput } from "../claims/validation";
import { decideReplacement } from "./replace-claimed-phone";
import { type RefundDeps, issueRefund, refundableAmount } from "../payments/refunds";

export async function decideClaim(deps: RefundDeps, actor: Actor, input: AdminDecisionInput) {
  // A replacement is an order of the same phone, shipped like any: the claim stays in progress until it is delivered.
  if (input.decision === "replacement") {
    await decideReplacement(deps, actor, { claimId: input.claimId, note: input.note });
    return { status: "accepted" as const, refunded: null };
  }
  const refunds: ClaimRefunds = {
    refundable: (paymentId, orderId) => refundableAmount(deps.db, paymentId, orderId),
    issue: (requestedBy, refund) => issueRefund(deps, requestedBy, refund),
  };
  return decideClaimWith({ ...deps, refunds }, actor, input);
}
