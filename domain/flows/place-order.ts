/**
 * Place an order (docs/cart-and-checkout.md, checkout flow), from the cart or with Buy Now: one
 * transaction releases the buyer's older unpaid checkout, reserves the stock, creates one pending
 * order per item and one pending payment whose amount the server computes; then the provider is
 * asked for its payment page. If the provider refuses, the reservation is given back at once.
 */
import { Refusal } from "../core/refusal";
import {
  type Buyer,
  type CheckoutDeps,
  type PlacedOrder,
  type Reservation,
  asRefusal,
  cartLinesFor,
  limitCheckouts,
  openProviderPage,
  orderRows,
  paymentMetadata,
  recordOrdersPlaced,
  reserveAll,
  subtotalOf,
} from "../checkout/service";
import { type CheckoutInput, overUnitCap, unitCount } from "../checkout/validation";
import { insertPendingOrders } from "../orders/placement";
import { fillCheckoutPayment, newPaymentReference, openCheckoutPayment, releaseOlderCheckouts } from "../payments/checkout-payment";
import { releaseReservation } from "../payments/release";
import { deliveryFeeFor } from "../pricing/delivery-fees";
import { getDeliveryFees } from "../pricing/delivery";
import { getPricingConfig } from "../pricing/service";

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

async function reserveOrders({ db, payments: provider }: CheckoutDeps, buyer: Buyer, input: CheckoutInput): Promise<Reservation> {
  try {
    return await db.transaction(async (tx) => {
      await releaseOlderCheckouts(tx, buyer.userId);
      const units = await reserveAll(tx, input.items);
      const { warrantyDays } = await getPricingConfig(tx);
      // The fee for the chosen state, as configured now; the payment keeps it whatever changes later.
      const deliveryFeeKobo = deliveryFeeFor(await getDeliveryFees(tx), input.shipping.state);
      const subtotal = subtotalOf(input.items, units);
      const reference = newPaymentReference();
      // Buy Now leaves the cart as it is: no line is bought, none is removed when it is paid.
      const cartItemIds = input.buyNow ? [] : await cartLinesFor(tx, buyer.userId, input.items.map((i) => i.productId));
      const paymentId = await openCheckoutPayment(tx, {
        customerId: buyer.userId,
        reference,
        amount: subtotal + deliveryFeeKobo,
        deliveryFee: deliveryFeeKobo,
        isTest: provider.testMode ?? false,
      });
      const orderIds = await insertPendingOrders(tx, orderRows(buyer, input, paymentId, units, warrantyDays));
      const metadata = paymentMetadata({ buyer, shipping: input.shipping, paymentId, orderIds, cartItemIds, subtotal, deliveryFeeKobo, buyNow: input.buyNow });
      await limitCheckouts(tx, buyer);
      await fillCheckoutPayment(tx, paymentId, { orderId: orderIds[0], metadata });
      await recordOrdersPlaced(tx, buyer, reference, orderIds);
      return { reference, orderIds, amount: subtotal + deliveryFeeKobo, metadata };
    });
  } catch (error) {
    throw asRefusal(error);
  }
}
