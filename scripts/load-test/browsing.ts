/** A visitor browsing the shop: home, the shop with filters and searches, product pages, GET /api/products, pausing as a person does. */
import { setTimeout as sleep } from "node:timers/promises";
import { type Random, between, intBetween, pick } from "../../db/seed/random";
import { BRAND_QUERY_ALIASES, GRADES, SORT_OPTIONS, STORAGE_OPTIONS } from "../../lib/constants";
import type { Recorder } from "./recorder";

export interface Visit {
  base: string;
  recorder: Recorder;
  random: Random;
  /** When the load ends (performance.now()). */
  until: number;
  signal: AbortSignal;
}

/** A person looks at a page for a few seconds before the next click. */
export const THINK_TIME_MS = { min: 2_000, max: 8_000 } as const;

const SEARCHES = ["iphone 12", "iphnoe 12", "galaxy s21 samsung", "pixel", "redmi note", "oneplus 9", "128gb", "iphone pro max"];

export async function browse(visit: Visit, productIds: readonly string[]): Promise<void> {
  const { base, recorder, random } = visit;
  const steps: Array<() => Promise<unknown>> = [
    () => recorder.request("home page", `${base}/`),
    () => recorder.request("shop page", `${base}/shop?${shopQuery(random)}`),
    () => recorder.request("product page", `${base}/product/${pick(random, productIds)}`),
    () => recorder.request("product page", `${base}/product/${pick(random, productIds)}`),
    () => recorder.request("GET /api/products", `${base}/api/products?${shopQuery(random)}`),
  ];
  // Visitors arrive over the first moments, not all in the same millisecond.
  if (!(await think(visit))) return;
  while (true) {
    for (const step of steps) {
      if (performance.now() >= visit.until) return;
      await step();
      if (!(await think(visit))) return;
    }
  }
}

/** Each kind of page once, unmeasured, so the first visitors do not pay for loading the built app. */
export async function warmUp(base: string, productId: string): Promise<void> {
  for (const url of [`${base}/`, `${base}/shop`, `${base}/product/${productId}`, `${base}/api/products`, `${base}/orders`]) {
    await (await fetch(url)).text();
  }
}

/** Waits a person's pause; false when the load was stopped meanwhile. */
export async function think({ random, signal }: Pick<Visit, "random" | "signal">): Promise<boolean> {
  try {
    await sleep(between(random, THINK_TIME_MS.min, THINK_TIME_MS.max), undefined, { signal });
    return true;
  } catch {
    return false;
  }
}

/** What a shopper sets in the URL: a search or none, some filters, a sort, sometimes a later page. */
export function shopQuery(random: Random): string {
  const query = new URLSearchParams();
  if (random() < 0.4) query.set("search", pick(random, SEARCHES));
  if (random() < 0.4) query.set("brand", pick(random, Object.keys(BRAND_QUERY_ALIASES)));
  if (random() < 0.3) query.set("grade", pick(random, GRADES));
  if (random() < 0.2) query.set("storage", pick(random, STORAGE_OPTIONS));
  if (random() < 0.3) {
    query.set("minPrice", String(intBetween(random, 0, 40) * 10_000));
    query.set("maxPrice", String(intBetween(random, 41, 100) * 10_000));
  }
  if (random() < 0.2) query.set("verified", "true");
  if (random() < 0.5) query.set("sort", pick(random, SORT_OPTIONS).value);
  if (random() < 0.2) query.set("page", String(intBetween(random, 2, 4)));
  return query.toString();
}
