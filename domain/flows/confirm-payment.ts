/**
 * Confirm a payment on the buyer's return to /payment-success (docs/payments.md): payments checks
 * the stored payment and asks the provider; a successful transaction is fulfilled through the
 * same idempotent path as the webhook's, and the page answers what came of it.
 */
import { type ConfirmationDeps, type PaymentCheck, answerFulfilment, checkReturnedPayment } from "../payments/confirmation";
import { fulfilPayment } from "./fulfil-payment";

export async function confirmPayment(deps: ConfirmationDeps, userId: string, reference: string): Promise<PaymentCheck> {
  const checked = await checkReturnedPayment(deps, userId, reference);
  if ("answer" in checked) return checked.answer;
  const fulfilment = await fulfilPayment(deps, reference, checked.transaction);
  return answerFulfilment(deps, userId, checked.stored, fulfilment);
}
