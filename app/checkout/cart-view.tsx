import { useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import type { CartLine } from "../../domain/cart/service";
import { CART_TEXTS } from "../../domain/cart/texts";
import { CHECKOUT_TEXTS } from "../../domain/checkout/texts";
import { overUnitCap } from "../../domain/checkout/validation";
import { UnitCapNote } from "./checkout-summary";
import { LIMITS } from "../../lib/constants";
import { formatNaira } from "../../lib/money";
import type { CartChanged } from "./routes/cart";
import { useAction } from "../ui/answer";
import { GradeBadge } from "../ui/badges";
import { CatalogImage, IMAGE_SIZES } from "../ui/catalog-image";
import { plural } from "../ui/format";
import { PhonePlaceholder } from "../ui/icons";
import { announceCartUpdated } from "../site/live-events";
import { LineStepper } from "./quantity-stepper";
import { PageTitle, SectionTitle } from "../ui/page-title";

/** Where /checkout reads which cart lines to buy (docs/cart-and-checkout.md). */
export const CHECKOUT_ITEMS_KEY = "checkout_items";

/** The one door for every change to the cart, from the cart and the checkout pages. */
export const CART_ACTION = "/cart";

const pageClass = "container-page py-8";

export function SignedOutCart() {
  return (
    <section className={pageClass} aria-labelledby="cart-title">
      <PageTitle id="cart-title">Shopping Cart</PageTitle>
      <div className="mt-6 rounded-2xl border border-gray-200 bg-white p-8 text-center">
        <p className="text-gray-700">Please sign in to see your cart.</p>
        <Link to="/auth" className="mt-4 inline-flex rounded-lg bg-brand-strong px-5 py-2.5 text-sm font-semibold text-white hover:opacity-90">
          Sign In
        </Link>
      </div>
    </section>
  );
}

function EmptyCart() {
  return (
    <div className="mt-6 rounded-2xl border border-gray-200 bg-white p-8 text-center">
      <p className="text-lg font-semibold text-gray-900">Your cart is empty</p>
      <p className="mt-1 text-gray-700">Find a graded phone you love and add it here.</p>
      <Link to="/shop" className="mt-4 inline-flex rounded-lg bg-brand-strong px-5 py-2.5 text-sm font-semibold text-white hover:opacity-90">
        Continue Shopping
      </Link>
    </div>
  );
}

/**
 * Cart changes from the page, posted to the /cart action by a fetcher: its answer shows as a
 * toast, and the cart-updated event tells the other tabs.
 */
function useCartChanges() {
  const { submit } = useAction<CartChanged>();
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (key: string, fields: Record<string, string>) => {
    setBusy(key);
    const answer = await submit(CART_ACTION, fields);
    if (answer.ok) announceCartUpdated(answer.cartCount);
    setBusy(null);
  };

  return {
    busy,
    setQuantity: (line: CartLine, quantity: number) => run(line.id, { intent: "quantity", itemId: line.id, quantity: String(quantity) }),
    remove: (line: CartLine) => run(line.id, { intent: "remove", itemId: line.id }),
    clear: () => run("clear", { intent: "clear" }),
  };
}

export function CartView({ lines }: { lines: CartLine[] }) {
  const changes = useCartChanges();
  const navigate = useNavigate();
  // Lines are selected unless unticked, so a line added from another tab arrives selected.
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const selectable = lines.filter((line) => line.product.available);
  const selected = selectable.filter((line) => !unticked.has(line.id));
  const allSelected = selectable.length > 0 && selected.length === selectable.length;
  const itemCount = selected.reduce((sum, line) => sum + line.quantity, 0);
  const subtotal = selected.reduce((sum, line) => sum + line.product.price * line.quantity, 0);

  const toggle = (id: string, on: boolean) =>
    setUnticked((current) => {
      const next = new Set(current);
      if (on) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = (on: boolean) => setUnticked(on ? new Set() : new Set(selectable.map((line) => line.id)));

  const proceed = () => {
    sessionStorage.setItem(CHECKOUT_ITEMS_KEY, JSON.stringify(selected.map((line) => line.id)));
    void navigate("/checkout");
  };

  return (
    <section className={pageClass} aria-labelledby="cart-title">
      <PageTitle id="cart-title">Shopping Cart</PageTitle>
      {lines.length === 0 ? (
        <EmptyCart />
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem] lg:items-start">
          <div className="rounded-2xl border border-gray-200 bg-white">
            <div className="flex items-center justify-between gap-3 border-b border-gray-100 px-4 py-3">
              <label className="inline-flex items-center gap-2 text-sm font-semibold text-gray-900">
                <input type="checkbox" checked={allSelected} disabled={selectable.length === 0} onChange={(e) => toggleAll(e.target.checked)} className="h-5 w-5 accent-[var(--color-brand)]" />
                Select all ({selectable.length})
              </label>
              <Form
                method="post"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (window.confirm("Remove every item from your cart?")) void changes.clear();
                }}
              >
                <input type="hidden" name="intent" value="clear" />
                <button type="submit" disabled={changes.busy !== null} className="text-sm font-semibold text-red-700 hover:underline disabled:text-gray-400">
                  Clear cart
                </button>
              </Form>
            </div>
            <ul className="divide-y divide-gray-100">
              {lines.map((line) => (
                <CartLineRow
                  key={line.id}
                  line={line}
                  selected={line.product.available && !unticked.has(line.id)}
                  busy={changes.busy === line.id || changes.busy === "clear"}
                  onToggle={(on) => toggle(line.id, on)}
                  onQuantity={(quantity) => void changes.setQuantity(line, quantity)}
                  onRemove={() => void changes.remove(line)}
                />
              ))}
            </ul>
          </div>
          <OrderSummary itemCount={itemCount} subtotal={subtotal} canProceed={selected.length > 0 && changes.busy === null} onProceed={proceed} />
        </div>
      )}
    </section>
  );
}

function CartLineRow({
  line, selected, busy, onToggle, onQuantity, onRemove,
}: {
  line: CartLine;
  selected: boolean;
  busy: boolean;
  onToggle: (on: boolean) => void;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}) {
  const { product } = line;
  const name = product.name;
  return (
    <li className="flex gap-3 px-4 py-4" aria-busy={busy} data-testid="cart-line">
      <input
        type="checkbox"
        aria-label={`Select ${name}`}
        checked={selected}
        disabled={!product.available}
        onChange={(e) => onToggle(e.target.checked)}
        className="mt-8 h-5 w-5 shrink-0 accent-[var(--color-brand)]"
      />
      <Link to={`/product/${product.id}`} className="h-20 w-20 shrink-0 overflow-hidden rounded-lg bg-gray-50">
        {product.image ? (
          <CatalogImage src={product.image} alt={name} sizes={IMAGE_SIZES.thumbnail} width={80} height={80} className="h-full w-full object-contain" />
        ) : (
          <PhonePlaceholder />
        )}
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <Link to={`/product/${product.id}`} className="font-semibold text-gray-900 hover:text-brand-strong">
            {name}
          </Link>
          <GradeBadge grade={product.grade} className="shrink-0 whitespace-nowrap" />
        </div>
        <p className="mt-0.5 text-sm text-gray-700">{formatNaira(product.price)} each</p>
        {product.available ? null : <p className="mt-1 text-sm font-semibold text-red-700">{product.stock <= 0 ? CART_TEXTS.outOfStock : CART_TEXTS.unavailableLine}</p>}
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <LineQuantity line={line} busy={busy} onQuantity={onQuantity} />
          <p className="font-bold text-gray-900">{formatNaira(product.price * line.quantity)}</p>
        </div>
        <Form
          method="post"
          onSubmit={(event) => {
            event.preventDefault();
            onRemove();
          }}
        >
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="itemId" value={line.id} />
          <button type="submit" disabled={busy} className="mt-2 text-sm font-semibold text-red-700 hover:underline disabled:text-gray-400" aria-label={`Remove ${name}`}>
            Remove
          </button>
        </Form>
      </div>
    </li>
  );
}

/** − and + are buttons of one form, so they also work before scripts load; − at 1 removes the line. */
function LineQuantity({ line, busy, onQuantity }: { line: CartLine; busy: boolean; onQuantity: (quantity: number) => void }) {
  return (
    <Form
      method="post"
      className="inline-flex"
      onSubmit={(event) => {
        event.preventDefault();
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        onQuantity(Number(submitter?.value ?? line.quantity));
      }}
    >
      <input type="hidden" name="intent" value="quantity" />
      <input type="hidden" name="itemId" value={line.id} />
      <LineStepper
        name={line.product.name}
        quantity={line.quantity}
        stock={Math.min(line.product.stock, LIMITS.maxUnitsPerLine)}
        busy={busy}
        keepOne={false}
        stepTo={(quantity) => ({ type: "submit", name: "quantity", value: quantity })}
      />
      <span className="ml-2 self-center text-xs text-gray-600">{CHECKOUT_TEXTS.perOrderCap(LIMITS.maxUnitsPerLine)}</span>
    </Form>
  );
}

function OrderSummary({ itemCount, subtotal, canProceed, onProceed }: { itemCount: number; subtotal: number; canProceed: boolean; onProceed: () => void }) {
  return (
    <aside className="rounded-2xl border border-gray-200 bg-white p-5 lg:sticky lg:top-20" aria-labelledby="summary-title">
      <SectionTitle id="summary-title">Order Summary</SectionTitle>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between">
          <dt className="text-gray-700">Items</dt>
          <dd className="font-semibold text-gray-900" data-testid="summary-count">
            {plural(itemCount, "item", "items")}
          </dd>
        </div>
        <div className="flex justify-between border-t border-gray-100 pt-2 text-base">
          <dt className="font-bold text-gray-900">Subtotal</dt>
          <dd className="font-bold text-gray-900" data-testid="summary-subtotal">
            {formatNaira(subtotal)}
          </dd>
        </div>
      </dl>
      {/* Without scripts the link checks out the whole cart; with them, only the ticked lines. */}
      <Link
        to="/checkout"
        aria-disabled={!canProceed}
        onClick={(event) => {
          event.preventDefault();
          if (canProceed) onProceed();
        }}
        className={`mt-5 flex w-full items-center justify-center rounded-lg px-5 py-3 text-sm font-semibold text-white ${canProceed ? "bg-brand-strong hover:opacity-90" : "cursor-not-allowed bg-gray-400"}`}
      >
        Proceed to Checkout
      </Link>
      <UnitCapNote overCap={overUnitCap(itemCount)} id="cart-cap-hint" />
    </aside>
  );
}
