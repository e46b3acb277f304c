import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { PRICING_DEFAULTS, WEEKDAYS } from "../../lib/constants";
import { formatNaira } from "../../lib/money";
import { recordActivity } from "../activity/service";
import { type Actor, assertMay } from "../core/access";
import { adminPricingConfig } from "../../db/schema/pricing";
import { type PricingConfigInput, deliveryFeeKoboOf, payoutMinimumKoboOf } from "./validation";

export interface PricingConfig {
  markupPercentage: number;
  commissionRate: number;
  deliveryFeeKobo: number;
  /** Days of warranty from delivery (docs/orders.md). */
  warrantyDays: number;
  /** Days after shipping when a shipped order becomes delivered by itself (docs/after-sale.md). */
  autoDeliverAfterDays: number;
  /** Days after delivery a phone may be returned by a buyer who changed their mind; 0: returns are off (docs/after-sale.md). */
  returnWindowDays: number;
  /** The weekly payout run's day, 0 = Sunday (docs/payouts.md). */
  payoutWeekday: number;
  /** Kobo: the least available balance a payout run pays. */
  payoutMinimumKobo: number;
}

/** The pricing settings in force; the defaults of docs/admin.md until an admin saves some. */
export async function getPricingConfig(db: Database): Promise<PricingConfig> {
  const [row] = await db.select().from(adminPricingConfig).where(eq(adminPricingConfig.id, 1));
  if (!row) {
    const { markupPercentage, commissionRate, deliveryFeeKobo, warrantyDays, autoDeliverAfterDays, returnWindowDays, payoutWeekday, payoutMinimumKobo } = PRICING_DEFAULTS;
    return { markupPercentage, commissionRate, deliveryFeeKobo, warrantyDays, autoDeliverAfterDays, returnWindowDays, payoutWeekday, payoutMinimumKobo };
  }
  return {
    markupPercentage: row.defaultMarkupPercentage,
    commissionRate: row.defaultCommissionRate,
    deliveryFeeKobo: row.deliveryFee,
    warrantyDays: row.warrantyDays,
    autoDeliverAfterDays: row.autoDeliverAfterDays,
    returnWindowDays: row.returnWindowDays,
    payoutWeekday: row.payoutWeekday,
    payoutMinimumKobo: row.payoutMinimum,
  };
}

/** The activity log's line for saved settings (docs/admin.md). */
function pricingDescription(saved: PricingConfig): string {
  return [
    `Set markup ${saved.markupPercentage}%`,
    `commission ${saved.commissionRate}%`,
    `delivery fee ${formatNaira(saved.deliveryFeeKobo)}`,
    `warranty ${saved.warrantyDays} days`,
    `delivered automatically ${saved.autoDeliverAfterDays} days after shipping`,
    saved.returnWindowDays > 0 ? `returns within ${saved.returnWindowDays} days of delivery` : "returns off",
    `payout day ${WEEKDAYS[saved.payoutWeekday]}`,
    `minimum payout ${formatNaira(saved.payoutMinimumKobo)}`,
  ].join(", ");
}

/**
 * Saves the pricing settings (admins only); approvals and checkouts from now on use them.
 * The input has passed pricingConfigSchema, whose bounds sit inside the table's own checks.
 */
export async function updatePricingConfig(
  db: Database,
  actor: Actor,
  input: PricingConfigInput,
): Promise<PricingConfig> {
  assertMay(actor, "back_office");
  const values = {
    defaultMarkupPercentage: input.markupPercentage,
    defaultCommissionRate: input.commissionRate,
    deliveryFee: deliveryFeeKoboOf(input),
    warrantyDays: input.warrantyDays,
    autoDeliverAfterDays: input.autoDeliverAfterDays,
    returnWindowDays: input.returnWindowDays,
    payoutWeekday: input.payoutWeekday,
    payoutMinimum: payoutMinimumKoboOf(input),
    updatedBy: actor.userId,
    updatedAt: sql`now()`,
  };
  return db.transaction(async (tx) => {
    await tx
      .insert(adminPricingConfig)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: adminPricingConfig.id, set: values });
    const saved = await getPricingConfig(tx);
    await recordActivity(tx, {
      userId: actor.userId,
      userType: "admin",
      activityType: "pricing_updated",
      description: pricingDescription(saved),
      metadata: { ...saved },
    });
    return saved;
  });
}
