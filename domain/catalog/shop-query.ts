/**
 * The shop's query: filters, sort, view and page as they live in the /shop URL and in
 * GET /api/products. Importable by the browser (no database code), so the page builds the
 * same URLs the server reads. Prices here are naira, as on the slider; the query turns
 * them into kobo.
 */
import { z } from "../../lib/zod";
import {
  BRAND_QUERY_ALIASES, type Brand, GRADES, PRICE_SLIDER, SORT_OPTIONS, type SortOption, STORAGE_OPTIONS,
} from "../../lib/constants";
import { shopParamsInput } from "./shop-params";

export const SHOP_VIEWS = ["grid", "list"] as const;
export type ShopView = (typeof SHOP_VIEWS)[number];

/** Longest search term used; longer input is cut. */
export const SEARCH_MAX_LENGTH = 100;
/** Most values one list parameter (brand, grade, storage) may carry; more and it is ignored. */
const LIST_MAX_VALUES = 20;
const PAGE_MAX = 1_000_000;
const SORT_VALUES = SORT_OPTIONS.map((option) => option.value) as [SortOption, ...SortOption[]];

const byLowerCase = <T extends string>(values: readonly T[]) =>
  new Map<string, T>(values.map((value) => [value.toLowerCase(), value]));
const BRAND_BY_SLUG = new Map<string, Brand>(Object.entries(BRAND_QUERY_ALIASES));
const GRADE_BY_KEY = byLowerCase(GRADES);
const STORAGE_BY_KEY = byLowerCase(STORAGE_OPTIONS);

/** A repeated (or comma-separated) parameter: unknown values are dropped, the rest kept once each. */
function listOf<T extends string>(lookup: Map<string, T>) {
  return z
    .preprocess((raw) => (typeof raw === "string" ? [raw] : raw), z.array(z.string()).max(LIST_MAX_VALUES))
    .catch([])
    .transform((values) => {
      const known = values.flatMap((value) => value.split(",")).map((value) => lookup.get(value.trim().toLowerCase()));
      return [...new Set(known.filter((value): value is T => value !== undefined))];
    });
}

/** Whole naira on the slider's scale; anything else falls back to the slider's end. */
function nairaOr(fallback: number) {
  return z
    .preprocess((raw) => (raw === "" ? undefined : raw), z.coerce.number().int().min(PRICE_SLIDER.minNaira).max(PRICE_SLIDER.maxNaira))
    .catch(fallback);
}

/** A checkbox: on for true, "true", "1" or "on" (a checked box without a value); anything else is off. */
const flag = z
  .union([z.boolean(), z.string()])
  .transform((raw) => raw === true || raw === "true" || raw === "1" || raw === "on")
  .catch(false);

/** Trimmed, inner spaces collapsed, at most SEARCH_MAX_LENGTH characters. */
function tidySearch(raw: string): string {
  return raw.replace(/\s+/g, " ").trim().slice(0, SEARCH_MAX_LENGTH).trim();
}

export const shopQuerySchema = z
  .object({
    search: z.string().catch("").transform(tidySearch),
    brand: listOf(BRAND_BY_SLUG),
    grade: listOf(GRADE_BY_KEY),
    storage: listOf(STORAGE_BY_KEY),
    minPrice: nairaOr(PRICE_SLIDER.minNaira),
    /** The slider's top means "no upper limit". */
    maxPrice: nairaOr(PRICE_SLIDER.maxNaira),
    verified: flag,
    inspected: flag,
    /** Absent: best match when searching, otherwise newest. */
    sort: z.enum(SORT_VALUES).optional().catch(undefined),
    view: z.enum(SHOP_VIEWS).catch("grid"),
    page: z.coerce.number().int().min(1).max(PAGE_MAX).catch(1),
  })
  .transform((query) => ({
    ...query,
    // Newest is the default without a search: one URL for one listing.
    sort: query.sort === "newest" && !query.search ? undefined : query.sort,
    minPrice: Math.min(query.minPrice, query.maxPrice),
    maxPrice: Math.max(query.minPrice, query.maxPrice),
  }));

export type ShopQuery = z.output<typeof shopQuerySchema>;
export type ShopQueryInput = Partial<Record<keyof ShopQuery, unknown>>;

/** Any object in, a valid query out: invalid values are ignored, never an error. */
export function parseShopQuery(input: ShopQueryInput = {}): ShopQuery {
  return shopQuerySchema.parse(input);
}

/** The query of a /shop URL (or of GET /api/products). */
export function parseShopParams(params: URLSearchParams): ShopQuery {
  return parseShopQuery(shopParamsInput(params));
}

export const DEFAULT_SHOP_QUERY: ShopQuery = parseShopQuery();

export type ShopOrder = SortOption | "relevance";

/** Best match first when searching with the default sort; otherwise the chosen sort (newest by default). */
export function shopOrder(query: Pick<ShopQuery, "search" | "sort">): ShopOrder {
  return query.sort ?? (query.search ? "relevance" : "newest");
}

