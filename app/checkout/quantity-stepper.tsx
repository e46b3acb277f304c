import { type ButtonHTMLAttributes, useId } from "react";
import { MinusIcon, PlusIcon } from "../ui/icons";

const STEP_BUTTON_CLASS =
  "inline-flex h-11 w-11 items-center justify-center text-gray-800 hover:bg-gray-100 disabled:cursor-not-allowed disabled:text-gray-400 disabled:hover:bg-transparent";

/**
 * A cart line's − quantity + (the cart and checkout pages). Each button is a submit button whose
 * form and value `stepTo` supplies, so it works before scripts load. + stops at the stock; −
 * stops at 1 only where `keepOne` (on /cart, − at 1 removes the line).
 */
export function LineStepper({
  name,
  quantity,
  stock,
  busy,
  keepOne,
  stepTo,
}: {
  name: string;
  quantity: number;
  stock: number;
  busy: boolean;
  keepOne: boolean;
  stepTo: (quantity: number) => ButtonHTMLAttributes<HTMLButtonElement>;
}) {
  return (
    <div className="inline-flex items-center overflow-hidden rounded-lg border border-gray-300 bg-white">
      <button {...stepTo(quantity - 1)} disabled={busy || (keepOne && quantity <= 1)} aria-label={`Decrease quantity of ${name}`} className={STEP_BUTTON_CLASS}>
        <MinusIcon className="h-4 w-4" />
      </button>
      <output className="w-10 text-center font-semibold text-gray-900" aria-label={`Quantity of ${name}`} aria-live="polite">
        {quantity}
      </output>
      <button {...stepTo(quantity + 1)} disabled={busy || quantity >= stock} aria-label={`Increase quantity of ${name}`} className={STEP_BUTTON_CLASS}>
        <PlusIcon className="h-4 w-4" />
      </button>
    </div>
  );
}

/** Quantity from 1 to max (the stock). */
export function QuantityStepper({
  value,
  max,
  onChange,
  disabled = false,
}: {
  value: number;
  max: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const upper = Math.max(1, max);
  const clamp = (n: number) => Math.min(upper, Math.max(1, Number.isFinite(n) ? Math.trunc(n) : 1));
  return (
    <div className="flex items-center gap-3">
      <label htmlFor={id} className="text-sm font-semibold text-gray-900">
        Quantity
      </label>
      <div className="inline-flex items-center overflow-hidden rounded-lg border border-gray-300 bg-white">
        <button
          type="button"
          aria-label="Decrease quantity"
          onClick={() => onChange(clamp(value - 1))}
          disabled={disabled || value <= 1}
          className={STEP_BUTTON_CLASS}
        >
          <MinusIcon className="h-4 w-4" />
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={upper}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(clamp(event.target.valueAsNumber))}
          className="h-11 w-14 border-x border-gray-300 text-center text-base font-semibold text-gray-900 [appearance:textfield] focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-strong disabled:bg-gray-50 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        />
        <button
          type="button"
          aria-label="Increase quantity"
          onClick={() => onChange(clamp(value + 1))}
          disabled={disabled || value >= upper}
          className={STEP_BUTTON_CLASS}
        >
          <PlusIcon className="h-4 w-4" />
        </button>
      </div>
    </div>
  );
}
