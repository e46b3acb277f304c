/**
 * The shop's query as the browser reads and writes it: the rules of
 * `domain/catalog/shop-query.ts` (which the server and GET /api/products use) in plain code, so
 * the shop page does not send the validation library to every visitor. `shop-url.test.ts`
 * checks both give the same query and the same URL for any input.
 */
import type { ShopQuery, ShopQueryInput, ShopView } from "../../domain/catalog/shop-query";
import {
  BRAND_QUERY_ALIASES, type Brand, GRADES, PRICE_SLIDER, SORT_OPTIONS, type SortOption, STORAGE_OPTIONS,
} from "../../lib/constants";
import { shopParamsInput } from "../../domain/catalog/shop-params";

export type { ShopQuery, ShopView };

export const SHOP_VIEWS: readonly ShopView[] = ["grid", "list"];
/** Longest search term used; longer input is cut. */
export const SEARCH_MAX_LENGTH = 100;
/** Most values one list parameter (brand, grade, storage) may carry; more and it is ignored. */
const LIST_MAX_VALUES = 20;
const PAGE_MAX = 1_000_000;
const SORT_VALUES: readonly string[] = SORT_OPTIONS.map((option) => option.value);

const byLowerCase = <T extends string>(values: readonly T[]) =>
  new Map<string, T>(values.map((value) => [value.toLowerCase(), value]));
const BRAND_BY_SLUG = new Map<string, Brand>(Object.entries(BRAND_QUERY_ALIASES));
const GRADE_BY_KEY = byLowerCase(GRADES);
const STORAGE_BY_KEY = byLowerCase(STORAGE_OPTIONS);

/** A repeated (or comma-separated) parameter: unknown values are dropped, the rest kept once each. */
function listOf<T extends string>(raw: unknown, lookup: Map<string, T>): T[] {
  const values = typeof raw === "string" ? [raw] : raw;
  if (!Array.isArray(values) || values.length > LIST_MAX_VALUES || !values.every((value) => typeof value === "string")) return [];
  const known = (values as string[]).flatMap((value) => value.split(",")).map((value) => lookup.get(value.trim().toLowerCase()));
  return [...new Set(known.filter((value): value is T => value !== undefined))];
}

/** A whole number from min to max (numbers as text count), else the fallback. */
function wholeOr(raw: unknown, min: number, max: number, fallback: number): number {
  if (typeof raw === "symbol") return fallback;
  let value: number;
  try {
    value = Number(raw);
  } catch {
    return fallback;
  }
  return Number.isSafeInteger(value) && value >= min && value <= max ? value : fallback;
}

/** Whole naira on the slider's scale; anything else falls back to the slider's end. */
const nairaOr = (raw: unknown, fallback: number) =>
  wholeOr(raw === "" ? undefined : raw, PRICE_SLIDER.minNaira, PRICE_SLIDER.maxNaira, fallback);

/** A checkbox: on for true, "true", "1" or "on" (a checked box without a value); anything else is off. */
const flag = (raw: unknown) => raw === true || raw === "true" || raw === "1" || raw === "on";

/** Trimmed, inner spaces collapsed, at most SEARCH_MAX_LENGTH characters. */
function tidySearch(raw: unknown): string {
  return typeof raw === "string" ? raw.replace(/\s+/g, " ").trim().slice(0, SEARCH_MAX_LENGTH).trim() : "";
}

/** Any object in, a valid query out: invalid values are ignored, never an error. */
export function parseShopQuery(input: ShopQueryInput = {}): ShopQuery {
  const search = tidySearch(input.search);
  const sort = SORT_VALUES.includes(input.sort as string) ? (input.sort as SortOption) : undefined;
  const minPrice = nairaOr(input.minPrice, PRICE_SLIDER.minNaira);
  const maxPrice = nairaOr(input.maxPrice, PRICE_SLIDER.maxNaira);
  return {
    search,
    brand: listOf(input.brand, BRAND_BY_SLUG),
    grade: listOf(input.grade, GRADE_BY_KEY),
    storage: listOf(input.storage, STORAGE_BY_KEY),
    minPrice: Math.min(minPrice, maxPrice),
    maxPrice: Math.max(minPrice, maxPrice),
    verified: flag(input.verified),
    inspected: flag(input.inspected),
    // Newest is the default without a search: one URL for one listing.
    sort: sort === "newest" && !search ? undefined : sort,
    view: SHOP_VIEWS.includes(input.view as ShopView) ? (input.view as ShopView) : "grid",
    page: wholeOr(input.page, 1, PAGE_MAX, 1),
  };
}

/** The query of a /shop URL. */
export function parseShopParams(params: URLSearchParams): ShopQuery {
  return parseShopQuery(shopParamsInput(params));
}
