import { useCallback } from "react";
import type { AddedToCart } from "./routes/cart.items";
import { type Answer, toastAnswer, useAction } from "../ui/answer";
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
  const requireSignIn = useCartSignIn();
  const onAnswer = useCallback(
    (answer: Answer<AddedToCart>) => {
      if (!answer.ok) return toastAnswer(answer);
      toast.success(successText(answer.quantity), answer.detail);
      announceCartUpdated(answer.cartCount);
      onAdded?.(answer.quantity);
    },
    [successText, onAdded],
  );
  const { submit, busy } = useAction<AddedToCart>({ quiet: true, onAnswer });

  const add = (productId: string, quantity: number) => {
    if (!requireSignIn({ productId, quantity })) return false;
    void submit(ADD_TO_CART_ACTION, { productId, quantity: String(quantity) });
    return true;
  };
  return { add, busy };
}
