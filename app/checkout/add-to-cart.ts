import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { CART_TEXTS } from "../../domain/cart/texts";
import type { AddToCartResult } from "./routes/cart.items";
import { useCartSignIn } from "./cart-sign-in";
import { announceCartUpdated } from "../site/live-events";
import { toast } from "../ui/toast";

export const ADD_TO_CART_ACTION = "/cart/items";

/**
 * Adds a phone to the cart from any page: signed-out visitors are asked to sign in first; the
 * answer shows as a toast and `onAdded` runs after a success (the site bar's count reloads on
 * its own after the action).
 */
export function useAddToCart({ successText, onAdded }: { successText: (quantity: number) => string; onAdded?: (quantity: number) => void }) {
  const fetcher = useFetcher<AddToCartResult>();
  const requireSignIn = useCartSignIn();
  const handled = useRef<AddToCartResult | undefined>(undefined);

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      toast.success(successText(result.quantity ?? 1), result.message);
      if (result.cartCount !== undefined) announceCartUpdated(result.cartCount);
      onAdded?.(result.quantity ?? 1);
    } else {
      toast.error(CART_TEXTS.addFailed, result.message);
    }
  }, [fetcher.state, fetcher.data, successText, onAdded]);

  const add = (productId: string, quantity: number) => {
    if (!requireSignIn({ productId, quantity })) return false;
    void fetcher.submit({ productId, quantity: String(quantity) }, { method: "post", action: ADD_TO_CART_ACTION });
    return true;
  };
  return { add, busy: fetcher.state !== "idle" };
}
