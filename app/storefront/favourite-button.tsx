import { useCallback } from "react";
import { useSite } from "../site/site";
import { type Answer, toastAnswer } from "../ui/answer";
import { SpriteIcon } from "../ui/sprite";
import { WISHLIST_ACTION, useProductSwitch } from "./product-switch";

/**
 * The heart on cards and the product page (docs/storefront.md): a form posting to the wishlist,
 * so it works before scripts load. With scripts it shows the new state at once and, when the
 * server refuses, returns to the saved state with the reason. Its saved state comes from the
 * wished ids the site frame reads once per page; signed out, it is never pressed and asks to sign
 * in first, then saves the phone on its page. Styled by `.fav` in app.css.
 */
export function FavouriteButton({ productId, productName, className = "" }: { productId: string; productName: string; className?: string }) {
  const { wishedIds } = useSite();
  const onAnswer = useCallback((answer: Answer) => {
    if (!answer.ok) toastAnswer(answer);
  }, []);
  const { fetcher, shown: pressed, onSubmit, intent } = useProductSwitch("wishlist", productId, wishedIds.includes(productId), { quiet: true, onAnswer });
  return (
    <fetcher.Form method="post" action={WISHLIST_ACTION} onSubmit={onSubmit} className="contents">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="productId" value={productId} />
      <button type="submit" aria-pressed={pressed} aria-label={`Favourite ${productName}`} className={className ? `fav ${className}` : "fav"}>
        <SpriteIcon id="heart" />
      </button>
    </fetcher.Form>
  );
}
