import type { ReturnView } from "../../domain/returns/service";
import { RETURN_DECISIONS, RETURN_DECISION_LABELS, RETURN_LIMITS, type ReturnDecision } from "../../domain/returns/texts";
import { isActiveReturn } from "../../lib/constants";
import { formatNaira } from "../../lib/money";
import { ReturnFacts, ReturnStatusBadge, ReturnTimeline } from "../orders/return-panel";
import { TimelineDetails } from "../orders/timeline";
import { SectionHeading } from "./admin-ui";
import { AdminDecisionForm } from "./decision-form";

const CONFIRM: Record<ReturnDecision, string> = {
  refund: "Yes, refund the buyer",
  reject: "Yes, reject this return",
};

/** Refund (the return's amount, through the refund core) or reject (with a note); a tick first, with or without scripts. */
function ReturnDecisionForm({ ret }: { ret: ReturnView }) {
  return (
    <AdminDecisionForm
      action="/admin/returns"
      idName="returnId"
      subjectId={ret.id}
      id={`decide-return-${ret.id}`}
      decisions={RETURN_DECISIONS}
      labels={RETURN_DECISION_LABELS}
      confirm={CONFIRM}
      hint={ret.hasPayment ? `A refund returns ${formatNaira(ret.refundAmount)} (the delivery fee is kept).` : "This order has no payment to refund."}
      noteMax={RETURN_LIMITS.noteMax}
      label={`Decide the return of order #${ret.orderNumber}`}
    />
  );
}

function ReturnCard({ ret }: { ret: ReturnView }) {
  const active = isActiveReturn(ret.status);
  return (
    <li className="rounded-xl border border-gray-200 bg-white p-4" aria-labelledby={`return-${ret.id}-title`} data-testid="admin-return">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`return-${ret.id}-title`} className="font-bold text-gray-900">Order #{ret.orderNumber}</h3>
          <p className="text-sm text-gray-700">
            {ret.productName} · refund {formatNaira(ret.refundAmount)} · buyer {ret.customerName} · vendor {ret.businessName}
          </p>
        </div>
        <ReturnStatusBadge ret={ret} />
      </div>
      <div className="mt-3 space-y-4">
        <ReturnFacts ret={ret} />
        <TimelineDetails open={active}>
          <ReturnTimeline ret={ret} />
        </TimelineDetails>
        {active ? <ReturnDecisionForm ret={ret} /> : null}
      </div>
    </li>
  );
}

/** The Claims tab's returns: escalated ones first, then those whose vendor is late, then those in progress, then the rest. */
export function AdminReturnsList({ returns }: { returns: readonly ReturnView[] }) {
  return (
    <section className="mt-8" aria-label="Change-of-mind returns">
      <SectionHeading title="Change-of-mind returns" />
      {returns.length === 0 ? (
        <p className="rounded-xl border border-dashed border-gray-300 p-6 text-center text-gray-700">No returns</p>
      ) : (
        <ul className="space-y-3">
          {returns.map((ret) => (
            <ReturnCard key={ret.id} ret={ret} />
          ))}
        </ul>
      )}
    </section>
  );
}
