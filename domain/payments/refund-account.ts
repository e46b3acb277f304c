/**
 * Refunds Paystack cannot send back the way the buyer paid (a bank transfer to a one-time account,
 * USSD): Paystack puts them in `needs-attention` (docs/payments.md). The buyer is asked for a bank
 * account; the refund then goes there (domain/flows/refund-to-account.ts) and settles as usual.
 */
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { refunds } from "../../db/schema/after-sale";
import { payments } from "../../db/schema/payments";
import { TEST_PAYMENT_LABEL } from "../../lib/constants";
import { Refusal } from "../core/refusal";
import type { Mailer } from "../mail/mailer";
import { renderEmail } from "../mail/template";
import { notifyMany } from "../notifications/service";
import { orderNumberOf } from "../orders/status";
import { REFUND_ACCOUNT_TEXTS } from "./refund-account-texts";


/**
 * Paystack said the refund needs the buyer's bank account (its refund.needs-attention webhook, or
 * reconciliation finding the status): marked once, and the buyer is told and e-mailed once.
 */
export async function markRefundNeedsAccount(deps: { db: Database; mailer: Mailer; publicUrl: string }, providerRefundId: number): Promise<void> {
  const deliver = await deps.db.transaction(async (tx) => {
    const [marked] = await tx
      .update(refunds)
      .set({ needsAccountAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(refunds.providerRefundId, providerRefundId), eq(refunds.status, "pending"), isNull(refunds.needsAccountAt)))
      .returning({ amount: refunds.amount, orderId: refunds.orderId, paymentId: refunds.paymentId, isTest: refunds.isTest });
    if (!marked) return undefined;
    const [buyer] = await tx
      .select({ userId: payments.customerId, email: users.email, orderId: payments.orderId })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.customerId))
      .where(eq(payments.id, marked.paymentId));
    if (!buyer) return undefined;
    const orderNumber = orderNumberOf(marked.orderId ?? buyer.orderId ?? marked.paymentId);
    const T = REFUND_ACCOUNT_TEXTS;
    await notifyMany(tx, [{ userId: buyer.userId, type: "warning", title: T.title, message: T.message(marked.amount, orderNumber) }]);
    const subject = `${marked.isTest ? `[${TEST_PAYMENT_LABEL}] ` : ""}${T.emailSubject(marked.amount, orderNumber)}`;
    return deps.mailer.record(tx, {
      to: buyer.email,
      ...renderEmail({ subject, heading: T.title, paragraphs: T.emailParagraphs(marked.amount, orderNumber), action: { label: "View your orders", url: `${deps.publicUrl}/orders` } }),
    });
  });
  deliver?.();
}

/** The buyer's own refund waiting for their account, with Paystack's id of it. */
export async function refundAwaitingAccount(db: Database, buyerUserId: string, refundId: string): Promise<{ id: string; providerRefundId: number }> {
  const [refund] = await db
    .select({ id: refunds.id, providerRefundId: refunds.providerRefundId, status: refunds.status, needsAccountAt: refunds.needsAccountAt })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(refunds.id, refundId), eq(payments.customerId, buyerUserId)));
  if (!refund) throw new Refusal("not_found", REFUND_ACCOUNT_TEXTS.notFound);
  if (refund.status !== "pending" || !refund.needsAccountAt || refund.providerRefundId === null) throw new Refusal("conflict", REFUND_ACCOUNT_TEXTS.notWaiting);
  return { id: refund.id, providerRefundId: refund.providerRefundId };
}

/** Paystack took the account: the refund is on its way there and no longer waits for the buyer. */
export async function recordRefundAccount(db: Database, refundId: string, account: string): Promise<void> {
  await db
    .update(refunds)
    .set({ needsAccountAt: null, refundAccount: account, updatedAt: sql`now()` })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, "pending"), isNotNull(refunds.needsAccountAt)));
}
