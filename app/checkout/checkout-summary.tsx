import type { ReactNode } from "react";
import { CHECKOUT_TEXTS as T } from "../../domain/checkout/texts";
import { overUnitCap } from "../../domain/checkout/validation";
import { LIMITS } from "../../lib/constants";
import { formatNaira } from "../../lib/money";
import { ShieldIcon } from "../ui/icons";
import { SectionTitle } from "../ui/page-title";

/**
 * The summary of the ticked lines. Shipping is the delivery fee of the chosen state, the one the server
 * will add (docs/cart-and-checkout.md): 'Free' only when it is zero, and the total includes it. Before a
 * state is chosen (or without scripts, when states pay different fees) the fee is left to the next step.
 */
export function CheckoutSummary({
  itemCount, subtotal, deliveryFee, state, processing, error = null, notice = null,
}: {
  itemCount: number;
  subtotal: number;
  /** Kobo, or null while it depends on a state not chosen yet. */
  deliveryFee: number | null;
  state: string;
  processing: boolean;
  /** Why the last Place Order was refused, shown once, right by the button. */
  error?: string | null;
  /** What the buyer should know before pressing Place Order, shown just above it. */
  notice?: ReactNode;
}) {
  const nothingTicked = itemCount === 0;
  const overCap = overUnitCap(itemCount);
  const hintId = nothingTicked ? "checkout-select-hint" : overCap ? "checkout-cap-hint" : undefined;
  return (
    <aside className="rounded-2xl border border-gray-200 bg-white p-5 lg:sticky lg:top-20" aria-labelledby="checkout-summary-title">
      <SectionTitle id="checkout-summary-title">{T.summaryTitle}</SectionTitle>
      <dl className="mt-4 space-y-2 text-sm">
        <SummaryRow label={T.subtotal} value={formatNaira(subtotal)} testId="summary-subtotal" />
        <SummaryRow label={state ? T.shippingTo(state) : T.shipping} value={shippingText(deliveryFee)} testId="summary-shipping" />
        <SummaryRow
          label={T.total}
          value={deliveryFee === null ? T.totalBeforeDelivery(formatNaira(subtotal)) : formatNaira(subtotal + deliveryFee)}
          testId="summary-total"
          strong
        />
      </dl>
      {deliveryFee === null ? (
        <p className="mt-2 text-sm text-gray-700" data-testid="summary-fee-note">
          {T.feeOnNextStep}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm font-semibold text-red-800" data-testid="checkout-error">
          {error}
        </p>
      ) : null}
      {notice}
      <button
        type="submit"
        disabled={processing || nothingTicked || overCap !== null}
        aria-describedby={hintId}
        className="mt-5 inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-lg bg-brand-strong px-5 py-3 text-base font-semibold text-white hover:opacity-90 disabled:cursor-not-allowed disabled:bg-gray-400 disabled:hover:opacity-100"
      >
        {processing ? <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" /> : null}
        {processing ? T.processing : T.placeOrder(itemCount)}
      </button>
      {nothingTicked ? (
        <p id="checkout-select-hint" className="mt-2 text-sm text-red-700">
          {T.selectItemsHint}
        </p>
      ) : null}
      <UnitCapNote overCap={overCap} id="checkout-cap-hint" />
      <p className="mt-4 flex gap-2 text-xs text-gray-600">
        <ShieldIcon className="h-4 w-4 shrink-0" />
        <span>{T.paymentNote}</span>
      </p>
    </aside>
  );
}

/** 'Up to 10 phones per order.', or what to take out when the ticked phones are more (the server refuses them too). */
export function UnitCapNote({ overCap, id }: { overCap: string | null; id: string }) {
  return overCap ? (
    <p id={id} role="alert" className="mt-2 text-sm font-semibold text-red-700" data-testid="unit-cap">
      {overCap}
    </p>
  ) : (
    <p id={id} className="mt-2 text-sm text-gray-600" data-testid="unit-cap">
      {T.unitsPerOrderCap(LIMITS.maxUnitsPerCheckout)}
    </p>
  );
}

function shippingText(deliveryFee: number | null): string {
  if (deliveryFee === null) return T.chooseStateForFee;
  return deliveryFee > 0 ? formatNaira(deliveryFee) : T.free;
}

function SummaryRow({ label, value, testId, strong = false }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? "border-t border-gray-100 pt-2 text-base font-bold text-gray-900" : ""}`}>
      <dt className={strong ? "" : "text-gray-700"}>{label}</dt>
      <dd className={strong ? "" : "font-semibold text-gray-900"} data-testid={testId} aria-live="polite">
        {value}
      </dd>
    </div>
  );
}
