/** What change-of-mind returns say to buyers, vendors and admins (docs/after-sale.md); plain data, safe for the browser. */
import { RETURN_VENDOR_BUSINESS_DAYS } from "../../lib/constants";

/** Bounds of the return forms. */
export const RETURN_LIMITS = {
  reasonMin: 5,
  reasonMax: 300,
  noteMin: 10,
  noteMax: 1000,
} as const;

export const RETURN_TEXTS = {
  notFound: "Return not found",
  orderNotFound: "Order not found",
  // Asking
  ask: "Return this phone",
  askTitle: "Return this phone?",
  intro: "Changed your mind? You can return a phone you have not used, in the condition it was sold, within the return window.",
  refundLine: (amount: string, deliveryFee: string | null) =>
    deliveryFee ? `You get back ${amount}: what you paid for the phone. The ${deliveryFee} delivery fee is not refunded.` : `You get back ${amount}: what you paid for the phone.`,
  lastDay: (on: string) => `Ask by ${on}.`,
  windowEnded: (on: string) => `The return window for this order ended on ${on}.`,
  returnsOff: "Change-of-mind returns are not offered at the moment.",
  notDelivered: "You can return a phone once the order has been delivered.",
  claimActive: "This order has a warranty claim in progress: follow it on your orders page.",
  alreadyActive: "This order already has a return in progress.",
  nothingToRefund: "Nothing is left to refund on this order.",
  reason: `Tell the vendor in a few words why you are returning it (${RETURN_LIMITS.reasonMin} to ${RETURN_LIMITS.reasonMax} characters)`,
  unused: "Tick the box to confirm the phone is unused and in the condition it was sold",
  unusedLabel: "The phone is unused and in the condition it was sold, with everything that came with it",
  asked: "Return asked for. The vendor will tell you how to send the phone back.",
  askFailed: "Failed to ask for the return",
  // The vendor's instructions
  instructions: `Tell the buyer where and how to send the phone (${RETURN_LIMITS.noteMin} to ${RETURN_LIMITS.noteMax} characters)`,
  notRequested: "Only a return waiting for your instructions can be given them.",
  instructionsGiven: "Instructions sent. The buyer has been told.",
  instructionsFailed: "Failed to send the instructions",
  // The buyer sends it
  notReadyToSend: "Wait for the vendor's instructions before sending the phone.",
  alreadySent: "The phone is already on its way back to the vendor.",
  sent: "Return recorded. The vendor has been told the phone is on its way.",
  sendFailed: "Failed to record the return",
  // The buyer cancels
  cancelled: "Return cancelled.",
  cancelFailed: "Failed to cancel the return",
  cannotCancel: "A return can be cancelled only before the phone is sent back.",
  confirmCancel: "Tick the box to cancel the return",
  // The vendor confirms receipt
  notSent: "The buyer has not sent the phone back yet.",
  alreadyReceived: "You have already confirmed the returned phone arrived.",
  received: (amount: string) => `Receipt confirmed. A refund of ${amount} is on its way to the buyer.`,
  receivedRefundFailed: (reason: string) => `Receipt confirmed, but the refund did not go through: ${reason}. Try again, or our support team will.`,
  receiveFailed: "Failed to confirm the receipt",
  putBackOnSale: "Put back on sale (adds one to the listing's stock)",
  // Refunds
  refunded: (amount: string) => `Refund of ${amount} on its way to the buyer. The return is closed.`,
  refundFailedTitle: "Failed to refund the buyer",
  refundFailed: (reason: string) => `The refund did not go through: ${reason}`,
  refundNotDue: "The refund follows the vendor's confirmation that the phone arrived.",
  confirmRefund: "Tick the box to confirm the refund",
  noPayment: "This order has no payment to refund.",
  // Rejections
  rejectReason: `Give the reason (${RETURN_LIMITS.noteMin} to ${RETURN_LIMITS.noteMax} characters)`,
  cannotReject: "Only a return still in progress can be rejected.",
  vendorCannotReject: "Once you confirmed the phone arrived, the refund is due: ask our support team if something is wrong.",
  rejected: "Return rejected. The buyer has been told.",
  rejectFailed: "Failed to reject the return",
  confirmReject: "Tick the box to confirm the rejection",
  // Escalation
  escalationNote: `Tell our support team what is wrong (${RETURN_LIMITS.noteMin} to ${RETURN_LIMITS.noteMax} characters)`,
  cannotEscalate: `You can ask our support team once the vendor is late with its next step (${RETURN_VENDOR_BUSINESS_DAYS} business days).`,
  escalated: "Return sent to our support team.",
  escalateFailed: "Failed to send the return to our support team",
  vendorLate: "The vendor is late with the next step.",
  // Admin
  chooseDecision: "Choose refund or reject",
  adminNote: `Add a note of at most ${RETURN_LIMITS.noteMax} characters`,
  confirm: "Tick the box to confirm",
  decided: "Decision saved. The buyer and the vendor have been told.",
  decideFailed: "Failed to decide the return",
  alreadyFinished: "This return is already closed.",
} as const;

/** How each step of a return reads on its timeline. */
export const RETURN_EVENT_LABELS: Record<string, string> = {
  requested: "Return asked for",
  instructions_given: "Return instructions from the vendor",
  sent_back: "Phone sent back by the buyer",
  received: "Returned phone received by the vendor",
  restocked: "Put back on sale",
  refunded: "Refund issued",
  refund_failed: "Refund failed: back with our support team",
  escalated: "Sent to our support team",
  rejected: "Return rejected",
  cancelled: "Cancelled by the buyer",
  lapsed: "Cancelled: not sent back in time",
};

export const RETURN_DECISIONS = ["refund", "reject"] as const;
export type ReturnDecision = (typeof RETURN_DECISIONS)[number];
export const RETURN_DECISION_LABELS: Record<ReturnDecision, string> = { refund: "Refund the buyer", reject: "Reject the return" };
