import { useId } from "react";
import { Link } from "react-router";
import { TEXTS } from "../../lib/constants";
import type { ProductCardData } from "./product-card";
import { EmptyState, ProductGrid } from "./product-grid";

/**
 * A home page row: the few phones a visitor sees at once (one line of the grid on a computer,
 * two on a phone), then 'See all' to the same list in the shop.
 */
export function ProductRow({
  title,
  subtitle,
  products,
  shopHref,
}: {
  title: string;
  subtitle?: string;
  products: readonly ProductCardData[];
  /** The shop listing this row is the start of. */
  shopHref: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="container-page py-8">
      <div className="mb-4 flex items-end justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-xl font-bold text-gray-900 sm:text-2xl">
            {title}
          </h2>
          {subtitle ? <p className="text-sm text-gray-600">{subtitle}</p> : null}
        </div>
        {products.length > 0 ? (
          <Link to={shopHref} className="shrink-0 py-2 text-sm font-semibold text-brand-strong hover:underline">
            See all<span className="sr-only">{` ${title}`}</span>
          </Link>
        ) : null}
      </div>
      {products.length === 0 ? <EmptyState>{TEXTS.noProductsInSection}</EmptyState> : <ProductGrid products={products} />}
    </section>
  );
}
