import type { AdminProduct, AdminVendor } from "../../domain/admin/listings";
import type { Page } from "../../domain/core/paging";
import type { PreapprovalReview } from "../../domain/vendors/preapproval";
import { MODERATION_TEXTS } from "../../domain/catalog/moderation-validation";
import {
  INSPECTION_POINTS, PRODUCT_STATUSES, PRODUCT_STATUS_LABELS, VENDOR_STATUSES, VENDOR_STATUS_LABELS, type VendorStatus,
} from "../../lib/constants";
import { finalPriceFromSuggested, formatNaira, koboToNaira } from "../../lib/money";
import type { CommissionChange } from "../../domain/payouts/commission";
import { COMMISSION_BOUNDS, COMMISSION_TEXTS } from "../../domain/payouts/validation";
import { ActionButton, ConfirmAction, FieldError, FilteredCardList, SectionHeading, inputClass, statusFilter, useAdminAction } from "./admin-ui";
import { FileLink } from "../ui/file-link";
import { formatDate, formatDateTime } from "../ui/format";

const DECISION_STYLES: Record<VendorStatus, string> = {
  pending: "bg-amber-100 text-amber-900",
  approved: "bg-emerald-100 text-emerald-900",
  rejected: "bg-red-100 text-red-900",
};

export function DecisionBadge({ status }: { status: VendorStatus }) {
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${DECISION_STYLES[status]}`}>{VENDOR_STATUS_LABELS[status]}</span>;
}

function VendorStatusForm({ vendor }: { vendor: AdminVendor }) {
  const { fetcher, busy } = useAdminAction();
  const id = `vendor-${vendor.id}`;
  return (
    <fetcher.Form method="post" action="/admin/vendors" className="grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
      <input type="hidden" name="vendorId" value={vendor.id} />
      <div>
        <label htmlFor={`${id}-status`} className="block text-sm font-semibold text-gray-900">
          Set status
        </label>
        <select id={`${id}-status`} name="status" defaultValue={vendor.status} className={inputClass}>
          {VENDOR_STATUSES.map((status) => (
            <option key={status} value={status}>
              {VENDOR_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-reason`} className="block text-sm font-semibold text-gray-900">
          Reason (sent when rejecting)
        </label>
        <input id={`${id}-reason`} name="reason" maxLength={500} className={inputClass} defaultValue={vendor.rejectionReason ?? ""} />
      </div>
      <ActionButton busy={busy} variant="primary" label={`Save status of ${vendor.businessName}`}>
        Save
      </ActionButton>
    </fetcher.Form>
  );
}

/** The vendor's latest pre-approval answers; documents download through the admin-only route. */
function PreapprovalAnswers({ review }: { review: PreapprovalReview }) {
  return (
    <details className="mt-3 rounded-lg border border-gray-200 bg-gray-50 p-3 text-sm">
      <summary className="cursor-pointer font-semibold text-gray-900">Pre-approval answers</summary>
      <p className="mt-2 text-xs text-gray-600">Sent {formatDate(review.submittedAt)}</p>
      <dl className="mt-2 grid gap-x-4 gap-y-2 sm:grid-cols-[minmax(8rem,16rem)_1fr]">
        {review.answers.map((answer, i) => (
          <div key={`${i}-${answer.label}`} className="contents">
            <dt className="font-semibold text-gray-800">{answer.label}</dt>
            <dd className="whitespace-pre-line break-words text-gray-800">
              {answer.documentHref ? (
                <FileLink href={answer.documentHref} className="font-semibold text-brand-strong underline underline-offset-2">
                  Open document
                </FileLink>
              ) : (
                answer.value
              )}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** An approved vendor's commission: the rate, 'Change commission' (asked twice) and the changes so far. */
function CommissionPanel({ vendor }: { vendor: AdminVendor }) {
  return (
    <div className="mt-3 space-y-2 rounded-lg border border-gray-200 p-3 text-sm" role="group" aria-label={`Commission of ${vendor.businessName}`}>
      <p className="font-semibold text-gray-900" data-testid="commission-rate">{COMMISSION_TEXTS.current(vendor.commissionRate)}</p>
      <CommissionForm key={vendor.commissionRate} vendor={vendor} />
      <CommissionHistory changes={vendor.commissionChanges} />
    </div>
  );
}

function CommissionForm({ vendor }: { vendor: AdminVendor }) {
  const { fetcher, busy, errors } = useAdminAction();
  const id = `commission-${vendor.id}`;
  const describe = (name: string) => (errors[name] ? `${id}-${name}-error` : undefined);
  return (
    <details>
      <summary className="cursor-pointer font-semibold text-brand-strong">
        {COMMISSION_TEXTS.action}
        <span className="sr-only"> of {vendor.businessName}</span>
      </summary>
      <fetcher.Form method="post" action="/admin/vendors" noValidate className="mt-2 grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-start">
        <input type="hidden" name="intent" value="commission" />
        <input type="hidden" name="vendorId" value={vendor.id} />
        <div>
          <label htmlFor={`${id}-rate`} className="block font-semibold text-gray-900">{COMMISSION_TEXTS.rateLabel}</label>
          <input id={`${id}-rate`} name="rate" inputMode="decimal" autoComplete="off" required defaultValue={vendor.commissionRate} className={inputClass}
            aria-invalid={errors.rate ? true : undefined} aria-describedby={describe("rate")} />
          <FieldError id={`${id}-rate-error`} message={errors.rate} />
        </div>
        <div>
          <label htmlFor={`${id}-reason`} className="block font-semibold text-gray-900">{COMMISSION_TEXTS.reasonLabel}</label>
          <input id={`${id}-reason`} name="reason" required minLength={COMMISSION_BOUNDS.reasonMin} maxLength={COMMISSION_BOUNDS.reasonMax} className={inputClass}
            aria-invalid={errors.reason ? true : undefined} aria-describedby={describe("reason")} />
          <FieldError id={`${id}-reason-error`} message={errors.reason} />
        </div>
        <div className="sm:pt-6">
          <ConfirmAction trigger={COMMISSION_TEXTS.save} question={COMMISSION_TEXTS.confirm(vendor.businessName)}>
            <ActionButton busy={busy} variant="danger" label={`${COMMISSION_TEXTS.confirmButton}: ${vendor.businessName}`}>
              {COMMISSION_TEXTS.confirmButton}
            </ActionButton>
          </ConfirmAction>
        </div>
      </fetcher.Form>
    </details>
  );
}

function CommissionHistory({ changes }: { changes: CommissionChange[] }) {
  if (changes.length === 0) return null;
  return (
    <details>
      <summary className="cursor-pointer font-semibold text-gray-900">{COMMISSION_TEXTS.history(changes.length)}</summary>
      <ul className="mt-2 space-y-1 text-gray-800">
        {changes.map((change) => (
          <li key={change.id}>
            <time dateTime={change.createdAt}>{formatDateTime(change.createdAt)}</time>: {change.oldRate}% → {change.newRate}%
            {change.changedBy ? ` · ${change.changedBy}` : ""} · {change.reason}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** How many paid orders the vendor cancelled (docs/after-sale.md). */
export const VENDOR_CANCELLATIONS_TEXT = (count: number) => `Orders cancelled by the vendor: ${count}`;

const VENDOR_FILTER = statusFilter("Vendor status", VENDOR_STATUSES, VENDOR_STATUS_LABELS);

export function AdminVendorsTab({ vendors, status }: { vendors: Page<AdminVendor>; status: string }) {
  return (
    <section aria-label="Vendors">
      <SectionHeading title="Vendors" />
      <FilteredCardList tab="vendors" filter={VENDOR_FILTER} current={status} page={vendors} empty="No vendors found">
        {(vendor) => (
          <li key={vendor.id} className="rounded-xl border border-gray-200 bg-white p-4" aria-label={vendor.businessName}>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <h3 className="font-bold text-gray-900">{vendor.businessName}</h3>
                <p className="text-sm text-gray-700">
                  {vendor.ownerName ?? "—"} · {vendor.contactEmail} · {vendor.contactPhone}
                </p>
                <p className="text-sm text-gray-700">{vendor.businessAddress}</p>
                <p className="text-xs text-gray-600">Applied {formatDate(vendor.createdAt)}</p>
                <p className="text-xs text-gray-600">{VENDOR_CANCELLATIONS_TEXT(vendor.cancelledByVendor)}</p>
              </div>
              <div className="flex items-center gap-2">
                <DecisionBadge status={vendor.status} />
                {vendor.verified ? <span className="text-xs font-semibold text-sky-800">Verified</span> : null}
              </div>
            </div>
            {vendor.preapproval ? <PreapprovalAnswers review={vendor.preapproval} /> : null}
            {vendor.status === "approved" ? <CommissionPanel vendor={vendor} /> : null}
            <div className="mt-4 border-t border-gray-100 pt-4">
              <VendorStatusForm key={vendor.status} vendor={vendor} />
            </div>
          </li>
        )}
      </FilteredCardList>
    </section>
  );
}

function ProductDecision({ product, markup }: { product: AdminProduct; markup: number }) {
  const { fetcher, busy, errors } = useAdminAction();
  const id = `product-${product.id}`;
  const compareChoices = [
    { value: "none", label: MODERATION_TEXTS.compareNone },
    { value: "suggested", label: MODERATION_TEXTS.compareSuggested(formatNaira(product.suggestedPrice)) },
    { value: "custom", label: MODERATION_TEXTS.compareCustom },
  ];
  return (
    <fetcher.Form method="post" action="/admin/products" noValidate className="group grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
      <input type="hidden" name="intent" value="decide" />
      <input type="hidden" name="productId" value={product.id} />
      <div className="max-w-xs sm:col-span-3">
        <label htmlFor={`${id}-final`} className="block text-sm font-semibold text-gray-900">{MODERATION_TEXTS.finalPriceLabel}</label>
        <input id={`${id}-final`} name="finalPriceNaira" inputMode="decimal" autoComplete="off" className={inputClass}
          defaultValue={String(koboToNaira(finalPriceFromSuggested(product.suggestedPrice, markup)))}
          aria-invalid={errors.finalPriceNaira ? true : undefined}
          aria-describedby={`${id}-final-hint${errors.finalPriceNaira ? ` ${id}-final-error` : ""}`} />
        <FieldError id={`${id}-final-error`} message={errors.finalPriceNaira} />
        <p id={`${id}-final-hint`} className="mt-1 text-xs text-gray-600">{MODERATION_TEXTS.finalPriceHint(markup)}</p>
      </div>
      <fieldset className="sm:col-span-3">
        <legend className="text-sm font-semibold text-gray-900">{MODERATION_TEXTS.compareLegend}</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2 text-sm text-gray-800">
          {compareChoices.map((choice) => (
            <label key={choice.value} className="flex items-center gap-2">
              <input type="radio" name="compareSource" value={choice.value} defaultChecked={choice.value === "none"} className="h-4 w-4" />
              {choice.label}
            </label>
          ))}
        </div>
        <div className="mt-2 hidden max-w-xs group-has-[input[value=custom]:checked]:block">
          <label htmlFor={`${id}-compare`} className="block text-sm font-semibold text-gray-900">Comparison price (₦)</label>
          <input id={`${id}-compare`} name="comparePriceNaira" inputMode="decimal" autoComplete="off" className={inputClass}
            aria-invalid={errors.comparePriceNaira ? true : undefined}
            aria-describedby={`${id}-compare-hint${errors.comparePriceNaira ? ` ${id}-compare-error` : ""}`} />
          <FieldError id={`${id}-compare-error`} message={errors.comparePriceNaira} />
        </div>
        <p id={`${id}-compare-hint`} className="mt-1 text-xs text-gray-600">{MODERATION_TEXTS.compareHint}</p>
      </fieldset>
      <div>
        <label htmlFor={`${id}-reason`} className="block text-sm font-semibold text-gray-900">
          Reason (sent when rejecting)
        </label>
        <input id={`${id}-reason`} name="reason" maxLength={500} className={inputClass} />
      </div>
      <ActionButton busy={busy} variant="primary" name="decision" value="approve" label={`Approve ${product.name}`}>
        Approve
      </ActionButton>
      <ActionButton busy={busy} variant="danger" name="decision" value="reject" label={`Reject ${product.name}`}>
        Reject
      </ActionButton>
    </fetcher.Form>
  );
}

/** 'Inspect': the 15 points as checkboxes; only all of them ticked marks the listing inspected. */
function InspectionChecklist({ product }: { product: AdminProduct }) {
  const { fetcher, busy } = useAdminAction();
  const id = `inspect-${product.id}`;
  return (
    <details className="rounded-lg border border-gray-200 p-3">
      <summary className="cursor-pointer text-sm font-semibold text-brand-strong">
        {MODERATION_TEXTS.inspect}
        <span className="sr-only"> {product.name}</span>
      </summary>
      <fetcher.Form method="post" action="/admin/products" className="mt-3">
        <input type="hidden" name="intent" value="inspect" />
        <input type="hidden" name="productId" value={product.id} />
        <fieldset>
          <legend className="text-sm font-semibold text-gray-900">{MODERATION_TEXTS.inspectLegend(INSPECTION_POINTS.length)}</legend>
          <ul className="mt-2 grid gap-2 text-sm text-gray-800 sm:grid-cols-2">
            {INSPECTION_POINTS.map((point, i) => (
              <li key={point}>
                <label htmlFor={`${id}-${i}`} className="flex min-h-8 items-center gap-2">
                  <input id={`${id}-${i}`} type="checkbox" name="point" value={point} className="h-5 w-5 rounded border-gray-300" />
                  {point}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <div className="mt-3">
          <ActionButton busy={busy} variant="primary" label={`${MODERATION_TEXTS.markInspected}: ${product.name}`}>
            {MODERATION_TEXTS.markInspected}
          </ActionButton>
        </div>
      </fetcher.Form>
    </details>
  );
}

/** Who inspected the listing and when, with the way to take it back. */
function InspectionRecord({ product }: { product: AdminProduct }) {
  const { fetcher, busy } = useAdminAction();
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className="font-semibold text-emerald-900">
        {product.inspectedAt
          ? MODERATION_TEXTS.inspectedBy(product.inspectedBy ?? "an admin", formatDate(product.inspectedAt))
          : "Admin inspected"}
      </p>
      <ConfirmAction trigger={MODERATION_TEXTS.withdraw} question={MODERATION_TEXTS.confirmWithdraw(product.name)}>
        <fetcher.Form method="post" action="/admin/products">
          <input type="hidden" name="intent" value="withdraw-inspection" />
          <input type="hidden" name="productId" value={product.id} />
          <ActionButton busy={busy} variant="danger" label={`${MODERATION_TEXTS.withdraw}: ${product.name}`}>
            {MODERATION_TEXTS.withdraw}
          </ActionButton>
        </fetcher.Form>
      </ConfirmAction>
    </div>
  );
}

const PRODUCT_FILTER = statusFilter("Product status", PRODUCT_STATUSES, PRODUCT_STATUS_LABELS);

export function AdminProductsTab({ products, status, markup }: { products: Page<AdminProduct>; status: string; markup: number }) {
  return (
    <section aria-label="Products">
      <SectionHeading title="Products">
        <a href="/products" className="text-sm font-semibold text-brand-strong underline underline-offset-2">
          Manage all products
        </a>
      </SectionHeading>
      <p className="mb-3 text-sm text-gray-700">
        Set each listing's final price where you approve it: it starts at the suggested price plus the {markup}% markup of the pricing settings.
      </p>
      <FilteredCardList tab="products" filter={PRODUCT_FILTER} current={status} page={products} empty="No products found">
        {(product) => (
          <li key={product.id} data-product-id={product.id} className="rounded-xl border border-gray-200 bg-white p-4" aria-label={product.name}>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="flex min-w-0 gap-3">
                {product.image ? (
                  <img src={product.image} alt="" width={56} height={56} loading="lazy" className="h-14 w-14 shrink-0 rounded-lg bg-gray-50 object-contain" />
                ) : null}
                <div className="min-w-0">
                  <h3 className="font-bold text-gray-900">{product.name}</h3>
                  <p className="text-sm text-gray-700">
                    {product.storage} · Grade {product.grade} · {product.vendorName} · stock {product.stockQuantity}
                  </p>
                  <p className="text-sm text-gray-800">
                    Suggested {formatNaira(product.suggestedPrice)}
                    {product.finalPrice !== null ? ` · Final ${formatNaira(product.finalPrice)}` : ""}
                    {product.comparePrice !== null ? ` · Was ${formatNaira(product.comparePrice)}` : ""}
                  </p>
                </div>
              </div>
              <DecisionBadge status={product.status} />
            </div>
            <div className="mt-4 space-y-3 border-t border-gray-100 pt-4">
              <ProductDecision product={product} markup={markup} />
              {product.adminInspected ? <InspectionRecord product={product} /> : <InspectionChecklist key={product.inspectedAt ?? ""} product={product} />}
            </div>
          </li>
        )}
      </FilteredCardList>
    </section>
  );
}
