/**
 * A /shop URL both ways, for the server and the browser alike: its parameters as the query
 * parsers take them (the server's in `domain/catalog/shop-query.ts`, the browser's in
 * `app/storefront/shop-url.ts`), and a parsed query back into one URL.
 */
import type { ShopQuery } from "./shop-query";
import { type Brand, PRICE_SLIDER } from "../../lib/constants";

/** The values a /shop URL (or GET /api/products) carries, before parsing. */
export function shopParamsInput(params: URLSearchParams) {
  const one = (key: string) => params.get(key) ?? undefined;
  return {
    search: one("search"),
    brand: params.getAll("brand"),
    grade: params.getAll("grade"),
    storage: params.getAll("storage"),
    minPrice: one("minPrice"),
    maxPrice: one("maxPrice"),
    verified: one("verified"),
    inspected: one("inspected"),
    sort: one("sort"),
    // A form sends the current view and, from a view button, the chosen one after it: the last wins.
    view: params.getAll("view").at(-1),
    page: one("page"),
  };
}

export const brandSlug = (brand: Brand) => brand.toLowerCase();

/** URL parameters of a query, defaults left out, so equal queries give equal URLs. */
export function shopSearchParams(query: ShopQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search) params.set("search", query.search);
  for (const brand of query.brand) params.append("brand", brandSlug(brand));
  for (const grade of query.grade) params.append("grade", grade);
  for (const storage of query.storage) params.append("storage", storage);
  if (query.minPrice > PRICE_SLIDER.minNaira) params.set("minPrice", String(query.minPrice));
  if (query.maxPrice < PRICE_SLIDER.maxNaira) params.set("maxPrice", String(query.maxPrice));
  if (query.verified) params.set("verified", "true");
  if (query.inspected) params.set("inspected", "true");
  if (query.sort) params.set("sort", query.sort);
  if (query.view !== "grid") params.set("view", query.view);
  if (query.page > 1) params.set("page", String(query.page));
  return params;
}

export function shopHref(query: ShopQuery): string {
  const search = shopSearchParams(query).toString();
  return search ? `/shop?${search}` : "/shop";
}

/** How many filters narrow the list (the search and the sort aside). */
export function activeFilterCount(query: ShopQuery): number {
  const priceNarrowed = query.minPrice > PRICE_SLIDER.minNaira || query.maxPrice < PRICE_SLIDER.maxNaira;
  return (
    query.brand.length + query.grade.length + query.storage.length +
    Number(priceNarrowed) + Number(query.verified) + Number(query.inspected)
  );
}
