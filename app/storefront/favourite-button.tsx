import { useState } from "react";
import { HeartIcon } from "../ui/icons";

/** Heart that toggles locally only (docs/storefront.md); wishlists are not stored. */
export function FavouriteButton({ productName, className = "" }: { productName: string; className?: string }) {
  const [on, setOn] = useState(false);
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={`Favourite ${productName}`}
      onClick={() => setOn((v) => !v)}
      className={`inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/95 shadow-sm ring-1 ring-gray-200 transition hover:bg-white ${
        on ? "text-red-600" : "text-gray-700"
      } ${className}`}
    >
      <HeartIcon filled={on} className="h-5 w-5" />
    </button>
  );
}
