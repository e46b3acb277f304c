import { useState } from "react";
import { Form, Link } from "react-router";
import { LIMITS, PAYMENT_FAILED_LABEL, TEST_PAYMENT_LABEL } from "../../lib/constants";
import { formatLagosTimeOfDay } from "../../lib/lagos-time";

/** What buyers see about an order that is not paid yet (docs/payments.md). */
export const UNPAID_ORDER_TEXTS = {
  payNow: "Pay now",
  starting: "Opening payment…",
  cancelOrder: "Cancel order",
  reservedUntil: (time: string) =>
    `Reserved for you until ${time}. Pay by then (the reservation lasts ${LIMITS.reservationMinutes} minutes from when you ordered) or the phones go back on sale.`,
  failedBecause: (reason: string) => `Your payment did not go through. The payment provider said: "${reason}".`,
  failedNoReason: "Your payment did not go through.",
  cancelTitle: "Cancel this order?",
  cancelBody:
    "Orders you placed together at checkout are cancelled together. The phones go back on sale at once and nothing is charged.",
  cancelConfirm: "Yes, cancel order",
  keepOrder: "Keep order",
  cancelling: "Cancelling…",
  cancelled: "Order cancelled",
  cancelFailed: "Could not cancel the order",
  payNowFailed: "Could not start the payment",
  testBadgeTitle: "Test payment: no real money",
} as const;

export const cancelOrderHref = (orderId: string) => `/orders?cancel=${orderId}`;

/** The end of a reservation as a time of day in Lagos ("14:35"): the same on the server and in the browser. */
export const formatReservationEnd = (iso: string) => formatLagosTimeOfDay(iso);

export function PaymentFailedBadge() {
  return <span className="inline-flex items-center rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800">{PAYMENT_FAILED_LABEL}</span>;
}

export function TestPaymentBadge() {
  return (
    <span
      title={UNPAID_ORDER_TEXTS.testBadgeTitle}
      className="inline-flex items-center rounded-full border border-dashed border-amber-500 bg-amber-50 px-2 py-0.5 text-xs font-bold text-amber-900"
      data-testid="test-badge"
    >
      {TEST_PAYMENT_LABEL}
      <span className="sr-only">: {UNPAID_ORDER_TEXTS.testBadgeTitle}</span>
    </span>
  );
}

const primaryButton =
  "inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg bg-brand-strong px-4 py-2 text-sm font-semibold text-white hover:opacity-90 disabled:cursor-wait disabled:opacity-70";
const dangerLink =
  "inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50";

/**
 * 'Pay now' and 'Cancel order' with the reservation's end. Pay now is a plain form: the server
 * answers with the payment provider's page, with or without scripts. Cancel opens a confirmation.
 */
export function UnpaidOrderActions({ orderId, payableUntil, label }: { orderId: string; payableUntil: string; label?: string }) {
  const [starting, setStarting] = useState(false);
  return (
    <div className="rounded-xl border border-amber-200 bg-amber-50 p-3" data-testid="unpaid-actions">
      <p className="text-sm text-amber-950">{UNPAID_ORDER_TEXTS.reservedUntil(formatReservationEnd(payableUntil))}</p>
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        <form method="post" action="/orders" onSubmit={() => setStarting(true)}>
          <input type="hidden" name="intent" value="pay-now" />
          <input type="hidden" name="orderId" value={orderId} />
          <button type="submit" disabled={starting} aria-busy={starting} className={primaryButton}>
            {starting ? UNPAID_ORDER_TEXTS.starting : UNPAID_ORDER_TEXTS.payNow}
            {label ? <span className="sr-only"> {label}</span> : null}
          </button>
        </form>
        <Link to={cancelOrderHref(orderId)} preventScrollReset className={dangerLink}>
          {UNPAID_ORDER_TEXTS.cancelOrder}
          {label ? <span className="sr-only"> {label}</span> : null}
        </Link>
      </div>
    </div>
  );
}

/** The confirmation's form: a navigation with scripts (the page reloads its orders), a plain post without. */
export function CancelOrderForm({ orderId }: { orderId: string }) {
  return (
    <Form method="post" action="/orders" className="mt-5 grid gap-2 sm:grid-cols-2" preventScrollReset>
      <input type="hidden" name="intent" value="cancel-order" />
      <input type="hidden" name="orderId" value={orderId} />
      <CancelButtons />
    </Form>
  );
}

function CancelButtons() {
  return (
    <>
      <button type="submit" className="inline-flex min-h-11 items-center justify-center rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800">
        {UNPAID_ORDER_TEXTS.cancelConfirm}
      </button>
      <Link to="/orders" preventScrollReset className="inline-flex min-h-11 items-center justify-center rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-50">
        {UNPAID_ORDER_TEXTS.keepOrder}
      </Link>
    </>
  );
}
