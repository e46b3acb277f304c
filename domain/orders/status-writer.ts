/**
 * The one writer of an order's status (docs/orders.md): every move, whoever makes it (a payment,
 * a release, the admin's menu, the vendor, the buyer, the automatic delivery, a cancellation, a
 * refund), writes the status, its stamps, the history, stock and sales, the notices, the live
 * event and the e-mails here, inside the caller's transaction. Only checkout's insert of pending
 * orders writes a status elsewhere.
 */
import { and, eq, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { orders } from "../../db/schema/orders";
import type { ActorRole, OrderStatus } from "../../lib/constants";
import { countSales, restoreStock } from "../catalog/stock";
import { Refusal } from "../core/refusal";
import { publishLiveEvents } from "../live/events";
import type { Mailer, OutgoingEmail } from "../mail/mailer";
import { type NewNotification, notifyMany } from "../notifications/service";
import { recordOrderStatus } from "./history";

/** An order as a move needs it: `status` is the one it is moved from. */
export interface OrderToMove {
  id: string;
  status: OrderStatus;
  productId: string;
  vendorId: string;
  quantity: number;
  totalAmount: number;
  paymentId?: string | null;
}

/** What a move records on the order besides its status. */
export interface OrderStamps {
  carrier?: string | null;
  trackingNumber?: string | null;
  estimatedDeliveryDate?: string | null;
  shipped?: boolean;
  delivered?: boolean;
  cancelReason?: string;
}

export interface StatusMove {
  orders: readonly OrderToMove[];
  to: OrderStatus;
  stamps?: OrderStamps;
  /** The history entry of every order moved: its note and who moved it (none for the shop's own moves). */
  history?: { note?: string | null; actorId?: string | null; actorRole?: ActorRole | null };
  /** Refused with this text (409) when an order's status changed since it was read. */
  changedMeanwhile?: string;
  /** The notices and e-mails of the move, or a function that gives them once the status, stock and history are written. */
  tidings?: Tidings | ((moved: Pick<StatusMoved, "moneyTaken">) => Promise<Tidings>);
  /** Users whose open pages hear of each moved order (`order.updated`). */
  watchers?: readonly string[];
  /** Writes the e-mails to the outbox with the move; the returned `deliver` sends them after the commit. */
  mailer?: Mailer;
  /** The site's address, for the e-mails of buyers waiting for a phone that comes back to stock. */
  publicUrl?: string;
}

export interface Tidings {
  notices?: readonly NewNotification[];
  emails?: readonly OutgoingEmail[];
}

export interface StatusMoved {
  /** A cancelled order that had been paid for: its money is to go back. */
  moneyTaken: boolean;
  deliver: () => void;
}

/** Statuses in which the phone counts as sold (units sold, vendor sales). */
const SOLD: readonly OrderStatus[] = ["paid", "processing", "shipped", "delivered"];
const isSold = (status: OrderStatus) => SOLD.includes(status);

/** Moves the given orders to `move.to`, guarded by the status each was read in. */
export async function writeOrderStatus(tx: Database, move: StatusMove): Promise<StatusMoved> {
  const done = await updateStatus(tx, move);
  const moneyTaken = await updateStockAndSales(tx, done, move.to, move.publicUrl);
  await recordOrderStatus(tx, done.map((order) => ({ orderId: order.id, status: move.to, ...move.history })));
  const tidings = typeof move.tidings === "function" ? await move.tidings({ moneyTaken }) : (move.tidings ?? {});
  const deliver = await announceMove(tx, { ...move, orders: done, tidings });
  return { moneyTaken, deliver };
}

/**
 * Tells of a move already written: the notices, the live event to each watcher, and the e-mails
 * in the outbox (the returned function sends them after the commit). writeOrderStatus calls it;
 * a flow that writes another module's part between the move and its news (a cancellation's
 * refund, which the news speaks of) calls it itself.
 */
export async function announceMove(
  tx: Database,
  move: { orders: readonly Pick<OrderToMove, "id">[]; to: OrderStatus; tidings: Tidings; watchers?: readonly string[]; mailer?: Mailer },
): Promise<() => void> {
  await notifyMany(tx, move.tidings.notices ?? []);
  const watchers = move.watchers ?? [];
  await publishLiveEvents(tx, move.orders.flatMap((order) => watchers.map((userId) => ({ userId, event: { kind: "order.updated" as const, orderId: order.id, status: move.to } }))));
  const deliveries: Array<() => void> = [];
  for (const email of move.tidings.emails ?? []) deliveries.push(await move.mailer!.record(tx, email));
  return () => deliveries.forEach((deliver) => deliver());
}

/** The guarded update: the orders still in the status they were read in. */
async function updateStatus(tx: Database, move: StatusMove): Promise<OrderToMove[]> {
  if (move.orders.length === 0) return [];
  const moved = await tx
    .update(orders)
    .set({ status: move.to, ...columnsOf(move.stamps), updatedAt: sql`now()` })
    .where(or(...move.orders.map((order) => and(eq(orders.id, order.id), eq(orders.status, order.status)))))
    .returning({ id: orders.id });
  if (move.changedMeanwhile && moved.length < move.orders.length) throw new Refusal("conflict", move.changedMeanwhile);
  const ids = new Set(moved.map((row) => row.id));
  return move.orders.filter((order) => ids.has(order.id));
}

function columnsOf(stamps: OrderStamps = {}) {
  const { shipped, delivered, ...columns } = stamps;
  return { ...columns, ...(shipped && { shippedAt: sql`now()` }), ...(delivered && { deliveredAt: sql`now()` }) };
}

/**
 * A first sale counts towards the product's units sold and the vendor's sales. A cancelled
 * order gives its reserved phones back to the stock (the product shows again if stock had run
 * out and its vendor is still approved) and takes back what it had counted; a refunded one takes
 * back its sale but not its phone. Returns whether money had been taken for a cancelled order:
 * the caller then sees to the refund.
 */
async function updateStockAndSales(tx: Database, moved: readonly OrderToMove[], to: OrderStatus, publicUrl: string | undefined): Promise<boolean> {
  if (moved.length === 0) return false;
  if (isSold(to)) await countSales(tx, moved.filter((order) => !isSold(order.status)), 1);
  if (to === "cancelled") {
    for (const order of [...moved].sort((a, b) => a.productId.localeCompare(b.productId))) {
      await restoreStock(tx, order.productId, order.quantity, { publicUrl });
    }
  }
  if (to !== "cancelled" && to !== "refunded") return false;
  const unsold = moved.filter((order) => isSold(order.status));
  await countSales(tx, unsold, -1);
  return to === "cancelled" && unsold.some((order) => order.paymentId != null);
}
