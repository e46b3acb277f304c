import { useId, useState } from "react";
import { LIMITS, TEXTS } from "../../lib/constants";
import { ChevronLeftIcon, ChevronRightIcon } from "../ui/icons";
import type { ProductCardData } from "./product-card";
import { EmptyState, ProductGrid } from "./product-grid";

/** A home page row: shows LIMITS.productRowPageSize products at a time; previous and next wrap around. */
export function ProductRow({
  title,
  subtitle,
  products,
}: {
  title: string;
  subtitle?: string;
  products: readonly ProductCardData[];
}) {
  const headingId = useId();
  const size = LIMITS.productRowPageSize;
  const pageCount = Math.max(1, Math.ceil(products.length / size));
  const [page, setPage] = useState(0);
  const current = Math.min(page, pageCount - 1);
  const visible = products.slice(current * size, current * size + size);
  const go = (delta: number) => setPage((p) => (((Math.min(p, pageCount - 1) + delta) % pageCount) + pageCount) % pageCount);

  return (
    <section aria-labelledby={headingId} className="container-page py-8">
      <div className="mb-4 flex items-end justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-xl font-bold text-gray-900 sm:text-2xl">
            {title}
          </h2>
          {subtitle ? <p className="text-sm text-gray-600">{subtitle}</p> : null}
        </div>
        {pageCount > 1 ? (
          <div className="flex shrink-0 items-center gap-2">
            <span className="text-xs text-gray-600" aria-live="polite">
              {current + 1} / {pageCount}
              <span className="sr-only"> pages of {title}</span>
            </span>
            <button
              type="button"
              onClick={() => go(-1)}
              aria-label={`Previous ${title} products`}
              className="inline-flex h-10 w-10 items-center justify-center rounded-full border border-gray-300 bg-white text-gray-800 hover:bg-gray-100"
            >
              <ChevronLeftIcon />
            </button>
            <button
              type="button"
              onClick={() => go(1)}
              aria-label={`Next ${title} products`}
              className="inline-flex h-10 w-10 items-center justify-center rounded-full border border-gray-300 bg-white text-gray-800 hover:bg-gray-100"
            >
              <ChevronRightIcon />
            </button>
          </div>
        ) : null}
      </div>
      {products.length === 0 ? <EmptyState>{TEXTS.noProductsInSection}</EmptyState> : <ProductGrid products={visible} />}
    </section>
  );
}
