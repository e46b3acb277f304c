/**
 * The shop query on a 20,000-phone catalogue (SHOP_PLAN_CATALOGUE_SIZE to try another size, such
 * as 100,000) reads products through its indexes, never by scanning the whole table: EXPLAIN
 * ANALYZE of the page and the count statements, and of a sold-out phone's similar phones. Some
 * phones are hidden by their vendor and some sold out, as in a real shop: the partial indexes
 * hold only listed rows.
 */
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "../../db/client";
import { TEST_ENGINES, createDatabaseFor } from "../../tests/support/database";
import { products } from "../../db/schema/catalog";
import { inShopSession, shopStatements } from "./shop";
import { selectSummaries } from "./summary";
import { type ShopQueryInput, parseShopQuery } from "./shop-query";

const CATALOGUE_SIZE = Number(process.env.SHOP_PLAN_CATALOGUE_SIZE) || 20_000;

/**
 * Four vendors (two verified) and CATALOGUE_SIZE phones: nine in ten approved, one in thirteen
 * hidden, one in seven sold out, spread over brands, grades, storage, prices and two years.
 */
const GENERATE_CATALOGUE = [
  `insert into users (id, name, email)
  select 'index-vendor-' || n, 'Vendor ' || n, 'index-vendor-' || n || '@example.ng' from generate_series(1, 4) as n`,
  `insert into vendors (user_id, business_name, contact_email, contact_phone, business_address, status, verified)
  select 'index-vendor-' || n, 'Vendor ' || n, 'index-vendor-' || n || '@example.ng', '+2348030000000', 'Lagos', 'approved', n <= 2
  from generate_series(1, 4) as n`,
  `insert into products (vendor_id, name, brand, model, storage, grade, suggested_price, final_price, status,
                      admin_inspected, units_sold, rating_average, review_count, created_at, is_live, stock_quantity)
select
  (select array_agg(id order by business_name) from vendors)[1 + i % 4],
  brand || ' ' || model || ' ' || storage, brand, model, storage,
  (array['A', 'B', 'C'])[1 + i % 3]::product_grade,
  kobo + 1000000,
  case when approved then kobo end,
  (case when approved then 'approved' else 'pending' end)::product_status,
  i % 2 = 0, (i * 7919) % 500, ((i * 31) % 501) / 100.0, (i * 13) % 40,
  timestamptz '2026-01-01' - make_interval(secs => i * 3137),
  i % 13 <> 0, case when i % 7 = 0 then 0 else 1 + i % 5 end
from generate_series(1, ${CATALOGUE_SIZE}) as i
cross join lateral (select
  (array['Apple', 'Samsung', 'Google', 'OnePlus', 'Xiaomi', 'Huawei', 'Oppo', 'Vivo'])[1 + i % 8] as brand,
  (array['iPhone ', 'Galaxy S', 'Pixel ', 'Nord ', 'Redmi Note ', 'P', 'Reno ', 'X'])[1 + i % 8] || (7 + (i / 8) % 12) as model,
  (array['32GB', '64GB', '128GB', '256GB', '512GB', '1TB'])[1 + (i / 3) % 6] as storage,
  -- ₦50,000 to ₦1,249,000 in ₦1,000 steps, scattered
  5000000 + (i::bigint * 104729 % 1200) * 100000 as kobo,
  i % 10 <> 0 as approved) as generated`,
  // What autovacuum keeps up to date on a live database: statistics and the visibility map.
  "vacuum analyze products",
  "vacuum analyze vendors",
  "vacuum analyze product_search_texts",
];

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

interface Explained {
  nodes: PlanNode[];
  executionMs: number;
}

function flatten(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(flatten)];
}

async function explain(session: Database, statement: { getSQL(): ReturnType<typeof sql> }): Promise<Explained> {
  const result = (await session.execute(sql`explain (analyze, format json) `.append(statement.getSQL()))) as unknown as {
    rows: Array<Record<string, unknown>>;
  };
  const raw = result.rows[0]?.["QUERY PLAN"];
  const [top] = (typeof raw === "string" ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode; "Execution Time": number }>;
  return { nodes: flatten(top!.Plan), executionMs: top!["Execution Time"] };
}

const scansOfProducts = (plan: Explained) =>
  plan.nodes.filter((n) => n["Relation Name"] === "products" || n["Index Name"]?.startsWith("products_"));
const seqScansOfProducts = (plan: Explained) =>
  plan.nodes.filter((n) => n["Node Type"] === "Seq Scan" && n["Relation Name"] === "products");
const indexesUsed = (plan: Explained) =>
  [...new Set(scansOfProducts(plan).flatMap((n) => (n["Index Name"] ? [n["Index Name"]] : [])))];

const CASES: Array<{ name: string; input: ShopQueryInput; pageIndexes: string[] }> = [
  { name: "newest, no filter", input: {}, pageIndexes: ["products_public_created_idx"] },
  {
    name: "brand + grade + price range",
    input: { brand: ["apple", "samsung"], grade: ["A", "B"], minPrice: "200000", maxPrice: "600000" },
    pageIndexes: [],
  },
  { name: "misspelt search", input: { search: "iphnoe 12" }, pageIndexes: ["products_public_search_idx"] },
  { name: "price-low, page 50", input: { sort: "price-low", page: "50" }, pageIndexes: ["products_public_price_idx"] },
  {
    name: "verified vendors, inspected, best rated",
    input: { verified: "true", inspected: "true", sort: "rating" },
    // Inspected first, then best rated: the home page's featured index serves this exactly.
    pageIndexes: ["products_public_featured_idx"],
  },
];

describe.each(TEST_ENGINES)("shop query plans on %s", (engine) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await createDatabaseFor(engine);
    const started = performance.now();
    for (const statement of GENERATE_CATALOGUE) await handle.query(statement);
    console.log(`${engine}: ${CATALOGUE_SIZE} products generated in ${Math.round(performance.now() - started)} ms`);
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("generates the catalogue", async () => {
    const [row] = await handle.query<{ total: number }>("select count(*)::int as total from products");
    expect(row?.total).toBe(CATALOGUE_SIZE);
  });

  it.each(CASES)("uses indexes, not a scan of products: $name", async ({ input, pageIndexes }) => {
    const query = parseShopQuery(input);
    const [page, count] = await inShopSession(handle.db, query, async (session) => {
      const statements = shopStatements(session, query);
      return [await explain(session, statements.page), await explain(session, statements.count)];
    });
    console.log(
      `${engine} ${JSON.stringify(input)}: page ${indexesUsed(page).join(", ")} in ${page.executionMs.toFixed(1)} ms; ` +
        `count ${indexesUsed(count).join(", ")} in ${count.executionMs.toFixed(1)} ms`,
    );

    for (const plan of [page, count]) {
      expect(seqScansOfProducts(plan)).toEqual([]);
      expect(indexesUsed(plan).length).toBeGreaterThan(0);
    }
    for (const index of pageIndexes) expect(indexesUsed(page)).toContain(index);
  });

  it("reads a sold-out phone's similar phones (same model, newest first) through the model index", async () => {
    const similar = selectSummaries(
      handle.db,
      and(eq(products.brand, "Apple"), eq(products.model, "iPhone 12"), ne(products.id, "00000000-0000-4000-8000-000000000000")),
    )
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(4);
    const plan = await explain(handle.db, similar);
    console.log(`${engine} similar phones: ${indexesUsed(plan).join(", ")} in ${plan.executionMs.toFixed(1)} ms`);
    expect(seqScansOfProducts(plan)).toEqual([]);
    expect(indexesUsed(plan)).toContain("products_public_model_idx");
  });
});
