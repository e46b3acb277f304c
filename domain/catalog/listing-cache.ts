import { createSingleFlight } from "../core/single-flight";

/**
 * Which products a shop page holds, and the total, remembered per query and catalogue version.
 * The database raises the version in the same transaction as any change to what decides a
 * listing (catalogue_version, migration 0005), so a remembered page is used only while nothing
 * it depends on has changed; the products themselves (stock, price, rating) are always read fresh.
 */
export interface RememberedPage {
  version: number;
  ids: string[];
  total: number;
}

export interface ListingCache {
  get(key: string): RememberedPage | undefined;
  remember(key: string, page: RememberedPage): void;
  /**
   * Runs `read` for a key once at a time: requests arriving while it runs share its answer,
   * so a page wanted by many at once after a catalogue change is worked out once.
   */
  once<T>(key: string, read: () => Promise<T>): Promise<T>;
}

/** Pages kept at most; the oldest remembered goes first. */
const MAX_PAGES = 5_000;

export function createListingCache(maxPages = MAX_PAGES): ListingCache {
  const pages = new Map<string, RememberedPage>();
  let newestVersion = 0;
  return {
    get: (key) => pages.get(key),
    once: createSingleFlight(),
    remember(key, page) {
      if (page.version < newestVersion) return;
      if (page.version > newestVersion) {
        // Pages of an older version can never be used again.
        newestVersion = page.version;
        pages.clear();
      }
      pages.delete(key);
      pages.set(key, page);
      if (pages.size > maxPages) pages.delete(pages.keys().next().value!);
    },
  };
}
