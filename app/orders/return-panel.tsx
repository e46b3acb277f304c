import { useId } from "react";
import type { ReturnOffer, ReturnView } from "../../domain/returns/service";
import { canCancelReturn } from "../../domain/returns/rules";
import { RETURN_EVENT_LABELS, RETURN_LIMITS, RETURN_TEXTS } from "../../domain/returns/texts";
import { type ReturnStatus, isActiveReturn } from "../../lib/constants";
import { formatLagosDate } from "../../lib/lagos-time";
import { formatNaira } from "../../lib/money";
import { useAction } from "../ui/answer";
import { CheckboxField, FormButton, TextAreaField } from "../ui/form-field";
import { Fact, FactList } from "../ui/fact-list";
import { formatDate, formatDateTime } from "../ui/format";
import { TrackingNumber } from "../ui/tracking-link";
import { ParcelForm } from "./claim-parcel";
import { SupportRequestForm } from "./support-request";
import { Timeline, TimelineDetails } from "./timeline";

const RETURN_STYLES: Record<ReturnStatus, string> = {
  requested: "bg-amber-100 text-amber-900 ring-amber-300",
  instructions_given: "bg-sky-100 text-sky-900 ring-sky-300",
  sent_back: "bg-sky-100 text-sky-900 ring-sky-300",
  received: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  refunded: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  rejected: "bg-red-100 text-red-900 ring-red-300",
  cancelled: "bg-gray-200 text-gray-800 ring-gray-300",
};

/** The return's status, 'Overdue' when the vendor is late and 'With support' once escalated. */
export function ReturnStatusBadge({ ret }: { ret: ReturnView }) {
  const active = isActiveReturn(ret.status);
  return (
    <span className="inline-flex flex-wrap gap-1">
      <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${RETURN_STYLES[ret.status]}`} data-testid="return-status">
        {ret.statusLabel}
      </span>
      {active && ret.vendorLate ? <span className="inline-flex items-center rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900 ring-1 ring-inset ring-red-300">Overdue</span> : null}
      {active && ret.escalatedAt ? <span className="inline-flex items-center rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-900 ring-1 ring-inset ring-violet-300">With our support team</span> : null}
    </span>
  );
}

/** What the return says and where it stands: the same facts for the buyer, the vendor and admins. */
export function ReturnFacts({ ret }: { ret: ReturnView }) {
  return (
    <FactList testId="return-facts">
      <Fact label="Refund">{formatNaira(ret.refundAmount)}</Fact>
      <Fact label="Asked">{formatDate(ret.createdAt)}</Fact>
      <Fact label="Buyer's reason" wide>
        {ret.reason}
      </Fact>
      {ret.instructions ? (
        <Fact label="How to send it" wide>
          {ret.instructions}
        </Fact>
      ) : null}
      {ret.trackingNumber ? (
        <Fact label="Sent back with">
          {ret.carrier} · <TrackingNumber carrier={ret.carrier} number={ret.trackingNumber} />
        </Fact>
      ) : null}
      {ret.receivedAt ? <Fact label="Received">{`${formatDate(ret.receivedAt)}${ret.restocked ? " · put back on sale" : ""}`}</Fact> : null}
      {ret.refundedAt ? <Fact label="Refunded">{formatDate(ret.refundedAt)}</Fact> : null}
      {ret.rejectionReason ? (
        <Fact label={ret.rejectedBy === "admin" ? "Rejected by our support team" : "Rejected by the vendor"} wide>
          {ret.rejectionReason}
        </Fact>
      ) : null}
      {ret.escalationNote ? (
        <Fact label="Note to our support team" wide>
          {ret.escalationNote}
        </Fact>
      ) : null}
      {isActiveReturn(ret.status) && ret.vendorDueAt ? <Fact label={ret.vendorLate ? "Vendor's step was due" : "Vendor's next step due by"}>{formatDateTime(ret.vendorDueAt)}</Fact> : null}
    </FactList>
  );
}

/** Every step of the return, oldest first, with who took it. */
export function ReturnTimeline({ ret }: { ret: ReturnView }) {
  return <Timeline events={ret.events} labels={RETURN_EVENT_LABELS} label={`Return timeline, order #${ret.orderNumber}`} testId="return" />;
}

/** The refund the buyer gets back, said before they ask: the order's total, without the delivery fee. */
export function refundLineOf(offer: Pick<ReturnOffer, "amount" | "deliveryFee">): string {
  return RETURN_TEXTS.refundLine(formatNaira(offer.amount), offer.deliveryFee > 0 ? formatNaira(offer.deliveryFee) : null);
}

/** 'Return this phone' on a delivered order within the window: the refund and the last day first, then the reason and the tick. */
export function ReturnOfferForm({ orderId, orderNumber, offer }: { orderId: string; orderNumber: string; offer: ReturnOffer }) {
  const { fetcher, busy, fieldErrors } = useAction();
  const id = `return-${orderId}`;
  return (
    <section className="mt-4 rounded-xl border border-gray-200 bg-gray-50 p-3" aria-label={`Change-of-mind return, order #${orderNumber}`} data-testid="return-offer">
      <p className="text-sm text-gray-800">{RETURN_TEXTS.intro}</p>
      <p className="mt-1 text-sm font-semibold text-gray-900" data-testid="return-amount">
        {refundLineOf(offer)} {RETURN_TEXTS.lastDay(formatLagosDate(offer.endsAt))}
      </p>
      <details className="mt-2">
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand-strong">
          {RETURN_TEXTS.ask}
          <span className="sr-only"> (order #{orderNumber})</span>
        </summary>
        <fetcher.Form method="post" action="/orders/returns" noValidate className="mt-3 space-y-3" aria-label={`${RETURN_TEXTS.ask} (order #${orderNumber})`}>
          <input type="hidden" name="intent" value="ask" />
          <input type="hidden" name="orderId" value={orderId} />
          <TextAreaField
            id={`${id}-reason`}
            label="Why are you returning it?"
            name="reason"
            rows={2}
            maxLength={RETURN_LIMITS.reasonMax}
            required
            error={fieldErrors.reason}
            hint={`${RETURN_LIMITS.reasonMin} to ${RETURN_LIMITS.reasonMax} characters. The vendor reads it.`}
          />
          <CheckboxField id={`${id}-unused`} name="unused" value="yes" label={RETURN_TEXTS.unusedLabel} error={fieldErrors.unused} />
          <FormButton busy={busy} busyText="Sending…" className="w-full sm:w-auto">
            Ask for a return
          </FormButton>
        </fetcher.Form>
      </details>
    </section>
  );
}

/** 'Cancel the return': before the phone is sent, after a tick. */
function CancelReturnForm({ ret }: { ret: ReturnView }) {
  const { fetcher, busy, fieldErrors } = useAction();
  return (
    <details className="rounded-lg border border-gray-200 p-3">
      <summary className="cursor-pointer text-sm font-semibold text-red-800">Cancel the return</summary>
      <fetcher.Form method="post" action="/orders/returns" noValidate className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="returnId" value={ret.id} />
        <p className="text-sm text-gray-800">You keep the phone and nothing is refunded. This cannot be undone.</p>
        <CheckboxField id={`return-cancel-${ret.id}`} name="confirm" value="yes" label="Yes, cancel my return" error={fieldErrors.confirm} />
        <FormButton busy={busy} busyText="Cancelling…" variant="danger" className="w-full sm:w-auto">
          Cancel the return
        </FormButton>
      </fetcher.Form>
    </details>
  );
}

/** The order's change-of-mind return on its card: where it stands, what to do next, and the same timeline the vendor and admins see. */
export function ReturnPanel({ ret }: { ret: ReturnView }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="mt-4 rounded-xl border border-gray-200 bg-gray-50 p-3" data-testid="order-return">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-sm font-bold text-gray-900">
          Return
        </h3>
        <ReturnStatusBadge ret={ret} />
      </div>
      <div className="mt-3 space-y-3">
        {ret.status === "requested" ? <p className="text-sm text-gray-800">The vendor will tell you where and how to send the phone.</p> : null}
        {ret.status === "instructions_given" ? (
          <>
            <p className="whitespace-pre-line break-words text-sm text-gray-800">How to send it: {ret.instructions}</p>
            <ParcelForm subject={ret} idName="returnId" action="/orders/returns" intent="send" heading="Send the phone back" submit="I sent the phone" />
          </>
        ) : null}
        {ret.status === "sent_back" ? <p className="text-sm text-gray-800">The vendor confirms it arrived, then your refund of {formatNaira(ret.refundAmount)} follows.</p> : null}
        {ret.status === "refunded" ? (
          <p className="text-sm font-semibold text-emerald-900" data-testid="return-refunded">
            Refund of {formatNaira(ret.refundAmount)} sent back the way you paid.
          </p>
        ) : null}
        <ReturnFacts ret={ret} />
        <TimelineDetails summary="Return timeline">
          <ReturnTimeline ret={ret} />
        </TimelineDetails>
        {canCancelReturn(ret.status) ? <CancelReturnForm ret={ret} /> : null}
        {/* The server's clock decided the vendor is late, so the page hydrates as it was rendered. */}
        {isActiveReturn(ret.status) && ret.vendorLate && !ret.escalatedAt ? (
          <div className="space-y-2">
            <p className="text-sm text-gray-800">{RETURN_TEXTS.vendorLate}</p>
            <SupportRequestForm action="/orders/returns" idName="returnId" subjectId={ret.id} fieldId={`return-escalate-${ret.id}`} limits={RETURN_LIMITS} />
          </div>
        ) : null}
      </div>
    </section>
  );
}
