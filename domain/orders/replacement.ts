/**
 * A replacement for a warranty claim (docs/after-sale.md): a zero-priced order of the same phone,
 * or another listing of the same vendor, to the claim order's buyer and address. It reserves its
 * stock like any order and ships through the one state machine (moves.ts): placed pending, then
 * moved to paid by the one status writer, so the vendor's dashboard offers it to ship.
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { products } from "../../db/schema/catalog";
import { orders } from "../../db/schema/orders";
import { reserveStockAgain } from "../catalog/stock";
import { Refusal } from "../core/refusal";
import type { Mailer } from "../mail/mailer";
import { insertPendingOrders } from "./placement";
import { orderNumberOf } from "./status";
import { writeOrderStatus } from "./status-writer";

export const REPLACEMENT_TEXTS = {
  noSuchListing: "Choose one of your own listings for the replacement.",
  outOfStock: "That phone is out of stock: add stock or choose another of your listings.",
  note: (orderNumber: string) => `Replacement for order #${orderNumber}, free of charge (warranty claim)`,
} as const;

/**
 * Places the replacement order of `originalOrderId` for `productId` (the same vendor's), reserving
 * one unit, and moves it to paid with its history note; answers its id and what sends its news
 * once the caller's transaction has committed.
 */
export async function placeReplacementOrder(
  tx: Database,
  deps: { mailer: Mailer; publicUrl: string },
  input: { originalOrderId: string; productId: string; actor: { userId: string | null; role: "vendor" | "admin" } },
): Promise<{ orderId: string; deliver: () => void }> {
  const [original] = await tx.select().from(orders).where(eq(orders.id, input.originalOrderId));
  if (!original) throw new Refusal("not_found", "Order not found");
  const [listing] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, input.productId), eq(products.vendorId, original.vendorId)));
  if (!listing) throw new Refusal("invalid", REPLACEMENT_TEXTS.noSuchListing, { fieldErrors: { productId: REPLACEMENT_TEXTS.noSuchListing } });
  if (!(await reserveStockAgain(tx, input.productId, 1))) throw new Refusal("conflict", REPLACEMENT_TEXTS.outOfStock, { fieldErrors: { productId: REPLACEMENT_TEXTS.outOfStock } });
  const [orderId] = await insertPendingOrders(tx, [
    {
      customerId: original.customerId,
      productId: input.productId,
      vendorId: original.vendorId,
      paymentId: null,
      customerName: original.customerName,
      customerEmail: original.customerEmail,
      customerPhone: original.customerPhone,
      shippingAddress: original.shippingAddress,
      city: original.city,
      state: original.state,
      deliveryNotes: original.deliveryNotes,
      quantity: 1,
      unitPrice: 0,
      totalAmount: 0,
      commissionRate: 0,
      warrantyType: original.warrantyType,
      warrantyDays: original.warrantyDays,
      replacementForOrderId: original.id,
      status: "pending",
    },
  ]);
  const moved = await writeOrderStatus(tx, {
    orders: [{ id: orderId!, status: "pending", productId: input.productId, vendorId: original.vendorId, quantity: 1, totalAmount: 0, paymentId: null }],
    to: "paid",
    history: { note: REPLACEMENT_TEXTS.note(orderNumberOf(original.id)), actorId: input.actor.userId, actorRole: input.actor.role },
    watchers: [original.customerId],
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
  });
  return { orderId: orderId!, deliver: moved.deliver };
}
