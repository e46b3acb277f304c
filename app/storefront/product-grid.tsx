import type { ReactNode } from "react";
import { ProductCard, type ProductCardData } from "./product-card";

const GRID = "grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4";

export function ProductGrid({
  products,
  eagerCount = 0,
  className = GRID,
}: {
  products: readonly ProductCardData[];
  eagerCount?: number;
  /** Column classes, when the grid sits beside something (the shop's filters). */
  className?: string;
}) {
  return (
    <ul className={className}>
      {products.map((product, i) => (
        <li key={product.id}>
          <ProductCard product={product} eager={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
}

/** Grey cards in the grid's shape while products load. */
export function ProductGridSkeleton({ count, className = GRID }: { count: number; className?: string }) {
  return (
    <SkeletonList count={count} className={className} itemClassName="overflow-hidden rounded-xl border border-gray-200 bg-white">
      <div className="aspect-square animate-pulse bg-gray-200" />
      <SkeletonBars className="space-y-2 p-3" bars={["h-4 w-4/5", "h-3 w-1/2", "h-5 w-2/5"]} />
    </SkeletonList>
  );
}

/** `count` copies of a loading product's shape; hidden from screen readers (the caller announces loading). */
export function SkeletonList({ count, className, itemClassName, children }: { count: number; className: string; itemClassName: string; children: ReactNode }) {
  return (
    <ul className={className} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} data-testid="product-skeleton" className={itemClassName}>
          {children}
        </li>
      ))}
    </ul>
  );
}

/** Grey bars standing for lines of text; each entry gives a bar's height and width. */
export function SkeletonBars({ className, bars }: { className: string; bars: string[] }) {
  return (
    <div className={className}>
      {bars.map((size, i) => (
        <div key={i} className={`${size} animate-pulse rounded bg-gray-200`} />
      ))}
    </div>
  );
}

export function EmptyState({ children }: { children: string }) {
  return (
    <p className="rounded-xl border border-dashed border-gray-300 bg-gray-50 px-4 py-10 text-center text-gray-700">{children}</p>
  );
}
