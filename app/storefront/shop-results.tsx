import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import type { ShopView } from "./shop-url";
import { LIMITS, TEXTS } from "../../lib/constants";
import { formatNaira } from "../../lib/money";
import { DiscountBadge, GradeBadge, InspectedBadge, VerifiedVendorBadge } from "../ui/badges";
import { ProductImage } from "../ui/catalog-image";
import { FavouriteButton } from "./favourite-button";
import { type ProductCardData, ProductLink, RatingCount } from "./product-card";
import { EmptyState, ProductGrid, ProductGridSkeleton, SkeletonBars, SkeletonList } from "./product-grid";

export const CLEAR_ALL_FILTERS = "Clear all filters";

/** A product as the shop shows it: the card, plus what the list view adds. */
export type ShopItemData = ProductCardData & {
  adminInspected: boolean;
  vendor: { businessName: string; verified: boolean };
};

const SHOP_GRID = "grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4";

export function ShopResults({
  items,
  view,
  loading,
  emptyAction,
}: {
  items: readonly ShopItemData[];
  view: ShopView;
  loading: boolean;
  /** Shown under 'No products found'. */
  emptyAction: ReactNode;
}) {
  // The site frame announces 'Loading...' during navigation; the skeleton only shows the shape.
  if (loading) {
    return view === "list" ? <ShopListSkeleton /> : <ProductGridSkeleton count={LIMITS.shopSkeletonCards} className={SHOP_GRID} />;
  }
  if (items.length === 0) {
    return (
      <div className="space-y-4 text-center">
        <EmptyState>{TEXTS.noProductsFound}</EmptyState>
        {emptyAction}
      </div>
    );
  }
  return view === "list" ? <ShopList items={items} /> : <ProductGrid products={items} eagerCount={2} className={SHOP_GRID} />;
}

/** 'Clear all filters': back to the whole shop in the same view; a plain form, so it works without JavaScript too. */
export function ClearAllFilters({ view }: { view: ShopView }) {
  return (
    <Form method="get" action="/shop">
      {view === "list" ? <input type="hidden" name="view" value="list" /> : null}
      <button
        type="submit"
        className="inline-flex h-11 items-center rounded-lg bg-brand-strong px-5 text-sm font-semibold text-white hover:opacity-90"
      >
        {CLEAR_ALL_FILTERS}
      </button>
    </Form>
  );
}

/** A page past the last one: a way back to the first page of the same results. */
export function FirstPageLink({ href }: { href: string }) {
  return (
    <Link to={href} className="inline-block font-semibold text-brand-strong underline">
      Go to the first page
    </Link>
  );
}

function ShopList({ items }: { items: readonly ShopItemData[] }) {
  return (
    <ul className="space-y-3">
      {items.map((item, i) => (
        <li key={item.id}>
          <ShopListItem item={item} eager={i < 2} />
        </li>
      ))}
    </ul>
  );
}

function ShopListItem({ item, eager }: { item: ShopItemData; eager: boolean }) {
  const { discount } = item;
  return (
    <article className="relative flex gap-3 rounded-xl border border-gray-200 bg-white p-3 shadow-sm transition hover:shadow-md sm:gap-4">
      <div className="relative h-28 w-28 shrink-0 overflow-hidden rounded-lg bg-gray-100 sm:h-36 sm:w-36">
        <ProductImage
          src={item.image}
          alt=""
          sizes="(min-width:640px) 144px,112px"
          width={144}
          height={144}
          priority={eager}
          className="h-full w-full object-cover"
        />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-1">
          <GradeBadge grade={item.grade} withLabel />
          {discount !== null ? <DiscountBadge percent={discount} /> : null}
        </div>
        <h3 className="pr-12 text-sm font-semibold leading-snug text-gray-900 sm:text-base">
          <ProductLink product={item} />
        </h3>
        <p className="text-xs text-gray-600">
          {item.brand} · {item.storage} · {item.vendor.businessName}
        </p>
        <RatingCount product={item} />
        <div className="hidden flex-wrap gap-1 sm:flex">
          {item.vendor.verified ? <VerifiedVendorBadge /> : null}
          {item.adminInspected ? <InspectedBadge /> : null}
        </div>
        <p className="mt-auto text-base font-bold text-gray-900 sm:text-lg">{formatNaira(item.price)}</p>
      </div>
      <FavouriteButton productId={item.id} productName={item.name} className="absolute right-3 top-3 z-10" />
    </article>
  );
}

function ShopListSkeleton() {
  return (
    <SkeletonList count={LIMITS.shopSkeletonCards} className="space-y-3" itemClassName="flex gap-3 rounded-xl border border-gray-200 bg-white p-3 sm:gap-4">
      <div className="h-28 w-28 shrink-0 animate-pulse rounded-lg bg-gray-200 sm:h-36 sm:w-36" />
      <SkeletonBars className="flex-1 space-y-2 py-1" bars={["h-4 w-1/4", "h-4 w-3/4", "h-3 w-1/2", "h-5 w-1/3"]} />
    </SkeletonList>
  );
}
