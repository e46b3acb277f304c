import { CART_TEXTS, addToCart, addToCartSchema, addedToCartText, stockCapText } from "../../../domain/cart/service";
import { CART_SIGN_IN_TEXTS } from "../cart-sign-in";
import { answerPage, answering, invalid, ok, signInRequired } from "../../server/answer.server";
import type { Route } from "./+types/cart.items";
import { readForm } from "../../server/forms.server";

/** What a successful add answers besides its message: what was asked for, and the new count. */
export type AddedToCart = { quantity: number; cartCount: number };

/**
 * Adds a phone to the signed-in buyer's cart. A fetcher gets the answer; a form sent without
 * scripts goes back to its page (the product page) with the answer's toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request));
  const viewer = await context.getViewer();
  if (!viewer) return signInRequired(request, { signInPage: "/auth", failed: CART_TEXTS.addFailed, required: CART_SIGN_IN_TEXTS.required });
  const parsed = addToCartSchema.safeParse(form);
  const productPage = `/product/${typeof form.productId === "string" ? encodeURIComponent(form.productId) : ""}`;
  if (!parsed.success) return answerPage(request, productPage, invalid(parsed.error, CART_TEXTS.addFailed));
  const { productId, quantity } = parsed.data;
  return answerPage(
    request,
    `/product/${productId}`,
    answering(async () => {
      const added = await addToCart(context.db, viewer, parsed.data);
      const detail = added.cappedAt !== null ? stockCapText(added.cappedAt) : undefined;
      return ok<AddedToCart>(addedToCartText(quantity), { quantity, cartCount: added.cartCount, detail });
    }, CART_TEXTS.addFailed),
  );
}
