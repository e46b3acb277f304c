import type { MouseEvent } from "react";
import { Link } from "react-router";
import type { CartLine } from "../../domain/cart/service";
import { CART_TEXTS } from "../../domain/cart/texts";
import { CHECKOUT_TEXTS as T } from "../../domain/checkout/texts";
import { LIMITS } from "../../lib/constants";
import { formatNaira } from "../../lib/money";
import { GradeBadge } from "../ui/badges";
import { CART_ACTION } from "./cart-view";
import { quantityFieldOf } from "./checkout-form-data";
import { ProductThumb } from "../ui/product-thumb";
import { LineStepper } from "./quantity-stepper";
import { SectionTitle } from "../ui/page-title";

type LineIntent = "quantity" | "remove";

/** The small form a line's button sends when scripts have not loaded; it sits outside the checkout form. */
const lineFormId = (lineId: string, intent: LineIntent) => `line-${intent}-${lineId}`;

export interface LineHandlers {
  onToggle: (line: CartLine, on: boolean) => void;
  onQuantity: (line: CartLine, quantity: number) => void;
  onRemove: (line: CartLine) => void;
}

/** Calls the handler instead of sending the line's form, once scripts run. */
const instead = (handler: () => void) => (event: MouseEvent) => {
  event.preventDefault();
  handler();
};

export function CheckoutLines({
  lines, readOnly = false, isTicked, busyLine, handlers,
}: {
  lines: CartLine[];
  /** Buy Now: the phone and quantity were chosen on its page; nothing to tick, step or remove here. */
  readOnly?: boolean;
  isTicked: (line: CartLine) => boolean;
  busyLine: string | null;
  handlers: LineHandlers;
}) {
  return (
    <section className="rounded-2xl border border-gray-200 bg-white" aria-labelledby="checkout-items-title">
      <SectionTitle id="checkout-items-title" className="border-b border-gray-100 px-4 py-3">{T.itemsTitle}</SectionTitle>
      <ul className="divide-y divide-gray-100">
        {lines.map((line) => (
          <CheckoutLineRow key={line.id} line={line} readOnly={readOnly} ticked={isTicked(line)} busy={busyLine === line.id} handlers={handlers} />
        ))}
      </ul>
    </section>
  );
}

function CheckoutLineRow({
  line, readOnly, ticked, busy, handlers,
}: {
  line: CartLine;
  readOnly: boolean;
  ticked: boolean;
  busy: boolean;
  handlers: LineHandlers;
}) {
  const { product } = line;
  return (
    <li className="flex gap-3 px-4 py-4" aria-busy={busy} data-testid="checkout-line">
      <LineSelector line={line} readOnly={readOnly} ticked={ticked} onToggle={(on) => handlers.onToggle(line, on)} />
      {product.available ? <input type="hidden" name={quantityFieldOf(product.id)} value={line.quantity} /> : null}
      <ProductThumb src={product.image} size="h-20 w-20" />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <Link to={`/product/${product.id}`} className="font-semibold text-gray-900 hover:text-brand-strong">
              {product.name}
            </Link>
            <p className="text-xs text-gray-600">
              {product.brand} · {product.model}
            </p>
          </div>
          <GradeBadge grade={product.grade} className="shrink-0 whitespace-nowrap" />
        </div>
        <p className="mt-0.5 text-sm text-gray-700">{T.unitPrice(formatNaira(product.price))}</p>
        {product.available ? null : (
          <p className="mt-1 text-sm font-semibold text-red-700">{product.stock <= 0 ? CART_TEXTS.outOfStock : CART_TEXTS.unavailableLine}</p>
        )}
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          {readOnly ? (
            <p className="text-sm text-gray-800">
              {T.quantityLabel}: <span className="font-semibold" data-testid="line-quantity">{line.quantity}</span>
            </p>
          ) : (
            <LineQuantity line={line} busy={busy} onQuantity={(quantity) => handlers.onQuantity(line, quantity)} />
          )}
          <p className="font-bold text-gray-900" data-testid="line-total">
            {formatNaira(product.price * line.quantity)}
          </p>
        </div>
        {readOnly ? null : <RemoveButton line={line} busy={busy} onRemove={() => handlers.onRemove(line)} />}
      </div>
    </li>
  );
}

/** A checkbox that ticks the line; on Buy Now the one phone is simply sent. */
function LineSelector({ line, readOnly, ticked, onToggle }: { line: CartLine; readOnly: boolean; ticked: boolean; onToggle: (on: boolean) => void }) {
  const { product } = line;
  if (readOnly) return product.available ? <input type="hidden" name="productId" value={product.id} /> : null;
  return (
    <input
      type="checkbox"
      name="productId"
      value={product.id}
      aria-label={T.selectLine(product.name)}
      checked={ticked}
      disabled={!product.available}
      onChange={(event) => onToggle(event.target.checked)}
      className="mt-8 h-5 w-5 shrink-0 accent-[var(--color-brand)]"
    />
  );
}

function RemoveButton({ line, busy, onRemove }: { line: CartLine; busy: boolean; onRemove: () => void }) {
  return (
    <button
      type="submit"
      form={lineFormId(line.id, "remove")}
      disabled={busy}
      onClick={instead(onRemove)}
      aria-label={`Remove ${line.product.name}`}
      className="mt-2 min-h-11 text-sm font-semibold text-red-700 hover:underline disabled:text-gray-400"
    >
      Remove
    </button>
  );
}

/** − stops at 1 and + at the stock or the per-order cap; without scripts each sends its line's quantity form. */
function LineQuantity({ line, busy, onQuantity }: { line: CartLine; busy: boolean; onQuantity: (quantity: number) => void }) {
  return (
    <div>
      <LineStepper
        name={line.product.name}
        quantity={line.quantity}
        stock={Math.min(line.product.stock, LIMITS.maxUnitsPerLine)}
        busy={busy}
        keepOne
        stepTo={(quantity) => ({ type: "submit", form: lineFormId(line.id, "quantity"), name: "quantity", value: quantity, onClick: instead(() => onQuantity(quantity)) })}
      />
      <p className="mt-1 text-xs text-gray-600">{T.perOrderCap(LIMITS.maxUnitsPerLine)}</p>
    </div>
  );
}

/** The forms the line buttons belong to; rendered after the checkout form, since forms cannot nest. */
export function LineActionForms({ lines }: { lines: CartLine[] }) {
  return (
    <>
      {lines.flatMap((line) =>
        (["quantity", "remove"] as const).map((intent) => (
          <form key={`${intent}-${line.id}`} id={lineFormId(line.id, intent)} method="post" action={CART_ACTION}>
            <input type="hidden" name="intent" value={intent} />
            <input type="hidden" name="itemId" value={line.id} />
          </form>
        )),
      )}
    </>
  );
}
