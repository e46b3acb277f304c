import { useLocation } from "react-router";
import { ACCOUNT_TEXTS as T } from "../../domain/accounts/account-texts";
import type { SavedAddress } from "../../domain/accounts/addresses";
import type { ShippingValues } from "./checkout-form-data";
import { controlClass } from "../ui/form-field";
import { useHydrated } from "../ui/use-hydrated";

/** The 'Deliver to' form: without scripts, choosing an address reloads /checkout with it (?deliverTo=). */
const DELIVER_TO_FORM_ID = "deliver-to-form";
export const DELIVER_TO_PARAM = "deliverTo";

const FILLED_FIELDS = ["customerName", "customerPhone", "shippingAddress", "city", "state"] as const;

/** The address checkout starts from: the one chosen in 'Deliver to', else the default one. */
export function chosenAddress(addresses: readonly SavedAddress[], chosenId: string | null): SavedAddress | null {
  return addresses.find((address) => address.id === chosenId) ?? addresses.find((address) => address.isDefault) ?? null;
}

/** The shipping form's first values: the chosen saved address, else the account's name only. */
export function shippingPrefill(fullName: string, address: SavedAddress | null): ShippingValues {
  if (!address) return { customerName: fullName, customerPhone: "", shippingAddress: "", city: "", state: "", deliveryNotes: "" };
  const { customerName, customerPhone, shippingAddress, city, state } = address;
  return { customerName, customerPhone, shippingAddress, city, state, deliveryNotes: "" };
}

/**
 * Sets a field as if the buyer had typed or chosen the value: through the element's own value
 * setter (React ignores a plain assignment) and with the event a person's change fires, so every
 * listener (field checks, the State-dependent delivery fee) reacts.
 */
function fill(element: HTMLInputElement | HTMLSelectElement, value: string) {
  const prototype = element instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(element, value);
  element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
}

function fillShippingFields(address: SavedAddress) {
  for (const field of FILLED_FIELDS) {
    const element = document.getElementById(`checkout-${field}`);
    if (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) fill(element, address[field]);
  }
}

/** 'Deliver to' at the top of the shipping form, for a buyer with more than one saved address. */
export function SavedAddressPicker({ addresses, chosenId }: { addresses: readonly SavedAddress[]; chosenId: string | null }) {
  const hydrated = useHydrated();
  if (addresses.length < 2) return null;
  return (
    <div className="sm:col-span-2">
      <label htmlFor="checkout-deliver-to" className="block text-sm font-semibold text-gray-900">
        {T.deliverTo}
      </label>
      <div className="flex gap-2">
        <select
          id="checkout-deliver-to"
          name={DELIVER_TO_PARAM}
          form={DELIVER_TO_FORM_ID}
          defaultValue={chosenAddress(addresses, chosenId)?.id}
          onChange={(event) => {
            const address = addresses.find((candidate) => candidate.id === event.target.value);
            if (address) fillShippingFields(address);
          }}
          className={controlClass()}
        >
          {addresses.map((address) => (
            <option key={address.id} value={address.id}>
              {`${address.label}: ${address.shippingAddress}, ${address.city}`}
            </option>
          ))}
        </select>
        {hydrated ? null : (
          <button type="submit" form={DELIVER_TO_FORM_ID} className="mt-1 shrink-0 rounded-lg px-3 py-2 text-sm font-semibold text-gray-900 ring-1 ring-inset ring-gray-300">
            {T.useAddress}
          </button>
        )}
      </div>
    </div>
  );
}

/** The form 'Deliver to' belongs to, outside the checkout form; it keeps the page's other query (Buy Now). */
export function DeliverToForm() {
  const location = useLocation();
  const kept = [...new URLSearchParams(location.search)].filter(([name]) => name !== DELIVER_TO_PARAM);
  return (
    <form id={DELIVER_TO_FORM_ID} method="get" action="/checkout" hidden>
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </form>
  );
}
