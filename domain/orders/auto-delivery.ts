/**
 * The automatic delivery (docs/after-sale.md): a shipped order that neither its buyer nor its
 * admins marked delivered becomes delivered `auto_deliver_after_days` (pricing config) after it
 * shipped (`shipped_at`), unless its buyer has a 'never arrived' claim in progress, and its buyer is
 * told so. One instance runs it at a time; each order is still moved by
 * a guarded update, so an order is delivered, notified and e-mailed once whatever runs at once.
 */
import { and, asc, eq, gte, inArray, isNull, lt, notExists, sql } from "drizzle-orm";
import type { DatabaseHandle } from "../../db/client";
import { scheduleExclusively } from "../../db/exclusive-schedule";
import { warrantyClaims } from "../../db/schema/after-sale";
import { products } from "../../db/schema/catalog";
import { orders } from "../../db/schema/orders";
import { ACTIVE_CLAIM_STATUSES } from "../../lib/constants";
import { Refusal } from "../core/refusal";
import { getPricingConfig } from "../pricing/service";
import { type MoveDeps, moveOrder } from "./moves";
import { daysAfter, formatLagosDate } from "../../lib/lagos-time";
import { notifyMany } from "../notifications/service";
import { DELIVERY_NOTICE_TEXTS, deliveryNoticeEmail } from "./emails";
import { orderNumberOf } from "./status";


export const AUTO_DELIVERY = {
  /** Advisory lock key ("dlvr"). */
  lockKey: 0x646c7672,
  intervalMs: 60 * 60_000,
  batchSize: 100,
  /** The buyer is told this many days before the automatic delivery ('Not received? Tell us before …'). */
  noticeDaysBefore: 2,
} as const;

/** The Lagos date an order shipped at `shippedAt` is marked delivered unless its buyer says otherwise. */
export const autoDeliveryDate = (shippedAt: Date | string, afterDays: number) => daysAfter(new Date(shippedAt), afterDays);

type Exclusive = Pick<DatabaseHandle, "exclusively">;

/** Marks delivered every order shipped longer ago than the configured days; returns how many it moved. */
export async function deliverOverdueOrders(deps: MoveDeps, now: Date = new Date()): Promise<number> {
  const { autoDeliverAfterDays } = await getPricingConfig(deps.db);
  await tellBuyersBeforeDelivery(deps, autoDeliverAfterDays, now);
  const shippedBefore = daysAfter(now, -autoDeliverAfterDays);
  const due = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "shipped"), lt(orders.shippedAt, shippedBefore), notExists(activeNeverArrivedClaim(deps.db))))
    .orderBy(asc(orders.shippedAt))
    .limit(AUTO_DELIVERY.batchSize);
  let delivered = 0;
  for (const { id } of due) {
    if (await deliverOne(deps, id, autoDeliverAfterDays)) delivered++;
  }
  return delivered;
}

/**
 * Tells each buyer, once, `noticeDaysBefore` days ahead that their shipped order is about to be
 * marked delivered; an order already due (the days were shortened) is delivered without it.
 */
async function tellBuyersBeforeDelivery(deps: MoveDeps, afterDays: number, now: Date): Promise<void> {
  const shippedBefore = daysAfter(now, AUTO_DELIVERY.noticeDaysBefore - afterDays);
  const alreadyDue = daysAfter(now, -afterDays);
  const due = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "shipped"), isNull(orders.deliveryNoticeSentAt), lt(orders.shippedAt, shippedBefore), gte(orders.shippedAt, alreadyDue), notExists(activeNeverArrivedClaim(deps.db))))
    .orderBy(asc(orders.shippedAt))
    .limit(AUTO_DELIVERY.batchSize);
  for (const { id } of due) await tellBuyer(deps, id, afterDays);
}

/** A guarded stamp: the buyer is notified and e-mailed once, whatever runs at once. */
async function tellBuyer(deps: MoveDeps, orderId: string, afterDays: number): Promise<void> {
  const deliver = await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ deliveryNoticeSentAt: sql`now()` })
      .where(and(eq(orders.id, orderId), eq(orders.status, "shipped"), isNull(orders.deliveryNoticeSentAt)))
      .returning({ id: orders.id, customerId: orders.customerId, customerName: orders.customerName, customerEmail: orders.customerEmail, shippedAt: orders.shippedAt, productId: orders.productId });
    if (!order?.shippedAt) return () => {};
    const [product] = await tx.select({ name: products.name }).from(products).where(eq(products.id, order.productId));
    const on = formatLagosDate(autoDeliveryDate(order.shippedAt, afterDays));
    const productName = product?.name ?? "";
    await notifyMany(tx, [{ userId: order.customerId, type: "info", title: DELIVERY_NOTICE_TEXTS.title, message: DELIVERY_NOTICE_TEXTS.message(orderNumberOf(order.id), productName, on) }]);
    return deps.mailer.record(tx, deliveryNoticeEmail(deps.publicUrl, { ...order, productName }, on));
  });
  deliver();
}

/** While the buyer says the phone never arrived, the order is not marked delivered behind their back. */
function activeNeverArrivedClaim(db: MoveDeps["db"]) {
  return db
    .select({ id: warrantyClaims.id })
    .from(warrantyClaims)
    .where(and(eq(warrantyClaims.orderId, orders.id), eq(warrantyClaims.reason, "never_arrived"), inArray(warrantyClaims.status, [...ACTIVE_CLAIM_STATUSES])));
}

/** False when someone else delivered (or cancelled) it first. */
async function deliverOne(deps: MoveDeps, orderId: string, afterDays: number): Promise<boolean> {
  try {
    await moveOrder(deps, { role: "system", afterDays }, { orderId, status: "delivered" });
    return true;
  } catch (error) {
    if (error instanceof Refusal && error.code === "conflict") return false;
    throw error;
  }
}

/** One pass on whichever instance takes the lock; undefined when another instance is running it. */
export function runAutoDelivery(database: Exclusive, deps: MoveDeps, now?: Date): Promise<number | undefined> {
  return database.exclusively(AUTO_DELIVERY.lockKey, () => deliverOverdueOrders(deps, now));
}

/** Runs the pass every `everyMs` (an hour unless given); returns a function that stops it. */
export function scheduleAutoDelivery(
  database: Exclusive,
  deps: MoveDeps,
  onError: (error: unknown) => void,
  everyMs: number = AUTO_DELIVERY.intervalMs,
): () => Promise<void> {
  return scheduleExclusively(database, { lockKey: AUTO_DELIVERY.lockKey, everyMs }, () => deliverOverdueOrders(deps), onError);
}
