import { useState } from "react";
import type { AdminClaim } from "../../domain/claims/service";
import { CLAIM_DECISION_LABELS, CLAIM_LIMITS } from "../../domain/claims/texts";
import { CLAIM_FILTERS, CLAIM_FILTER_LABELS } from "../../domain/claims/validation";
import type { Page } from "../../domain/core/paging";
import { CLAIM_ADMIN_DECISIONS, type ClaimAdminDecision, isActiveClaim } from "../../lib/constants";
import { formatNaira } from "../../lib/money";
import { ClaimFacts, ClaimStatusBadge, ClaimTimeline } from "../orders/claim-timeline";
import { ClaimSteps } from "../orders/claim-parcel";
import { useHydrated } from "../ui/use-hydrated";
import { ActionButton, FieldError, FilteredCardList, SectionHeading, filterOptions, inputClass, useAdminAction } from "./admin-ui";

const CONFIRM: Record<ClaimAdminDecision, string> = {
  full_refund: "Yes, refund what is left of this order",
  partial_refund: "Yes, refund this amount",
  replacement: "Yes, the buyer gets a replacement",
  reject: "Yes, reject this claim",
};

/**
 * The decision: full refund, partial refund (naira, at most what is left), replacement, or reject
 * (with a note). Each asks for a tick first; the amount shows for a partial refund through CSS
 * alone, so the form works the same without scripts. The server checks everything again.
 */
function DecisionForm({ claim }: { claim: AdminClaim }) {
  const { fetcher, busy, errors } = useAdminAction();
  const [decision, setDecision] = useState<ClaimAdminDecision | "">("");
  const [confirmed, setConfirmed] = useState(false);
  const hydrated = useHydrated();
  const id = `decide-${claim.id}`;
  const describe = (name: string) => (errors[name] ? `${id}-${name}-error` : undefined);
  return (
    <fetcher.Form method="post" action="/admin/claims" noValidate className="group grid gap-3 rounded-lg border border-gray-200 p-3 sm:grid-cols-2">
      <input type="hidden" name="claimId" value={claim.id} />
      <div>
        <label htmlFor={`${id}-decision`} className="block text-sm font-semibold text-gray-900">Decision</label>
        <select id={`${id}-decision`} name="decision" value={decision} onChange={(e) => { setDecision(e.target.value as ClaimAdminDecision); setConfirmed(false); }}
          className={inputClass} aria-invalid={errors.decision ? true : undefined} aria-describedby={describe("decision")}>
          <option value="">Choose a decision</option>
          {CLAIM_ADMIN_DECISIONS.map((value) => (
            <option key={value} value={value}>{CLAIM_DECISION_LABELS[value]}</option>
          ))}
        </select>
        <FieldError id={`${id}-decision-error`} message={errors.decision} />
        <p className="mt-1 text-xs text-gray-600">
          {claim.hasPayment ? `A full refund returns what is left of ${formatNaira(claim.totalAmount)}.` : "This order has no payment to refund."}
        </p>
      </div>
      <div className="hidden group-has-[option[value^=partial]:checked]:block">
        <label htmlFor={`${id}-amount`} className="block text-sm font-semibold text-gray-900">Amount to refund (₦)</label>
        <input id={`${id}-amount`} name="amountNaira" inputMode="decimal" autoComplete="off" className={inputClass}
          aria-invalid={errors.amountNaira ? true : undefined} aria-describedby={[`${id}-amount-hint`, describe("amountNaira")].filter(Boolean).join(" ")} />
        <p id={`${id}-amount-hint`} className="mt-1 text-xs text-gray-600">At most {formatNaira(claim.totalAmount)}, less anything already refunded</p>
        <FieldError id={`${id}-amountNaira-error`} message={errors.amountNaira} />
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-note`} className="block text-sm font-semibold text-gray-900">Note (required to reject)</label>
        <textarea id={`${id}-note`} name="note" rows={2} maxLength={CLAIM_LIMITS.noteMax} className={inputClass}
          aria-invalid={errors.note ? true : undefined} aria-describedby={describe("note")} />
        <FieldError id={`${id}-note-error`} message={errors.note} />
      </div>
      <div className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900 sm:col-span-2">
        <p>The buyer and the vendor are told at once. A refund sends money back through Paystack and cannot be undone.</p>
        <label className="mt-2 flex items-center gap-2 font-semibold">
          <input type="checkbox" name="confirm" value="yes" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} className="h-5 w-5 rounded border-gray-300"
            aria-describedby={describe("confirm")} />
          {decision ? CONFIRM[decision] : "Yes, I have checked this decision"}
        </label>
        <FieldError id={`${id}-confirm-error`} message={errors.confirm} />
      </div>
      <div className="sm:col-span-2 sm:text-right">
        <ActionButton busy={busy} disabled={hydrated && (!decision || !confirmed)} variant={decision === "reject" ? "danger" : "primary"} label={`Decide the claim on order #${claim.orderNumber}`}>
          Save decision
        </ActionButton>
      </div>
    </fetcher.Form>
  );
}

function ClaimCard({ claim }: { claim: AdminClaim }) {
  const active = isActiveClaim(claim.status);
  return (
    <li className="rounded-xl border border-gray-200 bg-white p-4" aria-labelledby={`claim-${claim.id}-title`} data-testid="admin-claim">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`claim-${claim.id}-title`} className="font-bold text-gray-900">Order #{claim.orderNumber}</h3>
          <p className="text-sm text-gray-700">
            {claim.productName} · {formatNaira(claim.totalAmount)} · buyer {claim.customerName} · vendor {claim.businessName}
          </p>
        </div>
        <ClaimStatusBadge claim={claim} />
      </div>
      <div className="mt-3 space-y-4">
        <ClaimFacts claim={claim} />
        <ClaimSteps claim={claim} />
        <details open>
          <summary className="cursor-pointer text-sm font-semibold text-brand-strong">Timeline</summary>
          <div className="mt-3">
            <ClaimTimeline claim={claim} />
          </div>
        </details>
        {active ? <DecisionForm claim={claim} /> : null}
      </div>
    </li>
  );
}

const CLAIM_FILTER = { label: "Claims", param: "status", options: filterOptions(CLAIM_FILTERS, CLAIM_FILTER_LABELS) };

/** The Claims tab: every warranty claim, escalated and overdue ones first, with filters. */
export function AdminClaimsTab({ claims, filter }: { claims: Page<AdminClaim>; filter: string }) {
  return (
    <section>
      <SectionHeading title="Warranty claims" />
      <FilteredCardList tab="claims" filter={CLAIM_FILTER} current={filter} page={claims} empty="No warranty claims">
        {(claim) => <ClaimCard key={claim.id} claim={claim} />}
      </FilteredCardList>
    </section>
  );
}
