import { Refusal } from "../../../domain/core/refusal";
import { data } from "react-router";
import { CART_TEXTS, addToCart, addToCartSchema, addedToCartText, stockCapText } from "../../../domain/cart/service";
import { CART_SIGN_IN_TEXTS } from "../cart-sign-in";
import { redirectWithToast } from "../../server/flash.server";
import type { Route } from "./+types/cart.items";
import { readForm } from "../../server/forms.server";

export interface AddToCartResult {
  ok: boolean;
  /** What was asked to be added. */
  quantity?: number;
  cartCount?: number;
  /** The message to show: the stock cap, or why it failed. */
  message?: string;
}

/** A same-site path to return a form without scripts to (the product page it came from). */
function backTo(request: Request, productId: string): string {
  const referer = request.headers.get("referer");
  if (referer && URL.canParse(referer)) {
    const url = new URL(referer);
    if (url.origin === new URL(request.url).origin) return url.pathname + url.search;
  }
  return `/product/${productId}`;
}

/**
 * Adds a phone to the signed-in buyer's cart (storefront.md §7, add to cart). Scripts get JSON;
 * a form sent without scripts is sent back to its page with a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const asPage = (request.headers.get("accept") ?? "").includes("text/html");
  const form = Object.fromEntries(await readForm(request));
  const viewer = await context.getViewer();
  if (!viewer) {
    if (asPage) return redirectWithToast("/auth", { kind: "error", title: CART_SIGN_IN_TEXTS.required });
    return data<AddToCartResult>({ ok: false, message: CART_SIGN_IN_TEXTS.required }, { status: 401 });
  }
  const parsed = addToCartSchema.safeParse(form);
  if (!parsed.success) return data<AddToCartResult>({ ok: false, message: parsed.error.issues[0]?.message }, { status: 400 });

  try {
    const added = await addToCart(context.db, viewer, parsed.data);
    const message = added.cappedAt !== null ? stockCapText(added.cappedAt) : undefined;
    if (asPage) {
      const title = addedToCartText(parsed.data.quantity);
      return redirectWithToast(backTo(request, parsed.data.productId), { kind: "success", title, description: message });
    }
    return data<AddToCartResult>({ ok: true, quantity: parsed.data.quantity, cartCount: added.cartCount, message });
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    if (asPage) return redirectWithToast(backTo(request, parsed.data.productId), { kind: "error", title: CART_TEXTS.addFailed, description: error.message });
    return data<AddToCartResult>({ ok: false, message: error.message }, { status: error.status });
  }
}
