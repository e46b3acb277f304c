/**
 * Change-of-mind returns and the refund core (docs/after-sale.md): the return's rules are
 * domain/returns/; this flow gives them the real refund core (`issueRefund`, capped by
 * `refundableAmount`, under the key `return:{returnId}`), so the refund debits the vendor's ledger
 * through the normal refund path once processed.
 */
import { type Actor, assertMay } from "../core/access";
import { Refusal } from "../core/refusal";
import { type RefundDeps, issueRefund, refundableAmount } from "../payments/refunds";
import { type ReturnRefunds, askReturn, confirmReturnReceipt, refundReturn, rejectReturnByAdmin } from "../returns/service";
import { RETURN_TEXTS } from "../returns/texts";
import type { AdminReturnDecisionInput, AskReturnInput, ReturnReceiptInput, ReturnRefundInput } from "../returns/validation";

function refundCore(deps: RefundDeps): ReturnRefunds {
  return {
    refundable: (paymentId, orderId) => refundableAmount(deps.db, paymentId, orderId),
    issue: (requestedBy, refund) => issueRefund(deps, requestedBy, refund),
  };
}

/** The buyer asks for a return; the amount shown is what the refund core would still give back for the phone. */
export function askForReturn(deps: RefundDeps, actor: { userId: string }, input: AskReturnInput, now?: Date) {
  return askReturn({ ...deps, refunds: refundCore(deps) }, actor, input, now);
}

export type ReceiptOutcome = { refunded: number; refundError?: undefined } | { refunded: null; refundError: string };

/**
 * The vendor confirms the returned phone arrived (once), then the refund follows at once. A refund
 * the provider refuses leaves the return received, with the provider's words: the vendor may ask
 * again ('Refund the buyer'), and past its due date the buyer may ask our support team.
 */
export async function confirmReturnAndRefund(deps: RefundDeps, actor: { userId: string }, input: ReturnReceiptInput, now?: Date): Promise<ReceiptOutcome> {
  await confirmReturnReceipt(deps, actor, input, now);
  try {
    const { refunded } = await refundReturn({ ...deps, refunds: refundCore(deps) }, { userId: actor.userId, role: "vendor" }, { returnId: input.returnId });
    return { refunded };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return { refunded: null, refundError: error.message };
  }
}

/** The vendor asks again for the refund of a received return, after the provider refused it. */
export function refundReceivedReturn(deps: RefundDeps, actor: { userId: string }, input: ReturnRefundInput) {
  return refundReturn({ ...deps, refunds: refundCore(deps) }, { userId: actor.userId, role: "vendor" }, input);
}

/** An admin decides a return still in progress: refund the buyer (the return's amount) or reject it with a note. */
export async function decideReturn(deps: RefundDeps, actor: Actor, input: AdminReturnDecisionInput): Promise<{ refunded: number | null }> {
  if (input.decision === "reject") {
    if (!input.note) throw new Refusal("invalid", RETURN_TEXTS.rejectReason, { fieldErrors: { note: RETURN_TEXTS.rejectReason } });
    await rejectReturnByAdmin(deps, actor, { returnId: input.returnId, note: input.note });
    return { refunded: null };
  }
  assertMay(actor, "back_office");
  const { refunded } = await refundReturn({ ...deps, refunds: refundCore(deps) }, { userId: actor.userId, role: "admin" }, { returnId: input.returnId, note: input.note });
  return { refunded };
}
