/**
 * Cancel a paid order and refund it (docs/after-sale.md): the buyer's own paid or processing
 * order (or, through vendor-cancel-order.ts, one its vendor cannot fulfil). In one transaction the order is cancelled (domain/orders/cancellation.ts), its phones go
 * back to stock, its sale is taken back and its refund is written pending (idempotency key
 * `cancel:{orderId}`); one that cannot be written (a payment recorded by hand) flags the payment,
 * so an admin returns the money the way it came. The provider is asked once that has committed;
 * reconciliation asks for any refund a crash kept from being sent.
 */
import type { Database } from "../../db/client";
import { formatNaira } from "../../lib/money";
import { Refusal } from "../core/refusal";
import { CANCELLER_TEXTS, type Canceller, type LockedOrder, type PaidOrderCancellation, cancelOrderIn, lockCancellableOrder, refundOwedOnCancel, tellOfCancellation } from "../orders/cancellation";
import { orderNumberOf } from "../orders/status";
import { flagPaymentForRefund } from "../payments/refund-flags";
import { type RefundDeps, type RefundRecord, type ReservedRefund, findRefund, reserveRefundIn, submitReservedRefund } from "../payments/refunds";
import { failRefund } from "./refund-failed";

export interface CancelPaidOrderDeps extends RefundDeps {
  /** A refund that could not be sent after the order was cancelled (it stays pending; reconciliation sends it). */
  onRefundError?: (error: unknown) => void;
}

export interface CancelledOrder {
  orderId: string;
  orderNumber: string;
  /** Kobo the buyer gets back. */
  refundAmount: number;
  /** The refund, pending or already processed; null when none could be written (flagged for the admins) or sent. */
  refund: RefundRecord | null;
}

export async function cancelPaidOrder(deps: CancelPaidOrderDeps, buyer: { userId: string }, input: PaidOrderCancellation): Promise<CancelledOrder> {
  return cancelAndRefund(deps, { role: "buyer", userId: buyer.userId }, input);
}

/** The cancellation with its refund, by the buyer or (domain/flows/vendor-cancel-order.ts) the vendor. */
export async function cancelAndRefund(deps: CancelPaidOrderDeps, by: Canceller, input: PaidOrderCancellation): Promise<CancelledOrder> {
  const written = await deps.db.transaction(async (tx) => {
    const order = await lockCancellableOrder(tx, by, input.orderId);
    await cancelOrderIn(tx, by, order, input.reason);
    // The refund is written once the order is cancelled: the refund core never returns the whole
    // total of an order that may still ship.
    const owed = await refundOwedOnCancel(tx, order);
    const reserved = owed > 0 ? await reserveOrFlag(tx, by, order, owed, input.reason) : null;
    const told = await tellOfCancellation(tx, deps, by, order, input.reason, reserved?.row.amount ?? owed);
    return { ...told, reserved };
  });
  written.deliver();
  const refund = written.reserved ? await sendRefund(deps, written.reserved) : null;
  return { orderId: input.orderId, orderNumber: written.orderNumber, refundAmount: written.refundAmount, refund };
}

/** The pending refund, or (when the refund core refuses one, as for a payment recorded by hand) the payment flagged for the admins. */
async function reserveOrFlag(tx: Database, by: Canceller, order: LockedOrder, amount: number, reason: string): Promise<ReservedRefund | null> {
  const orderNumber = orderNumberOf(order.id);
  const paymentId = order.paymentId!;
  const texts = CANCELLER_TEXTS[by.role];
  try {
    const request = { paymentId, orderId: order.id, amount, reason: texts.refundReason(orderNumber, reason), idempotencyKey: `cancel:${order.id}` };
    return await reserveRefundIn(tx, by.userId, request);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    await flagPaymentForRefund(tx, paymentId, texts.refundNotMade(orderNumber, formatNaira(amount), error.message));
    return null;
  }
}

/** Asks the provider once the cancellation has committed; a refusal fails the refund (refund-failed.ts), anything else leaves it pending for reconciliation. */
async function sendRefund(deps: CancelPaidOrderDeps, reserved: ReservedRefund): Promise<RefundRecord | null> {
  try {
    const submitted = await submitReservedRefund(deps, reserved, { onRefusal: "escalate" });
    if (!submitted.failure) return submitted.refund;
    await failRefund(deps, submitted.failure);
    return (await findRefund(deps.db, submitted.refund.id))!;
  } catch (error) {
    deps.onRefundError?.(error);
    return null;
  }
}
