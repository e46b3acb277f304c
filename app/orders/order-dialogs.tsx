import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import type { CustomerOrder } from "../../domain/orders/customer";
import { CANCELLATION_TEXTS, OTHER_REASON_MAX } from "../../domain/orders/cancellation-validation";
import { CANCEL_REASONS, ORDER_STATUS_LABELS, PAYMENT_FAILED_LABEL, isPaymentFailed, warrantyLabel } from "../../lib/constants";
import { formatNaira } from "../../lib/money";
import { refundDestination } from "../../lib/refund-destination";
import { formatDate } from "../ui/format";
import { TrackingNumber } from "../ui/tracking-link";
import { OrderTimeline, TIMELINE_TEXTS } from "./order-timeline";
import { OrderReviewForm } from "./order-review-form";
import { ModalDialog } from "../ui/dialog";
import { CancelOrderForm, UNPAID_ORDER_TEXTS } from "./unpaid-order";
import { ShipTo, deliveryText, paymentText, totalLabel } from "./order-charge";
import { ORDER_DETAILS_TEXTS as D } from "../../domain/orders/texts";

/** Where every order dialog goes back to. */
const CLOSE_TO = "/orders";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-sm text-gray-600">{label}</dt>
      <dd className="break-all text-sm font-medium text-gray-900 sm:text-right">{children}</dd>
    </div>
  );
}

export function OrderDetailsDialog({ order }: { order: CustomerOrder }) {
  const payment = paymentText(order);
  return (
    <ModalDialog title="Order Details" closeTo={CLOSE_TO}>
      <dl className="divide-y divide-gray-100">
        <Row label="Order ID">{order.id}</Row>
        <Row label="Product">{order.product.name}</Row>
        <Row label={D.seller}>{order.vendor.businessName}</Row>
        <Row label="Quantity">{order.quantity}</Row>
        <Row label={D.price}>{formatNaira(order.totalAmount)}</Row>
        {order.charge ? (
          <>
            <Row label={D.delivery}>{deliveryText(order.charge.deliveryFee)}</Row>
            <Row label={totalLabel(order)}>{D.forOrders(order.charge.total, order.charge.orderCount)}</Row>
          </>
        ) : null}
        <Row label="Status">{isPaymentFailed(order.status, order.paymentStatus) ? PAYMENT_FAILED_LABEL : ORDER_STATUS_LABELS[order.status]}</Row>
        {payment ? <Row label={D.payment}>{payment}</Row> : null}
        <Row label={D.deliverTo}>
          <ShipTo shipTo={order.shipTo} />
        </Row>
        <Row label="Warranty">{warrantyLabel(order.warrantyDays)}</Row>
        <Row label="Placed">{formatDate(order.createdAt)}</Row>
      </dl>
    </ModalDialog>
  );
}

export function OrderTrackDialog({ order }: { order: CustomerOrder }) {
  return (
    <ModalDialog title="Track Order" closeTo={CLOSE_TO}>
      <p className="text-sm text-gray-700">
        Order #{order.orderNumber} · {order.product.name}
      </p>
      <dl className="mt-3 rounded-lg bg-gray-50 px-3">
        {order.carrier ? <Row label="Courier">{order.carrier}</Row> : null}
        <Row label="Tracking number">
          {order.trackingNumber ? <TrackingNumber carrier={order.carrier} number={order.trackingNumber} /> : "Not available yet"}
        </Row>
      </dl>
      <h3 className="mt-5 text-sm font-bold text-gray-900">{TIMELINE_TEXTS.title}</h3>
      <OrderTimeline history={order.history} audience="buyer" />
    </ModalDialog>
  );
}

export function OrderReviewDialog({ order }: { order: CustomerOrder }) {
  return (
    <ModalDialog title={`Review ${order.product.name}`} closeTo={CLOSE_TO}>
      <OrderReviewForm order={order} />
    </ModalDialog>
  );
}

/** 'Cancel order' asks first (a destructive action); the address opens it, so it works before scripts load. */
export function OrderCancelDialog({ order }: { order: CustomerOrder }) {
  return (
    <ModalDialog title={UNPAID_ORDER_TEXTS.cancelTitle} closeTo={CLOSE_TO}>
      <p className="text-sm text-gray-800">
        Order #{order.orderNumber} · {order.product.name}
      </p>
      <p className="mt-2 text-sm text-gray-700">{UNPAID_ORDER_TEXTS.cancelBody}</p>
      <CancelOrderForm orderId={order.id} />
    </ModalDialog>
  );
}

/**
 * 'Cancel order' of a paid order not shipped yet: the buyer picks a reason and confirms; the
 * order is cancelled and refunded. The address opens it, so it works before scripts load.
 */
export function PaidOrderCancelDialog({ order }: { order: CustomerOrder }) {
  const reasonId = `cancel-reason-${order.id}`;
  return (
    <ModalDialog title={CANCELLATION_TEXTS.title} closeTo={CLOSE_TO}>
      <p className="text-sm text-gray-800">
        Order #{order.orderNumber} · {order.product.name} · {formatNaira(order.totalAmount)}
      </p>
      <p className="mt-2 text-sm text-gray-700">{CANCELLATION_TEXTS.body(refundDestination(order.paymentChannel))}</p>
      <Form method="post" action="/orders" className="group mt-4" preventScrollReset>
        <input type="hidden" name="intent" value="cancel-paid-order" />
        <input type="hidden" name="orderId" value={order.id} />
        <label htmlFor={reasonId} className="block text-sm font-semibold text-gray-900">
          {CANCELLATION_TEXTS.reasonLabel}
        </label>
        <select id={reasonId} name="reason" required defaultValue="" className="mt-1 block min-h-11 w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-base text-gray-900">
          <option value="" disabled>
            {CANCELLATION_TEXTS.chooseReason}
          </option>
          {CANCEL_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {reason}
            </option>
          ))}
        </select>
        {/* Shown for 'Other' only; the server asks for it whatever the browser shows. */}
        <div className="mt-3 hidden group-has-[option[value=Other]:checked]:block">
          <label htmlFor={`${reasonId}-other`} className="block text-sm font-semibold text-gray-900">
            {CANCELLATION_TEXTS.otherReasonLabel}
          </label>
          <textarea id={`${reasonId}-other`} name="otherReason" rows={3} maxLength={OTHER_REASON_MAX}
            className="mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-base text-gray-900" />
        </div>
        <div className="mt-5 grid gap-2 sm:grid-cols-2">
          <button type="submit" className="inline-flex min-h-11 items-center justify-center rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800">
            {CANCELLATION_TEXTS.confirm}
          </button>
          <Link to={CLOSE_TO} preventScrollReset className="inline-flex min-h-11 items-center justify-center rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-50">
            {CANCELLATION_TEXTS.keep}
          </Link>
        </div>
      </Form>
    </ModalDialog>
  );
}
