import { type ReactNode, useEffect, useId, useRef } from "react";
import { Link, useRevalidator } from "react-router";
import type { VendorOrder, VendorOrderSummary } from "../../domain/vendors/dashboard";
import { VENDOR_TEXTS } from "../../domain/vendors/texts";
import { PAYMENT_FAILED_LABEL, warrantyLabel } from "../../lib/constants";
import { formatNaira } from "../../lib/money";
import { GradeBadge, TestBadge } from "../ui/badges";
import { formatCalendarDate, formatDate, plural } from "../ui/format";
import { toast } from "../ui/toast";
import { OrderStatusBadge } from "../ui/status-badges";
import { ProductThumb } from "../ui/product-thumb";
import { TrackingNumber } from "../ui/tracking-link";
import { useHydrated } from "../ui/use-hydrated";
import { SectionTitle } from "../ui/page-title";
import { OrderHistoryDetails } from "../orders/order-timeline";
import { VendorOrderMoves } from "./vendor-order-moves";

/** What the Orders tab says (docs/vendors.md). */
export const VENDOR_ORDER_TEXTS = {
  buyerDetailsAfterPayment: "Buyer details appear once the order is paid",
  paidHeading: "Paid orders",
  unpaidHeading: "Not paid yet",
  unpaidNote: "These orders are not paid. Their phones are held for the buyer while payment is open; do not ship them.",
  cancelled: "Cancelled: nothing to ship.",
  noPaidOrders: "No paid orders yet",
  refunds: "Refunds to the buyer",
  refundStatus: { pending: "On its way", processed: "Refunded", failed: "Failed" },
  goodwill: "Goodwill gesture",
  wholePayment: "Of the buyer's whole payment",
} as const;

/**
 * The Orders tab: paid orders first, with what to ship where and what the vendor is paid; then
 * orders not paid yet (their phones are held for the buyer), marked Pending or 'Payment failed',
 * without any buyer details (docs/vendors.md). Counts and earnings are over paid orders only.
 */
export function VendorOrdersTab({ orders, summary, commissionRate }: {
  orders: readonly VendorOrder[] | null;
  summary: VendorOrderSummary | null;
  commissionRate: number;
}) {
  const paid = orders?.filter((o) => o.isPaid) ?? [];
  const unpaid = orders?.filter((o) => !o.isPaid) ?? [];
  return (
    <section aria-labelledby="vendor-orders-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SectionTitle id="vendor-orders-title">Orders for your phones</SectionTitle>
        <RefreshOrders />
      </div>
      {orders === null || summary === null ? (
        <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
          {VENDOR_TEXTS.ordersLoadFailed}
        </p>
      ) : orders.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-gray-300 p-6 text-center text-gray-700">No orders yet</p>
      ) : (
        <>
          <p className="mt-2 text-sm text-gray-700">
            {summary.toShip} to ship · you receive {formatNaira(summary.earned)} from {plural(summary.paidOrders, "paid order", "paid orders")} after the{" "}
            {commissionRate}% commission.
          </p>
          <OrderGroup title={VENDOR_ORDER_TEXTS.paidHeading} orders={paid} commissionRate={commissionRate} empty={VENDOR_ORDER_TEXTS.noPaidOrders} />
          {unpaid.length > 0 ? (
            <OrderGroup title={VENDOR_ORDER_TEXTS.unpaidHeading} note={VENDOR_ORDER_TEXTS.unpaidNote} orders={unpaid} commissionRate={commissionRate} />
          ) : null}
        </>
      )}
    </section>
  );
}

function OrderGroup({ title, note, orders, commissionRate, empty }: {
  title: string;
  note?: string;
  orders: readonly VendorOrder[];
  commissionRate: number;
  empty?: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-6">
      <h3 id={id} className="text-base font-bold text-gray-900">
        {title} <span className="font-normal text-gray-600">({orders.length})</span>
      </h3>
      {note ? <p className="mt-1 text-sm text-gray-700">{note}</p> : null}
      {orders.length === 0 && empty ? (
        <p className="mt-3 rounded-xl border border-dashed border-gray-300 p-4 text-center text-sm text-gray-700">{empty}</p>
      ) : (
        <ul className="mt-3 space-y-4">
          {orders.map((order) => (
            <VendorOrderCard key={order.id} order={order} commissionRate={commissionRate} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Reloads the orders in place and says so; without scripts it is a plain link that reloads the tab. */
function RefreshOrders() {
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current && revalidator.state === "idle") {
      asked.current = false;
      toast.success(VENDOR_TEXTS.ordersRefreshed);
    }
  }, [revalidator.state]);
  const className = "rounded-lg border border-gray-300 px-4 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-50 disabled:opacity-60";
  if (!hydrated) {
    return (
      <Link to="/vendor-dashboard?tab=orders" className={className}>
        Refresh
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={className}
      disabled={revalidator.state !== "idle"}
      onClick={() => {
        asked.current = true;
        void revalidator.revalidate();
      }}
    >
      {revalidator.state === "idle" ? "Refresh" : "Refreshing…"}
    </button>
  );
}

function Money({ label, amount, strong = false }: { label: string; amount: number; strong?: boolean }) {
  return (
    <>
      <dt className="text-gray-600">{label}</dt>
      <dd className={`text-right ${strong ? "font-bold text-gray-900" : "text-gray-900"}`}>{formatNaira(amount)}</dd>
    </>
  );
}

const PILL = "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset";

/** Pending, 'Payment failed' (docs/payments.md) or the order's status, and 'Test' for test money (docs/payments.md). */
function OrderBadges({ order }: { order: VendorOrder }) {
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      {order.paymentFailed ? (
        <span className={`${PILL} bg-red-100 text-red-900 ring-red-300`}>{PAYMENT_FAILED_LABEL}</span>
      ) : (
        <OrderStatusBadge status={order.status} />
      )}
      {order.isTest ? <TestBadge /> : null}
    </span>
  );
}

function VendorOrderCard({ order, commissionRate }: { order: VendorOrder; commissionRate: number }) {
  return (
    <li aria-label={`Order #${order.orderNumber}`} className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-bold text-gray-900">Order #{order.orderNumber}</h4>
        <OrderBadges order={order} />
      </div>
      <p className="text-sm text-gray-600">Placed {formatDate(order.createdAt)}</p>
      <div className="mt-3 grid gap-4 md:grid-cols-3">
        <div className="flex items-start gap-3">
          <ProductThumb src={order.product.image} size="h-14 w-14" />
          <div>
            <p className="font-semibold text-gray-900">{order.product.name}</p>
            <p className="text-sm text-gray-700">
              {order.product.storage} · <GradeBadge grade={order.product.grade} />
            </p>
            <p className="text-sm text-gray-700">
              {order.quantity} × {formatNaira(order.unitPrice)} · {warrantyLabel(order.warrantyDays)}
            </p>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-y-1 text-sm">
          <Money label="Order total" amount={order.totalAmount} />
          <Money label={`Commission (${commissionRate}%)`} amount={order.commission} />
          <Money label={order.isPaid ? "You receive" : "You would receive"} amount={order.netAmount} strong />
        </dl>
        <ShippingBlock order={order} />
      </div>
      <DeliveryFacts order={order} />
      <OrderRefunds order={order} />
      <VendorOrderMoves order={order} />
      <OrderHistoryDetails order={order} audience="vendor" />
    </li>
  );
}

/** Every refund of the order (and of its payment as a whole): amount, where it stands, when, and whether it was a goodwill gesture. */
function OrderRefunds({ order }: { order: VendorOrder }) {
  if (order.refunds.length === 0) return null;
  return (
    <div className="mt-3">
      <p className="text-sm font-semibold text-gray-900">{VENDOR_ORDER_TEXTS.refunds}</p>
      <ul className="text-sm text-gray-800" aria-label={`${VENDOR_ORDER_TEXTS.refunds} of order #${order.orderNumber}`}>
        {order.refunds.map((refund, index) => (
          <li key={`${refund.createdAt}-${index}`}>
            {formatNaira(refund.amount)} · {VENDOR_ORDER_TEXTS.refundStatus[refund.status]} · {formatDate(refund.createdAt)}
            {refund.goodwill ? ` · ${VENDOR_ORDER_TEXTS.goodwill}` : ""}
            {refund.wholePayment ? ` · ${VENDOR_ORDER_TEXTS.wholePayment}` : ""}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Courier, tracking number and the delivery dates, once the order has shipped. */
function DeliveryFacts({ order }: { order: VendorOrder }) {
  const { carrier, trackingNumber, estimatedDeliveryDate, shippedAt, deliveredAt } = order.delivery;
  const facts: Array<[string, ReactNode]> = [
    ["Courier", carrier],
    ["Tracking number", trackingNumber ? <TrackingNumber carrier={carrier} number={trackingNumber} /> : null],
    ["Estimated delivery", estimatedDeliveryDate && !deliveredAt ? formatCalendarDate(estimatedDeliveryDate) : null],
    ["Shipped", shippedAt ? formatDate(shippedAt) : null],
    ["Delivered", deliveredAt ? formatDate(deliveredAt) : null],
  ];
  const shown = facts.filter(([, value]) => value !== null);
  if (shown.length === 0) return null;
  return (
    <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-5" aria-label={`Delivery of order #${order.orderNumber}`}>
      {shown.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-gray-600">{label}</dt>
          <dd className="break-words font-medium text-gray-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ShippingBlock({ order }: { order: VendorOrder }) {
  if (order.status === "cancelled") return <p className="text-sm text-gray-700">{VENDOR_ORDER_TEXTS.cancelled}</p>;
  if (!order.shipTo) return <p className="text-sm text-gray-700">{VENDOR_ORDER_TEXTS.buyerDetailsAfterPayment}</p>;
  const to = order.shipTo;
  return (
    <address className="text-sm not-italic text-gray-800">
      <p className="font-semibold text-gray-900">Ship to {to.customerName}</p>
      <p>{to.shippingAddress}</p>
      <p>
        {to.city}, {to.state}
      </p>
      <p>
        <a href={`tel:${to.customerPhone}`} className="text-brand-strong hover:underline">
          {to.customerPhone}
        </a>
      </p>
      <p>
        <a href={`mailto:${to.customerEmail}`} className="break-all text-brand-strong hover:underline">
          {to.customerEmail}
        </a>
      </p>
      {to.deliveryNotes ? <p className="mt-1 text-gray-700">Notes: {to.deliveryNotes}</p> : null}
    </address>
  );
}
