import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { PRICING_DEFAULTS } from "../../lib/constants";
import { adminPricingConfig } from "./schema";

export interface PricingConfig {
  markupPercentage: number;
  commissionRate: number;
  deliveryFeeKobo: number;
}

/** The pricing settings in force; the defaults of operations.md §9 until an admin saves some. */
export async function getPricingConfig(db: Database): Promise<PricingConfig> {
  const [row] = await db.select().from(adminPricingConfig).where(eq(adminPricingConfig.id, 1));
  if (!row) return { ...PRICING_DEFAULTS };
  return {
    markupPercentage: row.defaultMarkupPercentage,
    commissionRate: row.defaultCommissionRate,
    deliveryFeeKobo: row.deliveryFee,
  };
}
