/**
 * The buyer's 'I received my phone' (docs/after-sale.md): the order's move (domain/orders/moves.ts)
 * and, when the order was a claim's replacement, the claim closed at once (the claim checks'
 * schedule closes it otherwise, as for the automatic delivery).
 */
import { resolveDeliveredReplacements } from "../claims/service";
import { type MoveDeps, confirmReceived } from "../orders/moves";

export async function confirmOrderReceived(deps: MoveDeps, actor: { userId: string }, orderId: string) {
  const moved = await confirmReceived(deps, actor, orderId);
  await resolveDeliveredReplacements(deps.db, orderId);
  return moved;
}
