import type { AdminClaim } from "../../domain/claims/service";
import { CLAIM_DECISION_LABELS, CLAIM_LIMITS } from "../../domain/claims/texts";
import { CLAIM_FILTERS, CLAIM_FILTER_LABELS } from "../../domain/claims/validation";
import type { Page } from "../../domain/core/paging";
import { CLAIM_ADMIN_DECISIONS, type ClaimAdminDecision, isActiveClaim } from "../../lib/constants";
import { formatNaira } from "../../lib/money";
import { ClaimFacts, ClaimStatusBadge, ClaimTimeline } from "../orders/claim-timeline";
import { ClaimSteps } from "../orders/claim-parcel";
import { TimelineDetails } from "../orders/timeline";
import { FieldError, FilteredCardList, SectionHeading, filterOptions, inputClass } from "./admin-ui";
import { AdminDecisionForm } from "./decision-form";

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
  return (
    <AdminDecisionForm
      action="/admin/claims"
      idName="claimId"
      subjectId={claim.id}
      id={`decide-${claim.id}`}
      decisions={CLAIM_ADMIN_DECISIONS}
      labels={CLAIM_DECISION_LABELS}
      confirm={CONFIRM}
      hint={claim.hasPayment ? `A full refund returns what is left of ${formatNaira(claim.totalAmount)}.` : "This order has no payment to refund."}
      noteMax={CLAIM_LIMITS.noteMax}
      label={`Decide the claim on order #${claim.orderNumber}`}
      fields={({ id, errors, describe }) => (
        <div className="hidden group-has-[option[value^=partial]:checked]:block">
          <label htmlFor={`${id}-amount`} className="block text-sm font-semibold text-gray-900">Amount to refund (₦)</label>
          <input id={`${id}-amount`} name="amountNaira" inputMode="decimal" autoComplete="off" className={inputClass}
            aria-invalid={errors.amountNaira ? true : undefined} aria-describedby={[`${id}-amount-hint`, describe("amountNaira")].filter(Boolean).join(" ")} />
          <p id={`${id}-amount-hint`} className="mt-1 text-xs text-gray-600">At most {formatNaira(claim.totalAmount)}, less anything already refunded</p>
          <FieldError id={`${id}-amountNaira-error`} message={errors.amountNaira} />
        </div>
      )}
    />
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
        <TimelineDetails open>
          <ClaimTimeline claim={claim} />
        </TimelineDetails>
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
