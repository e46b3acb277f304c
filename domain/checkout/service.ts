/**
 * Checkout's part of placing an order (docs/cart-and-checkout.md, checkout flow; the operation is
 * domain/flows/place-order.ts): the phones reserved in a fixed order, the order rows and payment
 * metadata, the rate limit, and the provider's payment page.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { Refusal } from "../core/refusal";
import type { Database } from "../../db/client";
import { CHECKOUT_WARRANTY } from "../../lib/constants";
import { enforceRateLimit } from "../accounts/rate-limit";
import { recordActivity } from "../activity/service";
import { cart } from "../../db/schema/cart";
import { products } from "../../db/schema/catalog";
import { type ReservedUnit, reserveStock } from "../catalog/stock";
import { vendors } from "../../db/schema/vendors";
import { recordProviderPage } from "../payments/checkout-payment";
import { type PaymentProvider, PaymentProviderError } from "../payments/provider";
import { CHECKOUT_TEXTS as T } from "./texts";
import type { CheckoutInput, ShippingDetails } from "./validation";

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
    await recordProviderPage(deps.db, reservation.reference, { gatewayReference: payment.reference, accessCode: payment.accessCode });
    return { reference: reservation.reference, authorizationUrl: payment.authorizationUrl, orderIds: reservation.orderIds, amount: reservation.amount };
  } catch (error) {
    if (error instanceof Refusal) throw error;
    if (error instanceof PaymentProviderError) throw new Refusal("unavailable", error.message || T.paymentInitFailed, { cause: error });
    throw new Refusal("unavailable", T.paymentInitFailed, { cause: error });
  }
}

/** The buyer's activity log names the payment and its orders. */
export async function recordOrdersPlaced(tx: Database, buyer: Buyer, reference: string, orderIds: string[]): Promise<void> {
  await recordActivity(tx, {
    userId: buyer.userId,
    userType: "buyer",
    activityType: "order_placed",
    description: `Placed ${orderIds.length} ${orderIds.length === 1 ? "order" : "orders"} (payment ${reference})`,
    metadata: { payment_reference: reference, order_ids: orderIds },
  });
}

export interface Reservation {
  reference: string;
  orderIds: string[];
  amount: number;
  metadata: Record<string, unknown>;
}

/** Reserves every item in product id order (so two checkouts never wait on each other in a cycle), or none. */
export async function reserveAll(tx: Database, items: CheckoutInput["items"]): Promise<ReservedUnit[]> {
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

export async function cartLinesFor(tx: Database, userId: string, productIds: string[]): Promise<string[]> {
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

/** One pending order per line, each with the warranty days configured now. */
export function orderRows(buyer: Buyer, input: CheckoutInput, paymentId: string, units: ReservedUnit[], warrantyDays: number) {
  return input.items.map((item, i) => ({ ...orderRow(buyer, input.shipping, paymentId, units[i]!, item.quantity), warrantyDays }));
}

/** What the lines cost at the reserved prices, before delivery. */
export function subtotalOf(items: CheckoutInput["items"], units: ReservedUnit[]): number {
  return items.reduce((sum, item, i) => sum + units[i]!.unitPrice * item.quantity, 0);
}

/** The payment metadata of docs/cart-and-checkout.md, also sent to the provider; Buy Now is marked. */
export function paymentMetadata(p: {
  buyer: Buyer;
  shipping: ShippingDetails;
  paymentId: string;
  orderIds: string[];
  cartItemIds: string[];
  subtotal: number;
  deliveryFeeKobo: number;
  buyNow?: boolean;
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
    ...(p.buyNow ? { buy_now: true } : {}),
  };
}

/** Database refusals keep the documented wording (docs/cart-and-checkout.md); nothing was written. */
export function asRefusal(error: unknown): Refusal {
  if (error instanceof Refusal) return error;
  const code = (error as { code?: string; cause?: { code?: string } })?.cause?.code ?? (error as { code?: string })?.code;
  if (code === "23503") return new Refusal("conflict", T.orderDataIssue, { cause: error });
  return new Refusal("unavailable", T.createOrderFailed, { cause: error });
}
