import { useEffect, useRef } from "react";
import { Link, useRevalidator } from "react-router";
import type { VendorOrder } from "../../domain/vendors/dashboard";
import { VENDOR_TEXTS } from "../../domain/vendors/texts";
import { WARRANTY_TYPE_LABELS } from "../../lib/constants";
import { formatNaira } from "../../lib/money";
import { GradeBadge } from "./badges";
import { formatDate } from "./format";
import { toast } from "./toast";
import { OrderStatusBadge } from "./vendor-badges";
import { ProductThumb } from "./product-thumb";
import { useHydrated } from "./vendor-fields";

/** The Orders tab: orders for the vendor's phones, what to ship where, and what the vendor is paid. */
export function VendorOrdersTab({ orders, commissionRate }: { orders: readonly VendorOrder[] | null; commissionRate: number }) {
  const toShip = orders?.filter((o) => o.status === "paid" || o.status === "processing") ?? [];
  const earned = orders?.filter((o) => o.shipTo !== null).reduce((sum, o) => sum + o.netAmount, 0) ?? 0;
  return (
    <section aria-labelledby="vendor-orders-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="vendor-orders-title" className="text-lg font-bold text-gray-900">
          Orders for your phones
        </h2>
        <RefreshOrders />
      </div>
      {orders === null ? (
        <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
          {VENDOR_TEXTS.ordersLoadFailed}
        </p>
      ) : orders.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-gray-300 p-6 text-center text-gray-700">No orders yet</p>
      ) : (
        <>
          <p className="mt-2 text-sm text-gray-700">
            {toShip.length} to ship · you receive {formatNaira(earned)} from paid orders after the {commissionRate}% commission.
          </p>
          <ul className="mt-4 space-y-4">
            {orders.map((order) => (
              <VendorOrderCard key={order.id} order={order} commissionRate={commissionRate} />
            ))}
          </ul>
        </>
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

function VendorOrderCard({ order, commissionRate }: { order: VendorOrder; commissionRate: number }) {
  return (
    <li aria-label={`Order #${order.orderNumber}`} className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-bold text-gray-900">Order #{order.orderNumber}</h3>
        <OrderStatusBadge status={order.status} />
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
              {order.quantity} × {formatNaira(order.unitPrice)} · {WARRANTY_TYPE_LABELS[order.warrantyType]}
            </p>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-y-1 text-sm">
          <Money label="Order total" amount={order.totalAmount} />
          <Money label={`Commission (${commissionRate}%)`} amount={order.commission} />
          <Money label="You receive" amount={order.netAmount} strong />
        </dl>
        <ShippingBlock order={order} />
      </div>
    </li>
  );
}

function ShippingBlock({ order }: { order: VendorOrder }) {
  if (order.status === "cancelled") return <p className="text-sm text-gray-700">Cancelled: nothing to ship.</p>;
  if (!order.shipTo) return <p className="text-sm text-gray-700">Awaiting payment: ship once the order is paid.</p>;
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
      {to.deliveryNotes ? <p className="mt-1 text-gray-700">Notes: {to.deliveryNotes}</p> : null}
      {order.trackingNumber ? <p className="mt-1">Tracking: {order.trackingNumber}</p> : null}
    </address>
  );
}
