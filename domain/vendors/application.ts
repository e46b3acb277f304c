/**
 * The vendor application (docs/vendors.md): a signed-in user asks to
 * sell. It stores one vendor record per user, always pending and unverified; the browser never
 * sets the status. The applicant is told their application arrived, and the activity log records it.
 */
import type { Database } from "../../db/client";
import { LIMITS } from "../../lib/constants";
import { recordActivity } from "../activity/service";
import { notify } from "../notifications/service";
import { getPricingConfig } from "../pricing/service";
import { Refusal } from "../core/refusal";
import { vendors } from "../../db/schema/vendors";
import { VENDOR_TEXTS } from "./texts";
import { type VendorDetails, detailColumns } from "./validation";

export async function applyAsVendor(db: Database, actor: { userId: string }, input: VendorDetails): Promise<{ vendorId: string }> {
  const { commissionRate } = await getPricingConfig(db);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(vendors)
      .values({ ...detailColumns(input), userId: actor.userId, status: "pending", verified: false, commissionRate })
      .onConflictDoNothing({ target: vendors.userId })
      .returning({ id: vendors.id });
    if (!created) throw new Refusal("conflict", VENDOR_TEXTS.alreadyApplied);
    await notify(
      tx,
      actor.userId,
      "info",
      "Application received",
      `Thanks for applying with ${input.businessName}. Our team reviews applications in ${LIMITS.vendorReviewDays}.`,
    );
    await recordActivity(tx, {
      userId: actor.userId,
      userType: "vendor",
      activityType: "vendor_application",
      description: `${input.businessName} applied to sell`,
      metadata: { vendor_id: created.id },
    });
    return { vendorId: created.id };
  });
}
