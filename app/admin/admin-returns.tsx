import { useState } from "react";
import type { ReturnView } from "../../domain/returns/service";
import { RETURN_DECISIONS, RETURN_DECISION_LABELS, RETURN_LIMITS, type ReturnDecision } from "../../domain/returns/texts";
import { isActiveReturn } from "../../lib/constants";
import { formatNaira } from "../../lib/money";
import { ReturnFacts, ReturnStatusBadge, ReturnTimeline } from "../orders/return-panel";
import { useHydrated } from "../ui/use-hydrated";
import { ActionButton, FieldError, SectionHeading, inputClass, useAdminAction } from "./admin-ui";

const CONFIRM: Record<ReturnDecision, string> = {
  refund: "Yes, refund the buyer",
  reject: "Yes, reject this return",
};

/** Refund (the return's amount, through the refund core) or reject (with a note); a tick first, with or without scripts. */
function ReturnDecisionForm({ ret }: { ret: ReturnView }) {
  const { fetcher, busy, errors } = useAdminAction();
  const [decision, setDecision] = useState<ReturnDecision | "">("");
  const [confirmed, setConfirmed] = useState(false);
  const hydrated = useHydrated();
  const id = `decide-return-${ret.id}`;
  const describe = (name: string) => (errors[name] ? `${id}-${name}-error` : undefined);
  return (
    <fetcher.Form method="post" action="/admin/returns" noValidate className="grid gap-3 rounded-lg border border-gray-200 p-3 sm:grid-cols-2">
      <input type="hidden" name="returnId" value={ret.id} />
      <div>
        <label htmlFor={`${id}-decision`} className="block text-sm font-semibold text-gray-900">Decision</label>
        <select id={`${id}-decision`} name="decision" value={decision} onChange={(e) => { setDecision(e.target.value as ReturnDecision); setConfirmed(false); }}
          className={inputClass} aria-invalid={errors.decision ? true : undefined} aria-describedby={describe("decision")}>
          <option value="">Choose a decision</option>
          {RETURN_DECISIONS.map((value) => (
            <option key={value} value={value}>{RETURN_DECISION_LABELS[value]}</option>
          ))}
        </select>
        <FieldError id={`${id}-decision-error`} message={errors.decision} />
        <p className="mt-1 text-xs text-gray-600">{ret.hasPayment ? `A refund returns ${formatNaira(ret.refundAmount)} (the delivery fee is kept).` : "This order has no payment to refund."}</p>
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-note`} className="block text-sm font-semibold text-gray-900">Note (required to reject)</label>
        <textarea id={`${id}-note`} name="note" rows={2} maxLength={RETURN_LIMITS.noteMax} className={inputClass}
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
        <ActionButton busy={busy} disabled={hydrated && (!decision || !confirmed)} variant={decision === "reject" ? "danger" : "primary"} label={`Decide the return of order #${ret.orderNumber}`}>
          Save decision
        </ActionButton>
      </div>
    </fetcher.Form>
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
        <details open={active}>
          <summary className="cursor-pointer text-sm font-semibold text-brand-strong">Timeline</summary>
          <div className="mt-3">
            <ReturnTimeline ret={ret} />
          </div>
        </details>
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
