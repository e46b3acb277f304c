/**
 * The shop listing (docs/storefront.md): filtered,
 * sorted and paged on the server, 24 a page, with a typo-forgiving search over name, brand
 * and model: the trigram index finds the alike phones among product_search_texts, and their
 * listings are read through products.search_text.
 */
import { type SQL, and, asc, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { LIMITS, PRICE_SLIDER } from "../../lib/constants";
import { nairaToKobo } from "../../lib/money";
import { vendors } from "../../db/schema/vendors";
import { type ListingCache, type RememberedPage } from "./listing-cache";
import { catalogueVersion, productSearchTexts, products } from "../../db/schema/catalog";
import { type ShopOrder, type ShopQuery, type ShopQueryInput, parseShopQuery, shopOrder } from "./shop-query";
import { shopHref } from "./shop-params";
import { type ProductSummary, displayPrice, listed, selectSummaries, summaryColumns, toSummary } from "./summary";

export interface ShopPage {
  items: ProductSummary[];
  /** Number of listed products over all pages. */
  total: number;
  /** The page that was asked for (1-based). */
  page: number;
  pageSize: number;
  /** At least 1, so "page 1 of 1" reads right for an empty shop. */
  pageCount: number;
}

/**
 * How alike a search term and a product must be (pg_trgm word similarity, 0 to 1). 0.4
 * forgives a swapped or missing letter ('iphnoe 12' finds the iPhone 12, 'pixle 7' the
 * Pixel 7) and word order ('galaxy s21 samsung'), yet keeps unrelated phones out.
 */
export const SEARCH_SIMILARITY_THRESHOLD = 0.4;

/** Most distinct phones a search takes, the most alike first: a term matching more is no search. */
const SEARCH_MAX_PHONES = 5_000;

/**
 * The shop page a query asks for, with the total over all pages. With a cache, a page whose
 * catalogue version is unchanged is read back by its product ids (fresh stock, prices and
 * ratings) instead of being filtered, sorted and counted again.
 */
export async function listShopPage(db: Database, input: ShopQueryInput = {}, cache?: ListingCache): Promise<ShopPage> {
  const query = parseShopQuery(input);
  if (!cache) return readShopPage(db, query);
  const key = shopHref({ ...query, view: "grid" });
  const remembered = cache.get(key);
  const items = remembered && (await readRememberedItems(db, remembered));
  if (remembered && items) return shopPage(query, items, remembered.total);
  return cache.once(key, async () => {
    // Read before the page: a page is then never remembered under a newer version than its own.
    const version = await readCatalogueVersion(db);
    const page = await readShopPage(db, query);
    cache.remember(key, { version, ids: page.items.map((item) => item.id), total: page.total });
    return page;
  });
}

async function readShopPage(db: Database, query: ShopQuery): Promise<ShopPage> {
  return inShopSession(db, query, async (session) => {
    const statements = shopStatements(session, query);
    const items = (await statements.page).map(toSummary);
    const total = totalFromPage(items.length, query.page) ?? (await statements.count)[0]?.total ?? 0;
    return shopPage(query, items, total);
  });
}

function shopPage(query: ShopQuery, items: ProductSummary[], total: number): ShopPage {
  const pageSize = LIMITS.shopPageSize;
  return { items, total, page: query.page, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

const currentVersion = sql<number>`(select ${catalogueVersion.version} from ${catalogueVersion})`.mapWith(Number);

async function readCatalogueVersion(db: Database): Promise<number> {
  const [row] = await db.select({ version: catalogueVersion.version }).from(catalogueVersion);
  return row?.version ?? 0;
}

/**
 * The statement of every request served from the cache, prepared once per database: PostgreSQL
 * plans it once per connection and Drizzle builds it once, instead of both on every request.
 */
const rememberedItemsStatements = new WeakMap<Database, ReturnType<typeof prepareRememberedItems>>();

function prepareRememberedItems(db: Database) {
  return db
    .select({ ...summaryColumns, catalogueVersion: currentVersion })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .where(sql`${products.id} = any(${sql.placeholder("ids")}::uuid[])`)
    .prepare("shop_remembered_page");
}

function rememberedItemsStatement(db: Database) {
  let statement = rememberedItemsStatements.get(db);
  if (!statement) {
    statement = prepareRememberedItems(db);
    rememberedItemsStatements.set(db, statement);
  }
  return statement;
}

/**
 * The remembered page's products, in its order, read with the catalogue version in one
 * statement (one snapshot); null when the version moved on since.
 */
async function readRememberedItems(db: Database, remembered: RememberedPage): Promise<ProductSummary[] | null> {
  if (remembered.ids.length === 0) return (await readCatalogueVersion(db)) === remembered.version ? [] : null;
  const rows = await rememberedItemsStatement(db).execute({ ids: remembered.ids });
  if (rows.length !== remembered.ids.length || rows.some((row) => row.catalogueVersion !== remembered.version)) return null;
  const byId = new Map(rows.map((row) => [row.id, toSummary(row)]));
  return remembered.ids.map((id) => byId.get(id)!);
}

/**
 * Runs the shop's statements where the search threshold applies: a search sets it for one
 * transaction only (the trigram operators read it from the session), so pooled connections
 * keep their defaults.
 */
export async function inShopSession<T>(db: Database, query: ShopQuery, run: (session: Database) => Promise<T>): Promise<T> {
  if (!searchTerm(query.search)) return run(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(SEARCH_SIMILARITY_THRESHOLD)}, true)`);
    return run(tx);
  });
}

/** The page and count statements of a query (built, not run). */
export function shopStatements(db: Database, query: ShopQuery) {
  const pageSize = LIMITS.shopPageSize;
  const conditions = shopConditions(query);
  const term = searchTerm(query.search);
  const order = shopOrder(query);
  const matching = term ? matchingSearchTexts(db, term) : undefined;
  const inMatching = matching && inArray(products.searchText, db.select({ searchText: matching.searchText }).from(matching));
  // By relevance, each listing takes its phone's likeness from the join, worked out once per phone.
  const byRelevance = order === "relevance" && matching !== undefined;
  const selected = byRelevance
    ? selectSummaries(db, ...conditions).innerJoin(matching, eq(matching.searchText, products.searchText))
    : selectSummaries(db, ...conditions, inMatching);
  const page = selected
    .orderBy(...(byRelevance ? byLikeness(matching) : orderBy(order === "relevance" ? "newest" : order)), desc(products.id))
    .limit(pageSize)
    .offset((query.page - 1) * pageSize);
  // Every product has a vendor (vendor_id is a non-null foreign key), so the count needs no join.
  const count = db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(products)
    .where(and(listed, ...conditions, inMatching));
  return { page, count };
}

/**
 * The distinct phone texts alike to the term, with how alike: `%>` means some extent of the text
 * is at least the threshold alike to the term (GIN-indexed).
 */
function matchingSearchTexts(db: Database, term: string) {
  const text = productSearchTexts.searchText;
  return db
    .select({
      searchText: text,
      wordSimilarity: sql<number>`word_similarity(${term}, ${text})`.as("word_likeness"),
      strictWordSimilarity: sql<number>`strict_word_similarity(${term}, ${text})`.as("strict_word_likeness"),
      similarity: sql<number>`similarity(${term}, ${text})`.as("likeness"),
    })
    .from(productSearchTexts)
    .where(sql`${text} %> ${term}`)
    // A limit keeps the planner from merging this into the outer query, where it would work the
    // likeness out again for every listing instead of once per phone.
    .orderBy(desc(sql`word_likeness`))
    .limit(SEARCH_MAX_PHONES)
    .as("matching");
}

/** Most alike first; among equals, the closer whole-word match, then the shorter name, then newest. */
function byLikeness(matching: ReturnType<typeof matchingSearchTexts>): SQL[] {
  return [desc(matching.wordSimilarity), desc(matching.strictWordSimilarity), desc(matching.similarity), desc(products.createdAt)];
}

/** The total a page already tells (a short page is the last one), or null when it takes a count. */
function totalFromPage(itemCount: number, page: number): number | null {
  const before = (page - 1) * LIMITS.shopPageSize;
  if (itemCount > 0 && itemCount < LIMITS.shopPageSize) return before + itemCount;
  if (itemCount === 0 && page === 1) return 0;
  return null;
}

function shopConditions(query: ShopQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.brand.length > 0) conditions.push(inArray(products.brand, query.brand));
  if (query.grade.length > 0) conditions.push(inArray(products.grade, query.grade));
  if (query.storage.length > 0) conditions.push(inArray(products.storage, query.storage));
  if (query.minPrice > PRICE_SLIDER.minNaira) conditions.push(gte(displayPrice, nairaToKobo(query.minPrice)));
  // The slider's top means "no upper limit": dearer phones stay in the default full range.
  if (query.maxPrice < PRICE_SLIDER.maxNaira) conditions.push(lte(displayPrice, nairaToKobo(query.maxPrice)));
  if (query.inspected) conditions.push(eq(products.adminInspected, true));
  if (query.verified) {
    conditions.push(sql`${products.vendorId} in (select ${vendors.id} from ${vendors} where ${vendors.verified})`);
  }
  return conditions;
}

function orderBy(order: Exclude<ShopOrder, "relevance">): SQL[] {
  switch (order) {
    case "price-low":
      return [asc(displayPrice), desc(products.createdAt)];
    case "price-high":
      return [desc(displayPrice), desc(products.createdAt)];
    case "rating":
      return [desc(products.ratingAverage), desc(products.createdAt)];
    case "popular":
      return [desc(products.unitsSold), desc(products.createdAt)];
    case "newest":
      return [desc(products.createdAt)];
  }
}

/**
 * What the search matches with: lower case, letters and digits only, and a brand glued to a
 * number split off ('iphone12' → 'iphone 12'). Empty when nothing searchable is left.
 */
export function searchTerm(search: string): string {
  return search
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .replace(/(\p{L}{3,})(\p{N})/gu, "$1 $2")
    .trim();
}
