/**
 * Finding orders in the back office (docs/admin.md): the query parameters of the Orders tab and
 * of the orders export, checked by one zod schema. Plain data and zod, with no server imports,
 * so the tab's form and the server share the names, limits and messages.
 */
import { z } from "../../lib/zod";
import { LIMITS, ORDER_STATUSES, type OrderStatus } from "../../lib/constants";
import { isCalendarDate } from "./status";

export const ORDER_SEARCH_LIMITS = {
  /** Characters of the search box. */
  textMax: 100,
  /** Dates from this year to the next one below are accepted. */
  firstYear: 2000,
  lastYear: 2100,
} as const;

/** The query parameters, in the order the form shows them. */
export const ORDER_SEARCH_FIELDS = ["q", "from", "to", "status", "vendor"] as const;
export type OrderSearchField = (typeof ORDER_SEARCH_FIELDS)[number];

export const ORDER_SEARCH_TEXTS = {
  legend: "Find orders",
  text: "Search",
  textHint: "Order number, buyer's name, e-mail or phone",
  from: "Placed from",
  to: "Placed to",
  dateHint: "Lagos dates, both days included",
  status: "Status",
  allStatuses: "All statuses",
  vendor: "Vendor",
  allVendors: "All vendors",
  submit: "Search",
  clear: "Clear filters",
  textTooLong: `Search for at most ${ORDER_SEARCH_LIMITS.textMax} characters`,
  textControl: "The search cannot contain control characters",
  badDate: "Enter a real date, like 2026-11-26",
  dateOutOfRange: `Enter a date from ${ORDER_SEARCH_LIMITS.firstYear} to ${ORDER_SEARCH_LIMITS.lastYear}`,
  fromAfterTo: "The 'from' date must be on or before the 'to' date",
  badStatus: "Choose a status from the list",
  badVendor: "Choose a vendor from the list",
  invalid: "Check the search: some values are not valid",
  fixToSee: "Correct the search above to see orders.",
  noMatch: "No orders match your search. Change the search or clear the filters.",
  none: "No orders yet",
  count: (n: number, filtered: boolean) => {
    const orders = `${n.toLocaleString("en-GB")} ${n === 1 ? "order" : "orders"}`;
    if (!filtered) return orders;
    return `${orders} ${n === 1 ? "matches" : "match"} your search`;
  },
} as const;

/** An empty field of a GET form means 'any'. */
const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

const dateField = z.preprocess(
  blank,
  z
    .string()
    .trim()
    .refine(isCalendarDate, ORDER_SEARCH_TEXTS.badDate)
    .refine((day) => {
      const year = Number(day.slice(0, 4));
      return year >= ORDER_SEARCH_LIMITS.firstYear && year <= ORDER_SEARCH_LIMITS.lastYear;
    }, ORDER_SEARCH_TEXTS.dateOutOfRange)
    .optional(),
);

/** The raw query parameters (strings) as the form sends them. */
export const orderSearchSchema = z
  .object({
    q: z.preprocess(
      blank,
      z
        .string()
        .trim()
        .max(ORDER_SEARCH_LIMITS.textMax, ORDER_SEARCH_TEXTS.textTooLong)
        .refine((text) => !CONTROL.test(text), ORDER_SEARCH_TEXTS.textControl)
        .optional(),
    ),
    from: dateField,
    to: dateField,
    status: z.preprocess(blank, z.enum(ORDER_STATUSES, { error: ORDER_SEARCH_TEXTS.badStatus }).optional()),
    vendor: z.preprocess(blank, z.uuid({ error: ORDER_SEARCH_TEXTS.badVendor }).optional()),
  })
  .refine((search) => !search.from || !search.to || search.from <= search.to, { path: ["to"], message: ORDER_SEARCH_TEXTS.fromAfterTo });

/** A valid search; every part is optional and all given parts must hold. */
export interface OrderSearch {
  /** Order number (with or without '#'), buyer's name, e-mail or phone. */
  q?: string;
  /** First and last Lagos day the order was placed on, YYYY-MM-DD, both included. */
  from?: string;
  to?: string;
  status?: OrderStatus;
  vendorId?: string;
}

export type OrderSearchValues = Record<OrderSearchField, string>;

export type ParsedOrderSearch =
  | { ok: true; search: OrderSearch; values: OrderSearchValues }
  | { ok: false; errors: Partial<Record<OrderSearchField, string>>; values: OrderSearchValues };

/** The values to show back in the form: as typed, cut short so a huge value never fills the page. */
function valuesOf(params: URLSearchParams): OrderSearchValues {
  const entries = ORDER_SEARCH_FIELDS.map((field) => [field, (params.get(field) ?? "").slice(0, ORDER_SEARCH_LIMITS.textMax * 2)]);
  return Object.fromEntries(entries) as OrderSearchValues;
}

/** Reads the search of a URL's query; unknown parameters (tab, page) are left to their page. */
export function parseOrderSearch(params: URLSearchParams): ParsedOrderSearch {
  const values = valuesOf(params);
  const raw = Object.fromEntries(ORDER_SEARCH_FIELDS.map((field) => [field, params.get(field) ?? undefined]));
  const parsed = orderSearchSchema.safeParse(raw);
  if (!parsed.success) {
    const errors: Partial<Record<OrderSearchField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as OrderSearchField;
      errors[field] ??= issue.message;
    }
    return { ok: false, errors, values };
  }
  const { q, from, to, status, vendor } = parsed.data;
  const search: OrderSearch = { q, from, to, status, vendorId: vendor?.toLowerCase() };
  // The vendor as the select lists it, so the form shows the vendor chosen whatever the case typed.
  const shown = { ...values, vendor: vendor?.toLowerCase() ?? values.vendor };
  return { ok: true, search: Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined)) as OrderSearch, values: shown };
}

/** Whether any filter is set. */
export const isFiltered = (values: Partial<OrderSearchValues>) => ORDER_SEARCH_FIELDS.some((field) => (values[field] ?? "").trim() !== "");

/** The query string of a search (only the fields given), for links that keep it: pages, the export. */
export function orderSearchQuery(values: Partial<OrderSearchValues>): string {
  const params = new URLSearchParams();
  for (const field of ORDER_SEARCH_FIELDS) {
    const value = (values[field] ?? "").trim();
    if (value) params.set(field, value);
  }
  return params.toString();
}

/** The order number typed in the search, without '#', lower case; null when the text is not one. */
export function orderNumberIn(text: string): string | null {
  const number = text.trim().replace(/^#\s*/, "").toLowerCase();
  return new RegExp(`^[0-9a-f]{${LIMITS.orderNumberLength}}$`).test(number) ? number : null;
}

/**
 * A Nigerian phone number typed in the search, as its digits after the country code or the
 * leading 0 (0803…, +234803… and 234803… all give 803…); null when the text is not a phone number.
 */
export function phoneDigitsIn(text: string): string | null {
  if (!/^\+?[\d\s().-]+$/.test(text.trim())) return null;
  const digits = text.replace(/\D/g, "");
  if (digits.length < 4) return null;
  const national = digits.replace(/^(?:234|0)/, "");
  return national.length > 0 ? national : null;
}

/** A LIKE pattern that finds the text anywhere, its own %, _ and \ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;
