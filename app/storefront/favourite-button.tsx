import { useCallback, useEffect } from "react";
import { WISHLIST_TEXTS } from "../../domain/catalog/wishlist-texts";
import { takePending, useSignInFirst } from "../checkout/cart-sign-in";
import { useSite } from "../site/site";
import { type Answer, toastAnswer, useAction } from "../ui/answer";
import { SpriteIcon } from "../ui/sprite";

export const WISHLIST_ACTION = "/wishlist/items";

const SIGN_IN_TEXTS = { required: WISHLIST_TEXTS.signInRequired, hint: WISHLIST_TEXTS.signInHint };

/**
 * The heart on cards and the product page (docs/storefront.md): a form posting to the wishlist,
 * so it works before scripts load. With scripts it shows the new state at once and, when the
 * server refuses, returns to the saved state with the reason. Its saved state comes from the
 * wished ids the site frame reads once per page; signed out, it is never pressed and asks to sign
 * in first, then saves the phone on its page. Styled by `.fav` in app.css.
 */
export function FavouriteButton({ productId, productName, className = "" }: { productId: string; productName: string; className?: string }) {
  const { signedIn, wishedIds } = useSite();
  const onAnswer = useCallback((answer: Answer) => {
    if (!answer.ok) toastAnswer(answer);
  }, []);
  const { fetcher, submit } = useAction({ quiet: true, onAnswer });
  const requireSignIn = useSignInFirst("wishlist", SIGN_IN_TEXTS);
  const saved = wishedIds.includes(productId);
  const asked = fetcher.formData?.get("intent");
  const pressed = asked === "add" ? true : asked === "remove" ? false : saved;

  useEffect(() => {
    if (signedIn && takePending("wishlist", productId) !== null) void submit(WISHLIST_ACTION, { intent: "add", productId });
    // Once, when the phone's page opens after signing in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [productId, signedIn]);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    if (!requireSignIn({ productId })) event.preventDefault();
  };
  return (
    <fetcher.Form method="post" action={WISHLIST_ACTION} onSubmit={onSubmit} className="contents">
      <input type="hidden" name="intent" value={pressed ? "remove" : "add"} />
      <input type="hidden" name="productId" value={productId} />
      <button type="submit" aria-pressed={pressed} aria-label={`Favourite ${productName}`} className={className ? `fav ${className}` : "fav"}>
        <SpriteIcon id="heart" />
      </button>
    </fetcher.Form>
  );
}
