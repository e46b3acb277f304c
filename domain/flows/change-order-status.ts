/**
 * An admin moves an order along the menu (docs/admin.md), cancelling a paid one included: in one
 * transaction the move is the order's (domain/orders/admin.ts), and money taken for an order the
 * admin cancelled is flagged for refund by the one flag of payments.
 */
import type { Actor } from "../core/access";
import { resolveDeliveredReplacements } from "../claims/service";
import { changeOrderStatusIn } from "../orders/admin";
import { cancelledAfterPaymentReason, type MoveDeps } from "../orders/moves";
import type { OrderStatusChange } from "../orders/status";
import { flagPaymentForRefund } from "../payments/refund-flags";

export async function changeOrderStatus(deps: MoveDeps, actor: Actor, change: OrderStatusChange) {
  const { deliver, order, status } = await deps.db.transaction(async (tx) => {
    const moved = await changeOrderStatusIn(tx, deps, actor, change);
    // Money taken for an order the admin cancelled goes back from the flagged-for-refund panel.
    if (moved.moneyTaken) await flagPaymentForRefund(tx, moved.order.paymentId!, cancelledAfterPaymentReason(moved.order), { onlyIfPaid: true });
    return moved;
  });
  deliver();
  // A claim's replacement delivered by an admin's move closes its claim at once.
  if (status === "delivered") await resolveDeliveredReplacements(deps.db, order.id);
  return { status, orderId: order.id };
}
