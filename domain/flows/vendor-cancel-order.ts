/**
 * A vendor cancels a paid or processing order it cannot fulfil (docs/after-sale.md), with a reason:
 * the same transaction as the buyer's cancellation (domain/flows/cancel-paid-order.ts): the order
 * cancelled with the vendor in its history (which is what counts the vendor's cancellations), its
 * phones back to stock, its sale taken back, the full refund written and sent after the commit (or
 * the payment flagged for the admins), and the buyer told why by notice and e-mail. An order the
 * vendor does not sell is "not found".
 */
import type { VendorOrderCancellation } from "../orders/vendor-cancellation-validation";
import { type CancelPaidOrderDeps, type CancelledOrder, cancelAndRefund } from "./cancel-paid-order";

export function vendorCancelOrder(deps: CancelPaidOrderDeps, vendor: { userId: string }, input: VendorOrderCancellation): Promise<CancelledOrder> {
  return cancelAndRefund(deps, { role: "vendor", userId: vendor.userId }, input);
}
