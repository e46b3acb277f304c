import type { ClaimView } from "../../domain/claims/service";
import { CLAIM_DECISION_LABELS, CLAIM_EVENT_LABELS, CLAIM_OUTCOME_LABELS } from "../../domain/claims/texts";
import type { ClaimStatus } from "../../lib/constants";
import { Fact, FactList } from "../ui/fact-list";
import { FileLink } from "../ui/file-link";
import { formatDate, formatDateTime } from "../ui/format";
import { Timeline } from "./timeline";

const CLAIM_STYLES: Record<ClaimStatus, string> = {
  open: "bg-amber-100 text-amber-900 ring-amber-300",
  accepted: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  declined: "bg-red-100 text-red-900 ring-red-300",
  escalated: "bg-violet-100 text-violet-900 ring-violet-300",
  resolved: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  rejected: "bg-gray-200 text-gray-800 ring-gray-300",
};

/** The claim's status ('Waiting for the vendor'), and 'Overdue' past the vendor's due date (its answer, or an accepted claim's next step). */
export function ClaimStatusBadge({ claim }: { claim: Pick<ClaimView, "status" | "statusLabel" | "overdue"> & Partial<Pick<ClaimView, "outcomeOverdue">> }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${CLAIM_STYLES[claim.status]}`} data-testid="claim-status">
        {claim.statusLabel}
      </span>
      {claim.overdue || claim.outcomeOverdue ? <span className="inline-flex items-center rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900 ring-1 ring-inset ring-red-300">Overdue</span> : null}
    </span>
  );
}

/** What the claim says and where it stands: the same facts for the buyer, the vendor and admins. */
export function ClaimFacts({ claim }: { claim: ClaimView }) {
  return (
    <FactList>
      <Fact label="Reason">{claim.reasonLabel}</Fact>
      <Fact label="Opened">{formatDate(claim.createdAt)}</Fact>
      <Fact label="What the buyer says" wide>
        {claim.description}
      </Fact>
      {claim.status === "open" ? <Fact label="Vendor answers by">{formatDateTime(claim.answerDueAt)}</Fact> : null}
      {claim.vendorOutcome ? <Fact label="Vendor offers">{CLAIM_OUTCOME_LABELS[claim.vendorOutcome]}</Fact> : null}
      {claim.returnInstructions ? (
        <Fact label="How to return the phone" wide>
          {claim.returnInstructions}
        </Fact>
      ) : null}
      {claim.declineReason ? (
        <Fact label="Why the vendor declined" wide>
          {claim.declineReason}
        </Fact>
      ) : null}
      {claim.escalationNote ? (
        <Fact label="Note to our support team" wide>
          {claim.escalationNote}
        </Fact>
      ) : null}
      {claim.adminDecision ? <Fact label="Decision">{CLAIM_DECISION_LABELS[claim.adminDecision]}</Fact> : null}
      {claim.adminNote ? <Fact label="Decision note">{claim.adminNote}</Fact> : null}
      {claim.photos.length > 0 ? (
        <div className="sm:col-span-2">
          <dt className="text-xs font-semibold text-gray-600">Photos</dt>
          <dd className="mt-1 flex flex-wrap gap-2">
            {claim.photos.map((href, index) => (
              <FileLink key={href} href={href} className="block rounded-lg ring-1 ring-gray-200 focus-visible:ring-2 focus-visible:ring-brand-strong">
                <img src={href} alt={`Claim photo ${index + 1}`} loading="lazy" className="h-20 w-20 rounded-lg object-cover" />
              </FileLink>
            ))}
          </dd>
        </div>
      ) : null}
    </FactList>
  );
}

/** Every step of the claim, oldest first, with who took it. */
export function ClaimTimeline({ claim }: { claim: ClaimView }) {
  return <Timeline events={claim.events} labels={CLAIM_EVENT_LABELS} label={`Claim timeline, order #${claim.orderNumber}`} testId="claim" />;
}
