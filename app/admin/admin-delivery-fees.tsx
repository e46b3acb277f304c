import { useRef, useState } from "react";
import { GEOPOLITICAL_ZONES, type DeliveryFees } from "../../domain/pricing/delivery-fees";
import { PRICING_BOUNDS, stateFeeField } from "../../domain/pricing/validation";
import { NIGERIAN_STATES } from "../../lib/constants";
import { formatNaira, koboToNaira } from "../../lib/money";
import { useHydrated } from "../ui/use-hydrated";
import { ActionButton, FieldError, SectionHeading, inputClass, useAdminAction } from "./admin-ui";

const nairaValue = (kobo: number | undefined) => (kobo === undefined ? "" : String(koboToNaira(kobo)));

/**
 * Each state's own delivery fee (docs/admin.md); blank pays the default delivery fee above. A zone
 * can be filled at once (with scripts), but each state is saved on its own.
 */
export function DeliveryFeesForm({ fees }: { fees: DeliveryFees }) {
  const { fetcher, busy, errors } = useAdminAction();
  const form = useRef<HTMLFormElement>(null);
  const { max } = PRICING_BOUNDS.deliveryFeeNaira;
  return (
    <section aria-labelledby="delivery-fees-title" className="mt-8">
      <SectionHeading title="Delivery fees by state" />
      <p id="delivery-fees-hint" className="mb-4 text-sm text-gray-700">
        Leave a state blank to charge the default delivery fee ({formatNaira(fees.defaultFeeKobo)}). From ₦0 to ₦{max.toLocaleString("en-NG")}; ₦0 is free delivery.
        Checkouts charge the fee of the buyer's state; orders already placed keep the fee they were charged.
      </p>
      <h3 id="delivery-fees-title" className="sr-only">Delivery fees by state</h3>
      <fetcher.Form ref={form} method="post" action="/admin/delivery-fees" noValidate className="rounded-xl border border-gray-200 bg-white p-4">
        <ZoneFill form={form} />
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {NIGERIAN_STATES.map((state) => {
            const name = stateFeeField(state);
            const id = `delivery-fee-${state.replace(/\s+/g, "-")}`;
            return (
              <div key={state}>
                <label htmlFor={id} className="block text-sm font-semibold text-gray-900">{state} (₦)</label>
                <input id={id} name={name} inputMode="decimal" autoComplete="off" defaultValue={nairaValue(fees.byState[state])} placeholder={`Default ${formatNaira(fees.defaultFeeKobo)}`}
                  className={inputClass} aria-invalid={errors[name] ? true : undefined} aria-describedby={errors[name] ? `${id}-error` : "delivery-fees-hint"} />
                <FieldError id={`${id}-error`} message={errors[name]} />
              </div>
            );
          })}
        </div>
        <div className="mt-4 sm:text-right">
          <ActionButton busy={busy} variant="primary">Save Delivery Fees</ActionButton>
        </div>
      </fetcher.Form>
    </section>
  );
}

/** Puts one amount into every state of a zone; nothing is saved until Save. */
function ZoneFill({ form }: { form: React.RefObject<HTMLFormElement | null> }) {
  const hydrated = useHydrated();
  const [zone, setZone] = useState(GEOPOLITICAL_ZONES[0]!.name);
  const [amount, setAmount] = useState("");
  if (!hydrated) return null;
  const fill = () => {
    const states = GEOPOLITICAL_ZONES.find((z) => z.name === zone)?.states ?? [];
    for (const state of states) {
      const input = form.current?.elements.namedItem(stateFeeField(state));
      if (input instanceof HTMLInputElement) input.value = amount.trim();
    }
  };
  return (
    <fieldset className="mb-4 flex flex-wrap items-end gap-3 rounded-lg bg-gray-50 p-3">
      <legend className="sr-only">Fill a zone</legend>
      <div>
        <label htmlFor="zone-fill-zone" className="block text-sm font-semibold text-gray-900">Zone</label>
        <select id="zone-fill-zone" value={zone} onChange={(event) => setZone(event.target.value)} className={inputClass}>
          {GEOPOLITICAL_ZONES.map((z) => (
            <option key={z.name} value={z.name}>{z.name}</option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="zone-fill-amount" className="block text-sm font-semibold text-gray-900">Fee for the zone (₦)</label>
        <input id="zone-fill-amount" inputMode="decimal" autoComplete="off" value={amount} onChange={(event) => setAmount(event.target.value)} placeholder="Blank for the default" className={inputClass} />
      </div>
      <button type="button" onClick={fill} className="min-h-11 rounded-lg px-4 py-2 text-sm font-semibold text-brand-strong ring-1 ring-inset ring-gray-300 hover:bg-gray-50">
        Fill zone
      </button>
    </fieldset>
  );
}
