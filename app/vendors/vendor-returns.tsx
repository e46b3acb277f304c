import { type ReactNode, useId } from "react";
import type { ReturnView } from "../../domain/returns/service";
import { RETURN_LIMITS, RETURN_TEXTS } from "../../domain/returns/texts";
import { isActiveReturn } from "../../lib/constants";
import { formatNaira } from "../../lib/money";
import { ReturnFacts, ReturnStatusBadge, ReturnTimeline } from "../orders/return-panel";
import { TimelineDetails } from "../orders/timeline";
import { type FieldErrors, useAction } from "../ui/answer";
import { CheckboxField, FormButton, TextAreaField } from "../ui/form-field";
import { SectionTitle } from "../ui/page-title";
import { VendorCardList } from "./vendor-card-list";

const ACTION = "/vendor-dashboard/returns";

/** One step of the vendor on the return (`intent`), in its box; `children` draws the fields and the button. */
function StepForm({ ret, intent, noValidate = true, className = "space-y-3 rounded-lg border border-gray-200 p-3", children }: {
  ret: ReturnView;
  intent: string;
  noValidate?: boolean;
  className?: string;
  children: (form: { busy: boolean; fieldErrors: FieldErrors }) => ReactNode;
}) {
  const { fetcher, busy, fieldErrors } = useAction();
  return (
    <fetcher.Form method="post" action={ACTION} noValidate={noValidate} className={className}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="returnId" value={ret.id} />
      {children({ busy, fieldErrors })}
    </fetcher.Form>
  );
}

/** Where and how the buyer sends the phone back. */
function InstructionsForm({ ret }: { ret: ReturnView }) {
  return (
    <StepForm ret={ret} intent="instructions">
      {({ busy, fieldErrors }) => (
        <>
          <TextAreaField
            id={`return-${ret.id}-instructions`}
            label="How the buyer sends the phone back"
            name="instructions"
            rows={3}
            maxLength={RETURN_LIMITS.noteMax}
            required
            error={fieldErrors.instructions}
            hint="Where to send or bring it, by which courier, and what to include."
          />
          <FormButton busy={busy} busyText="Sending…" className="w-full sm:w-auto">
            Send instructions
          </FormButton>
        </>
      )}
    </StepForm>
  );
}

/** 'The phone arrived': the receipt, optionally putting the phone back on sale; the refund follows at once. */
function ReceivedForm({ ret }: { ret: ReturnView }) {
  return (
    <StepForm ret={ret} intent="received" noValidate={false}>
      {({ busy }) => (
        <>
          <p className="text-sm text-gray-800">
            Confirm only once the phone is in your hands, unused and in the condition you sold it. The buyer is then refunded {formatNaira(ret.refundAmount)}, taken from this order's earnings.
          </p>
          <CheckboxField id={`return-${ret.id}-restock`} name="restock" value="yes" label={RETURN_TEXTS.putBackOnSale} />
          <FormButton busy={busy} busyText="Saving…" className="w-full sm:w-auto">
            The phone arrived
          </FormButton>
        </>
      )}
    </StepForm>
  );
}

/** The refund asked again after the provider refused it, after the tick. */
function RefundForm({ ret }: { ret: ReturnView }) {
  return (
    <StepForm ret={ret} intent="refund">
      {({ busy, fieldErrors }) => (
        <>
          <p className="text-sm text-gray-800">The refund of {formatNaira(ret.refundAmount)} has not gone through yet.</p>
          <CheckboxField id={`return-${ret.id}-refund-confirm`} name="confirm" value="yes" label="Yes, refund the buyer for this return" error={fieldErrors.confirm} />
          <FormButton busy={busy} busyText="Refunding…" className="w-full sm:w-auto">
            Refund the buyer
          </FormButton>
        </>
      )}
    </StepForm>
  );
}

/** 'Reject the return' with the reason the buyer reads, after a tick. */
function RejectForm({ ret }: { ret: ReturnView }) {
  return (
    <details className="rounded-lg border border-gray-200 p-3">
      <summary className="cursor-pointer text-sm font-semibold text-red-800">Reject the return</summary>
      <StepForm ret={ret} intent="reject" className="mt-3 space-y-3">
        {({ busy, fieldErrors }) => (
          <>
            <TextAreaField
              id={`return-${ret.id}-reject`}
              label="Why you reject it"
              name="reason"
              rows={2}
              maxLength={RETURN_LIMITS.noteMax}
              required
              error={fieldErrors.reason}
              hint="The buyer reads this (for example: it arrived used or damaged)."
            />
            <CheckboxField id={`return-${ret.id}-reject-confirm`} name="confirm" value="yes" label="Yes, reject this return: the buyer is not refunded" error={fieldErrors.confirm} />
            <FormButton busy={busy} busyText="Rejecting…" variant="danger" className="w-full sm:w-auto">
              Reject the return
            </FormButton>
          </>
        )}
      </StepForm>
    </details>
  );
}

function ReturnCard({ ret }: { ret: ReturnView }) {
  const titleId = useId();
  const active = isActiveReturn(ret.status);
  return (
    <li className="rounded-xl border border-gray-200 bg-white p-4" aria-labelledby={titleId} data-testid="vendor-return">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="font-bold text-gray-900">
            Order #{ret.orderNumber}
          </h3>
          <p className="text-sm text-gray-700">
            {ret.productName} · {ret.customerName} · refund {formatNaira(ret.refundAmount)}
          </p>
        </div>
        <ReturnStatusBadge ret={ret} />
      </div>
      <div className="mt-3 space-y-4">
        <ReturnFacts ret={ret} />
        {ret.status === "requested" ? <InstructionsForm ret={ret} /> : null}
        {ret.status === "instructions_given" ? <p className="text-sm text-gray-700">Waiting for the buyer to send the phone back.</p> : null}
        {ret.status === "sent_back" ? <ReceivedForm ret={ret} /> : null}
        {ret.status === "received" ? <RefundForm ret={ret} /> : null}
        {active && ret.status !== "received" ? <RejectForm ret={ret} /> : null}
        <TimelineDetails open={!active}>
          <ReturnTimeline ret={ret} />
        </TimelineDetails>
      </div>
    </li>
  );
}

/** The Returns list of the vendor's Claims section: change-of-mind returns of the vendor's orders, those in progress first. */
export function VendorReturnsList({ returns }: { returns: readonly ReturnView[] | null }) {
  const waiting = returns?.filter((ret) => ret.status === "requested" || ret.status === "sent_back").length ?? 0;
  return (
    <section aria-labelledby="vendor-returns-title" className="mt-8">
      <SectionTitle id="vendor-returns-title">Returns</SectionTitle>
      <p className="mt-1 text-sm text-gray-700">
        Change-of-mind returns of unused phones. Give instructions and confirm each phone's arrival within 5 business days. {waiting > 0 ? `${waiting} waiting for you.` : ""}
      </p>
      <VendorCardList items={returns} failed="Failed to load returns" empty="No returns">
        {(ret) => <ReturnCard key={ret.id} ret={ret} />}
      </VendorCardList>
    </section>
  );
}
