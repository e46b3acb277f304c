/**
 * Record a payment an admin received outside Paystack (docs/admin.md): bank transfer, cash or
 * POS. In one transaction payments opens the `manual` payment for the order, the same idempotent
 * fulfilment a Paystack payment goes through pays it (stock counted as sold, buyer and vendor
 * told, receipt), and payments closes the record; the receipt is sent once it all committed.
 */
import { type Actor, assertMay } from "../core/access";
import { Refusal } from "../core/refusal";
import { ORDER_STATUS_TEXTS } from "../orders/status";
import type { FulfilmentDeps } from "../payments/fulfilment";
import { type RecordedPayment, closeManualPayment, deferredMailer, manualTransaction, openManualPayment } from "../payments/manual";
import type { ManualPaymentInput } from "../payments/manual-validation";
import { fulfilPayment } from "./fulfil-payment";

export async function recordManualPayment(deps: FulfilmentDeps, actor: Actor, input: ManualPaymentInput): Promise<RecordedPayment> {
  assertMay(actor, "back_office");
  const receipts: Array<() => void> = [];
  const recorded = await deps.db.transaction(async (tx) => {
    const manual = await openManualPayment(tx, actor, input);
    const outcome = await fulfilPayment({ ...deps, db: tx, mailer: deferredMailer(deps.mailer, receipts) }, manual.reference, manualTransaction(manual, input));
    // Anything else would leave money recorded for an order that is not paid: undo it all.
    if (outcome.outcome !== "fulfilled") throw new Refusal("conflict", ORDER_STATUS_TEXTS.changedMeanwhile);
    return closeManualPayment(tx, actor, manual, input);
  });
  for (const deliver of receipts) deliver();
  return recorded;
}
