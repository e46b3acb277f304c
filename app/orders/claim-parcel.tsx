import type { ReactNode } from "react";
import { needsPhoneBack } from "../../domain/claims/rules";
import type { ClaimView } from "../../domain/claims/service";
import { ORDER_STATUS_LABELS } from "../../lib/constants";
import { COURIERS } from "../../lib/couriers";
import { useAction } from "../ui/answer";
import { FormButton, SelectField, TextField } from "../ui/form-field";
import { formatDate } from "../ui/format";
import { TrackingNumber } from "../ui/tracking-link";

const COURIER_OPTIONS = COURIERS.map((courier) => ({ value: courier, label: courier }));

/**
 * A phone sent on with its courier and tracking number: the buyer's return of a claim's phone
 * ('return' on /orders/claims) or of a change-of-mind return ('send' on /orders/returns), or the
 * vendor's repaired phone ('returned' on /vendor-dashboard/claims). Courier ('Other' with its name,
 * shown through CSS alone so the form works without scripts) and tracking number; the server checks
 * the number against the courier's format.
 */
export function ParcelForm({ subject, idName, action, intent, heading, submit }: {
  subject: { id: string; orderNumber: string };
  /** The form field naming the claim or return. */
  idName: string;
  action: string;
  intent: string;
  heading: string;
  submit: string;
}) {
  const { fetcher, busy, fieldErrors } = useAction();
  const id = (name: string) => `parcel-${intent}-${subject.id}-${name}`;
  return (
    <fetcher.Form method="post" action={action} noValidate aria-label={`${heading} (order #${subject.orderNumber})`} className="group grid gap-3 rounded-lg border border-gray-200 p-3 sm:grid-cols-2">
      <h4 className="text-sm font-bold text-gray-900 sm:col-span-2">{heading}</h4>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={idName} value={subject.id} />
      <SelectField id={id("carrier")} label="Courier" name="carrier" options={COURIER_OPTIONS} placeholder="Choose the courier" defaultValue="" required error={fieldErrors.carrier} />
      <div className="hidden group-has-[option[value=Other]:checked]:block">
        <TextField id={id("carrierName")} label="Courier's name" name="carrierName" autoComplete="off" maxLength={40} error={fieldErrors.carrierName} />
      </div>
      <TextField id={id("tracking")} label="Tracking number" name="trackingNumber" autoComplete="off" required maxLength={60} error={fieldErrors.trackingNumber} />
      <div className="sm:col-span-2">
        <FormButton busy={busy} busyText="Saving…" className="w-full sm:w-auto">
          {submit}
        </FormButton>
      </div>
    </fetcher.Form>
  );
}

/** A claim's parcel form: the claim named by `claimId`. */
export function ClaimParcelForm({ claim, ...form }: { claim: ClaimView; action: string; intent: string; heading: string; submit: string }) {
  return <ParcelForm subject={claim} idName="claimId" {...form} />;
}

/** The steps of carrying out an accepted claim, each with its courier link: the same list for the buyer, the vendor and admins. */
export function ClaimSteps({ claim }: { claim: ClaimView }) {
  if (!claim.vendorOutcome || (!claim.returnShippedAt && !claim.replacementOrderNumber && claim.status !== "accepted")) return null;
  // An admin's replacement sends the phone without waiting for the old one, and a phone that never arrived is not sent back: no return steps then.
  const returns = needsPhoneBack(claim) && (claim.returnShippedAt !== null || claim.replacementOrderNumber === null);
  const steps: Array<{ key: string; label: string; done: string | null; detail?: ReactNode }> = !returns ? [] : [
    {
      key: "return",
      label: "Phone sent back to the vendor",
      done: claim.returnShippedAt,
      detail: claim.returnTrackingNumber ? (
        <>
          {claim.returnCarrier} · <TrackingNumber carrier={claim.returnCarrier} number={claim.returnTrackingNumber} />
        </>
      ) : null,
    },
    { key: "received", label: claim.vendorOutcome === "repair" ? "Received for repair" : "Received by the vendor", done: claim.receivedAt },
  ];
  if (claim.vendorOutcome === "repair") {
    steps.push({
      key: "back",
      label: "Repaired phone sent back to the buyer",
      done: claim.returnedToBuyerAt,
      detail: claim.backTrackingNumber ? (
        <>
          {claim.backCarrier} · <TrackingNumber carrier={claim.backCarrier} number={claim.backTrackingNumber} />
        </>
      ) : null,
    });
  } else if (claim.vendorOutcome === "replacement") {
    steps.push({
      key: "replacement",
      label: claim.replacementOrderNumber ? `Replacement order #${claim.replacementOrderNumber}` : "Replacement order",
      done: claim.replacementOrderNumber ? (claim.events.findLast((e) => e.kind === "replacement_ordered")?.at ?? null) : null,
      detail: claim.replacementStatus ? `Status: ${ORDER_STATUS_LABELS[claim.replacementStatus]}` : null,
    });
  } else if (claim.vendorOutcome === "refund") {
    steps.push({ key: "refund", label: "Refund paid", done: claim.status === "resolved" && (claim.receivedAt || !needsPhoneBack(claim)) ? (claim.events.findLast((e) => e.kind === "refunded")?.at ?? null) : null });
  }
  return (
    <ol className="space-y-2" aria-label={`Steps of the claim, order #${claim.orderNumber}`} data-testid="claim-steps">
      {steps.map((step) => (
        <li key={step.key} className="flex flex-wrap items-baseline gap-x-2 text-sm" data-testid={`claim-step-${step.key}`}>
          <span aria-hidden="true" className={step.done ? "text-emerald-700" : "text-gray-400"}>
            {step.done ? "✓" : "○"}
          </span>
          <span className={step.done ? "font-semibold text-gray-900" : "text-gray-700"}>{step.label}</span>
          <span className="sr-only">{step.done ? "done" : "not yet"}</span>
          {step.done ? <span className="text-xs text-gray-600">{formatDate(step.done)}</span> : null}
          {step.detail ? <span className="w-full pl-5 text-sm text-gray-800">{step.detail}</span> : null}
        </li>
      ))}
      {claim.status === "accepted" && claim.outcomeDueAt ? (
        <li className={`text-xs ${claim.outcomeOverdue ? "font-semibold text-red-800" : "text-gray-700"}`}>
          {claim.outcomeOverdue ? "Late: " : ""}next step due by {formatDate(claim.outcomeDueAt)}
        </li>
      ) : null}
    </ol>
  );
}
