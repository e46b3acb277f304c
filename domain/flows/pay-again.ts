/**
 * 'Pay now' on an unpaid checkout (docs/payments.md): while the reservation lasts, a new payment
 * (new reference) takes over the checkout's orders and the old one is marked replaced, so money
 * that still arrives on it pays nothing and is flagged for a refund; then the provider is asked
 * for its payment page.
 */
import type { Database } from "../../db/client";
import { type UnpaidOrderInput, lockPayableCheckout, recordPaymentRetried } from "../checkout/retry";
import { type Buyer, type CheckoutDeps, type PlacedOrder, type Reservation, limitCheckouts, openProviderPage } from "../checkout/service";
import { movePendingOrders } from "../orders/placement";
import { fillCheckoutPayment, markPaymentReplaced, newPaymentReference, openCheckoutPayment } from "../payments/checkout-payment";

export async function payAgain(deps: CheckoutDeps, buyer: Buyer, input: UnpaidOrderInput, now: Date = new Date()): Promise<PlacedOrder> {
  const reservation = await deps.db.transaction((tx) => moveToFreshPayment(tx, deps, buyer, input, now));
  // A refusal here leaves the reservation as it is: the buyer may press 'Pay now' again.
  return openProviderPage(deps, buyer, reservation);
}

async function moveToFreshPayment(tx: Database, deps: CheckoutDeps, buyer: Buyer, input: UnpaidOrderInput, now: Date): Promise<Reservation> {
  const { held, payment: old } = await lockPayableCheckout(tx, buyer, input, now);
  const reference = newPaymentReference(now);
  const freshId = await openCheckoutPayment(tx, {
    customerId: buyer.userId,
    orderId: old.orderId,
    reference,
    amount: old.amount,
    deliveryFee: old.deliveryFee,
    isTest: deps.payments.testMode ?? false,
  });
  const metadata = { ...old.metadata, payment_id: freshId, replaces: held.reference };
  await fillCheckoutPayment(tx, freshId, { metadata });
  await movePendingOrders(tx, held.paymentId, freshId);
  await markPaymentReplaced(tx, held.paymentId, freshId, old.failureReason);
  await recordPaymentRetried(tx, buyer, reference, held);
  await limitCheckouts(tx, buyer);
  return { reference, orderIds: held.orderIds, amount: old.amount, metadata };
}
