/** One star outline (24×24, tip at x = 12) as a relative path, so it can be repeated along a row. */
const STAR = "l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3-5.6-3-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z";

function stars(from: number, to: number): string {
  let path = "";
  for (let n = from; n < to; n++) path += `M${12 + 24 * n} 2.8${STAR}`;
  return path;
}

/**
 * Five stars, filled to the nearest whole star; the exact value is in the accessible label.
 * One small SVG for the row keeps card-heavy pages light. `size` gives the height (a width
 * class in it is ignored: the row is five stars wide).
 */
export function StarRating({ rating, size = "h-4", label }: { rating: number; size?: string; label?: string }) {
  const filled = Math.round(Math.max(0, Math.min(5, rating)));
  const height = size.split(/\s+/).filter((c) => !/^w-/.test(c)).join(" ");
  return (
    <svg role="img" aria-label={label ?? `Rated ${formatRating(rating)} out of 5`} viewBox="0 0 120 24" className={`${height} w-auto`}>
      <path d={stars(0, filled)} className="fill-amber-500 stroke-amber-500" strokeWidth={1.5} strokeLinejoin="round" />
      <path d={stars(filled, 5)} className="fill-none stroke-gray-300" strokeWidth={1.5} strokeLinejoin="round" />
    </svg>
  );
}

export function formatRating(rating: number): string {
  return (Math.round(rating * 10) / 10).toFixed(1);
}
