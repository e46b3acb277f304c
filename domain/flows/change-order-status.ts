/**
 * An admin moves an order along the menu (docs/admin.md), cancelling a paid one included: the move
 * is the order's (domain/orders/admin.ts), and money taken for an order the admin cancelled is
 * flagged for refund by the one flag of payments.
 */
import type { Actor } from "../core/access";
import { changeOrderStatus as changeWith } from "../orders/admin";
import type { MoveDeps } from "../orders/moves";
import type { OrderStatusChange } from "../orders/status";
import { flagPaymentForRefund } from "../payments/refund-flags";

export function changeOrderStatus(deps: MoveDeps, actor: Actor, change: OrderStatusChange) {
  return changeWith({ ...deps, flagForRefund: flagPaymentForRefund }, actor, change);
}
