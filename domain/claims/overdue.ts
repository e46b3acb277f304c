/** The overdue flag: open claims past their answer due date, told to the admins once. */
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "../../db/client";
import { scheduleExclusively } from "../../db/exclusive-schedule";
import { warrantyClaimEvents, warrantyClaims } from "../../db/schema/after-sale";
import { formatLagosDate } from "../../lib/lagos-time";
import { type NewNotification, backOfficeTeam, notifyMany } from "../notifications/service";
import { orderNumberOf } from "../orders/status";
import { closeLapsedClaims } from "./lapse";
import { resolveDeliveredReplacements } from "./replacement";
import type { ClaimDeps } from "./steps";

export const CLAIM_CHECKS = {
  /** Advisory lock key ("clms"): one instance at a time runs the check. */
  lockKey: 0x636c6d73,
  everyMs: 10 * 60_000,
} as const;

/**
 * Tells every admin, once, about each open claim past its answer due date, and records an
 * 'overdue' step on its timeline. The guarded update (`overdue_flagged_at is null`) flags a
 * claim once however many passes run.
 */
export async function flagOverdueClaims(db: Database, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const flagged = await tx
      .update(warrantyClaims)
      .set({ overdueFlaggedAt: now, updatedAt: sql`now()` })
      .where(and(eq(warrantyClaims.status, "open"), lt(warrantyClaims.answerDueAt, now), isNull(warrantyClaims.overdueFlaggedAt)))
      .returning({ id: warrantyClaims.id, orderId: warrantyClaims.orderId, answerDueAt: warrantyClaims.answerDueAt });
    if (flagged.length === 0) return 0;
    await tx
      .insert(warrantyClaimEvents)
      .values(flagged.map((claim) => ({ claimId: claim.id, actorId: null, actorRole: "system" as const, kind: "overdue", note: `The vendor did not answer by ${formatLagosDate(claim.answerDueAt)}.` })));
    const team = await backOfficeTeam(tx);
    await notifyMany(
      tx,
      flagged.flatMap((claim) =>
        team.map((admin): NewNotification => ({
          userId: admin.userId,
          type: "warning",
          title: "Warranty claim overdue",
          message: `Order #${orderNumberOf(claim.orderId)}: the vendor has not answered the claim by ${formatLagosDate(claim.answerDueAt)}.`,
        })),
      ),
    );
    return flagged.length;
  });
}

/**
 * Runs the overdue check, closes claims whose replacement was delivered and claims whose buyer let
 * their step lapse, every ten minutes on one instance; returns a function that stops it.
 */
export function scheduleClaimChecks(
  database: Pick<DatabaseHandle, "db" | "exclusively">,
  deps: ClaimDeps,
  onError: (error: unknown) => void,
  everyMs: number = CLAIM_CHECKS.everyMs,
): () => Promise<void> {
  return scheduleExclusively(database, { lockKey: CLAIM_CHECKS.lockKey, everyMs }, async () => {
    await flagOverdueClaims(database.db);
    await resolveDeliveredReplacements(database.db);
    await closeLapsedClaims(deps);
  }, onError);
}
