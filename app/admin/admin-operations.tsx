import { useRef } from "react";
import type { ActivityEntry } from "../../domain/activity/service";
import type { AdminPayment } from "../../domain/admin/listings";
import type { Page } from "../../domain/core/paging";
import { PREAPPROVAL_FIELD_TYPE_LABELS, PREAPPROVAL_TEXTS } from "../../domain/vendors/preapproval-field-validation";
import type { PricingConfig } from "../../domain/pricing/service";
import { PRICING_BOUNDS } from "../../domain/pricing/validation";
import type { AdminReview } from "../../domain/reviews/moderation";
import type { PreapprovalField } from "../../domain/vendors/preapproval-fields";
import { MANUAL_PAYMENT_TEXTS, paymentMethodLabel } from "../../domain/payments/manual-validation";
import { buyersRefundDestination } from "../../lib/refund-destination";
import { REFUND_FORM_BOUNDS, REFUND_FORM_TEXTS } from "../../domain/payments/refund-validation";
import { DISPUTE_TEXTS } from "../../domain/payments/dispute-texts";
import { LIMITS, PAYMENT_FAILED_LABEL, PAYMENT_STATUS_LABELS, PREAPPROVAL_FIELD_TYPES, USER_TYPES, WEEKDAYS } from "../../lib/constants";
import { PAYOUT_HOUR } from "../../domain/payouts/period";
import { formatNaira, koboToNaira } from "../../lib/money";
import {
  ActionButton,
  ConfirmAction,
  EmptyRow,
  ExportLink,
  FieldError,
  FilterLinks,
  FilteredCardList,
  type ListFilter,
  ListOrEmpty,
  Pager,
  SectionHeading,
  filterOptions,
  inputClass,
  useAdminAction,
} from "./admin-ui";
import { formatDateTime } from "../ui/format";
import { TestBadge } from "./admin-orders";
import { StarRating } from "../ui/star-rating";

const REVIEW_FILTER: ListFilter = {
  label: "Review state",
  param: "approved",
  options: filterOptions(["false", "true"], { false: "Awaiting approval", true: "Approved" }),
};

export function AdminReviewsTab({ reviews, approved }: { reviews: Page<AdminReview>; approved: string }) {
  return (
    <section aria-label="Reviews">
      <SectionHeading title="Reviews" />
      <FilteredCardList tab="reviews" filter={REVIEW_FILTER} current={approved} page={reviews} empty="No reviews yet">
        {(review) => <ReviewRow key={review.id} review={review} />}
      </FilteredCardList>
    </section>
  );
}

function ReviewRow({ review }: { review: AdminReview }) {
  const { fetcher, busy } = useAdminAction();
  return (
    <li className="rounded-xl border border-gray-200 bg-white p-4" aria-label={`Review of ${review.productName} by ${review.authorName}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-bold text-gray-900">{review.productName}</h3>
          <p className="text-sm text-gray-700">
            {review.authorName} · {formatDateTime(review.createdAt)}
          </p>
        </div>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${review.approved ? "bg-emerald-100 text-emerald-900" : "bg-amber-100 text-amber-900"}`}>
          {review.approved ? "Approved" : "Not approved"}
        </span>
      </div>
      <div className="mt-2 flex items-center gap-2">
        <StarRating rating={review.rating} />
        <span className="sr-only">{review.rating} out of 5 stars</span>
      </div>
      {review.comment ? <p className="mt-2 text-sm text-gray-800">{review.comment}</p> : null}
      <fetcher.Form method="post" action="/admin/reviews" className="mt-3 flex gap-2">
        <input type="hidden" name="reviewId" value={review.id} />
        <ActionButton busy={busy} variant="primary" name="decision" value="approve">
          Approve
        </ActionButton>
        <ActionButton busy={busy} variant="danger" name="decision" value="reject">
          Reject
        </ActionButton>
      </fetcher.Form>
    </li>
  );
}

/** A payment as the Payments tab gets it: with the idempotency key its refund form sends. */
export type PaymentWithRefundKey = AdminPayment & { refundKey: string };

export function AdminPaymentsTab({ payments, flagged, filter }: { payments: Page<PaymentWithRefundKey>; flagged: PaymentWithRefundKey[]; filter: string }) {
  const filters = [
    { value: "", label: "All" },
    { value: "true", label: "Flagged for refund" },
  ];
  return (
    <section aria-label="Payments">
      <SectionHeading title="Payments">
        <ExportLink kind="payments" />
      </SectionHeading>
      <div className="mb-4 rounded-xl border border-amber-300 bg-amber-50 p-4" role="region" aria-label="Flagged for refund">
        <h3 className="font-bold text-amber-950">Flagged for refund</h3>
        {flagged.length === 0 ? (
          <p className="mt-1 text-sm text-amber-950">No payments are waiting for a refund.</p>
        ) : (
          <ul className="mt-2 space-y-3 text-sm text-amber-950">
            {flagged.map((p) => (
              <li key={p.id} aria-label={`Flagged payment ${p.paymentReference}`}>
                <span className="font-semibold">{p.paymentReference}</span> · {formatNaira(p.amount)} · {p.customerName}
                {p.isTest ? <TestBadge /> : null}
                {p.refundReason ? ` — ${p.refundReason}` : ""}
                <RefundList refunds={p.refunds} />
                {p.flaggedAmount > 0 ? <FlaggedRefundForm payment={p} /> : null}
              </li>
            ))}
          </ul>
        )}
      </div>
      <FilterLinks label="Payments shown" options={filters} current={filter} param="flagged" tab="payments" />
      <ListOrEmpty count={payments.items.length} empty="No payments yet">
        <div className="mt-4 overflow-x-auto rounded-xl border border-gray-200">
          <table className="min-w-full divide-y divide-gray-200 bg-white text-sm">
            <caption className="sr-only">Payments, newest first</caption>
            <thead className="bg-gray-50 text-left text-gray-900">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">Reference</th>
                <th scope="col" className="px-3 py-2 font-semibold">Status</th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">Amount</th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">Orders</th>
                <th scope="col" className="px-3 py-2 font-semibold">Customer</th>
                <th scope="col" className="px-3 py-2 font-semibold">Date</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100 text-gray-800">
              {payments.items.map((p) => (
                <tr key={p.id} data-testid="payment-row" data-reference={p.paymentReference}>
                  <td className="px-3 py-2 align-top">
                    <span className="font-mono text-xs">{p.paymentReference}</span>
                    {p.gateway === "manual" ? <ManualDetails payment={p} /> : null}
                    <RefundList refunds={p.refunds} />
                    <DisputeList disputes={p.disputes} />
                    {p.refundable > 0 ? <RefundForm payment={p} /> : null}
                  </td>
                  <td className="px-3 py-2 align-top" data-testid="payment-status">
                    {p.paymentFailed ? <span className="font-semibold text-red-800">{PAYMENT_FAILED_LABEL}</span> : PAYMENT_STATUS_LABELS[p.status]}
                    {p.isTest ? <TestBadge /> : null}
                    {p.flaggedForRefund ? <span className="ml-1 font-semibold text-amber-800">(refund)</span> : null}
                  </td>
                  <td className="px-3 py-2 text-right align-top">{formatNaira(p.amount)}</td>
                  <td className="px-3 py-2 text-right align-top">{p.orderCount}</td>
                  <td className="px-3 py-2 align-top">{p.customerName}</td>
                  <td className="px-3 py-2 whitespace-nowrap align-top">{formatDateTime(p.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ListOrEmpty>
      <Pager page={payments.page} hasMore={payments.hasMore} params={{ tab: "payments", flagged: filter }} />
    </section>
  );
}

/** A payment's refunds: amount, status, when and why. */
function RefundList({ refunds }: { refunds: AdminPayment["refunds"] }) {
  if (refunds.length === 0) return null;
  return (
    <div className="mt-1">
      <p className="text-xs font-semibold text-gray-900">{REFUND_FORM_TEXTS.refunds}</p>
      <ul className="text-xs text-gray-700" aria-label={REFUND_FORM_TEXTS.refunds}>
        {refunds.map((r) => (
          <li key={r.id} data-testid="refund-line">
            {formatNaira(r.amount)} · <span className={r.status === "failed" ? "font-semibold text-red-800" : "font-semibold"}>{REFUND_FORM_TEXTS.statuses[r.status]}</span> ·{" "}
            {formatDateTime(r.processedAt ?? r.createdAt)} · {r.reason}
            {r.status === "failed" && r.failureReason ? ` (${r.failureReason})` : ""}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A payment's card disputes: open ones with the date Paystack wants an answer by, then how each ended. */
function DisputeList({ disputes }: { disputes: AdminPayment["disputes"] }) {
  if (disputes.length === 0) return null;
  return (
    <div className="mt-1">
      <p className="text-xs font-semibold text-gray-900">{DISPUTE_TEXTS.heading}</p>
      <ul className="text-xs text-gray-700" aria-label={DISPUTE_TEXTS.heading}>
        {disputes.map((d) => (
          <li key={d.id} data-testid="dispute-line" className={d.state === "won" ? undefined : "font-semibold text-red-800"}>
            {d.summary}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Naira as the amount field shows it ("2500.5"), from kobo. */
const nairaText = (kobo: number) => String(koboToNaira(kobo));

/** 'Refund': full or partial, with a reason and a confirmation; the page's key makes a double submit refund once. */
function RefundForm({ payment }: { payment: PaymentWithRefundKey }) {
  const { fetcher, busy, errors } = useAdminAction();
  const id = `refund-${payment.id}`;
  const describe = (name: string, hint?: string) => [hint, errors[name] ? `${id}-${name}-error` : undefined].filter(Boolean).join(" ") || undefined;
  const left = formatNaira(payment.refundable);
  return (
    <details className="mt-2 min-w-64 rounded-lg border border-gray-200 p-2">
      <summary className="cursor-pointer text-sm font-semibold text-brand-strong">
        {REFUND_FORM_TEXTS.action}
        <span className="sr-only"> payment {payment.paymentReference}</span>
      </summary>
      <fetcher.Form method="post" action="/admin/payments" noValidate className="mt-2 grid gap-2" aria-label={REFUND_FORM_TEXTS.title(payment.paymentReference)}>
        <input type="hidden" name="intent" value="refund" />
        <input type="hidden" name="paymentId" value={payment.id} />
        <input type="hidden" name="idempotencyKey" value={payment.refundKey} />
        <div>
          <label htmlFor={`${id}-amount`} className="block text-sm font-semibold text-gray-900">{REFUND_FORM_TEXTS.amountLabel}</label>
          <input id={`${id}-amount`} name="amountNaira" required inputMode="decimal" autoComplete="off" defaultValue={nairaText(payment.refundable)} className={inputClass}
            aria-invalid={errors.amountNaira ? true : undefined} aria-describedby={describe("amountNaira", `${id}-amount-hint`)} />
          <p id={`${id}-amount-hint`} className="mt-1 text-xs text-gray-600">{REFUND_FORM_TEXTS.amountHint(left)}</p>
          <FieldError id={`${id}-amountNaira-error`} message={errors.amountNaira} />
        </div>
        <div>
          <label htmlFor={`${id}-reason`} className="block text-sm font-semibold text-gray-900">{REFUND_FORM_TEXTS.reasonLabel}</label>
          <textarea id={`${id}-reason`} name="reason" rows={2} required maxLength={REFUND_FORM_BOUNDS.reasonMax} className={inputClass}
            aria-invalid={errors.reason ? true : undefined} aria-describedby={describe("reason")} />
          <FieldError id={`${id}-reason-error`} message={errors.reason} />
        </div>
        <ConfirmBox id={id} error={errors.confirm} channel={payment.paymentMethod} />
        <div>
          <ActionButton busy={busy} variant="danger" label={`${REFUND_FORM_TEXTS.submit} payment ${payment.paymentReference}`}>
            {REFUND_FORM_TEXTS.submit}
          </ActionButton>
        </div>
      </fetcher.Form>
    </details>
  );
}

/** The refund goes back the way the buyer paid (card, bank transfer, USSD): the box names it. */
function ConfirmBox({ id, error, channel }: { id: string; error?: string; channel: string | null }) {
  return (
    <div>
      <label className="flex items-start gap-2 text-sm text-gray-900">
        <input type="checkbox" name="confirm" value="yes" required className="mt-1 h-4 w-4" aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-confirm-error` : undefined} />
        <span>{REFUND_FORM_TEXTS.confirmLabel(buyersRefundDestination(channel))}</span>
      </label>
      <FieldError id={`${id}-confirm-error`} message={error} />
    </div>
  );
}

/** The flagged panel's 'Refund': the flagged amount, for the reason the payment was flagged. */
function FlaggedRefundForm({ payment }: { payment: PaymentWithRefundKey }) {
  const { fetcher, busy, errors } = useAdminAction();
  const id = `flagged-refund-${payment.id}`;
  const amount = formatNaira(payment.flaggedAmount);
  return (
    <fetcher.Form method="post" action="/admin/payments" className="mt-2 flex flex-wrap items-start gap-3">
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="paymentId" value={payment.id} />
      <input type="hidden" name="idempotencyKey" value={payment.refundKey} />
      <input type="hidden" name="amountNaira" value={nairaText(payment.flaggedAmount)} />
      <input type="hidden" name="reason" value={payment.refundReason ?? "Flagged for refund"} />
      <ConfirmBox id={id} error={errors.confirm} channel={payment.paymentMethod} />
      <ActionButton busy={busy} variant="danger" label={`${REFUND_FORM_TEXTS.submitAmount(amount)} of payment ${payment.paymentReference}`}>
        {REFUND_FORM_TEXTS.submitAmount(amount)}
      </ActionButton>
      {errors.amountNaira ? <FieldError id={`${id}-amount-error`} message={errors.amountNaira} /> : null}
    </fetcher.Form>
  );
}

/** A payment an admin recorded: how it was paid, its own reference, who recorded it and why. */
function ManualDetails({ payment }: { payment: AdminPayment }) {
  return (
    <span className="mt-1 block text-xs text-gray-700">
      <span className="font-semibold text-gray-900">{MANUAL_PAYMENT_TEXTS.manual}</span> · {paymentMethodLabel(payment.paymentMethod)}
      {payment.gatewayReference ? ` · ref ${payment.gatewayReference}` : ""}
      {payment.recordedBy ? ` · ${MANUAL_PAYMENT_TEXTS.recordedBy(payment.recordedBy)}` : ""}
      {payment.note ? <span className="block">Note: {payment.note}</span> : null}
    </span>
  );
}

function AddFieldForm() {
  const form = useRef<HTMLFormElement>(null);
  const { fetcher, busy, errors } = useAdminAction(() => form.current?.reset());
  const describe = (name: string) => (errors[name] ? `field-${name}-error` : undefined);
  return (
    <fetcher.Form ref={form} method="post" action="/admin/preapproval-fields" noValidate className="grid gap-3 rounded-xl border border-gray-200 bg-white p-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="add" />
      <h3 className="font-bold text-gray-900 sm:col-span-2">Add a field</h3>
      <div>
        <label htmlFor="field-fieldName" className="block text-sm font-semibold text-gray-900">Field name</label>
        <input id="field-fieldName" name="fieldName" required maxLength={LIMITS.preapprovalFieldNameMax} pattern="[a-z_]+" className={inputClass}
          aria-invalid={errors.fieldName ? true : undefined} aria-describedby={describe("fieldName") ?? "field-fieldName-hint"} />
        <p id="field-fieldName-hint" className="mt-1 text-xs text-gray-600">Lowercase letters and underscores, e.g. cac_number</p>
        <FieldError id="field-fieldName-error" message={errors.fieldName} />
      </div>
      <div>
        <label htmlFor="field-fieldLabel" className="block text-sm font-semibold text-gray-900">Label</label>
        <input id="field-fieldLabel" name="fieldLabel" required maxLength={LIMITS.preapprovalFieldLabelMax} className={inputClass}
          aria-invalid={errors.fieldLabel ? true : undefined} aria-describedby={describe("fieldLabel")} />
        <FieldError id="field-fieldLabel-error" message={errors.fieldLabel} />
      </div>
      <div>
        <label htmlFor="field-fieldType" className="block text-sm font-semibold text-gray-900">Type</label>
        <select id="field-fieldType" name="fieldType" defaultValue="text" className={inputClass}>
          {PREAPPROVAL_FIELD_TYPES.map((type) => (
            <option key={type} value={type}>{PREAPPROVAL_FIELD_TYPE_LABELS[type]}</option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="field-fieldOrder" className="block text-sm font-semibold text-gray-900">Order</label>
        <input id="field-fieldOrder" name="fieldOrder" type="number" min={0} max={999} step={1} defaultValue={0} required className={inputClass}
          aria-invalid={errors.fieldOrder ? true : undefined} aria-describedby={describe("fieldOrder")} />
        <FieldError id="field-fieldOrder-error" message={errors.fieldOrder} />
      </div>
      <label className="flex items-center gap-2 text-sm font-semibold text-gray-900">
        <input type="checkbox" name="required" className="h-5 w-5 rounded border-gray-300" />
        Required
      </label>
      <div className="sm:text-right">
        <ActionButton busy={busy} variant="primary">Add Field</ActionButton>
      </div>
    </fetcher.Form>
  );
}

function FieldRow({ field }: { field: PreapprovalField }) {
  const toggle = useAdminAction();
  const remove = useAdminAction();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-gray-200 bg-white p-4" aria-label={field.fieldLabel}>
      <div>
        <h3 className="font-bold text-gray-900">{field.fieldLabel}</h3>
        <p className="text-sm text-gray-700">
          <code>{field.fieldName}</code> · {PREAPPROVAL_FIELD_TYPE_LABELS[field.fieldType]} · {field.required ? "Required" : "Optional"} · order {field.fieldOrder}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${field.active ? "bg-emerald-100 text-emerald-900" : "bg-gray-200 text-gray-800"}`}>
          {field.active ? "Active" : "Inactive"}
        </span>
        <toggle.fetcher.Form method="post" action="/admin/preapproval-fields">
          <input type="hidden" name="intent" value="toggle" />
          <input type="hidden" name="fieldId" value={field.id} />
          <input type="hidden" name="active" value={field.active ? "false" : "true"} />
          <ActionButton busy={toggle.busy} label={`${field.active ? "Deactivate" : "Activate"} ${field.fieldLabel}`}>
            {field.active ? "Deactivate" : "Activate"}
          </ActionButton>
        </toggle.fetcher.Form>
        <ConfirmAction trigger="Delete" question={PREAPPROVAL_TEXTS.confirmDelete(field.fieldLabel)}>
          <remove.fetcher.Form method="post" action="/admin/preapproval-fields">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="fieldId" value={field.id} />
            <ActionButton busy={remove.busy} variant="danger">Delete field</ActionButton>
          </remove.fetcher.Form>
        </ConfirmAction>
      </div>
    </li>
  );
}

export function AdminPreapprovalTab({ fields }: { fields: PreapprovalField[] }) {
  return (
    <section aria-label="Pre-Approval">
      <SectionHeading title="Pre-Approval fields" />
      <p className="mb-4 text-sm text-gray-700">Pending vendors fill in the active fields, in this order, before their review.</p>
      {fields.length === 0 ? (
        <EmptyRow text="No fields yet. Add the first one below." />
      ) : (
        <ul className="space-y-3">
          {fields.map((field) => (
            <FieldRow key={field.id} field={field} />
          ))}
        </ul>
      )}
      <div className="mt-6">
        <AddFieldForm />
      </div>
    </section>
  );
}

export function AdminPricingTab({ pricing }: { pricing: PricingConfig }) {
  const { fetcher, busy, errors } = useAdminAction();
  const notes = (name: string, hint: string) => (
    <>
      <p id={`pricing-${name}-hint`} className="mt-1 text-xs text-gray-600">{hint}</p>
      <FieldError id={`pricing-${name}-error`} message={errors[name]} />
    </>
  );
  const described = (name: string) => ({
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": `pricing-${name}-hint${errors[name] ? ` pricing-${name}-error` : ""}`,
  });
  const field = (name: string, label: string, value: number, bounds: { min: number; max: number }, suffix: string, step = "0.01") => (
    <div>
      <label htmlFor={`pricing-${name}`} className="block text-sm font-semibold text-gray-900">{label}</label>
      <div className="mt-1 flex items-center gap-2">
        <input id={`pricing-${name}`} name={name} type="number" inputMode={step === "1" ? "numeric" : "decimal"} step={step} min={bounds.min} max={bounds.max} required
          defaultValue={value} className={inputClass.replace("mt-1 ", "")} {...described(name)} />
        <span className="text-sm text-gray-700">{suffix}</span>
      </div>
      {notes(name, `From ${bounds.min} to ${bounds.max.toLocaleString("en-NG")}`)}
    </div>
  );
  const { min, max } = PRICING_BOUNDS.payoutMinimumKobo;
  return (
    <section aria-label="Pricing">
      <SectionHeading title="Pricing" />
      <fetcher.Form method="post" action="/admin/pricing" noValidate className="grid gap-4 rounded-xl border border-gray-200 bg-white p-4 sm:grid-cols-3">
        {field("markupPercentage", "Default markup", pricing.markupPercentage, PRICING_BOUNDS.markupPercentage, "%")}
        {field("commissionRate", "Default commission", pricing.commissionRate, PRICING_BOUNDS.commissionRate, "%")}
        {field("deliveryFeeNaira", "Default delivery fee", koboToNaira(pricing.deliveryFeeKobo), PRICING_BOUNDS.deliveryFeeNaira, "₦")}
        {field("warrantyDays", "Warranty", pricing.warrantyDays, PRICING_BOUNDS.warrantyDays, "days from delivery", "1")}
        {field("autoDeliverAfterDays", "Mark delivered automatically", pricing.autoDeliverAfterDays, PRICING_BOUNDS.autoDeliverAfterDays, "days after shipping", "1")}
        {field("returnWindowDays", "Change-of-mind returns", pricing.returnWindowDays, PRICING_BOUNDS.returnWindowDays, "days from delivery (0: off)", "1")}
        <div>
          <label htmlFor="pricing-payoutWeekday" className="block text-sm font-semibold text-gray-900">Payout day</label>
          <select id="pricing-payoutWeekday" name="payoutWeekday" defaultValue={pricing.payoutWeekday} className={inputClass} {...described("payoutWeekday")}>
            {WEEKDAYS.map((day, i) => (
              <option key={day} value={i}>{day}</option>
            ))}
          </select>
          {notes("payoutWeekday", `Runs start at ${PAYOUT_HOUR}:00, Lagos time`)}
        </div>
        <div>
          <label htmlFor="pricing-payoutMinimumNaira" className="block text-sm font-semibold text-gray-900">Minimum payout (₦)</label>
          <input id="pricing-payoutMinimumNaira" name="payoutMinimumNaira" inputMode="decimal" autoComplete="off" required defaultValue={nairaText(pricing.payoutMinimumKobo)}
            className={inputClass} {...described("payoutMinimumNaira")} />
          {notes("payoutMinimumNaira", `From ${formatNaira(min)} to ${formatNaira(max)}`)}
        </div>
        <p className="text-sm text-gray-700 sm:col-span-3">
          Final price = suggested price × (1 + markup). New approvals and checkouts use these settings; product pages and new orders
          state the warranty. A shipped order nobody marks delivered becomes delivered the set number of days after shipping. Buyers may
          return an unused phone they changed their mind about within the return window (0 turns returns off). Each
          week's payout run pays every vendor whose available balance has reached the minimum payout.
        </p>
        <div className="sm:col-span-3 sm:text-right">
          <ActionButton busy={busy} variant="primary">Save Pricing</ActionButton>
        </div>
      </fetcher.Form>
    </section>
  );
}

const USER_TYPE_LABELS = { vendor: "Vendors", buyer: "Buyers", admin: "Admins" } as const;

export function AdminActivitiesTab({ activities, userType }: { activities: ActivityEntry[]; userType: string }) {
  const filters = filterOptions(USER_TYPES, USER_TYPE_LABELS);
  return (
    <section aria-label="Activities">
      <SectionHeading title="Activities" />
      <FilterLinks label="User type" options={filters} current={userType} param="userType" tab="activities" />
      <ListOrEmpty count={activities.length} empty="No activity yet">
        <ol className="mt-4 divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white">
          {activities.map((a) => (
            <li key={a.id} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3 text-sm">
              <div className="min-w-0">
                <p className="text-gray-900">{a.description}</p>
                <p className="text-xs text-gray-600">
                  {a.userType} · {a.activityType}
                  {a.actorEmail ? ` · ${a.actorEmail}` : ""}
                </p>
              </div>
              <time dateTime={a.createdAt} className="whitespace-nowrap text-xs text-gray-700">{formatDateTime(a.createdAt)}</time>
            </li>
          ))}
        </ol>
      </ListOrEmpty>
    </section>
  );
}
