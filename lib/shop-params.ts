/**
 * The values a /shop URL (or GET /api/products) carries, as its query parsers take them: the
 * server's (`domain/catalog/shop-query.ts`) and the browser's (`app/storefront/shop-url.ts`).
 */
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
