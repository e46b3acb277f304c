import { Link } from "react-router";
import { ChevronLeftIcon, ChevronRightIcon } from "../ui/icons";

/** Page numbers around the current one, with gaps marked null: 1 … 4 5 6 … 12. */
function pageWindow(page: number, pageCount: number): Array<number | null> {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount));
  const sorted = [...wanted].sort((a, b) => a - b);
  const result: Array<number | null> = [];
  sorted.forEach((n, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && n - previous > 1) result.push(null);
    result.push(n);
  });
  return result;
}

/** Previous, numbered and next page links; each keeps the shop's filters (hrefFor builds the URL). */
export function ShopPagination({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  if (pageCount <= 1) return null;
  const edge =
    "inline-flex h-10 items-center gap-1 rounded-lg border border-gray-300 px-3 text-sm font-semibold text-gray-900 hover:bg-gray-50";
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={hrefFor(Math.min(page - 1, pageCount))} className={edge} rel="prev">
          <ChevronLeftIcon className="h-4 w-4" />
          Previous
        </Link>
      ) : null}
      <ul className="flex items-center gap-1">
        {pageWindow(Math.min(page, pageCount), pageCount).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-gray-600">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={hrefFor(n)}
                aria-label={`Page ${n}`}
                aria-current={n === page ? "page" : undefined}
                className={`inline-flex h-10 min-w-10 items-center justify-center rounded-lg px-2 text-sm font-semibold ${
                  n === page ? "bg-brand-strong text-white" : "text-gray-900 hover:bg-gray-100"
                }`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
      </ul>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={edge} rel="next">
          Next
          <ChevronRightIcon className="h-4 w-4" />
        </Link>
      ) : null}
    </nav>
  );
}
