/** The refund core as a buyer's cancellation uses it (domain/orders/cancellation.ts, which sits below payments). */
import type { CancellationRefunds } from "../orders/cancellation";
import { flagPaymentForRefund } from "./refund-flags";
import { type RefundDeps, type ReservedRefund, reserveRefundIn, submitReservedRefund } from "./refunds";

/** Written in the cancellation's transaction, sent after it; a refusal then is announced like any failed refund. */
export function cancellationRefunds(deps: RefundDeps): CancellationRefunds<ReservedRefund> {
  return {
    reserve: async (tx, requestedBy, request) => {
      const reserved = await reserveRefundIn(tx, requestedBy, request);
      return Object.assign(reserved, { amount: reserved.row.amount });
    },
    submit: (reserved) => submitReservedRefund(deps, reserved, { onRefusal: "escalate" }),
    flag: flagPaymentForRefund,
  };
}
