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

const PENDING_KEY = "pending_cart_add";
/** A pending step older than this is forgotten: the shopper has moved on. */
const PENDING_MAX_AGE_MS = 30 * 60_000;

/**
 * What a signed-out shopper asked for on a phone before signing in, done on the phone's page once
 * they are back: add it to the cart, save it to the wishlist, or wait for it to be back in stock.
 */
export type PendingKind = "cart" | "wishlist" | "stock-alert";

interface PendingStep {
  kind: PendingKind;
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

/** The page of the phone a form named, or the shop when the id is not one. */
export function phonePageOf(productId: unknown): string {
  return typeof productId === "string" && /^[0-9a-f-]{36}$/i.test(productId) ? `/product/${productId}` : "/shop";
}

/** /auth, returning to `path` after signing in. */
export function signInHref(path: string): string {
  return `/auth?${RETURN_PARAM}=${encodeURIComponent(path)}`;
}

function rememberPending(kind: PendingKind, productId: string, quantity = 1): void {
  try {
    window.sessionStorage.setItem(PENDING_KEY, JSON.stringify({ kind, productId, quantity, at: Date.now() } satisfies PendingStep));
  } catch {
    // Storage unavailable (private mode): the shopper asks again after signing in.
  }
}

/** The quantity this tab asked for with a `kind` step on `productId` before signing in (taken once), or null. */
export function takePending(kind: PendingKind, productId: string): number | null {
  try {
    const raw = window.sessionStorage.getItem(PENDING_KEY);
    if (!raw) return null;
    const pending = JSON.parse(raw) as Partial<PendingStep>;
    if ((pending.kind ?? "cart") !== kind || pending.productId !== productId) return null;
    window.sessionStorage.removeItem(PENDING_KEY);
    const fresh = typeof pending.at === "number" && Date.now() - pending.at < PENDING_MAX_AGE_MS;
    const quantity = Number(pending.quantity);
    return fresh && Number.isInteger(quantity) && quantity > 0 ? quantity : null;
  } catch {
    return null;
  }
}

/** The quantity this tab asked to add to the cart for `productId` before signing in (taken once). */
export function takePendingAdd(productId: string): number | null {
  return takePending("cart", productId);
}

/**
 * A step that needs an account, asked for by a signed-out visitor: they are told why (`texts`),
 * the step is remembered in this tab, and they go to sign in, returning to the phone's page, where
 * the step is taken (`takePending`) and done. The check answers true for a signed-in visitor.
 * Only this tab remembers what it asked for, so no link can do anything to someone's account.
 */
export function useSignInFirst(kind: PendingKind, texts: { required: string; hint: string }): (wanted: { productId: string; quantity?: number }) => boolean {
  const { signedIn } = useSite();
  const navigate = useNavigate();
  return useCallback(
    ({ productId, quantity }) => {
      if (signedIn) return true;
      toast.error(texts.required, texts.hint);
      rememberPending(kind, productId, quantity);
      navigate(signInHref(`/product/${productId}`));
      return false;
    },
    [signedIn, navigate, kind, texts],
  );
}

/**
 * Adding to the cart needs an account (docs/cart-and-checkout.md). The returned check answers true for
 * a signed-in visitor; a signed-out one is told why and taken to sign in, and it answers false.
 * After signing in they land on the phone's page, where the phone is added (this tab only
 * remembers what it asked for, so no link can add anything to someone's cart).
 */
export function useCartSignIn(): (wanted: { productId: string; quantity: number }) => boolean {
  return useSignInFirst("cart", CART_SIGN_IN_TEXTS);
}
