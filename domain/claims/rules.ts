/** Claim rules the browser shows and the server enforces; plain data, no server imports. */
import type { ClaimStatus } from "../../lib/constants";

/** Whether the buyer may send the claim to the admins now: declined, or still unanswered past its due date. */
export function canEscalate(claim: { status: ClaimStatus; answerDueAt: string }, now: Date = new Date()): boolean {
  return claim.status === "declined" || (claim.status === "open" && Date.parse(claim.answerDueAt) < now.getTime());
}
