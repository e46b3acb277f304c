import { and, count, eq, inArray, ne } from "drizzle-orm";
import type { Database } from "../../db/client";
import { userRoles, users } from "../../db/schema/accounts";
import { warrantyClaims } from "../../db/schema/after-sale";
import { orders } from "../../db/schema/orders";
import { orderReturns } from "../../db/schema/returns";
import { vendors } from "../../db/schema/vendors";
import { ACTIVE_CLAIM_STATUSES, ACTIVE_RETURN_STATUSES, type OrderStatus } from "../../lib/constants";
import { resolveRole } from "../accounts/roles";
import { balancesOf } from "../ledger/ledger";
import { DELETION_BLOCKERS, PRIVACY_TEXTS } from "./texts";

/** An order is finished once delivered, cancelled or refunded; anything before that is still on its way. */
export const OPEN_ORDER_STATUSES = ["pending", "paid", "processing", "shipped"] as const satisfies readonly OrderStatus[];

/**
 * Why the user may not delete the account now, in words they can act on; empty when they may.
 * A buyer waits for orders on their way, open claims and returns in progress (the vendor needs the address, the claim
 * the buyer); a vendor also for their buyers' orders and claims and a zero balance; the last
 * super admin hands the role on first.
 */
export async function deletionBlockers(db: Database, userId: string): Promise<string[]> {
  const reasons: string[] = [];
  if ((await resolveRole(db, userId)) === "super_admin" && !(await anotherSuperAdmin(db, userId))) reasons.push(PRIVACY_TEXTS.lastSuperAdmin);
  const openOrders = await countOf(db, orders, and(eq(orders.customerId, userId), inArray(orders.status, OPEN_ORDER_STATUSES)));
  if (openOrders > 0) reasons.push(DELETION_BLOCKERS.openOrders(openOrders));
  const claims = await countOf(db, warrantyClaims, and(eq(warrantyClaims.customerId, userId), inArray(warrantyClaims.status, ACTIVE_CLAIM_STATUSES)));
  if (claims > 0) reasons.push(DELETION_BLOCKERS.activeClaims(claims));
  const returns = await countOf(db, orderReturns, and(eq(orderReturns.customerId, userId), inArray(orderReturns.status, ACTIVE_RETURN_STATUSES)));
  if (returns > 0) reasons.push(DELETION_BLOCKERS.activeReturns(returns));
  const [vendor] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.userId, userId));
  if (vendor) reasons.push(...(await vendorBlockers(db, vendor.id)));
  return reasons;
}

async function vendorBlockers(db: Database, vendorId: string): Promise<string[]> {
  const reasons: string[] = [];
  const openOrders = await countOf(db, orders, and(eq(orders.vendorId, vendorId), inArray(orders.status, OPEN_ORDER_STATUSES)));
  if (openOrders > 0) reasons.push(DELETION_BLOCKERS.vendorOpenOrders(openOrders));
  const claims = await countOf(db, warrantyClaims, and(eq(warrantyClaims.vendorId, vendorId), inArray(warrantyClaims.status, ACTIVE_CLAIM_STATUSES)));
  if (claims > 0) reasons.push(DELETION_BLOCKERS.vendorActiveClaims(claims));
  const returns = await countOf(db, orderReturns, and(eq(orderReturns.vendorId, vendorId), inArray(orderReturns.status, ACTIVE_RETURN_STATUSES)));
  if (returns > 0) reasons.push(DELETION_BLOCKERS.vendorActiveReturns(returns));
  const { pending, available } = await balancesOf(db, vendorId);
  const balance = pending + available;
  if (pending !== 0 || available !== 0) reasons.push(balance > 0 ? DELETION_BLOCKERS.vendorBalance(balance) : DELETION_BLOCKERS.vendorDebt(balance));
  return reasons;
}

async function anotherSuperAdmin(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: userRoles.id })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.role, "super_admin"), ne(userRoles.userId, userId)))
    .limit(1);
  return Boolean(row);
}

type Counted = typeof orders | typeof warrantyClaims | typeof orderReturns;

async function countOf(db: Database, table: Counted, where: ReturnType<typeof and>): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}
