import { Link } from "react-router";
import { listShopPage, type ShopPage } from "../../domain/catalog/service";
import { LIMITS, TEXTS } from "../../lib/constants";
import { plural } from "../components/format";
import { ChevronLeftIcon, ChevronRightIcon } from "../components/icons";
import { type ProductCardData, toCardData } from "../components/product-card";
import { EmptyState, ProductGrid } from "../components/product-grid";
import { pageMeta, siteFromMatches } from "../components/site";
import type { Route } from "./+types/shop";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  try {
    const result = await listShopPage(context.db, { page: url.searchParams.get("page") ?? undefined });
    return { ...result, items: result.items.map(toCardData) };
  } catch (error) {
    // A failed shop list load shows an empty list (storefront.md §8).
    console.error("Failed to load shop products", error);
    const empty: Omit<ShopPage, "items"> & { items: ProductCardData[] } = {
      items: [],
      total: 0,
      page: 1,
      pageSize: LIMITS.shopPageSize,
      pageCount: 1,
    };
    return empty;
  }
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const page = loaderData?.page ?? 1;
  return pageMeta(site, {
    title: `Shop UK-Used Phones${page > 1 ? ` – Page ${page}` : ""} | ${site.siteName}`,
    description:
      "Browse graded UK-used iPhones, Samsung Galaxy, Google Pixel and OnePlus phones from verified vendors, with prices in naira and warranty up to 30 days.",
    path: page > 1 ? `/shop?page=${page}` : "/shop",
  });
}

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

const pageHref = (n: number) => (n <= 1 ? "/shop" : `/shop?page=${n}`);

function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  const edge =
    "inline-flex h-10 items-center gap-1 rounded-lg border border-gray-300 px-3 text-sm font-semibold text-gray-900 hover:bg-gray-50";
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={pageHref(Math.min(page - 1, pageCount))} className={edge} rel="prev">
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
                to={pageHref(n)}
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
        <Link to={pageHref(page + 1)} className={edge} rel="next">
          Next
          <ChevronRightIcon className="h-4 w-4" />
        </Link>
      ) : null}
    </nav>
  );
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, pageSize } = loaderData;
  const first = (page - 1) * pageSize + 1;
  return (
    <div className="container-page py-6 sm:py-10">
      <h1 className="text-2xl font-extrabold tracking-tight text-gray-900 sm:text-3xl">Shop Phones</h1>
      <p className="mt-1 text-sm text-gray-700" aria-live="polite">
        {items.length > 0
          ? `Showing ${first.toLocaleString("en-US")}–${(first + items.length - 1).toLocaleString("en-US")} of ${plural(total, "product", "products")}`
          : plural(total, "product", "products")}
      </p>

      <div className="mt-6">
        {items.length === 0 ? (
          <div className="space-y-4 text-center">
            <EmptyState>{TEXTS.noProductsFound}</EmptyState>
            {total > 0 ? (
              <Link to="/shop" className="inline-block font-semibold text-brand-strong underline">
                Go to the first page
              </Link>
            ) : null}
          </div>
        ) : (
          <ProductGrid products={items} eagerCount={2} />
        )}
      </div>

      <Pagination page={page} pageCount={pageCount} />
    </div>
  );
}
