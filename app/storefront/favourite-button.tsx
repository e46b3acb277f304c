import { useState } from "react";
import { SpriteIcon } from "../ui/sprite";

/** Heart that toggles locally only (docs/storefront.md); wishlists are not stored. Styled by `.fav` in app.css. */
export function FavouriteButton({ productName, className = "" }: { productName: string; className?: string }) {
  const [on, setOn] = useState(false);
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={`Favourite ${productName}`}
      onClick={() => setOn((v) => !v)}
      className={className ? `fav ${className}` : "fav"}
    >
      <SpriteIcon id="heart" />
    </button>
  );
}
