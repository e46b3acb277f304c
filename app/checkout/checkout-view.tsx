import { type FormEvent, useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import type { CartLine } from "../../domain/cart/service";
import { CHECKOUT_TEXTS as T } from "../../domain/checkout/texts";
import { type DeliveryFees, deliveryFeeFor, isNigerianState, uniformDeliveryFee } from "../../domain/pricing/delivery-fees";
import { checkoutSchema, firstCheckoutError, shippingSchema } from "../../domain/checkout/validation";
import type { CartChanged } from "./routes/cart";
import type { CheckoutReturned } from "./routes/checkout";
import { type Failure, useAction } from "../ui/answer";
import { useRouteData } from "../ui/use-route-data";
import { CART_ACTION, CHECKOUT_ITEMS_KEY } from "./cart-view";
import {
  BUY_NOW_FIELD,
  CHECKOUT_FORM_ID, type ShippingErrors, type ShippingField, checkoutInputFromForm, shippingErrorsOf,
} from "./checkout-form-data";
import { CheckoutLines, LineActionForms } from "./checkout-lines";
import { ShippingFields } from "./checkout-shipping";
import { DeliverToForm, SavedAddressPicker, chosenAddress, shippingPrefill } from "./saved-address-picker";
import type { SavedAddress } from "../../domain/accounts/addresses";
import { CheckoutEmptyCart, secondaryLinkClass } from "./checkout-states";
import { CheckoutSummary } from "./checkout-summary";
import { PayHeldOrderForm, UnpaidCheckoutNotice, type UnpaidOrderHeld } from "./unpaid-checkout-notice";
import { ArrowLeftIcon } from "../ui/icons";
import { type LiveEvent, announceCartUpdated, useLiveEvents } from "../site/live-events";
import { toast } from "../ui/toast";
import { PageTitle } from "../ui/page-title";

/** The route action's refusal of the form sent without scripts, with what was sent. */
export type CheckoutFormResult = Failure<CheckoutReturned>;

interface CheckoutViewProps {
  lines: CartLine[];
  /** Buy Now: the one phone in `lines` is bought outside the cart, which stays as it is. */
  buyNow?: boolean;
  /** The server's fee table, to show the chosen state's fee; the server charges its own figure at order time. */
  deliveryFees: DeliveryFees;
  account: { email: string; fullName: string };
  /** The buyer's saved addresses and the one chosen in 'Deliver to' (else the default) to start from. */
  savedAddresses?: SavedAddress[];
  deliverTo?: string | null;
  testMode: boolean;
  /** The buyer's earlier checkout that placing this one would cancel, if it is still payable. */
  unpaidOrder?: UnpaidOrderHeld | null;
  result?: CheckoutFormResult;
}

export function CheckoutView({ lines: loadedLines, buyNow = false, deliveryFees, account, savedAddresses = [], deliverTo = null, testMode, unpaidOrder = null, result }: CheckoutViewProps) {
  const cart = useCheckoutLines(loadedLines, !buyNow);
  const selection = useSelection(cart.lines, buyNow ? undefined : result?.ticked);
  const formAction = useFormAction(buyNow);
  const placing = usePlaceOrder(formAction, result, cart.reload);
  const ticked = cart.lines.filter(selection.isTicked);
  const itemCount = ticked.reduce((sum, line) => sum + line.quantity, 0);
  const subtotal = ticked.reduce((sum, line) => sum + line.product.price * line.quantity, 0);
  const values = result?.values ?? shippingPrefill(account.fullName, chosenAddress(savedAddresses, deliverTo));
  const state = useChosenState(values.state);
  const deliveryFee = isNigerianState(state) ? deliveryFeeFor(deliveryFees, state) : uniformDeliveryFee(deliveryFees);

  return (
    <section className="container-page py-8" aria-labelledby="checkout-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageTitle id="checkout-title">{T.pageTitle}</PageTitle>
        <PageButtons onRefresh={buyNow ? null : cart.refresh} />
      </div>
      {testMode ? (
        <p className="mt-4 rounded-lg border-2 border-dashed border-amber-500 bg-amber-50 px-4 py-2 text-sm font-bold text-amber-900" data-testid="test-mode-banner">
          {T.testMode}
        </p>
      ) : null}
      {cart.lines.length === 0 ? (
        <CheckoutEmptyCart />
      ) : (
        <>
          <form
            id={CHECKOUT_FORM_ID}
            ref={scriptedForm}
            method="post"
            action={formAction}
            onSubmit={(event) => void placing.submit(event)}
            aria-busy={placing.processing}
            className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start"
          >
            <input type="hidden" name="intent" value="place" />
            {buyNow ? <input type="hidden" name={BUY_NOW_FIELD} value="1" /> : null}
            <div className="min-w-0 space-y-6">
              <CheckoutLines
                lines={cart.lines}
                readOnly={buyNow}
                isTicked={selection.isTicked}
                busyLine={cart.busyLine}
                handlers={{ onToggle: selection.toggle, ...cart.handlers }}
              />
              <ShippingFields
                values={values}
                email={account.email}
                errors={placing.errors}
                onCheck={placing.check}
                picker={<SavedAddressPicker addresses={savedAddresses} chosenId={deliverTo} />}
              />
            </div>
            <CheckoutSummary
              itemCount={itemCount}
              subtotal={subtotal}
              deliveryFee={deliveryFee}
              state={isNigerianState(state) ? state : ""}
              processing={placing.processing}
              error={placing.message}
              notice={unpaidOrder ? <UnpaidCheckoutNotice held={unpaidOrder} /> : null}
            />
          </form>
          {unpaidOrder ? <PayHeldOrderForm held={unpaidOrder} /> : null}
          {buyNow ? null : <LineActionForms lines={cart.lines} />}
          {savedAddresses.length > 1 ? <DeliverToForm /> : null}
        </>
      )}
    </section>
  );
}

/**
 * The State field's value as it changes: by the buyer, by anything that fills the field and sends a
 * change event, or by the browser restoring the form.
 */
function useChosenState(initial: string): string {
  const read = () => {
    const select = document.getElementById(STATE_FIELD_ID);
    return select instanceof HTMLSelectElement ? select.value : initial;
  };
  return useSyncExternalStore(followStateField, read, () => initial);
}

/** Captured at the document, so a change event that does not bubble is seen too. */
function followStateField(changed: () => void): () => void {
  const follow = (event: Event) => {
    if (event.target instanceof HTMLSelectElement && event.target.id === STATE_FIELD_ID) changed();
  };
  document.addEventListener("change", follow, true);
  document.addEventListener("input", follow, true);
  return () => {
    document.removeEventListener("change", follow, true);
    document.removeEventListener("input", follow, true);
  };
}

const STATE_FIELD_ID = "checkout-state";

/** Scripts give the schema's own messages; without them the browser's required checks help. */
function scriptedForm(form: HTMLFormElement | null) {
  if (form) form.noValidate = true;
}

/** A Buy Now form posts back to its own address, so a refusal without scripts shows the same phone again. */
function useFormAction(buyNow: boolean): string {
  const location = useLocation();
  return buyNow ? `/checkout${location.search}` : "/checkout";
}

/** Back goes where the buyer came from (the cart without scripts); Refresh Cart reloads the lines (not on Buy Now). */
function PageButtons({ onRefresh }: { onRefresh: (() => Promise<void>) | null }) {
  const navigate = useNavigate();
  const [refreshing, setRefreshing] = useState(false);
  return (
    <div className="flex gap-2">
      <Link
        to="/cart"
        onClick={(event) => {
          if (window.history.length <= 1) return;
          event.preventDefault();
          void navigate(-1);
        }}
        className={`${secondaryLinkClass} gap-1`}
      >
        <ArrowLeftIcon className="h-4 w-4" />
        {T.back}
      </Link>
      {onRefresh ? (
        <Link
          to="/checkout"
          reloadDocument
          aria-disabled={refreshing}
          onClick={async (event) => {
            event.preventDefault();
            if (refreshing) return;
            setRefreshing(true);
            await onRefresh();
            setRefreshing(false);
          }}
          className={secondaryLinkClass}
        >
          {T.refreshCart}
        </Link>
      ) : null}
    </div>
  );
}

/**
 * The lines on the page, kept current from the cart's own loader: after this page's own changes
 * (posted to the cart's action), on Refresh Cart, and when the cart changes in another tab. A
 * refused change shows its toast and leaves the page as it is.
 */
function useCheckoutLines(loaded: CartLine[], followCart: boolean) {
  const [lines, setLines] = useState(loaded);
  const [loadedBefore, setLoadedBefore] = useState(loaded);
  const [busyLine, setBusyLine] = useState<string | null>(null);
  const loadCart = useRouteData<{ lines: CartLine[] | null }>();
  const { submit } = useAction<CartChanged>();
  if (loaded !== loadedBefore) {
    setLoadedBefore(loaded);
    setLines(loaded);
  }

  const reload = useCallback(async () => {
    const cart = await loadCart(CART_ACTION);
    if (cart?.lines) setLines(cart.lines);
    return Boolean(cart?.lines);
  }, [loadCart]);

  useReloadOnCartEvents(reload, followCart);

  const change = async (line: CartLine, fields: Record<string, string>) => {
    setBusyLine(line.id);
    const answer = await submit(CART_ACTION, { itemId: line.id, ...fields });
    if (answer.ok) {
      announceCartUpdated(answer.cartCount);
      await reload();
    }
    setBusyLine(null);
  };

  return {
    lines,
    busyLine,
    reload,
    refresh: async () => {
      if (await reload()) toast.success(T.cartRefreshed);
      else toast.error(T.refreshFailed);
    },
    handlers: {
      onQuantity: (line: CartLine, quantity: number) => void change(line, { intent: "quantity", quantity: String(quantity) }),
      onRemove: (line: CartLine) => {
        if (!window.confirm(T.removeConfirm)) return;
        void change(line, { intent: "remove" });
      },
    },
  };
}

/** A burst of cart events (a quick stepper in another tab) causes one reload. */
function useReloadOnCartEvents(reload: () => Promise<boolean>, enabled: boolean) {
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  useLiveEvents(
    useCallback(
      (event: LiveEvent) => {
        if (!enabled || event.kind !== "cart.updated") return;
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => void reload(), 150);
      },
      [reload, enabled],
    ),
  );
}

/**
 * Which lines are ticked: every available line, unless the cart screen handed over a selection in
 * session storage (or the form came back from the server). Lines added later arrive ticked.
 */
function useSelection(lines: CartLine[], returnedProductIds?: string[]) {
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(() =>
    returnedProductIds ? new Set(lines.filter((line) => !returnedProductIds.includes(line.product.id)).map((line) => line.id)) : new Set(),
  );
  const initialLines = useRef(lines);
  useEffect(() => {
    if (returnedProductIds) return;
    const stored = storedSelection();
    const known = initialLines.current.filter((line) => stored?.includes(line.id));
    if (stored && known.length > 0) setUnticked(new Set(initialLines.current.filter((line) => !stored.includes(line.id)).map((line) => line.id)));
  }, [returnedProductIds]);

  const isTicked = (line: CartLine) => line.product.available && !unticked.has(line.id);
  const toggle = (line: CartLine, on: boolean) => {
    const next = new Set(unticked);
    if (on) next.delete(line.id);
    else next.add(line.id);
    setUnticked(next);
    const tickedIds = lines.filter((l) => l.product.available && !next.has(l.id)).map((l) => l.id);
    sessionStorage.setItem(CHECKOUT_ITEMS_KEY, JSON.stringify(tickedIds));
  };
  return { isTicked, toggle };
}

function storedSelection(): string[] | null {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(CHECKOUT_ITEMS_KEY) ?? "null");
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === "string") : null;
  } catch {
    return null;
  }
}

/**
 * Placing the order with scripts: the shared schema checks the form first (field errors and the
 * spec's toast of the first one), then the form goes to the page's action, which sends the
 * browser on to the provider's page. The server decides the amount; the browser sends only
 * product ids and quantities.
 */
function usePlaceOrder(formAction: string, result: CheckoutFormResult | undefined, reloadLines: () => Promise<boolean>) {
  const [processing, setProcessing] = useState(false);
  const [errors, setErrors] = useState<ShippingErrors>(result?.fieldErrors ?? {});
  // Without scripts the server's field errors stand alone; its other refusals show by the button.
  const [message, setMessage] = useState(result && !hasAny(result.fieldErrors) ? result.message : null);
  const { submit } = useAction({ quiet: true });

  useEffect(() => {
    // Coming back from the payment page restores this page as it was left: ready to try again.
    const onPageShow = (event: PageTransitionEvent) => event.persisted && setProcessing(false);
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, [result]);

  const check = (field: ShippingField, value: string) => {
    const parsed = shippingSchema.shape[field].safeParse(value);
    setErrors((current) => ({ ...current, [field]: parsed.success ? undefined : parsed.error.issues[0]?.message }));
  };

  const submitOrder = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (processing) return;
    const form = new FormData(event.currentTarget);
    const parsed = checkoutSchema.safeParse(checkoutInputFromForm(form));
    if (!parsed.success) {
      const fieldErrors = shippingErrorsOf(parsed.error);
      // Each message once: at its field (the first one focused), or by the button when no field owns it.
      setErrors(fieldErrors);
      const firstField = Object.keys(fieldErrors)[0];
      setMessage(firstField ? null : firstCheckoutError(parsed.error));
      if (firstField) document.getElementById(`checkout-${firstField}`)?.focus();
      return;
    }
    setErrors({});
    setMessage(null);
    setProcessing(true);
    // A placed order leaves the page for the provider's; only a refusal comes back.
    const answer = await submit(formAction, form);
    if (answer.ok) return;
    setProcessing(false);
    setErrors(answer.fieldErrors);
    setMessage(hasAny(answer.fieldErrors) ? null : answer.message || T.processFailed);
    // A refusal is often about stock: show the lines as they are now.
    void reloadLines();
  };

  return { processing, errors, message, check, submit: submitOrder };
}

const hasAny = (errors: ShippingErrors | undefined) => Object.values(errors ?? {}).some(Boolean);
