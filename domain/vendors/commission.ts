import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { vendors } from "../../db/schema/vendors";

/** The vendor's commission rate for orders placed from now on (docs/payouts.md). */
export async function setCommissionRate(tx: Database, vendorId: string, rate: number): Promise<void> {
  await tx.update(vendors).set({ commissionRate: rate, updatedAt: sql`now()` }).where(eq(vendors.id, vendorId));
}
