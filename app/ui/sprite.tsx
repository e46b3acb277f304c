/**
 * Icons repeated on card-heavy pages, drawn once per page: the root layout renders the sprite
 * and each card refers to a symbol with `<use>` instead of carrying its own copy of the paths.
 * Stroke, fill and size come from the `.ic` and `.stars` rules in app.css.
 */

/** One star outline (24×24, tip at x = 12) as a relative path, repeated along a row of five. */
const STAR = "l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3-5.6-3-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z";
const FIVE_STARS = [0, 1, 2, 3, 4].map((n) => `M${12 + 24 * n} 2.8${STAR}`).join("");

export function IconSprite() {
  return (
    <svg width="0" height="0" className="absolute" aria-hidden="true" focusable="false">
      <symbol id="i-cart" viewBox="0 0 24 24">
        <circle cx="9" cy="20" r="1.5" />
        <circle cx="18" cy="20" r="1.5" />
        <path d="M2 3h3l2.4 11.2a2 2 0 0 0 2 1.6h8.2a2 2 0 0 0 2-1.5L22 7H6" />
      </symbol>
      <symbol id="i-heart" viewBox="0 0 24 24">
        <path d="M12 20.5s-7.5-4.6-9.3-9.2C1.4 8 3.4 4.5 7 4.5c2 0 3.5 1.1 5 2.9 1.5-1.8 3-2.9 5-2.9 3.6 0 5.6 3.5 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2Z" />
      </symbol>
      {/* A plain path, not a symbol: drawn in the 120×24 units of the star row that uses it. */}
      <defs>
        <path id="i-stars" d={FIVE_STARS} />
      </defs>
    </svg>
  );
}

/** A decorative icon from the sprite (`cart` or `heart`), 20px, stroked in the text colour. */
export function SpriteIcon({ id }: { id: "cart" | "heart" }) {
  return (
    <svg className="ic" aria-hidden="true">
      <use href={`#i-${id}`} />
    </svg>
  );
}
