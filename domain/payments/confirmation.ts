/**
 * What /payment-success shows (docs/payments.md):
 * the stored payment first, then the provider, asked twice when it cannot be
 * reached. The URL's status is never read here. A successful transaction is fulfilled by
 * domain/flows/confirm-payment.ts between the check and the answer.
 */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { hasPaid } from "../../lib/constants";
import { PAYMENT_TEXTS as T } from "./texts";
import { DEFAULT_FAILURE_REASON, isFailedTransaction, recordPaymentFailure } from "./failure";
import type { Fulfilment, FulfilmentDeps, Mismatch } from "./fulfilment";
import { findHeldCheckout } from "./reservation";
import { type PaymentProvider, PaymentProviderError, type ProviderTransaction } from "./provider";
import { payments } from "../../db/schema/payments";
import type { Database } from "../../db/client";
import { orders } from "../../db/schema/orders";
import { products } from "../../db/schema/catalog";
import { orderNumberOf } from "../orders/status";

export interface ConfirmationDeps extends FulfilmentDeps {
  payments: PaymentProvider;
}

export type PaymentCheck =
  | {
      status: "successful"; reference: string; orderCount: number; amount: number; deliveryFee: number; removedCartItems: number; justConfirmed: boolean; isTest: boolean;
      /** What was bought, for 'Payment Successful!' to name each phone with its order number. */
      orders: PaidOrderLine[];
    }
  | {
      status: "failed";
      reference: string;
      reasons: string[];
      /** Declined, cancelled or abandoned: the page says 'Payment failed' (docs/payments.md). */
      paymentFailed?: boolean;
      isTest?: boolean;
      /** While the reservation lasts: the order the 'Pay now' and 'Cancel order' buttons name, and until when (ISO). */
      payable?: { orderId: string; payableUntil: string } | null;
    };

export interface PaidOrderLine {
  orderNumber: string;
  productName: string;
  quantity: number;
}

/** The stored payment of a confirmed transaction, as the answer after its fulfilment needs it. */
export type ReturnedPayment = NonNullable<Awaited<ReturnType<typeof storedPayment>>>;

/**
 * What the return page can answer before anything is fulfilled (not found, paid before, not
 * reached, declined: stored as failed), or the provider's successful transaction to fulfil.
 */
export async function checkReturnedPayment(
  deps: ConfirmationDeps,
  userId: string,
  reference: string,
): Promise<{ answer: PaymentCheck } | { stored: ReturnedPayment; transaction: ProviderTransaction }> {
  const failed = (...reasons: string[]) => ({ answer: failedCheck(reference, reasons) });
  const stored = await storedPayment(deps, userId, reference);
  if (!stored) return failed(T.reasonNotFound);
  if (hasPaid(stored.status)) return stored.orderCount > 0 ? { answer: await confirmedEarlier(deps, stored) } : failed(T.reasonReleased);
  const transaction = await verifyTwice(deps.payments, reference);
  if (transaction === "unreachable") return failed(T.reasonUnreachable);
  if (!transaction) return failed(T.reasonNotPaid);
  if (isFailedTransaction(transaction)) {
    // The buyer is back from the provider's page (Cancel or a declined card): this attempt is over.
    await recordPaymentFailure(deps.db, reference, transaction);
    return { answer: await paymentFailed(deps, userId, reference, stored.isTest, T.reasonDeclined(transaction.gatewayResponse || DEFAULT_FAILURE_REASON)) };
  }
  if (transaction.status !== "success") {
    return failed(transaction.gatewayResponse ? T.reasonDeclined(transaction.gatewayResponse) : T.reasonNotPaid);
  }
  return { stored, transaction };
}

/** What the return page answers once the payment went through fulfilment. */
export async function answerFulfilment(deps: ConfirmationDeps, userId: string, stored: ReturnedPayment, fulfilment: Fulfilment): Promise<PaymentCheck> {
  const { reference } = stored;
  switch (fulfilment.outcome) {
    case "fulfilled":
      return {
        status: "successful", reference, orderCount: fulfilment.orderCount, amount: fulfilment.amount, deliveryFee: stored.deliveryFee, removedCartItems: fulfilment.removedCartItems,
        justConfirmed: true, isTest: stored.isTest, orders: await paidOrderLines(deps, reference),
      };
    case "already_fulfilled":
      return confirmedEarlier(deps, (await storedPayment(deps, userId, reference))!);
    case "refund_flagged":
      return failedCheck(reference, [T.reasonReleased]);
    case "mismatch":
      return failedCheck(reference, [...new Set(fulfilment.problems.map(reasonFor))]);
    case "not_ours":
      return failedCheck(reference, [T.reasonNotFound]);
  }
}

function failedCheck(reference: string, reasons: string[]): PaymentCheck {
  return { status: "failed", reference, reasons };
}

async function storedPayment({ db }: ConfirmationDeps, userId: string, reference: string) {
  const [stored] = await db
    .select({
      reference: payments.paymentReference,
      status: payments.status,
      amount: payments.amount,
      deliveryFee: payments.deliveryFee,
      isTest: payments.isTest,
      // Written out: inside a subquery Drizzle would leave the columns unqualified.
      orderCount: sql<number>`(select count(*) from orders o where o.payment_id = "payments"."id" and o.status <> 'cancelled')`.mapWith(Number),
      removedCartItems: sql<number>`coalesce((${payments.metadata}->>'removed_cart_items')::int, 0)`.mapWith(Number),
    })
    .from(payments)
    .where(and(eq(payments.paymentReference, reference), eq(payments.customerId, userId)));
  return stored;
}

/** Whether the payment of this reference is the user's own (the buyer may read its refunds in test mode). */
export async function isOwnPayment(db: Database, userId: string, reference: string): Promise<boolean> {
  const [own] = await db.select({ id: payments.id }).from(payments).where(and(eq(payments.paymentReference, reference), eq(payments.customerId, userId)));
  return own !== undefined;
}

/** Confirmed before this visit (by the webhook, reconciliation or an earlier visit): the same answer again. */
async function confirmedEarlier(deps: ConfirmationDeps, stored: ReturnedPayment): Promise<PaymentCheck> {
  const { reference, orderCount, amount, deliveryFee, removedCartItems, isTest } = stored;
  return { status: "successful", reference, orderCount, amount, deliveryFee, removedCartItems, justConfirmed: false, isTest, orders: await paidOrderLines(deps, reference) };
}

/** The payment's orders that were not cancelled, in the order they were placed, with their phones' names. */
async function paidOrderLines({ db }: ConfirmationDeps, reference: string): Promise<PaidOrderLine[]> {
  const rows = await db
    .select({ id: orders.id, productName: products.name, quantity: orders.quantity })
    .from(orders)
    .innerJoin(payments, eq(payments.id, orders.paymentId))
    .innerJoin(products, eq(products.id, orders.productId))
    .where(and(eq(payments.paymentReference, reference), ne(orders.status, "cancelled")))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  return rows.map(({ id, productName, quantity }) => ({ orderNumber: orderNumberOf(id), productName, quantity }));
}

/** 'Payment failed', with 'Pay now' and 'Cancel order' while the orders are still reserved. */
async function paymentFailed(deps: ConfirmationDeps, userId: string, reference: string, isTest: boolean, reason: string): Promise<PaymentCheck> {
  const held = await findHeldCheckout(deps.db, userId, { reference });
  const payable = held && held.payableUntil.getTime() > Date.now() ? { orderId: held.orderId, payableUntil: held.payableUntil.toISOString() } : null;
  return { status: "failed", reference, reasons: payable ? [reason] : [reason, T.reasonNoLongerPayable], paymentFailed: true, isTest, payable };
}

function reasonFor(problem: Mismatch): string {
  if (problem === "amount") return T.reasonAmountMismatch;
  if (problem === "currency") return T.reasonCurrencyMismatch;
  return T.reasonNotPaid;
}

/** The spec's two identical attempts: a second only when the first could not reach the provider. */
async function verifyTwice(provider: PaymentProvider, reference: string): Promise<ProviderTransaction | null | "unreachable"> {
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      return await provider.verify(reference);
    } catch (error) {
      if (!(error instanceof PaymentProviderError) || attempt === 2) return "unreachable";
    }
  }
  return "unreachable";
}
