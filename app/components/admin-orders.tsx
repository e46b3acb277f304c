import { useState } from "react";
import type { AdminOrder } from "../../domain/orders/admin";
import { lagosToday, orderMenuFor } from "../../domain/orders/status";
import { ORDER_STATUSES, ORDER_STATUS_LABELS, type OrderStatus } from "../../lib/constants";
import { formatNaira } from "../../lib/money";
import type { Page } from "../../domain/admin/paging";
import { ActionButton, EmptyRow, FieldError, FilterLinks, Pager, SectionHeading, formatDate, inputClass, useAdminAction } from "./admin-ui";

const STATUS_STYLES: Record<OrderStatus, string> = {
  pending: "bg-amber-100 text-amber-900",
  paid: "bg-sky-100 text-sky-900",
  processing: "bg-indigo-100 text-indigo-900",
  shipped: "bg-violet-100 text-violet-900",
  delivered: "bg-emerald-100 text-emerald-900",
  cancelled: "bg-gray-200 text-gray-800",
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[status]}`}>{ORDER_STATUS_LABELS[status]}</span>;
}

function StatusMenu({ order }: { order: AdminOrder }) {
  const { fetcher, busy, errors } = useAdminAction();
  const menu = orderMenuFor(order.status);
  const [next, setNext] = useState<string>(menu[0]?.status ?? "");
  if (menu.length === 0) return <p className="text-sm text-gray-700">No further changes.</p>;
  const id = `order-${order.id}`;
  return (
    <fetcher.Form method="post" action="/admin/orders" noValidate className="grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end">
      <input type="hidden" name="orderId" value={order.id} />
      <div>
        <label htmlFor={`${id}-status`} className="block text-sm font-semibold text-gray-900">
          Change status
        </label>
        <select id={`${id}-status`} name="status" value={next} onChange={(e) => setNext(e.target.value)} className={inputClass}>
          {menu.map((item) => (
            <option key={item.status} value={item.status}>
              {item.label}
            </option>
          ))}
        </select>
      </div>
      {/* Shipping details: always sent without scripts; with them, shown only for Mark as Shipped. */}
      <div className={next === "shipped" ? "" : "hidden"}>
        <label htmlFor={`${id}-tracking`} className="block text-sm font-semibold text-gray-900">
          Tracking number
        </label>
        <input
          id={`${id}-tracking`}
          name="trackingNumber"
          className={inputClass}
          autoComplete="off"
          aria-invalid={errors.trackingNumber ? true : undefined}
          aria-describedby={errors.trackingNumber ? `${id}-tracking-error` : undefined}
        />
        <FieldError id={`${id}-tracking-error`} message={errors.trackingNumber} />
      </div>
      <div className={next === "shipped" ? "" : "hidden"}>
        <label htmlFor={`${id}-eta`} className="block text-sm font-semibold text-gray-900">
          Estimated delivery
        </label>
        <input
          id={`${id}-eta`}
          name="estimatedDeliveryDate"
          type="date"
          min={lagosToday()}
          className={inputClass}
          aria-invalid={errors.estimatedDeliveryDate ? true : undefined}
          aria-describedby={errors.estimatedDeliveryDate ? `${id}-eta-error` : undefined}
        />
        <FieldError id={`${id}-eta-error`} message={errors.estimatedDeliveryDate} />
      </div>
      <ActionButton busy={busy} variant="primary" label={`Update order #${order.orderNumber}`}>
        Update
      </ActionButton>
    </fetcher.Form>
  );
}

function OrderCard({ order }: { order: AdminOrder }) {
  return (
    <li className="rounded-xl border border-gray-200 bg-white p-4" aria-labelledby={`order-${order.id}-title`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`order-${order.id}-title`} className="font-bold text-gray-900">
            Order #{order.orderNumber}
          </h3>
          <p className="text-sm text-gray-700">
            {order.product.name} · Grade {order.product.grade} · Qty {order.quantity}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <OrderStatusBadge status={order.status} />
          <span className="font-bold text-gray-900">{formatNaira(order.totalAmount)}</span>
        </div>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="inline font-semibold text-gray-900">Customer: </dt>
          <dd className="inline text-gray-800">
            {order.customer.name} ({order.customer.email}), {order.customer.city}, {order.customer.state}
          </dd>
        </div>
        <div>
          <dt className="inline font-semibold text-gray-900">Vendor: </dt>
          <dd className="inline text-gray-800">{order.vendor.businessName}</dd>
        </div>
        <div>
          <dt className="inline font-semibold text-gray-900">Placed: </dt>
          <dd className="inline text-gray-800">{formatDate(order.createdAt)}</dd>
        </div>
        {order.trackingNumber ? (
          <div>
            <dt className="inline font-semibold text-gray-900">Tracking: </dt>
            <dd className="inline text-gray-800">
              {order.trackingNumber}
              {order.estimatedDeliveryDate ? ` · due ${formatDate(`${order.estimatedDeliveryDate}T12:00:00Z`)}` : ""}
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="mt-4 border-t border-gray-100 pt-4">
        <StatusMenu key={order.status} order={order} />
      </div>
    </li>
  );
}

const FILTERS = [{ value: "", label: "All" }, ...ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] }))];

export function AdminOrdersTab({ orders, status }: { orders: Page<AdminOrder>; status: string }) {
  return (
    <section>
      <SectionHeading title="Orders">
        <a href="/admin/export/orders" className="rounded-lg px-3 py-2 text-sm font-semibold text-brand-strong ring-1 ring-inset ring-gray-300 hover:bg-gray-50" download>
          Export orders (CSV)
        </a>
      </SectionHeading>
      <FilterLinks label="Order status" options={FILTERS} current={status} param="status" tab="orders" />
      {orders.items.length === 0 ? (
        <div className="mt-4">
          <EmptyRow text="No orders yet" />
        </div>
      ) : (
        <ul className="mt-4 space-y-3">
          {orders.items.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </ul>
      )}
      <Pager page={orders.page} hasMore={orders.hasMore} params={{ tab: "orders", status }} />
    </section>
  );
}
