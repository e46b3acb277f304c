/**
 * Every move of an order after it is paid (docs/after-sale.md), whoever makes it: the admin's
 * menu, the vendor's dashboard, the buyer's 'I received my phone' and the automatic delivery.
 * One transaction: the order locked, then the one status writer (status-writer.ts): a guarded
 * update (`where status = <what it was>`, so two presses move once), stock and sales, the history entry with who moved it, the buyer's
 * notification and live event, and the buyer's e-mail in the outbox (sent after the commit).
 */
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { products } from "../../db/schema/catalog";
import { orders } from "../../db/schema/orders";
import { payments } from "../../db/schema/payments";
import { vendors } from "../../db/schema/vendors";
import { type ActorRole, ORDER_STATUSES, ORDER_STATUS_DESCRIPTIONS, type OrderStatus } from "../../lib/constants";
import { formatNaira } from "../../lib/money";
import { type Actor, assertMay } from "../core/access";
import { Refusal } from "../core/refusal";
import type { Mailer } from "../mail/mailer";
import type { NewNotification } from "../notifications/service";
import { autoDeliveredNote, formatDeliveryDate, orderStatusEmail } from "./emails";
import { moneyBackOn } from "./money-back";
import { ORDER_STATUS_TEXTS, type OrderStatusChange, canMoveOrder, orderNumberOf } from "./status";
import { type OrderStamps, writeOrderStatus } from "./status-writer";

export interface MoveDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
}

/** Who moves the order: a signed-in person in one of their roles, or the shop itself. */
export type Mover = { role: Exclude<ActorRole, "system">; userId: string } | { role: "system"; afterDays: number };

/** The statuses each kind of mover may move an order to; ORDER_TRANSITIONS says from where (admins: whatever it allows). */
const MAY_MOVE_TO: Record<ActorRole, readonly OrderStatus[]> = {
  admin: ORDER_STATUSES,
  // Delivery is the buyer's word or the automatic step after shipping, never the vendor's (docs/after-sale.md).
  vendor: ["processing", "shipped"],
  buyer: ["delivered"],
  system: ["delivered"],
};

/** The order as a move reads it, locked until the move commits. */
export interface MovingOrder {
  id: string;
  status: OrderStatus;
  customerId: string;
  customerName: string;
  customerEmail: string;
  productId: string;
  vendorId: string;
  vendorUserId: string;
  paymentId: string | null;
  quantity: number;
  totalAmount: number;
  warrantyDays: number;
  productName: string;
}

export interface Moved {
  order: MovingOrder;
  status: OrderStatus;
  /** A cancelled order that had been paid for: its money is to go back. */
  moneyTaken: boolean;
}

/**
 * Moves one order and tells its buyer, in a transaction of its own. Refusals: "Order not found"
 * for an order that is not the mover's, 403 for a move their role never makes, 409 for a move the
 * order's status does not allow or an order someone else moved meanwhile.
 */
export async function moveOrder(deps: MoveDeps, mover: Mover, change: OrderStatusChange): Promise<Moved> {
  const { deliver, ...moved } = await deps.db.transaction((tx) => moveOrderIn(tx, deps, mover, change));
  deliver();
  return moved;
}

/**
 * The same move inside the caller's transaction (a flow's, which writes its other modules' parts
 * beside it); the caller sends the e-mail with `deliver` once that transaction has committed.
 */
export async function moveOrderIn(tx: Database, deps: Omit<MoveDeps, "db">, mover: Mover, change: OrderStatusChange): Promise<Moved & { deliver: () => void }> {
  if (!MAY_MOVE_TO[mover.role].includes(change.status)) throw new Refusal("forbidden", refusedMoveText(mover, change));
  if (change.status === "shipped" && !(change.carrier && change.trackingNumber && change.estimatedDeliveryDate)) {
    throw new Refusal("invalid", ORDER_STATUS_TEXTS.trackingRequired);
  }
  const order = await lockOrder(tx, change.orderId);
  if (!isMoversOrder(order, mover)) throw new Refusal("not_found", ORDER_STATUS_TEXTS.notFound);
  return moveLocked(tx, order, mover, change, deps);
}

function refusedMoveText(mover: Mover, change: OrderStatusChange): string {
  return mover.role === "vendor" && change.status === "delivered" ? ORDER_STATUS_TEXTS.vendorCannotDeliver : ORDER_STATUS_TEXTS.notYours;
}

const automaticAfterDays = (mover: Mover) => (mover.role === "system" ? mover.afterDays : undefined);

/** A vendor moves one of their own orders on (docs/after-sale.md); anyone else's is "Order not found". */
export async function moveOwnOrder(deps: MoveDeps, actor: Actor, change: OrderStatusChange): Promise<Moved> {
  assertMay(actor, "sell");
  return moveOrder(deps, { role: "vendor", userId: actor.userId }, change);
}

/** The buyer's 'I received my phone': their own shipped order becomes delivered. */
export function confirmReceived(deps: MoveDeps, actor: Pick<Actor, "userId">, orderId: string): Promise<Moved> {
  return moveOrder(deps, { role: "buyer", userId: actor.userId }, { orderId, status: "delivered" });
}

function isMoversOrder(order: MovingOrder, mover: Mover): boolean {
  if (mover.role === "vendor") return order.vendorUserId === mover.userId;
  if (mover.role === "buyer") return order.customerId === mover.userId;
  return true;
}

async function moveLocked(tx: Database, order: MovingOrder, mover: Mover, change: OrderStatusChange, deps: Omit<MoveDeps, "db">): Promise<Moved & { deliver: () => void }> {
  if (!canMoveOrder(order.status, change.status)) throw new Refusal("conflict", ORDER_STATUS_TEXTS.refused(order.status, change.status));
  if (change.status === "shipped") await refuseShippingWhatCameBack(tx, order);
  const afterDays = automaticAfterDays(mover);
  const { moneyTaken, deliver } = await writeOrderStatus(tx, {
    orders: [order],
    to: change.status,
    stamps: stampsOf(change),
    history: { note: shippingNote(change), actorId: mover.role === "system" ? null : mover.userId, actorRole: mover.role },
    changedMeanwhile: ORDER_STATUS_TEXTS.changedMeanwhile,
    tidings: async ({ moneyTaken }) => {
      const email = orderStatusEmail(deps.publicUrl, order, change, { automaticAfterDays: afterDays, moneyTaken });
      return { notices: [buyerNotice(order, change, afterDays)], emails: email ? [email] : [] };
    },
    watchers: [order.customerId],
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
  });
  return { order, status: change.status, moneyTaken, deliver };
}

/**
 * An order whose whole total went back to the buyer is paid for by nobody: it is never shipped
 * (docs/after-sale.md). The refund core refuses such refunds; this is the second wall. The payment
 * row is read under a share lock, so a refund being written at the same moment is seen.
 */
async function refuseShippingWhatCameBack(tx: Database, order: MovingOrder): Promise<void> {
  if (!order.paymentId) return;
  await tx.select({ id: payments.id }).from(payments).where(eq(payments.id, order.paymentId)).for("share");
  const { back, total } = await moneyBackOn(tx, order.paymentId, order.id);
  if (back >= total) throw new Refusal("conflict", ORDER_STATUS_TEXTS.refundedNotShipped);
}

/** What shipping and delivery record on the order besides its status. */
function stampsOf(change: OrderStatusChange): OrderStamps {
  if (change.status === "delivered") return { delivered: true };
  if (change.status !== "shipped") return {};
  return {
    carrier: change.carrier ?? null,
    trackingNumber: change.trackingNumber ?? null,
    estimatedDeliveryDate: change.estimatedDeliveryDate ?? null,
    shipped: true,
  };
}

async function lockOrder(tx: Database, orderId: string): Promise<MovingOrder> {
  const [order] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      customerId: orders.customerId,
      customerName: orders.customerName,
      customerEmail: orders.customerEmail,
      productId: orders.productId,
      vendorId: orders.vendorId,
      vendorUserId: vendors.userId,
      paymentId: orders.paymentId,
      quantity: orders.quantity,
      totalAmount: orders.totalAmount,
      warrantyDays: orders.warrantyDays,
      productName: products.name,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(vendors, eq(vendors.id, orders.vendorId))
    .where(eq(orders.id, orderId))
    .for("update", { of: orders });
  if (!order) throw new Refusal("not_found", ORDER_STATUS_TEXTS.notFound);
  return order;
}

/** Why an order an admin cancelled after payment is flagged for refund. */
export const cancelledAfterPaymentReason = (order: Pick<MovingOrder, "id" | "totalAmount">) =>
  `Order #${orderNumberOf(order.id)} (${formatNaira(order.totalAmount)}) was cancelled after payment`;

/** Shown beside 'Shipped' in the order's timeline. */
function shippingNote(change: OrderStatusChange): string | null {
  return change.status === "shipped" ? `Tracking number ${change.trackingNumber} · ${change.carrier}` : null;
}

export const BUYER_TITLES: Record<OrderStatus, string> = {
  pending: "Order pending",
  paid: "Payment confirmed",
  processing: "Order processing",
  shipped: "Order shipped",
  delivered: "Order delivered",
  cancelled: "Order cancelled",
  refunded: "Order refunded",
};

export const AUTO_DELIVERED_TITLE = "Order marked delivered";

/** The buyer's notification of the move. */
function buyerNotice(order: MovingOrder, change: OrderStatusChange, afterDays: number | undefined): NewNotification {
  const start = `Order #${orderNumberOf(order.id)} (${order.productName})`;
  const shipping = change.status === "shipped"
    ? ` ${change.carrier}, tracking number ${change.trackingNumber}. Estimated delivery ${formatDeliveryDate(change.estimatedDeliveryDate ?? "")}.`
    : "";
  const message = afterDays ? `${start}: ${autoDeliveredNote(afterDays)}` : `${start}: ${ORDER_STATUS_DESCRIPTIONS[change.status]}.${shipping}`;
  const title = afterDays ? AUTO_DELIVERED_TITLE : BUYER_TITLES[change.status];
  return { userId: order.customerId, type: change.status === "cancelled" ? "warning" : "order", title, message };
}
