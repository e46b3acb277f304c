/**
 * Warranty claims (docs/after-sale.md), the module's door: what people see (views.ts), the steps
 * of a claim (steps.ts) and the overdue flag (overdue.ts).
 */
export { answerDueAt } from "./claim-query";
export { type AdminClaim, type BuyerWarranty, type ClaimEvent, type ClaimView, buyerClaims, listClaimsForAdmin, listVendorClaims, mayViewClaimPhoto } from "./views";
export { type ClaimDeps, type ClaimRefunds, answerClaim, decideClaim, escalateClaim, openClaim } from "./steps";
export { CLAIM_CHECKS, flagOverdueClaims, scheduleClaimChecks } from "./overdue";
export { closeLapsedClaims } from "./lapse";
export { resolveDeliveredReplacements } from "./replacement";
export { confirmReturnReceived, refundAcceptedClaim, returnRepairedPhone, shipReturn } from "./outcome";
