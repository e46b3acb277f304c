/**
 * A vendor's own commission rate (docs/admin.md, commission changes). An admin changes it with a
 * reason; each change is kept with the old and new rate and who made it. Checkout copies the rate
 * onto each order as it is placed, so a change applies to orders placed after it and orders
 * already placed keep theirs.
 */
import { desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { vendorCommissionChanges } from "../../db/schema/payouts";
import { vendors } from "../../db/schema/vendors";
import { fieldErrors, firstError } from "../accounts/validation";
import { recordActivity } from "../activity/service";
import { type Actor, assertMay } from "../core/access";
import { Refusal } from "../core/refusal";
import { notify } from "../notifications/service";
import { setCommissionRate } from "../vendors/commission";
import { PAYOUT_TEXTS } from "./texts";
import { COMMISSION_TEXTS as T, type CommissionChangeInput, commissionChangeSchema } from "./validation";

export interface CommissionChange {
  id: number;
  oldRate: number;
  newRate: number;
  reason: string;
  /** The admin's e-mail; null once their account is gone. */
  changedBy: string | null;
  createdAt: string;
}

export interface CommissionChangeResult {
  vendorId: string;
  businessName: string;
  oldRate: number;
  newRate: number;
}

/** The form's rules again, for callers other than the form: a refusal with each field's message. */
function checked(input: CommissionChangeInput): CommissionChangeInput {
  const parsed = commissionChangeSchema.safeParse({ ...input, rate: String(input.rate) });
  if (parsed.success) return parsed.data;
  const errors = fieldErrors(parsed.error);
  throw new Refusal("invalid", firstError(errors) ?? T.failed, { fieldErrors: errors });
}

/** Sets the vendor's rate for orders placed from now on, logs the change and tells the vendor. */
export async function changeCommissionRate(db: Database, actor: Actor, change: CommissionChangeInput): Promise<CommissionChangeResult> {
  assertMay(actor, "back_office");
  const input = checked(change);
  return db.transaction(async (tx) => {
    const [vendor] = await tx
      .select({ businessName: vendors.businessName, userId: vendors.userId, rate: vendors.commissionRate })
      .from(vendors)
      .where(eq(vendors.id, input.vendorId))
      .for("update");
    if (!vendor) throw new Refusal("not_found", PAYOUT_TEXTS.vendorNotFound);
    if (vendor.rate === input.rate) throw new Refusal("invalid", T.unchanged(input.rate), { fieldErrors: { rate: T.unchanged(input.rate) } });
    await setCommissionRate(tx, input.vendorId, input.rate);
    await tx.insert(vendorCommissionChanges).values({ vendorId: input.vendorId, oldRate: vendor.rate, newRate: input.rate, reason: input.reason, changedBy: actor.userId });
    await recordActivity(tx, {
      userId: actor.userId,
      userType: "admin",
      activityType: "commission_changed",
      description: T.activity(vendor.businessName, vendor.rate, input.rate, input.reason),
      metadata: { vendor_id: input.vendorId, old_rate: vendor.rate, new_rate: input.rate, reason: input.reason },
    });
    await notify(tx, vendor.userId, "info", T.notificationTitle, T.notification(input.rate));
    return { vendorId: input.vendorId, businessName: vendor.businessName, oldRate: vendor.rate, newRate: input.rate };
  });
}

/** The vendor's changes of rate, newest first (admins only). */
export async function listCommissionChanges(db: Database, actor: Actor, vendorId: string): Promise<CommissionChange[]> {
  assertMay(actor, "back_office");
  return (await commissionChangesOf(db, [vendorId])).get(vendorId) ?? [];
}

/** The changes of each vendor, newest first, in one query: for a page of vendors. The caller checks access. */
export async function commissionChangesOf(db: Database, vendorIds: readonly string[]): Promise<Map<string, CommissionChange[]>> {
  const changes = new Map<string, CommissionChange[]>();
  if (vendorIds.length === 0) return changes;
  const rows = await db
    .select({ change: vendorCommissionChanges, changedBy: users.email })
    .from(vendorCommissionChanges)
    .leftJoin(users, eq(users.id, vendorCommissionChanges.changedBy))
    .where(inArray(vendorCommissionChanges.vendorId, [...vendorIds]))
    .orderBy(desc(vendorCommissionChanges.id));
  for (const { change, changedBy } of rows) {
    const list = changes.get(change.vendorId) ?? [];
    list.push({ id: change.id, oldRate: change.oldRate, newRate: change.newRate, reason: change.reason, changedBy, createdAt: change.createdAt.toISOString() });
    changes.set(change.vendorId, list);
  }
  return changes;
}
