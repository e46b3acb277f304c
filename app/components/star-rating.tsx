import { StarIcon } from "./icons";

/** Five stars, filled to the nearest whole star; the exact value is in the accessible label. */
export function StarRating({ rating, size = "h-4 w-4", label }: { rating: number; size?: string; label?: string }) {
  const filled = Math.round(Math.max(0, Math.min(5, rating)));
  const text = label ?? `Rated ${formatRating(rating)} out of 5`;
  return (
    <span role="img" aria-label={text} className="inline-flex items-center text-amber-500">
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon key={n} filled={n <= filled} className={`${size} ${n <= filled ? "" : "text-gray-300"}`} />
      ))}
    </span>
  );
}

export function formatRating(rating: number): string {
  return (Math.round(rating * 10) / 10).toFixed(1);
}
