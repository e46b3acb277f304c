/**
 * A replacement for a warranty claim (docs/after-sale.md), by the vendor (accepted with
 * 'replacement', once the returned phone arrived) or by an admin's decision: in one transaction
 * the claim is locked (claims), a zero-priced order of the same phone or another listing of the
 * same vendor reserves its stock and is placed paid (orders, through the one status writer), and
 * the claim records it. The claim is resolved once that order is delivered
 * (`resolveDeliveredReplacements`, on the claim checks' schedule).
 */
import type { Actor } from "../core/access";
import type { ClaimDeps } from "../claims/steps";
import { lockAdminReplacement, lockVendorReplacement, recordReplacementIn } from "../claims/replacement";
import { placeReplacementOrder } from "../orders/replacement";

export async function sendReplacement(deps: ClaimDeps, actor: { userId: string }, input: { claimId: string; productId?: string }): Promise<{ orderId: string }> {
  const done = await deps.db.transaction(async (tx) => {
    const party = await lockVendorReplacement(tx, actor, input.claimId);
    const placed = await placeReplacementOrder(tx, deps, { originalOrderId: party.orderId, productId: input.productId ?? party.productId, actor: { userId: actor.userId, role: "vendor" } });
    const told = await recordReplacementIn(tx, deps, party, placed.orderId, { userId: actor.userId, role: "vendor" });
    return { orderId: placed.orderId, deliver: () => (placed.deliver(), told()) };
  });
  done.deliver();
  return { orderId: done.orderId };
}

/** An admin's 'replacement' decision: the same phone, sent the same way; the claim stays in progress until it is delivered. */
export async function decideReplacement(deps: ClaimDeps, actor: Actor, input: { claimId: string; note?: string }): Promise<{ orderId: string }> {
  const done = await deps.db.transaction(async (tx) => {
    const party = await lockAdminReplacement(tx, actor, input.claimId);
    const placed = await placeReplacementOrder(tx, deps, { originalOrderId: party.orderId, productId: party.productId, actor: { userId: actor.userId, role: "admin" } });
    const told = await recordReplacementIn(tx, deps, party, placed.orderId, { userId: actor.userId, role: "admin", note: input.note });
    return { orderId: placed.orderId, deliver: () => (placed.deliver(), told()) };
  });
  done.deliver();
  return { orderId: done.orderId };
}
