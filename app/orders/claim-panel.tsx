import { useId } from "react";
import type { ClaimView } from "../../domain/claims/service";
import { canEscalate, needsPhoneBack } from "../../domain/claims/rules";
import { CLAIM_LIMITS, CLAIM_TEXTS } from "../../domain/claims/texts";
import { formatDate } from "../ui/format";
import { ClaimParcelForm, ClaimSteps } from "./claim-parcel";
import { ClaimFacts, ClaimStatusBadge, ClaimTimeline } from "./claim-timeline";
import { SupportRequestForm } from "./support-request";

/** The order's warranty claim on its card: where it stands, the same timeline the vendor and admins see, and escalation when allowed. */
export function ClaimPanel({ claim }: { claim: ClaimView }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="mt-4 rounded-xl border border-gray-200 bg-gray-50 p-3" data-testid="order-claim">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-sm font-bold text-gray-900">
          Warranty claim
        </h3>
        <ClaimStatusBadge claim={claim} />
      </div>
      {claim.status === "accepted" ? (
        <div className="mt-3 space-y-3">
          <ClaimSteps claim={claim} />
          {needsPhoneBack(claim) && !claim.returnShippedAt && !claim.replacementOrderNumber ? (
            <>
              {claim.returnInstructions ? <p className="whitespace-pre-line break-words text-sm text-gray-800">How to return the phone: {claim.returnInstructions}</p> : null}
              {claim.buyerDueAt ? <p className="text-sm font-semibold text-gray-900">{CLAIM_TEXTS.sendBackBy(formatDate(claim.buyerDueAt))}</p> : null}
              <ClaimParcelForm claim={claim} action="/orders/claims" intent="return" heading="Send the phone back" submit="I sent the phone" />
            </>
          ) : null}
        </div>
      ) : claim.returnShippedAt ? (
        <div className="mt-3">
          <ClaimSteps claim={claim} />
        </div>
      ) : null}
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-semibold text-brand-strong">Claim details and timeline</summary>
        <div className="mt-3 space-y-4">
          <ClaimFacts claim={claim} />
          <ClaimTimeline claim={claim} />
        </div>
      </details>
      {canEscalate(claim) ? (
        <div className="mt-3 space-y-2">
          <p className="text-sm text-gray-800">{claim.status === "declined" ? "Disagree with the vendor?" : claim.status === "accepted" ? "The vendor is late with the next step." : "The vendor has not answered in time."}</p>
          {claim.status === "declined" && claim.buyerDueAt ? <p className="text-sm text-gray-800">{CLAIM_TEXTS.escalateBy(formatDate(claim.buyerDueAt))}</p> : null}
          <SupportRequestForm action="/orders/claims" idName="claimId" subjectId={claim.id} fieldId={`escalate-${claim.id}`} limits={CLAIM_LIMITS} minLength />
        </div>
      ) : null}
      {claim.status === "open" && !claim.overdue ? <p className="mt-2 text-xs text-gray-700">{CLAIM_TEXTS.reviewTime}</p> : null}
    </section>
  );
}
