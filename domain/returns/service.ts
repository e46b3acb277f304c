/**
 * Change-of-mind returns (docs/after-sale.md), the module's door: what people see (views.ts) and
 * the steps of a return (steps.ts); the refund is given the refund core by domain/flows/refund-return.ts.
 */
export { type ReturnOffer, type ReturnView, buyerReturns, listReturnsForAdmin, listVendorReturns } from "./views";
export {
  type ReturnDeps, type ReturnRefunds, askReturn, cancelReturn, confirmReturnReceipt, escalateReturn, giveReturnInstructions, refundReturn, rejectReturnByAdmin,
  rejectReturnByVendor, sendReturnBack, sendReturnBackAfterFailedRefund,
} from "./steps";
export { RETURN_CHECKS, cancelLapsedReturns, escalateLateReturns, scheduleReturnChecks } from "./lapse";
