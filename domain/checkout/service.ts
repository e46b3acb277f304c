import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { Refusal } from "../core/refusal";
/**
 * Placing an order (docs/cart-and-checkout.md, checkout flow): one transaction
 * reserves the stock, creates one pending order per item and one pending payment whose amount
 * the server computes; then the provider is asked for its payment page. If the provider
 * refuses, the reservation is given back at once.
 */
import type { Database } from "../../db/client";
import { CHECKOUT_WARRANTY } from "../../lib/constants";
import { enforceRateLimit } from "../accounts/rate-limit";
import { recordActivity } from "../activity/service";
import { cart } from "../../db/schema/cart";
import { products } from "../../db/schema/catalog";
import { type ReservedUnit, reserveStock } from "../catalog/stock";
import { insertPendingOrders } from "../orders/placement";
import { holdsReservation } from "../orders/reservation";
import { releaseInTransaction, releaseReservation } from "../payments/release";
import { payments } from "../../db/schema/payments";
import { vendors } from "../../db/schema/vendors";
import { type PaymentProvider, PaymentProviderError } from "../payments/provider";
import { deliveryFeeFor } from "../pricing/delivery-fees";
import { getDeliveryFees } from "../pricing/delivery";
import { getPricingConfig } from "../pricing/service";
import { CHECKOUT_TEXTS as T } from "./texts";
import { type CheckoutInput, type ShippingDetails, overUnitCap, unitCount } from "./validation";

export interface CheckoutDeps {
  db: Database;
  payments: PaymentProvider;
  publicUrl: string;
}

export interface Buyer {
  userId: string;
  email: string;
  /** The client's address, for the per-address limit on placing orders. */
  clientIp: string;
}


export interface PlacedOrder {
  reference: string;
  authorizationUrl: string;
  orderIds: string[];
  /** Kobo charged: the order totals plus the delivery fee. */
  amount: number;
}

/** `pay_<timestamp><random>`, the random part from a strong source (docs/cart-and-checkout.md). */
export function newPaymentReference(now: Date = new Date()): string {
  return `pay_${now.getTime()}${randomBytes(12).toString("hex")}`;
}

/**
 * Places the order: within the limits (at most LIMITS.maxUnitsPerCheckout phones), the buyer's older unpaid checkout is released (one
 * unpaid checkout per buyer, docs/payments.md), the stock reserved and the payment opened.
 */
export async function placeOrder(deps: CheckoutDeps, buyer: Buyer, input: CheckoutInput): Promise<PlacedOrder> {
  const overCap = overUnitCap(unitCount(input.items));
  if (overCap) throw new Refusal("invalid", overCap);
  const reservation = await reserveOrders(deps, buyer, input);
  try {
    return await openProviderPage(deps, buyer, reservation);
  } catch (error) {
    await releaseReservation(deps.db, reservation.reference, { reason: "initialization_failed", publicUrl: deps.publicUrl });
    throw error;
  }
}

/**
 * Too many orders from one account or one address in a short time are refused, with when to try
 * again. Called last inside the placing transaction, so only what was really placed counts (a
 * refused checkout rolls its count back) and the limit rows are always locked after the phones.
 */
export async function limitCheckouts(db: Database, buyer: Buyer): Promise<void> {
  try {
    await enforceRateLimit(db, "checkout", { ip: buyer.clientIp, email: buyer.email });
  } catch (error) {
    if (error instanceof Refusal && error.code === "rate_limited") throw new Refusal("rate_limited", T.tooManyCheckouts(Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60))));
    throw error;
  }
}

/** Asks the provider for its payment page; a refusal is answered with the provider's words. */
export async function openProviderPage(deps: CheckoutDeps, buyer: Buyer, reservation: Reservation): Promise<PlacedOrder> {
  try {
    const payment = await deps.payments.initialize({
      email: buyer.email,
      amount: reservation.amount,
      reference: reservation.reference,
      callbackUrl: `${deps.publicUrl}/payment-success?reference=${encodeURIComponent(reservation.reference)}`,
      metadata: reservation.metadata,
    });
    if (!payment.authorizationUrl) throw new Refusal("unavailable", T.noPaymentUrl);
    await deps.db
      .update(payments)
      .set({ gatewayReference: payment.reference, metadata: sql`${payments.metadata} || ${JSON.stringify({ access_code: payment.accessCode })}::jsonb` })
      .where(eq(payments.paymentReference, reservation.reference));
    return { reference: reservation.reference, authorizationUrl: payment.authorizationUrl, orderIds: reservation.orderIds, amount: reservation.amount };
  } catch (error) {
    if (error instanceof Refusal) throw error;
    if (error instanceof PaymentProviderError) throw new Refusal("unavailable", error.message || T.paymentInitFailed, { cause: error });
    throw new Refusal("unavailable", T.paymentInitFailed, { cause: error });
  }
}

export interface Reservation {
  reference: string;
  orderIds: string[];
  amount: number;
  metadata: Record<string, unknown>;
}

async function reserveOrders({ db, payments: provider }: CheckoutDeps, buyer: Buyer, input: CheckoutInput): Promise<Reservation> {
  try {
    return await db.transaction(async (tx) => {
      await releaseOlderCheckouts(tx, buyer.userId);
      const units = await reserveAll(tx, input.items);
      const { warrantyDays } = await getPricingConfig(tx);
      // The fee for the chosen state, as configured now; the payment keeps it whatever changes later.
      const deliveryFeeKobo = deliveryFeeFor(await getDeliveryFees(tx), input.shipping.state);
      const subtotal = input.items.reduce((sum, item, i) => sum + units[i]!.unitPrice * item.quantity, 0);
      const reference = newPaymentReference();
      // Buy Now leaves the cart as it is: no line is bought, none is removed when it is paid.
      const cartItemIds = input.buyNow ? [] : await cartLinesFor(tx, buyer.userId, input.items.map((i) => i.productId));
      const [payment] = await tx
        .insert(payments)
        .values({ customerId: buyer.userId, paymentReference: reference, amount: subtotal + deliveryFeeKobo, deliveryFee: deliveryFeeKobo, isTest: provider.testMode ?? false })
        .returning({ id: payments.id });
      const orderIds = await insertPendingOrders(tx, input.items.map((item, i) => ({ ...orderRow(buyer, input.shipping, payment!.id, units[i]!, item.quantity), warrantyDays })));
      const metadata = {
        ...paymentMetadata({ buyer, shipping: input.shipping, paymentId: payment!.id, orderIds, cartItemIds, subtotal, deliveryFeeKobo }),
        ...(input.buyNow ? { buy_now: true } : {}),
      };
      await limitCheckouts(tx, buyer);
      await tx.update(payments).set({ orderId: orderIds[0], metadata }).where(eq(payments.id, payment!.id));
      await recordActivity(tx, {
        userId: buyer.userId,
        userType: "buyer",
        activityType: "order_placed",
        description: `Placed ${orderIds.length} ${orderIds.length === 1 ? "order" : "orders"} (payment ${reference})`,
        metadata: { payment_reference: reference, order_ids: orderIds },
      });
      return { reference, orderIds, amount: subtotal + deliveryFeeKobo, metadata };
    });
  } catch (error) {
    throw asRefusal(error);
  }
}

/** One unpaid checkout per buyer: any reservation the buyer still holds is released first (they are told). */
async function releaseOlderCheckouts(tx: Database, userId: string): Promise<void> {
  const older = await tx
    .select({ reference: payments.paymentReference })
    .from(payments)
    .where(and(eq(payments.customerId, userId), holdsReservation))
    .for("update");
  for (const { reference } of older) await releaseInTransaction(tx, reference, { reason: "superseded" });
}

/** Reserves every item in product id order (so two checkouts never wait on each other in a cycle), or none. */
async function reserveAll(tx: Database, items: CheckoutInput["items"]): Promise<ReservedUnit[]> {
  const byProduct = new Map<string, ReservedUnit | null>();
  for (const item of [...items].sort((a, b) => a.productId.localeCompare(b.productId))) {
    byProduct.set(item.productId, await reserveStock(tx, item.productId, item.quantity));
  }
  const missing = items.filter((item) => !byProduct.get(item.productId)).map((item) => item.productId);
  if (missing.length > 0) throw new Refusal("conflict", T.outOfStock(await namesOf(tx, missing)));
  return items.map((item) => byProduct.get(item.productId)!);
}

async function namesOf(tx: Database, productIds: string[]): Promise<string[]> {
  const rows = await tx.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, productIds));
  const names = new Map(rows.map((row) => [row.id, row.name]));
  return productIds.map((id) => names.get(id) ?? "Unknown product");
}

async function cartLinesFor(tx: Database, userId: string, productIds: string[]): Promise<string[]> {
  const rows = await tx
    .select({ id: cart.id })
    .from(cart)
    .where(and(eq(cart.customerId, userId), inArray(cart.productId, productIds)));
  return rows.map((row) => row.id);
}

function orderRow(buyer: Buyer, shipping: ShippingDetails, paymentId: string, unit: ReservedUnit, quantity: number) {
  return {
    customerId: buyer.userId,
    productId: unit.productId,
    vendorId: unit.vendorId,
    paymentId,
    customerName: shipping.customerName,
    customerEmail: buyer.email,
    customerPhone: shipping.customerPhone,
    shippingAddress: shipping.shippingAddress,
    city: shipping.city,
    state: shipping.state,
    deliveryNotes: shipping.deliveryNotes,
    quantity,
    unitPrice: unit.unitPrice,
    totalAmount: unit.unitPrice * quantity,
    // The vendor's rate now: a later change of rate applies to later orders (docs/payouts.md).
    commissionRate: sql<number>`(select ${vendors.commissionRate} from ${vendors} where ${vendors.id} = ${unit.vendorId})`,
    status: "pending" as const,
    warrantyType: CHECKOUT_WARRANTY,
  };
}

/** The payment metadata of docs/cart-and-checkout.md, also sent to the provider. */
function paymentMetadata(p: {
  buyer: Buyer;
  shipping: ShippingDetails;
  paymentId: string;
  orderIds: string[];
  cartItemIds: string[];
  subtotal: number;
  deliveryFeeKobo: number;
}): Record<string, unknown> {
  return {
    customer_id: p.buyer.userId,
    customer_name: p.shipping.customerName,
    customer_phone: p.shipping.customerPhone,
    shipping_address: `${p.shipping.shippingAddress}, ${p.shipping.city}, ${p.shipping.state}`,
    payment_id: p.paymentId,
    order_ids: p.orderIds,
    all_order_ids: p.orderIds,
    cart_item_ids: p.cartItemIds,
    order_count: p.orderIds.length,
    total_orders: p.orderIds.length,
    total_amount: p.subtotal,
    delivery_fee: p.deliveryFeeKobo,
  };
}

/** Database refusals keep the documented wording (docs/cart-and-checkout.md); nothing was written. */
function asRefusal(error: unknown): Refusal {
  if (error instanceof Refusal) return error;
  const code = (error as { code?: string; cause?: { code?: string } })?.cause?.code ?? (error as { code?: string })?.code;
  if (code === "23503") return new Refusal("conflict", T.orderDataIssue, { cause: error });
  return new Refusal("unavailable", T.createOrderFailed, { cause: error });
}
