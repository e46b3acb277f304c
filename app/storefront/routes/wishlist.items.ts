import { addToWishlist, removeFromWishlist, wishlistChangeSchema } from "../../../domain/catalog/wishlist";
import { WISHLIST_TEXTS } from "../../../domain/catalog/wishlist-texts";
import { phonePageOf, signInHref } from "../../checkout/cart-sign-in";
import { answerPage, answering, invalid, ok, signInRequired } from "../../server/answer.server";
import { readForm } from "../../server/forms.server";
import type { Route } from "./+types/wishlist.items";

const PAGE = "/wishlist";

/**
 * Saves or removes a phone, from the hearts and the wishlist page, with or without scripts. Signed out, a
 * form without scripts goes to sign in, returning to the phone's page; a fetcher gets a 401.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request));
  const viewer = await context.getViewer();
  if (!viewer) return signInRequired(request, { signInPage: signInHref(phonePageOf(form.productId)), failed: WISHLIST_TEXTS.saveFailed, required: WISHLIST_TEXTS.signInRequired });
  const parsed = wishlistChangeSchema.safeParse(form);
  if (!parsed.success) return answerPage(request, PAGE, invalid(parsed.error, WISHLIST_TEXTS.saveFailed));
  const change = parsed.data;
  return answerPage(
    request,
    PAGE,
    answering(async () => {
      if (change.intent === "add") {
        await addToWishlist(context.db, viewer.userId, change.productId);
        return ok(WISHLIST_TEXTS.added, { wished: true });
      }
      await removeFromWishlist(context.db, viewer.userId, change.productId);
      return ok(WISHLIST_TEXTS.removed, { wished: false });
    }, WISHLIST_TEXTS.saveFailed),
  );
}

