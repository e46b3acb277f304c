/** Claim rules the browser shows and the server enforces; plain data, no server imports. */
import { CLAIM_BUYER_BUSINESS_DAYS, type ClaimReason, type ClaimStatus } from "../../lib/constants";
import { addBusinessDays } from "./business-days";

/**
 * Whether the buyer may send the claim to the admins now: declined, still unanswered past its due
 * date, or accepted with its next step (the vendor's receipt, the refund, the repaired phone)
 * overdue.
 */
export function canEscalate(claim: { status: ClaimStatus; answerDueAt: string; outcomeDueAt?: string | null }, now: Date = new Date()): boolean {
  if (claim.status === "declined") return true;
  if (claim.status === "open") return Date.parse(claim.answerDueAt) < now.getTime();
  return claim.status === "accepted" && isOutcomeOverdue(claim, now);
}

/** An accepted claim whose next step was due before now. */
export function isOutcomeOverdue(claim: { status: ClaimStatus; outcomeDueAt?: string | null }, now: Date = new Date()): boolean {
  return claim.status === "accepted" && Boolean(claim.outcomeDueAt) && Date.parse(claim.outcomeDueAt!) < now.getTime();
}

/** Where an accepted claim stands, from what has been recorded (docs/after-sale.md). */
export type ClaimStage = "awaiting_return" | "return_shipped" | "received";
export function claimStage(claim: { returnShippedAt: string | null; receivedAt: string | null }): ClaimStage {
  return claim.receivedAt ? "received" : claim.returnShippedAt ? "return_shipped" : "awaiting_return";
}

/**
 * Until when the buyer may take their own step: ask our support team about a declined claim, or
 * send back the phone of a claim the vendor accepted. Null when nothing waits on the buyer.
 */
export function buyerStepDueAt(claim: {
  status: ClaimStatus;
  reason: ClaimReason;
  answeredAt: Date | string | null;
  returnShippedAt: Date | string | null;
  replacementOrderId: string | null;
}): Date | null {
  if (!claim.answeredAt) return null;
  const waitsOnBuyer = claim.status === "declined" || (claim.status === "accepted" && needsPhoneBack(claim) && !claim.returnShippedAt && !claim.replacementOrderId);
  return waitsOnBuyer ? addBusinessDays(new Date(claim.answeredAt), CLAIM_BUYER_BUSINESS_DAYS) : null;
}

/**
 * Whether carrying out an accepted claim starts with the buyer sending the phone back. A phone that
 * never arrived cannot be: the vendor who accepts such a claim refunds or replaces it at once.
 */
export function needsPhoneBack(claim: { reason: ClaimReason }): boolean {
  return claim.reason !== "never_arrived";
}
