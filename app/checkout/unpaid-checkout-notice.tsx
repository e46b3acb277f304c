import { CHECKOUT_TEXTS as T } from "../../domain/checkout/texts";
import { formatReservationEnd } from "../orders/unpaid-order";

/** The buyer's earlier checkout, still reserved and unpaid: placing this order would cancel it. */
export interface UnpaidOrderHeld {
  orderId: string;
  orderNumber: string;
  /** ISO; shown as a time of day in Lagos. */
  payableUntil: string;
}

const PAY_HELD_FORM_ID = "pay-held-order";

/**
 * Said before Place Order (docs/cart-and-checkout.md), with 'Pay that order instead': the orders
 * page's 'Pay now', through a form of its own outside the checkout form (forms cannot nest).
 */
export function UnpaidCheckoutNotice({ held }: { held: UnpaidOrderHeld }) {
  return (
    <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="unpaid-order-notice">
      <p>{T.unpaidOrderReserved(held.orderNumber, formatReservationEnd(held.payableUntil))}</p>
      <button
        type="submit"
        form={PAY_HELD_FORM_ID}
        className="mt-2 inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-amber-400 bg-white px-4 py-2 text-sm font-semibold text-gray-900 hover:bg-amber-100"
      >
        {T.payThatOrder}
      </button>
    </div>
  );
}

/** The form 'Pay that order instead' submits: a whole-page post, so the provider's page opens with or without scripts. */
export function PayHeldOrderForm({ held }: { held: UnpaidOrderHeld }) {
  return (
    <form id={PAY_HELD_FORM_ID} method="post" action="/orders" hidden>
      <input type="hidden" name="intent" value="pay-now" />
      <input type="hidden" name="orderId" value={held.orderId} />
    </form>
  );
}
