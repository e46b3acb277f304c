import { type ReactNode, type SelectHTMLAttributes, useState } from "react";
import { Form, Link } from "react-router";
import type { AdminOrder, AdminOrderPage } from "../../domain/orders/admin";
import {
  ORDER_SEARCH_LIMITS, ORDER_SEARCH_TEXTS, type OrderSearchField, type OrderSearchValues, isFiltered, orderSearchQuery,
} from "../../domain/orders/admin-search";
import { orderMenuFor } from "../../domain/orders/status";
import {
  MANUAL_PAYMENT_BOUNDS, MANUAL_PAYMENT_METHODS, MANUAL_PAYMENT_METHOD_LABELS, MANUAL_PAYMENT_TEXTS, paymentMethodLabel,
} from "../../domain/payments/manual-validation";
import {
  ORDER_STATUSES, ORDER_STATUS_LABELS, PAYMENT_FAILED_LABEL, PAYMENT_STATUS_LABELS, type OrderStatus, type PaymentStatus, TEST_PAYMENT_LABEL,
  isPaymentFailed,
} from "../../lib/constants";
import { COURIERS } from "../../lib/couriers";
import { formatNaira } from "../../lib/money";
import { TrackingNumber } from "../ui/tracking-link";
import { useHydrated } from "../ui/use-hydrated";
import { ActionButton, CardList, EmptyRow, ExportLink, FieldError, Pager, SectionHeading, inputClass, useAdminAction } from "./admin-ui";
import { formatCalendarDate, formatDate } from "../ui/format";
import { OrderHistoryDetails } from "../orders/order-timeline";
import { lagosToday } from "../../lib/lagos-time";

const STATUS_STYLES: Record<OrderStatus, string> = {
  pending: "bg-amber-100 text-amber-900",
  paid: "bg-sky-100 text-sky-900",
  processing: "bg-indigo-100 text-indigo-900",
  shipped: "bg-violet-100 text-violet-900",
  delivered: "bg-emerald-100 text-emerald-900",
  cancelled: "bg-gray-200 text-gray-800",
  refunded: "bg-rose-100 text-rose-900",
};

/** The order's status, or 'Payment failed' while it waits on a payment that did not go through (docs/payments.md). */
export function OrderStatusBadge({ status, paymentStatus }: { status: OrderStatus; paymentStatus?: PaymentStatus | null }) {
  if (isPaymentFailed(status, paymentStatus)) {
    return <span className="inline-flex rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900">{PAYMENT_FAILED_LABEL}</span>;
  }
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[status]}`}>{ORDER_STATUS_LABELS[status]}</span>;
}

export const ORDER_MENU_TEXTS = {
  label: "Change status",
  placeholder: "Choose an action",
  apply: "Apply",
  confirmCancel: "Yes, cancel this order",
  cancelWarning: (paid: boolean) =>
    paid
      ? "The phones go back to stock and the payment is flagged for a refund. This cannot be undone."
      : "The phones go back to stock. This cannot be undone.",
  final: "No further changes.",
} as const;

/** One field of a form here: its label, the control `id` names (and any hint), and the server's message for it. */
function Field({ id, label, error, errorId = `${id}-error`, className, children }: { id: string; label: string; error?: string; errorId?: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-gray-900">{label}</label>
      {children}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A select of the forms here: the placeholder first (its value empty), then the options. */
function Select({ placeholder, options, ...select }: SelectHTMLAttributes<HTMLSelectElement> & { placeholder: string; options: ReadonlyArray<{ value: string; label: string }> }) {
  return (
    <select {...select}>
      <option value="">{placeholder}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>{option.label}</option>
      ))}
    </select>
  );
}

/**
 * The status menu: only the moves ORDER_TRANSITIONS allows from here, none chosen at first.
 * Shipping details and the cancel confirmation show for their action through CSS alone, so the
 * form works the same without scripts; the server checks everything again.
 */
function StatusMenu({ order }: { order: AdminOrder }) {
  const { fetcher, busy, errors } = useAdminAction();
  const menu = orderMenuFor(order.status);
  const [next, setNext] = useState<string>("");
  const [confirmed, setConfirmed] = useState(false);
  const hydrated = useHydrated();
  if (menu.length === 0) return <p className="text-sm text-gray-700">{ORDER_MENU_TEXTS.final}</p>;
  const id = `order-${order.id}`;
  // Without scripts Apply always works and the server asks for what is missing.
  const ready = !hydrated || (next !== "" && (next !== "cancelled" || confirmed));
  return (
    <fetcher.Form method="post" action="/admin/orders" noValidate className="group grid gap-3 sm:grid-cols-3 sm:items-end">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="orderId" value={order.id} />
      <Field id={`${id}-status`} label={ORDER_MENU_TEXTS.label} error={errors.status}>
        <Select id={`${id}-status`} name="status" value={next} required onChange={(e) => setNext(e.target.value)} className={inputClass}
          aria-invalid={errors.status ? true : undefined} aria-describedby={errors.status ? `${id}-status-error` : undefined}
          placeholder={ORDER_MENU_TEXTS.placeholder} options={menu.map((item) => ({ value: item.status, label: item.label }))} />
      </Field>
      <Field id={`${id}-carrier`} label="Courier" error={errors.carrier} className="hidden group-has-[option[value=shipped]:checked]:block">
        <Select id={`${id}-carrier`} name="carrier" defaultValue="" className={inputClass}
          aria-invalid={errors.carrier ? true : undefined} aria-describedby={errors.carrier ? `${id}-carrier-error` : undefined}
          placeholder="Choose a courier" options={COURIERS.map((courier) => ({ value: courier, label: courier }))} />
      </Field>
      <Field id={`${id}-carrier-name`} label="Courier's name" error={errors.carrierName} className="hidden group-has-[option[value=Other]:checked]:block">
        <input id={`${id}-carrier-name`} name="carrierName" maxLength={40} autoComplete="off" className={inputClass}
          aria-invalid={errors.carrierName ? true : undefined} aria-describedby={errors.carrierName ? `${id}-carrier-name-error` : undefined} />
      </Field>
      <Field id={`${id}-tracking`} label="Tracking number" error={errors.trackingNumber} className="hidden group-has-[option[value=shipped]:checked]:block">
        <input
          id={`${id}-tracking`}
          name="trackingNumber"
          className={inputClass}
          autoComplete="off"
          aria-invalid={errors.trackingNumber ? true : undefined}
          aria-describedby={errors.trackingNumber ? `${id}-tracking-error` : undefined}
        />
      </Field>
      <Field id={`${id}-eta`} label="Estimated delivery" error={errors.estimatedDeliveryDate} className="hidden group-has-[option[value=shipped]:checked]:block">
        <input
          id={`${id}-eta`}
          name="estimatedDeliveryDate"
          type="date"
          min={lagosToday()}
          className={inputClass}
          aria-invalid={errors.estimatedDeliveryDate ? true : undefined}
          aria-describedby={errors.estimatedDeliveryDate ? `${id}-eta-error` : undefined}
        />
      </Field>
      <div role="group" aria-label={`Cancel order #${order.orderNumber}?`}
        className="hidden rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900 group-has-[option[value=cancelled]:checked]:block sm:col-span-2">
        <p>{ORDER_MENU_TEXTS.cancelWarning(order.status !== "pending")}</p>
        <label className="mt-2 flex items-center gap-2 font-semibold">
          <input type="checkbox" name="confirmCancel" value="yes" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)}
            className="h-5 w-5 rounded border-gray-300" aria-describedby={errors.confirmCancel ? `${id}-confirm-error` : undefined} />
          {ORDER_MENU_TEXTS.confirmCancel}
        </label>
        <FieldError id={`${id}-confirm-error`} message={errors.confirmCancel} />
      </div>
      <ActionButton busy={busy} disabled={!ready} variant={next === "cancelled" ? "danger" : "primary"} label={`Apply to order #${order.orderNumber}`}>
        {ORDER_MENU_TEXTS.apply}
      </ActionButton>
    </fetcher.Form>
  );
}

/** One fact of an order card: its name, then its value. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="inline font-semibold text-gray-900">{`${term}: `}</dt>
      <dd className="inline text-gray-800">{children}</dd>
    </div>
  );
}

/** A Paystack payment, or a manual one with its method, reference, note and who recorded it. */
function PaymentDetails({ order }: { order: AdminOrder }) {
  const payment = order.payment;
  if (!payment) return null;
  const manual = payment.gateway === "manual";
  return (
    <Fact term="Payment">
      {manual ? `${MANUAL_PAYMENT_TEXTS.manual} · ${paymentMethodLabel(payment.method)} · ref ${payment.gatewayReference ?? ""}` : <span className="font-mono text-xs">{payment.reference}</span>}
      {" · "}
      {isPaymentFailed(order.status, payment.status) ? PAYMENT_FAILED_LABEL : PAYMENT_STATUS_LABELS[payment.status]}
      {payment.isTest ? <TestBadge /> : null}
      {manual && payment.recordedBy ? ` · ${MANUAL_PAYMENT_TEXTS.recordedBy(payment.recordedBy)}` : null}
      {manual && payment.note ? <span className="block text-gray-700">Note: {payment.note}</span> : null}
    </Fact>
  );
}

export function TestBadge() {
  return <span className="ml-1 inline-flex rounded-full bg-yellow-100 px-2 py-0.5 text-xs font-semibold text-yellow-900">{TEST_PAYMENT_LABEL}</span>;
}

/** 'Record a payment received outside Paystack': only for an order still waiting for its money. */
function RecordPaymentForm({ order }: { order: AdminOrder }) {
  const { fetcher, busy, errors } = useAdminAction();
  const id = `pay-${order.id}`;
  const describe = (name: string, hint?: string) => [hint, errors[name] ? `${id}-${name}-error` : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <details className="mt-3 rounded-lg border border-gray-200 p-3">
      <summary className="cursor-pointer text-sm font-semibold text-brand-strong">{MANUAL_PAYMENT_TEXTS.action}</summary>
      <fetcher.Form method="post" action="/admin/orders" noValidate className="mt-3 grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="intent" value="record-payment" />
        <input type="hidden" name="orderId" value={order.id} />
        <Field id={`${id}-method`} label="Method" error={errors.method}>
          <Select id={`${id}-method`} name="method" defaultValue="" required className={inputClass}
            aria-invalid={errors.method ? true : undefined} aria-describedby={describe("method")}
            placeholder="Choose a method" options={MANUAL_PAYMENT_METHODS.map((method) => ({ value: method, label: MANUAL_PAYMENT_METHOD_LABELS[method] }))} />
        </Field>
        <Field id={`${id}-reference`} label="Reference" error={errors.reference}>
          <input id={`${id}-reference`} name="reference" required autoComplete="off" minLength={MANUAL_PAYMENT_BOUNDS.referenceMin}
            maxLength={MANUAL_PAYMENT_BOUNDS.referenceMax} className={inputClass}
            aria-invalid={errors.reference ? true : undefined} aria-describedby={describe("reference")} />
        </Field>
        <Field id={`${id}-amount`} label="Amount received (₦)" error={errors.amountNaira} errorId={`${id}-amountNaira-error`}>
          <input id={`${id}-amount`} name="amountNaira" required inputMode="decimal" autoComplete="off" className={inputClass}
            aria-invalid={errors.amountNaira ? true : undefined} aria-describedby={describe("amountNaira", `${id}-amount-hint`)} />
          <p id={`${id}-amount-hint`} className="mt-1 text-xs text-gray-600">Must be exactly the order total, {formatNaira(order.totalAmount)}</p>
        </Field>
        <Field id={`${id}-note`} label="Note (optional)" error={errors.note}>
          <textarea id={`${id}-note`} name="note" rows={2} maxLength={MANUAL_PAYMENT_BOUNDS.noteMax} className={inputClass}
            aria-invalid={errors.note ? true : undefined} aria-describedby={describe("note")} />
        </Field>
        <div className="sm:col-span-2 sm:text-right">
          <ActionButton busy={busy} variant="primary" label={`${MANUAL_PAYMENT_TEXTS.submit} for order #${order.orderNumber}`}>
            {MANUAL_PAYMENT_TEXTS.submit}
          </ActionButton>
        </div>
      </fetcher.Form>
    </details>
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
          <OrderStatusBadge status={order.status} paymentStatus={order.payment?.status} />
          {order.payment?.isTest ? <TestBadge /> : null}
          <span className="font-bold text-gray-900">{formatNaira(order.totalAmount)}</span>
        </div>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        <Fact term="Customer">
          {order.customer.name} ({order.customer.email}), {order.customer.city}, {order.customer.state}
        </Fact>
        <Fact term="Vendor">{order.vendor.businessName}</Fact>
        <Fact term="Placed">{formatDate(order.createdAt)}</Fact>
        {order.trackingNumber ? (
          <Fact term="Tracking">
            {order.carrier ? `${order.carrier} · ` : ""}
            <TrackingNumber carrier={order.carrier} number={order.trackingNumber} />
            {order.estimatedDeliveryDate && !order.deliveredAt ? ` · due ${formatCalendarDate(order.estimatedDeliveryDate)}` : ""}
          </Fact>
        ) : null}
        {order.shippedAt ? <Fact term="Shipped">{formatDate(order.shippedAt)}</Fact> : null}
        {order.deliveredAt ? <Fact term="Delivered">{formatDate(order.deliveredAt)}</Fact> : null}
        <PaymentDetails order={order} />
      </dl>
      <OrderHistoryDetails order={order} audience="admin" />
      <div className="mt-4 border-t border-gray-100 pt-4">
        <StatusMenu key={order.status} order={order} />
        {order.status === "pending" ? <RecordPaymentForm key={order.payment?.reference ?? ""} order={order} /> : null}
      </div>
    </li>
  );
}

type SearchErrors = Partial<Record<OrderSearchField, string>>;

/**
 * The search of the Orders tab: a GET form, so it works without scripts and its address can be
 * bookmarked; the server checks every value (domain/orders/admin-search.ts).
 */
function OrderSearchForm({ values, errors, vendors }: { values: OrderSearchValues; errors: SearchErrors; vendors: ReadonlyArray<{ id: string; businessName: string }> }) {
  const T = ORDER_SEARCH_TEXTS;
  const invalid = (field: OrderSearchField) => (errors[field] ? true : undefined);
  const describe = (field: OrderSearchField, hint?: string) => [hint, errors[field] ? `order-search-${field}-error` : undefined].filter(Boolean).join(" ") || undefined;
  const choices = [
    { field: "status", label: T.status, all: T.allStatuses, options: ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] })) },
    { field: "vendor", label: T.vendor, all: T.allVendors, options: vendors.map((vendor) => ({ value: vendor.id, label: vendor.businessName })) },
  ] as const;
  return (
    <Form method="get" action="/admin" preventScrollReset role="search" aria-label={T.legend} noValidate
      className="rounded-xl border border-gray-200 bg-white p-4">
      <input type="hidden" name="tab" value="orders" />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_1fr]">
        <Field id="order-search-q" label={T.text} error={errors.q} className="sm:col-span-2 lg:col-span-1">
          <input id="order-search-q" name="q" type="search" defaultValue={values.q} maxLength={ORDER_SEARCH_LIMITS.textMax} autoComplete="off"
            className={inputClass} aria-invalid={invalid("q")} aria-describedby={describe("q", "order-search-q-hint")} />
          <p id="order-search-q-hint" className="mt-1 text-xs text-gray-600">{T.textHint}</p>
        </Field>
        {(["from", "to"] as const).map((field) => (
          <Field key={field} id={`order-search-${field}`} label={T[field]} error={errors[field]}>
            <input id={`order-search-${field}`} name={field} type="date" defaultValue={values[field]} className={inputClass}
              aria-invalid={invalid(field)} aria-describedby={describe(field, "order-search-dates-hint")} />
          </Field>
        ))}
        {choices.map(({ field, label, all, options }) => (
          <Field key={field} id={`order-search-${field}`} label={label} error={errors[field]}>
            <Select id={`order-search-${field}`} name={field} defaultValue={values[field]} className={inputClass}
              aria-invalid={invalid(field)} aria-describedby={describe(field)} placeholder={all} options={options} />
          </Field>
        ))}
      </div>
      <p id="order-search-dates-hint" className="mt-2 text-xs text-gray-600">{T.dateHint}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <ActionButton variant="primary">{T.submit}</ActionButton>
        {isFiltered(values) ? (
          <Link to="?tab=orders" preventScrollReset className="text-sm font-semibold text-brand-strong underline">{T.clear}</Link>
        ) : null}
      </div>
    </Form>
  );
}

export function AdminOrdersTab({
  orders,
  search,
  errors,
  vendors,
}: {
  /** Null when the search could not be run (its errors say why). */
  orders: AdminOrderPage | null;
  search: OrderSearchValues;
  errors: SearchErrors;
  vendors: ReadonlyArray<{ id: string; businessName: string }>;
}) {
  const filtered = isFiltered(search);
  const query = orderSearchQuery(search);
  const params = Object.fromEntries(new URLSearchParams(query));
  return (
    <section>
      <SectionHeading title="Orders">
        {orders === null ? null : <ExportLink kind="orders" query={query} filtered={filtered} />}
      </SectionHeading>
      <OrderSearchForm key={query} values={search} errors={errors} vendors={vendors} />
      {orders === null ? (
        <div className="mt-4" role="alert">
          <EmptyRow text={ORDER_SEARCH_TEXTS.fixToSee} />
        </div>
      ) : (
        <>
          <p role="status" className="mt-4 text-sm font-semibold text-gray-900">{ORDER_SEARCH_TEXTS.count(orders.total, filtered)}</p>
          <CardList items={orders.items} empty={filtered ? ORDER_SEARCH_TEXTS.noMatch : ORDER_SEARCH_TEXTS.none}>
            {(order) => <OrderCard key={order.id} order={order} />}
          </CardList>
          <Pager page={orders.page} hasMore={orders.hasMore} params={{ tab: "orders", ...params }} />
        </>
      )}
    </section>
  );
}
