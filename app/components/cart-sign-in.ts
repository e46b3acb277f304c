import { useCallback } from "react";
import { useNavigate } from "react-router";
import { useSite } from "./site";
import { toast } from "./toast";

export const CART_SIGN_IN_TEXTS = {
  /** storefront.md §8. */
  required: "Please sign in to add items to cart",
  hint: "Sign in or create an account to keep a cart and check out.",
} as const;

/**
 * Adding to the cart needs an account (storefront.md §5). The returned check answers true for
 * a signed-in visitor; a signed-out one is told why and taken to sign in, and it answers false.
 */
export function useCartSignIn(): () => boolean {
  const { signedIn } = useSite();
  const navigate = useNavigate();
  return useCallback(() => {
    if (signedIn) return true;
    toast.error(CART_SIGN_IN_TEXTS.required, CART_SIGN_IN_TEXTS.hint);
    navigate("/auth");
    return false;
  }, [signedIn, navigate]);
}
