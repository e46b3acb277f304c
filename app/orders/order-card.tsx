import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import type { CustomerOrder } from "../../domain/orders/customer";
import { CANCELLATION_TEXTS } from "../../domain/orders/cancellation-validation";
import { CLAIM_REASON_LABELS, ORDER_PROGRESS_STEPS, ORDER_STATUS_DESCRIPTIONS, type OrderStatus, isActiveClaim, isActiveReturn, isPaymentFailed, warrantyLabel } from "../../lib/constants";
import { formatNaira } from "../../lib/money";
import { refundDestination } from "../../lib/refund-destination";
import { GradeBadge } from "../ui/badges";
import { formatCalendarDate, formatDate } from "../ui/format";
import { ShieldIcon } from "../ui/icons";
import { ProductThumb } from "../ui/product-thumb";
import { TrackingNumber } from "../ui/tracking-link";
import { PaymentFailedBadge, TestPaymentBadge, UNPAID_ORDER_TEXTS, UnpaidOrderActions } from "./unpaid-order";
import { OrderStatusBadge } from "../ui/status-badges";
import type { ClaimView } from "../../domain/claims/service";
import { ClaimPanel } from "./claim-panel";
import type { ReturnOffer, ReturnView } from "../../domain/returns/service";
import { ReturnOfferForm, ReturnPanel } from "./return-panel";
import { RefundAccountForm } from "./refund-account-form";
import { REFUND_ACCOUNT_TEXTS } from "../../domain/payments/refund-account-texts";
import { orderWhatsappMessage, whatsappHref } from "../site/whatsapp";
import { ReceivedLink } from "./order-received";
import { OrderChargeLine } from "./order-charge";
import { ORDER_DETAILS_TEXTS } from "../../domain/orders/texts";
import { notReceivedLine } from "../../domain/orders/status";
import { formatLagosDate } from "../../lib/lagos-time";

/** "Samsung Galaxy S22", without repeating a brand the model already starts with ("OnePlus 10 Pro"). */
export function brandAndModel(product: { brand: string; model: string }): string {
  return product.model.toLowerCase().startsWith(product.brand.toLowerCase()) ? product.model : `${product.brand} ${product.model}`;
}

export { formatCalendarDate };

/** Where an order's dialogs open: the page address, so they work before scripts load too. */
export type OrderDialogKind = "details" | "review" | "track" | "cancel" | "claim";
export const orderDialogHref = (kind: OrderDialogKind, orderId: string) => `/orders?${kind}=${orderId}`;

export const buttonClass =
  "inline-flex min-h-11 items-center justify-center gap-1.5 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-50";

/** The warranty the order was sold with (docs/orders.md). */
function WarrantyBadge({ days }: { days: number }) {
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-800">
      <ShieldIcon className="h-3.5 w-3.5 text-emerald-700" />
      {warrantyLabel(days)}
    </span>
  );
}

/**
 * The five steps from Order Placed to Delivered, as an ordered list: steps reached are filled and
 * the current one carries aria-current. A cancelled order reaches none of them.
 */
export function OrderProgress({ status }: { status: OrderStatus }) {
  const cancelled = status === "cancelled";
  const current = ORDER_PROGRESS_STEPS.findIndex((step) => step.status === status);
  return (
    <ol aria-label={cancelled ? "Order progress: cancelled" : "Order progress"} className="grid grid-cols-5 gap-1" data-testid="order-progress">
      {ORDER_PROGRESS_STEPS.map((step, index) => {
        const reached = index <= current;
        return (
          <li key={step.status} aria-current={index === current ? "step" : undefined} className="min-w-0">
            <span aria-hidden="true" className={`block h-1.5 rounded-full ${reached ? "bg-brand-strong" : cancelled ? "bg-red-100" : "bg-gray-200"}`} />
            <span className={`mt-1.5 block text-center text-[11px] leading-tight sm:text-xs ${index === current ? "font-bold text-gray-900" : reached ? "text-gray-800" : "text-gray-600"}`}>
              {step.label}
              {reached && index < current ? <span className="sr-only"> (done)</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-gray-600">{label}</dt>
      <dd className="break-words text-sm font-medium text-gray-900">{children}</dd>
    </div>
  );
}

/** A claim still being worked on: the order takes no other until it is decided. */
const hasActiveClaim = (claim: ClaimView | undefined) => claim !== undefined && isActiveClaim(claim.status);

/** A change-of-mind return still being worked on: the order takes no claim until it is closed. */
const hasActiveReturn = (ret: ReturnView | undefined) => ret !== undefined && isActiveReturn(ret.status);

function OrderButtons({ order, claim, ret }: { order: CustomerOrder; claim?: ClaimView; ret?: ReturnView }) {
  const forOrder = <span className="sr-only"> order #{order.orderNumber}</span>;
  return (
    <div className="grid grid-cols-3 gap-2 sm:flex sm:flex-wrap sm:justify-end">
      <Link to={orderDialogHref("details", order.id)} preventScrollReset className={buttonClass}>
        Details{forOrder}
      </Link>
      {order.status !== "delivered" ? null : order.reviewed ? (
        <button type="button" disabled className={`${buttonClass} cursor-not-allowed text-gray-600 opacity-70`}>
          Already Reviewed
        </button>
      ) : (
        <Link to={orderDialogHref("review", order.id)} preventScrollReset className={buttonClass}>
          Review{forOrder}
        </Link>
      )}
      <Link to={orderDialogHref("track", order.id)} preventScrollReset className={buttonClass}>
        Track{forOrder}
      </Link>
      {order.status === "delivered" && !hasActiveClaim(claim) && !hasActiveReturn(ret) ? (
        <Link to={orderDialogHref("claim", order.id)} preventScrollReset className={`${buttonClass} col-span-3 sm:col-span-1`}>
          Warranty claim{forOrder}
        </Link>
      ) : null}
      {order.cancellable ? (
        <Link to={orderDialogHref("cancel", order.id)} preventScrollReset className={`${buttonClass} border-red-300 text-red-800 hover:bg-red-50`}>
          {CANCELLATION_TEXTS.cancelOrder}
          {forOrder}
        </Link>
      ) : null}
    </div>
  );
}

function statusText(order: CustomerOrder): string {
  if (!isPaymentFailed(order.status, order.paymentStatus)) return ORDER_STATUS_DESCRIPTIONS[order.status];
  return order.failureReason ? UNPAID_ORDER_TEXTS.failedBecause(order.failureReason) : UNPAID_ORDER_TEXTS.failedNoReason;
}

export const ORDER_CARD_TEXTS = {
  whatsapp: "Send on WhatsApp",
  whatsappLabel: (vendor: string, orderNumber: string) => `Send on WhatsApp to ${vendor} about order #${orderNumber}`,
} as const;

/** A chat with the vendor about this order, once it is paid, when the vendor's phone number is usable. */
function WhatsappVendorLink({ order }: { order: CustomerOrder }) {
  if (order.status === "pending") return null;
  const href = whatsappHref(order.vendor.phone, orderWhatsappMessage(order.vendor.businessName, order.orderNumber, brandAndModel(order.product)));
  if (!href) return null;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={buttonClass} aria-label={ORDER_CARD_TEXTS.whatsappLabel(order.vendor.businessName, order.orderNumber)}>
      {ORDER_CARD_TEXTS.whatsapp}
    </a>
  );
}

/** The order's refunds: 'Refund of ₦… on its way' while pending, 'Refunded' once processed. */
function RefundStatus({ refunds, channel }: { refunds: CustomerOrder["refunds"]; channel: string | null }) {
  if (refunds.length === 0) return null;
  // A refund waiting for the buyer's bank account is not on its way yet: its form says so instead.
  const sum = (status: string) => refunds.filter((r) => r.status === status && !r.needsAccount).reduce((total, r) => total + r.amount, 0);
  const [pending, processed, failed] = [sum("pending"), sum("processed"), sum("failed")];
  return (
    <div className="mt-3 space-y-1 rounded-xl border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-950" data-testid="order-refund" role="status">
      {pending > 0 ? <p className="font-semibold">{CANCELLATION_TEXTS.refundOnItsWay(formatNaira(pending))}</p> : null}
      {processed > 0 ? (
        <p>
          <span className="font-semibold">{CANCELLATION_TEXTS.refunded}</span>: {CANCELLATION_TEXTS.refundedAmount(formatNaira(processed), refundDestination(channel))}
        </p>
      ) : null}
      {failed > 0 && pending === 0 && processed === 0 ? <p className="text-red-900">{CANCELLATION_TEXTS.refundFailed(formatNaira(failed))}</p> : null}
      {refunds.map((refund) =>
        refund.status !== "pending" ? null : refund.needsAccount ? (
          <RefundAccountForm key={refund.id} refund={refund} />
        ) : refund.account ? (
          <p key={refund.id}>{REFUND_ACCOUNT_TEXTS.sentTo(refund.account)}</p>
        ) : null,
      )}
    </div>
  );
}

/** Opens the 'never arrived' claim of a shipped order, before it is marked delivered. */
function NeverArrivedLink({ order }: { order: CustomerOrder }) {
  return (
    <Link to={orderDialogHref("claim", order.id)} preventScrollReset className={buttonClass}>
      {CLAIM_REASON_LABELS.never_arrived}
      <span className="sr-only"> (order #{order.orderNumber})</span>
    </Link>
  );
}

export function OrderCard({ order, claim, ret, returnOffer }: { order: CustomerOrder; claim?: ClaimView; ret?: ReturnView; returnOffer?: ReturnOffer }) {
  const mayReturn = order.status === "delivered" && returnOffer?.open === true && !hasActiveClaim(claim) && !hasActiveReturn(ret);
  const titleId = useId();
  const { product } = order;
  const name = brandAndModel(product);
  return (
    <article aria-labelledby={titleId} data-testid="order-card" className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex gap-3">
        <ProductThumb src={product.image} size="h-20 w-20" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
            <h2 id={titleId} className="font-semibold text-gray-900">
              {name}
            </h2>
            {isPaymentFailed(order.status, order.paymentStatus) ? <PaymentFailedBadge /> : <OrderStatusBadge status={order.status} />}
          </div>
          <p className="text-sm text-gray-700" data-testid="order-number">
            {`Order #${order.orderNumber}`}
          </p>
          <div className="mt-1.5 flex flex-wrap gap-1.5">
            <GradeBadge grade={product.grade} className="whitespace-nowrap" />
            <WarrantyBadge days={order.warrantyDays} />
            {order.isTest ? <TestPaymentBadge /> : null}
          </div>
          <p className="mt-1.5 text-sm text-gray-700">
            Qty {order.quantity} · <span className="font-bold text-gray-900" data-testid="order-total">{formatNaira(order.totalAmount)}</span>
          </p>
          <OrderChargeLine order={order} />
          <p className="text-sm text-gray-700" data-testid="order-seller">
            {ORDER_DETAILS_TEXTS.seller}: {order.vendor.businessName}
          </p>
        </div>
      </div>
      <div className="mt-4">
        <OrderProgress status={order.status} />
      </div>
      <p className="mt-3 text-sm text-gray-800" data-testid="order-status-text">
        {statusText(order)}
      </p>
      <RefundStatus refunds={order.refunds} channel={order.paymentChannel} />
      {order.payableUntil ? (
        <div className="mt-3">
          <UnpaidOrderActions orderId={order.id} payableUntil={order.payableUntil} label={`order #${order.orderNumber}`} />
        </div>
      ) : null}
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
        {order.carrier ? <Fact label="Courier">{order.carrier}</Fact> : null}
        {order.trackingNumber ? (
          <Fact label="Tracking number">
            <TrackingNumber carrier={order.carrier} number={order.trackingNumber} />
          </Fact>
        ) : null}
        {order.shippedAt ? <Fact label="Shipped">{formatDate(order.shippedAt)}</Fact> : null}
        {order.deliveredAt ? <Fact label="Delivered">{formatDate(order.deliveredAt)}</Fact> : null}
        <Fact label="Ordered">{formatDate(order.createdAt)}</Fact>
        {order.estimatedDeliveryDate && order.status !== "delivered" ? (
          <Fact label="Estimated delivery">{formatCalendarDate(order.estimatedDeliveryDate)}</Fact>
        ) : null}
        <Fact label="Last updated">{formatDate(order.updatedAt)}</Fact>
      </dl>
      {order.autoDeliveryAt && !hasActiveClaim(claim) ? (
        <p className="mt-3 text-sm font-semibold text-gray-900" data-testid="not-received">{notReceivedLine(formatLagosDate(order.autoDeliveryAt))}</p>
      ) : null}
      {claim ? <ClaimPanel claim={claim} /> : null}
      {ret && ret.status !== "cancelled" ? <ReturnPanel ret={ret} /> : null}
      {mayReturn ? <ReturnOfferForm orderId={order.id} orderNumber={order.orderNumber} offer={returnOffer} /> : null}
      <div className="mt-4 flex flex-col gap-2 border-t border-gray-100 pt-3 sm:flex-row sm:flex-wrap sm:justify-end">
        {order.status === "shipped" ? <ReceivedLink order={order} /> : null}
        {order.autoDeliveryAt && !hasActiveClaim(claim) ? <NeverArrivedLink order={order} /> : null}
        <WhatsappVendorLink order={order} />
        <OrderButtons order={order} claim={claim} ret={ret} />
      </div>
    </article>
  );
}
