import { useId, useState } from "react";
import { needsPhoneBack } from "../../domain/claims/rules";
import type { ClaimView } from "../../domain/claims/service";
import { CLAIM_LIMITS, CLAIM_OUTCOME_LABELS, CLAIM_TEXTS } from "../../domain/claims/texts";
import { CLAIM_VENDOR_OUTCOMES } from "../../lib/constants";
import { useAction } from "../ui/answer";
import { FormButton, SelectField, TextAreaField } from "../ui/form-field";
import { formatNaira } from "../../lib/money";
import { SectionTitle } from "../ui/page-title";
import { ClaimParcelForm, ClaimSteps } from "../orders/claim-parcel";
import { ClaimFacts, ClaimStatusBadge, ClaimTimeline } from "../orders/claim-timeline";
import { TimelineDetails } from "../orders/timeline";
import { CheckboxField } from "../ui/form-field";
import { VendorCardList } from "./vendor-card-list";

/**
 * Accept (with an outcome and how to return the phone) or decline (with a reason). The two
 * parts show through CSS alone, so the form works the same without scripts; the server checks all.
 */
function AnswerForm({ claim }: { claim: ClaimView }) {
  const { fetcher, busy, fieldErrors } = useAction();
  const [answer, setAnswer] = useState("");
  const id = `claim-${claim.id}`;
  return (
    <fetcher.Form method="post" action="/vendor-dashboard/claims" noValidate className="group space-y-3 rounded-lg border border-gray-200 p-3">
      <input type="hidden" name="claimId" value={claim.id} />
      <fieldset>
        <legend className="text-sm font-semibold text-gray-900">Your answer</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {(["accept", "decline"] as const).map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2 text-sm font-medium text-gray-900">
              <input type="radio" name="answer" value={value} checked={answer === value} onChange={() => setAnswer(value)} className="h-5 w-5" />
              {value === "accept" ? "Accept the claim" : "Decline the claim"}
            </label>
          ))}
        </div>
        {fieldErrors.answer ? <p className="mt-1 text-sm text-red-700">{fieldErrors.answer}</p> : null}
      </fieldset>
      <div className="hidden space-y-3 group-has-[input[value=accept]:checked]:block">
        <SelectField
          id={`${id}-outcome`}
          label="What you offer"
          name="outcome"
          options={CLAIM_VENDOR_OUTCOMES.map((outcome) => ({ value: outcome, label: CLAIM_OUTCOME_LABELS[outcome] }))}
          placeholder="Choose repair, replacement or refund"
          defaultValue=""
          error={fieldErrors.outcome}
        />
        <TextAreaField
          id={`${id}-instructions`}
          label="How the buyer returns the phone"
          name="returnInstructions"
          rows={3}
          maxLength={CLAIM_LIMITS.noteMax}
          error={fieldErrors.returnInstructions}
          hint="Where to send or bring it, and what to include."
        />
      </div>
      <div className="hidden group-has-[input[value=decline]:checked]:block">
        <TextAreaField
          id={`${id}-decline`}
          label="Why you decline"
          name="declineReason"
          rows={3}
          maxLength={CLAIM_LIMITS.noteMax}
          error={fieldErrors.declineReason}
          hint="The buyer sees this and may ask our support team to decide."
        />
      </div>
      <FormButton busy={busy} busyText="Sending…" className="w-full sm:w-auto">
        Send answer
      </FormButton>
    </fetcher.Form>
  );
}

/** 'The phone arrived': the vendor confirms the returned phone is in its hands. */
function ReceivedForm({ claim }: { claim: ClaimView }) {
  const { fetcher, busy } = useAction();
  return (
    <fetcher.Form method="post" action="/vendor-dashboard/claims" className="rounded-lg border border-gray-200 p-3">
      <input type="hidden" name="intent" value="received" />
      <input type="hidden" name="claimId" value={claim.id} />
      <p className="mb-2 text-sm text-gray-800">Confirm only once the returned phone is in your hands.</p>
      <FormButton busy={busy} busyText="Saving…" className="w-full sm:w-auto">
        {claim.vendorOutcome === "repair" ? "Received for repair" : "The phone arrived"}
      </FormButton>
    </fetcher.Form>
  );
}

/** The refund of an accepted refund claim, once the phone is back: asked twice (the box), with or without scripts. */
function RefundForm({ claim }: { claim: ClaimView }) {
  const { fetcher, busy, fieldErrors } = useAction();
  return (
    <fetcher.Form method="post" action="/vendor-dashboard/claims" noValidate className="space-y-3 rounded-lg border border-gray-200 p-3">
      <h4 className="text-sm font-bold text-gray-900">Refund the buyer</h4>
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="claimId" value={claim.id} />
      <p className="text-sm text-gray-800">
        What is left of the buyer's payment for this order (at most {formatNaira(claim.totalAmount)}) goes back the way they paid. It is taken from this order's earnings.
      </p>
      <CheckboxField id={`claim-refund-${claim.id}-confirm`} name="confirm" value="yes" label="Yes, refund the buyer for this order" error={fieldErrors.confirm} />
      <FormButton busy={busy} busyText="Refunding…" className="w-full sm:w-auto">
        Refund the buyer
      </FormButton>
    </fetcher.Form>
  );
}

/** 'Send a replacement': a free order of the same phone, shipped from the Orders tab like any order. */
function ReplaceForm({ claim }: { claim: ClaimView }) {
  const { fetcher, busy, fieldErrors } = useAction();
  return (
    <fetcher.Form method="post" action="/vendor-dashboard/claims" className="space-y-2 rounded-lg border border-gray-200 p-3">
      <input type="hidden" name="intent" value="replace" />
      <input type="hidden" name="claimId" value={claim.id} />
      <p className="text-sm text-gray-800">
        A free order of the same phone ({claim.productName}) is created for the buyer and takes one unit of its stock. Ship it from your Orders tab like any order; the claim closes once it is delivered.
      </p>
      {fieldErrors.productId ? <p className="text-sm text-red-700" role="alert">{fieldErrors.productId}</p> : null}
      <FormButton busy={busy} busyText="Creating…" className="w-full sm:w-auto">
        Send a replacement
      </FormButton>
    </fetcher.Form>
  );
}

/** What the vendor does next on an accepted claim. */
function OutcomeActions({ claim }: { claim: ClaimView }) {
  if (claim.status !== "accepted") return null;
  if (needsPhoneBack(claim)) {
    if (!claim.returnShippedAt) return <p className="text-sm text-gray-700">Waiting for the buyer to send the phone back.</p>;
    if (!claim.receivedAt) return <ReceivedForm claim={claim} />;
  }
  if (claim.vendorOutcome === "refund") return <RefundForm claim={claim} />;
  if (claim.vendorOutcome === "replacement") return claim.replacementOrderNumber && claim.replacementStatus !== "cancelled" ? null : <ReplaceForm claim={claim} />;
  if (claim.vendorOutcome === "repair")
    return <ClaimParcelForm claim={claim} action="/vendor-dashboard/claims" intent="returned" heading="Send the repaired phone back" submit="Mark repaired and sent back" />;
  return null;
}

function ClaimCard({ claim }: { claim: ClaimView }) {
  const titleId = useId();
  return (
    <li className="rounded-xl border border-gray-200 bg-white p-4" aria-labelledby={titleId} data-testid="vendor-claim">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="font-bold text-gray-900">
            Order #{claim.orderNumber}
          </h3>
          <p className="text-sm text-gray-700">
            {claim.productName} · {claim.customerName} · {formatNaira(claim.totalAmount)}
          </p>
        </div>
        <ClaimStatusBadge claim={claim} />
      </div>
      <div className="mt-3 space-y-4">
        <ClaimFacts claim={claim} />
        {claim.status === "open" ? <AnswerForm claim={claim} /> : null}
        <ClaimSteps claim={claim} />
        <OutcomeActions claim={claim} />
        <TimelineDetails open={claim.status !== "open"}>
          <ClaimTimeline claim={claim} />
        </TimelineDetails>
      </div>
    </li>
  );
}

/** The Claims section of the vendor dashboard: warranty claims on the vendor's own orders, newest first. */
export function VendorClaimsTab({ claims }: { claims: readonly ClaimView[] | null }) {
  const waiting = claims?.filter((claim) => claim.status === "open").length ?? 0;
  return (
    <section aria-labelledby="vendor-claims-title">
      <SectionTitle id="vendor-claims-title">Warranty claims</SectionTitle>
      <p className="mt-1 text-sm text-gray-700">
        {CLAIM_TEXTS.answerDays} {waiting > 0 ? `${waiting} waiting for your answer.` : ""}
      </p>
      <VendorCardList items={claims} failed="Failed to load claims" empty="No warranty claims">
        {(claim) => <ClaimCard key={claim.id} claim={claim} />}
      </VendorCardList>
    </section>
  );
}
