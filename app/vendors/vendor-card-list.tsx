import type { ReactNode } from "react";

/**
 * A list of the vendor's Claims section (warranty claims, returns): `failed` when it did not load
 * (null), `empty` when there is nothing, else the cards, one `<li>` each with its key.
 */
export function VendorCardList<T>({ items, failed, empty, children }: { items: readonly T[] | null; failed: string; empty: string; children: (item: T) => ReactNode }) {
  if (items === null) {
    return (
      <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
        {failed}
      </p>
    );
  }
  if (items.length === 0) return <p className="mt-6 rounded-xl border border-dashed border-gray-300 p-6 text-center text-gray-700">{empty}</p>;
  return <ul className="mt-4 space-y-3">{items.map(children)}</ul>;
}
