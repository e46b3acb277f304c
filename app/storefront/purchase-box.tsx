import { useCallback, useEffect, useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import type { PublicProduct } from "../../domain/catalog/service";
import { LIMITS } from "../../lib/constants";
import { addedToCartText } from "../../domain/cart/texts";
import { useAddToCart } from "../checkout/add-to-cart";
import { CART_SIGN_IN_TEXTS, signInHref, takePendingAdd } from "../checkout/cart-sign-in";
import { plural } from "../ui/format";
import { CartIcon, CheckCircleIcon } from "../ui/icons";
import { QuantityStepper } from "../checkout/quantity-stepper";
import { useSite } from "../site/site";
import { toast } from "../ui/toast";

const PURCHASE_TEXTS = {
  addToCart: "Add to Cart",
  buyNow: "Buy Now",
  proceedToCheckout: "Proceed to Checkout",
  continueShopping: "Continue Shopping",
  checkout: "Checkout",
  /** The stepper's cap: the most units per order line, or the stock when fewer are left. */
  upTo: (units: number) => `Up to ${units} per order`,
} as const;

/**
 * Quantity, Add to Cart, Buy Now and the cart shortcut, for a phone in stock (a sold-out one's
 * page shows none of them). A signed-out visitor is asked to sign in and, back on this page, the
 * phone is added; the server adds to the cart (never beyond the stock) and the success panel follows.
 */
export function PurchaseBox({ product, cartCount }: { product: Pick<PublicProduct, "id" | "stockQuantity">; cartCount: number }) {
  const [quantity, setQuantity] = useState<number>(LIMITS.defaultAddQuantity);
  const [addedQuantity, setAddedQuantity] = useState<number | null>(null);
  const onAdded = useCallback((added: number) => setAddedQuantity(added), []);
  const { add, busy } = useAddToCart({ successText: addedToCartText, onAdded });
  const inStock = product.stockQuantity > 0;
  const maxUnits = Math.min(product.stockQuantity, LIMITS.maxUnitsPerLine);
  const { signedIn } = useSite();
  useEffect(() => {
    if (!signedIn) return;
    const pending = takePendingAdd(product.id);
    if (pending !== null) add(product.id, Math.min(pending, Math.max(1, maxUnits)));
    // Once, when the page opens after signing in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [product.id, signedIn]);
  const addToCart = () => add(product.id, quantity);

  return (
    <div className="mt-5 space-y-4">
      <div>
        <QuantityStepper value={quantity} max={maxUnits} onChange={setQuantity} disabled={!inStock} />
        {inStock ? <p className="mt-1 text-xs text-gray-700">{PURCHASE_TEXTS.upTo(maxUnits)}</p> : null}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <button
          type="button"
          onClick={addToCart}
          disabled={!inStock || busy}
          aria-busy={busy}
          className="inline-flex h-12 items-center justify-center gap-2 rounded-lg bg-brand-strong px-5 text-base font-semibold text-white hover:opacity-90 disabled:cursor-not-allowed disabled:bg-gray-400"
        >
          <CartIcon className="h-5 w-5" />
          {PURCHASE_TEXTS.addToCart}
        </button>
        <BuyNow productId={product.id} quantity={quantity} disabled={!inStock} />
      </div>
      {addedQuantity !== null ? (
        <AddedToCartPanel quantity={addedQuantity} onContinue={() => setAddedQuantity(null)} />
      ) : null}
      {cartCount > 0 ? (
        <p className="flex items-center justify-between gap-3 rounded-lg bg-gray-50 px-4 py-3 text-sm text-gray-800">
          <span>{plural(cartCount, "item", "items")} in your cart</span>
          <Link to="/checkout" className="font-semibold text-brand-strong underline-offset-2 hover:underline">
            {PURCHASE_TEXTS.checkout}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

function AddedToCartPanel({ quantity, onContinue }: { quantity: number; onContinue: () => void }) {
  return (
    <div role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-4">
      <p className="flex items-center gap-2 font-semibold text-emerald-900">
        <CheckCircleIcon className="h-5 w-5" />
        {plural(quantity, "item", "items")} added to your cart
      </p>
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        <Link
          to="/checkout"
          className="inline-flex h-11 items-center justify-center rounded-lg bg-brand-strong px-4 text-sm font-semibold text-white hover:opacity-90"
        >
          {PURCHASE_TEXTS.proceedToCheckout}
        </Link>
        <button
          type="button"
          onClick={onContinue}
          className="inline-flex h-11 items-center justify-center rounded-lg border border-gray-300 bg-white px-4 text-sm font-semibold text-gray-900 hover:bg-gray-50"
        >
          {PURCHASE_TEXTS.continueShopping}
        </button>
      </div>
    </div>
  );
}

/**
 * Buy Now (docs/cart-and-checkout.md): checkout with exactly this phone at the chosen quantity; the cart is
 * not touched. A plain GET form, so it works before scripts load; the server decides what is bought.
 * A signed-out shopper signs in first and comes back to that same checkout.
 */
function BuyNow({ productId, quantity, disabled }: { productId: string; quantity: number; disabled: boolean }) {
  const { signedIn } = useSite();
  const navigate = useNavigate();
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    if (signedIn) return;
    event.preventDefault();
    toast.error(CART_SIGN_IN_TEXTS.required, CART_SIGN_IN_TEXTS.hint);
    navigate(signInHref(`/checkout?buy=${encodeURIComponent(productId)}&qty=${quantity}`));
  };
  return (
    <Form method="get" action="/checkout" onSubmit={onSubmit}>
      <input type="hidden" name="buy" value={productId} />
      <input type="hidden" name="qty" value={quantity} />
      <button
        type="submit"
        disabled={disabled}
        className="inline-flex h-12 w-full items-center justify-center rounded-lg border-2 border-gray-900 px-5 text-base font-semibold text-gray-900 hover:bg-gray-50 disabled:cursor-not-allowed disabled:border-gray-300 disabled:text-gray-500"
      >
        {PURCHASE_TEXTS.buyNow}
      </button>
    </Form>
  );
}
