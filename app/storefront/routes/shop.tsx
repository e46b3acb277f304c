import { type ShouldRevalidateFunctionArgs, useLocation, useNavigation } from "react-router";
import { listShopPage, type ShopPage } from "../../../domain/catalog/shop";
import { type ShopQuery, parseShopParams } from "../shop-url";
import { shopHref } from "../../../domain/catalog/shop-params";
import type { ProductSummary } from "../../../domain/catalog/summary";
import { LIMITS } from "../../../lib/constants";
import { plural } from "../../ui/format";
import { toCardData } from "../product-card";
import { ShopFilterPanel, ShopSearchBox, useShopForm } from "../shop-filters";
import { ShopPagination } from "../shop-pagination";
import { ClearAllFilters, FirstPageLink, type ShopItemData, ShopResults } from "../shop-results";
import { ShopToolbar } from "../shop-toolbar";
import { pageMeta, siteFromMatches } from "../../site/site";
import type { Route } from "./+types/shop";
import { logServerError } from "../../server/log.server";

type ShopData = Omit<ShopPage, "items"> & { items: ShopItemData[] };

function toShopItem(product: ProductSummary): ShopItemData {
  return { ...toCardData(product), adminInspected: product.adminInspected, vendor: product.vendor };
}

export async function loader({ request, context }: Route.LoaderArgs): Promise<ShopData> {
  const query = parseShopParams(new URL(request.url).searchParams);
  try {
    const result = await listShopPage(context.db, query, context.listingCache);
    return { ...result, items: result.items.map(toShopItem) };
  } catch (error) {
    // A failed shop list load shows an empty list (docs/storefront.md).
    logServerError("Failed to load shop products", error);
    return { items: [], total: 0, page: query.page, pageSize: LIMITS.shopPageSize, pageCount: 1 };
  }
}

/** The view (grid or list) is presentation only: switching it shows the same products without asking the server. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const withoutView = (url: URL) => shopHref({ ...parseShopParams(url.searchParams), view: "grid" });
  const onlyViewChanged =
    (formMethod === undefined || formMethod.toUpperCase() === "GET") &&
    currentUrl.search !== nextUrl.search &&
    withoutView(currentUrl) === withoutView(nextUrl);
  return onlyViewChanged ? false : defaultShouldRevalidate;
}

export function meta({ matches, location }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const query = parseShopParams(new URLSearchParams(location.search));
  return pageMeta(site, {
    title: `Shop UK-Used Phones${query.page > 1 ? ` – Page ${query.page}` : ""} | ${site.siteName}`,
    description:
      "Browse graded UK-used iPhones, Samsung Galaxy, Google Pixel and OnePlus phones from verified vendors, with prices in naira and warranty up to 30 days.",
    path: shopHref({ ...query, view: "grid" }),
  });
}

/** "Showing 1–24 of 117 products", or the bare count when the page has none. */
function countText({ items, total, page, pageSize }: ShopData): string {
  if (items.length === 0) return plural(total, "product", "products");
  const first = (page - 1) * pageSize + 1;
  const last = first + items.length - 1;
  return `Showing ${first.toLocaleString("en-US")}–${last.toLocaleString("en-US")} of ${plural(total, "product", "products")}`;
}

/** The query in the address bar: it wins over the loader's, which a view switch does not reload. */
function useShopQuery(): ShopQuery {
  return parseShopParams(new URLSearchParams(useLocation().search));
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  const query = useShopQuery();
  const form = useShopForm(query);
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/shop";
  const { items, total, pageCount } = loaderData;

  return (
    <div className="container-page py-6 sm:py-10">
      <h1 className="text-2xl font-extrabold tracking-tight text-gray-900 sm:text-3xl">Shop Phones</h1>
      <div className="mt-4">
        <ShopSearchBox form={form} />
      </div>
      <div className="mt-4 lg:mt-6 lg:flex lg:items-start lg:gap-8">
        <ShopFilterPanel form={form} view={query.view} />
        <section aria-label="Products" className="mt-4 min-w-0 flex-1 lg:mt-0">
          <ShopToolbar form={form} query={query} count={countText(loaderData)} />
          <div className="mt-4">
            <ShopResults
              items={items}
              view={query.view}
              loading={loading}
              emptyAction={total > 0 ? <FirstPageLink href={shopHref({ ...query, page: 1 })} /> : <ClearAllFilters view={query.view} />}
            />
          </div>
          <ShopPagination page={query.page} pageCount={pageCount} hrefFor={(page) => shopHref({ ...query, page })} />
        </section>
      </div>
    </div>
  );
}
