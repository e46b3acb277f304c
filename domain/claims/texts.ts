import { CLAIM_ANSWER_BUSINESS_DAYS, LIMITS } from "../../lib/constants";

/** Bounds of the claim forms. */
export const CLAIM_LIMITS = {
  descriptionMin: 20,
  descriptionMax: 2000,
  noteMin: 10,
  noteMax: 1000,
  photosMax: LIMITS.productImagesMax,
} as const;

/** What claims say to buyers, vendors and admins (docs/after-sale.md). */
export const CLAIM_TEXTS = {
  notFound: "Claim not found",
  orderNotFound: "Order not found",
  notDelivered: "You can open a warranty claim once the order has been delivered.",
  neverArrivedIntro: "Tell us what happened with the delivery. The vendor answers, and if the phone never reaches you, our support team refunds you in full.",
  neverArrivedNotShipped: "You can tell us an order never arrived only while it is shipped and not yet delivered.",
  windowEnded: (days: number, endedOn: string) => `The ${days}-day warranty on this order ended on ${endedOn}.`,
  alreadyActive: "This order already has a warranty claim in progress. Follow it on your orders page.",
  returnActive: "This order has a return in progress: follow it on your orders page.",
  reviewTime: `Vendor review time: ${LIMITS.vendorReviewDays}.`,
  nothingToSendBack: "A phone that never arrived is not sent back: the vendor refunds or replaces it.",
  noRepairOfLostParcel: "A phone that never arrived cannot be repaired: offer a refund or a replacement.",
  sendBackBy: (date: string) => `Send it back by ${date}: after that date the vendor's offer lapses and the claim closes.`,
  escalateBy: (date: string) => `You can ask our support team until ${date}; after that the vendor's answer stands and the claim closes.`,
  answerDays: `The vendor answers within ${CLAIM_ANSWER_BUSINESS_DAYS} business days.`,
  opened: "Warranty claim sent. The vendor has been told.",
  openFailed: "Failed to open the claim",
  reason: "Choose what the problem is",
  description: `Describe the problem in ${CLAIM_LIMITS.descriptionMin} to ${CLAIM_LIMITS.descriptionMax} characters`,
  photosMax: `Add at most ${LIMITS.productImagesMax} photos`,
  // Vendor
  answered: (accepted: boolean) => (accepted ? "Claim accepted. The buyer has been told." : "Claim declined. The buyer has been told."),
  answerFailed: "Failed to answer the claim",
  chooseAnswer: "Choose whether you accept or decline the claim",
  outcome: "Choose repair, replacement or refund",
  returnInstructions: "Tell the buyer how to return the phone (10 to 1000 characters)",
  declineReason: "Give the reason you decline (10 to 1000 characters)",
  notOpen: "Only a claim waiting for the vendor can be answered.",
  // Escalation
  escalated: "Claim sent to our support team.",
  escalateFailed: "Failed to escalate the claim",
  escalationNote: "Tell our support team what is wrong (10 to 1000 characters)",
  cannotEscalate: "You can ask our support team once the vendor declines, if the vendor has not answered by the due date, or if an accepted claim's next step is late.",
  // Admin
  decided: "Decision saved. The buyer and the vendor have been told.",
  decideFailed: "Failed to decide the claim",
  chooseDecision: "Choose full refund, partial refund, replacement or reject",
  amount: "Enter the refund in naira, with at most two decimals",
  amountRequired: "Enter the amount to refund",
  amountTooHigh: (most: string) => `The refund can be at most ${most}, what is left of this order's payment.`,
  nothingToRefund: "Nothing is left to refund on this order.",
  noPayment: "This order has no payment to refund.",
  adminNote: "Add a note of at most 1000 characters",
  adminNoteRequired: "Give the reason for rejecting (10 to 1000 characters)",
  alreadyDecided: "This claim has already been decided.",
  confirm: "Tick the box to confirm",
  refundFailed: (reason: string) => `The refund did not go through: ${reason}`,
  // Carrying out an accepted claim
  notAccepted: "Only a claim the vendor accepted can be carried out this way.",
  carrier: "Choose the courier",
  carrierName: "Enter the courier's name (2 to 40 characters)",
  trackingRequired: "Enter the tracking number",
  trackingFormat: "Tracking numbers are 3 to 60 letters, digits, spaces, dashes or slashes",
  returnAlreadyShipped: "The phone is already on its way back to the vendor.",
  returnShipped: "Return recorded. The vendor has been told the phone is on its way.",
  returnShipFailed: "Failed to record the return",
  returnNotShipped: "The buyer has not sent the phone back yet.",
  alreadyReceived: "You have already confirmed the returned phone arrived.",
  received: "Receipt confirmed. The buyer has been told.",
  receiveFailed: "Failed to confirm the receipt",
  refundBeforeReceipt: "Confirm the returned phone arrived before refunding the buyer.",
  notRefundOutcome: "This claim was accepted with another outcome than a refund.",
  refunded: (amount: string) => `Refund of ${amount} on its way to the buyer. The claim is closed.`,
  refundFailedTitle: "Failed to refund the buyer",
  confirmRefund: "Tick the box to confirm the refund",
  notRepairOutcome: "Only a claim accepted for repair sends the phone back to the buyer.",
  repairNotReceived: "Confirm the phone arrived for repair before sending it back.",
  returnedToBuyer: "Repaired phone sent back. The claim is closed.",
  returnToBuyerFailed: "Failed to record the repaired phone's sending",
  outcomeDue: (on: string) => `Next step due by ${on}.`,
  notReplacementOutcome: "This claim was accepted with another outcome than a replacement.",
  replacementNotReceived: "Confirm the returned phone arrived before sending a replacement.",
  replacementAlreadySent: "A replacement has already been sent for this claim.",
  replacementSent: "Replacement order created. Ship it from your Orders tab like any order.",
  replacementFailed: "Failed to create the replacement",
  chooseListing: "Choose one of your own listings for the replacement.",
} as const;

export const CLAIM_OUTCOME_LABELS = { repair: "Repair", replacement: "Replacement", refund: "Refund" } as const;
export const CLAIM_DECISION_LABELS = {
  full_refund: "Full refund",
  partial_refund: "Partial refund",
  replacement: "Replacement",
  reject: "Reject",
} as const;

/** How each step of a claim reads on its timeline. */
export const CLAIM_EVENT_LABELS: Record<string, string> = {
  opened: "Claim opened",
  accepted: "Accepted by the vendor",
  declined: "Declined by the vendor",
  escalated: "Sent to our support team",
  overdue: "Vendor's answer overdue",
  refunded: "Refund issued",
  return_shipped: "Phone sent back by the buyer",
  return_received: "Returned phone received by the vendor",
  received_for_repair: "Received for repair",
  returned_to_buyer: "Repaired phone sent back to the buyer",
  completed: "Claim completed",
  replacement_ordered: "Replacement order created",
  refund_failed: "Refund failed: back with our support team",
  resolved: "Resolved by our support team",
  rejected: "Rejected by our support team",
  lapsed: "Closed: the buyer's step was not taken in time",
};

export const ACTOR_ROLE_LABELS = { buyer: "Buyer", vendor: "Vendor", admin: "Support team", system: "Tokunbo" } as const;
