import { useCallback } from "react";
import { useNavigate } from "react-router";
import { useSite } from "../site/site";
import { toast } from "../ui/toast";

export const CART_SIGN_IN_TEXTS = {
  /** docs/cart-and-checkout.md. */
  required: "Please sign in to add items to cart",
  hint: "Sign in or create an account to keep a cart and check out.",
} as const;

/** The query parameter of /auth naming the page to return to after signing in. */
export const RETURN_PARAM = "redirect";

const PENDING_ADD_KEY = "pending_cart_add";
/** A pending add older than this is forgotten: the shopper has moved on. */
const PENDING_ADD_MAX_AGE_MS = 30 * 60_000;

interface PendingAdd {
  productId: string;
  quantity: number;
  at: number;
}

/**
 * A path on this site to return to, or null: only a same-site relative path ('/product/…'),
 * never another origin ('//evil.example', '/\evil.example', 'https://…') nor control characters.
 */
export function returnPathOf(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 500 || !value.startsWith("/")) return null;
  if (value.includes("\\") || [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f) || value.startsWith("//")) return null;
  const base = "https://return.invalid";
  try {
    const url = new URL(value, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/** /auth, returning to `path` after signing in. */
export function signInHref(path: string): string {
  return `/auth?${RETURN_PARAM}=${encodeURIComponent(path)}`;
}

function rememberPendingAdd(productId: string, quantity: number): void {
  try {
    window.sessionStorage.setItem(PENDING_ADD_KEY, JSON.stringify({ productId, quantity, at: Date.now() } satisfies PendingAdd));
  } catch {
    // Storage unavailable (private mode): the shopper adds again after signing in.
  }
}

/** The quantity this tab asked to add to the cart for `productId` before signing in (taken once). */
export function takePendingAdd(productId: string): number | null {
  try {
    const raw = window.sessionStorage.getItem(PENDING_ADD_KEY);
    if (!raw) return null;
    const pending = JSON.parse(raw) as Partial<PendingAdd>;
    if (pending.productId !== productId) return null;
    window.sessionStorage.removeItem(PENDING_ADD_KEY);
    const fresh = typeof pending.at === "number" && Date.now() - pending.at < PENDING_ADD_MAX_AGE_MS;
    const quantity = Number(pending.quantity);
    return fresh && Number.isInteger(quantity) && quantity > 0 ? quantity : null;
  } catch {
    return null;
  }
}

/**
 * Adding to the cart needs an account (docs/cart-and-checkout.md). The returned check answers true for
 * a signed-in visitor; a signed-out one is told why and taken to sign in, and it answers false.
 * After signing in they land on the phone's page, where the phone is added (this tab only
 * remembers what it asked for, so no link can add anything to someone's cart).
 */
export function useCartSignIn(): (wanted: { productId: string; quantity: number }) => boolean {
  const { signedIn } = useSite();
  const navigate = useNavigate();
  return useCallback(
    ({ productId, quantity }) => {
      if (signedIn) return true;
      toast.error(CART_SIGN_IN_TEXTS.required, CART_SIGN_IN_TEXTS.hint);
      rememberPendingAdd(productId, quantity);
      navigate(signInHref(`/product/${productId}`));
      return false;
    },
    [signedIn, navigate],
  );
}
