import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { warrantyClaimEvents, warrantyClaims } from "../../db/schema/after-sale";
import { REFUND_FAILURE_TEXTS } from "../payments/refund-failure-texts";

/**
 * A claim its refund had resolved goes back to needing an admin (escalated), with the failure on
 * its timeline. Returns whether it went back.
 */
export async function sendClaimBackAfterFailedRefund(tx: Database, claimId: string, amount: number, reason: string): Promise<boolean> {
  const reopened = await tx
    .update(warrantyClaims)
    .set({ status: "escalated", escalatedAt: sql`now()`, escalationNote: REFUND_FAILURE_TEXTS.claimReopenedNote(reason), updatedAt: sql`now()` })
    .where(and(
      eq(warrantyClaims.id, claimId),
      eq(warrantyClaims.status, "resolved"),
      // An order holds one claim in progress at a time: a newer one keeps it, and the admins are told anyway.
      sql`not exists (select 1 from warranty_claims other where other.order_id = "warranty_claims"."order_id" and other.id <> "warranty_claims"."id" and other.status in ('open', 'accepted', 'declined', 'escalated'))`,
    ))
    .returning({ id: warrantyClaims.id });
  await tx.insert(warrantyClaimEvents).values({ claimId, actorId: null, actorRole: "system", kind: "refund_failed", note: REFUND_FAILURE_TEXTS.claimEvent(amount, reason) });
  return reopened.length > 0;
}
