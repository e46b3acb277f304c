/**
 * Fulfil a payment the provider confirmed (docs/payments.md): one idempotent transaction that the
 * return page, the webhook, reconciliation and a payment recorded by hand may all call, in any
 * order and any number of times. The payment is locked first and its status decides (payments);
 * then the orders are paid (orders), phones released meanwhile taken again (catalog), the bought
 * cart lines removed (cart), the sales credited (ledger), everyone told and the receipt written.
 */
import { removeCheckedOutLines } from "../cart/service";
import { reserveStockAgain } from "../catalog/stock";
import { creditSales } from "../ledger/ledger";
import { writeOrderStatus } from "../orders/status-writer";
import {
  type Fulfilment,
  type FulfilmentDeps,
  type PaidOrder,
  type StoredPayment,
  fulfilmentNotices,
  lockOrdersOf,
  lockPayment,
  markPaymentSuccessful,
  outcomeWithoutPaying,
  receiptEmail,
  recordOrdersPaid,
} from "../payments/fulfilment";
import type { ProviderTransaction } from "../payments/provider";
import type { Database } from "../../db/client";

export async function fulfilPayment(deps: FulfilmentDeps, reference: string, transaction: ProviderTransaction): Promise<Fulfilment> {
  const result = await deps.db.transaction(async (tx): Promise<{ fulfilment: Fulfilment; deliverReceipt?: () => void }> => {
    const payment = await lockPayment(tx, reference);
    if (!payment) return { fulfilment: { outcome: "not_ours" } };
    const unpaying = await outcomeWithoutPaying(tx, payment, transaction);
    if (unpaying) return { fulfilment: unpaying };
    const { paid, removedCartItems } = await payOrders(tx, payment, transaction);
    if (paid.length === 0) return { fulfilment: { outcome: "refund_flagged", orderCount: 0, amount: payment.amount } };
    // In the outbox with the payment, so a crash just after the commit cannot lose the receipt.
    const deliverReceipt = await deps.mailer.record(tx, receiptEmail(deps.publicUrl, payment, paid));
    return { fulfilment: { outcome: "fulfilled", orderCount: paid.length, amount: payment.amount, removedCartItems }, deliverReceipt };
  });
  result.deliverReceipt?.();
  return result.fulfilment;
}

/** Pays the payment's orders that can still be paid; those that cannot are flagged for a refund. */
async function payOrders(tx: Database, payment: StoredPayment, transaction: ProviderTransaction) {
  const { paid, unfulfillable } = await takeHeldOrders(tx, payment.id);
  const removedCartItems = payment.buyNow ? 0 : await removeCheckedOutLines(tx, payment.customerId, paid.map((o) => o.productId));
  await markPaymentSuccessful(tx, payment, transaction, { unfulfillable, removedCartItems });
  await writeOrderStatus(tx, {
    orders: paid,
    to: "paid",
    tidings: async () => {
      // The vendors' sales are credited before anyone hears of them.
      await creditSales(tx, paid.map((order) => order.id));
      return { notices: await fulfilmentNotices(tx, payment, paid, unfulfillable) };
    },
    watchers: [payment.customerId],
  });
  await recordOrdersPaid(tx, payment, paid, unfulfillable);
  return { paid, removedCartItems };
}

/** Pending orders are paid; ones released while the buyer was paying only if their phones are still there. */
async function takeHeldOrders(tx: Database, paymentId: string): Promise<{ paid: PaidOrder[]; unfulfillable: PaidOrder[] }> {
  const paid: PaidOrder[] = [];
  const unfulfillable: PaidOrder[] = [];
  for (const order of await lockOrdersOf(tx, paymentId)) {
    if (order.status === "pending") paid.push(order);
    else if (order.status === "cancelled") (await reserveStockAgain(tx, order.productId, order.quantity) ? paid : unfulfillable).push(order);
  }
  return { paid, unfulfillable };
}
