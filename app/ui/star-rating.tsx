/**
 * Five stars, filled to the nearest whole star; the exact value is in the accessible label.
 * Drawn from the page's sprite (`app/ui/sprite.tsx`): the grey outline of five stars, and over
 * it the filled ones, cut to their width by a nested svg. `size` gives the height (a width
 * class in it is ignored: the row is five stars wide).
 */
export function StarRating({ rating, size = "h-4", label }: { rating: number; size?: string; label?: string }) {
  const filled = Math.round(Math.max(0, Math.min(5, rating)));
  const height = size.split(/\s+/).filter((c) => !/^w-/.test(c)).join(" ");
  return (
    <svg role="img" aria-label={label ?? `Rated ${formatRating(rating)} out of 5`} viewBox="0 0 120 24" className={`stars ${height}`}>
      <use href="#i-stars" className="off" />
      {filled > 0 ? (
        <svg width={24 * filled} height="24">
          <use href="#i-stars" />
        </svg>
      ) : null}
    </svg>
  );
}

export function formatRating(rating: number): string {
  return (Math.round(rating * 10) / 10).toFixed(1);
}
