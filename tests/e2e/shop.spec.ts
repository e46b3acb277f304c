import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./support/test";

/** Serious and critical accessibility violations on the page as it is now. */
async function seriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

interface ApiPage {
  items: Array<{ name: string; brand: string; finalPrice: number | null; suggestedPrice: number }>;
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

/** GET /api/products with the query of a /shop URL: the page the shop should be showing. */
async function apiPageFor(request: APIRequestContext, shopUrl: string): Promise<ApiPage> {
  const response = await request.get(`/api/products${new URL(shopUrl).search}`);
  expect(response.status()).toBe(200);
  return response.json();
}

const products = (page: Page) => page.getByRole("region", { name: "Products" });
const cards = (page: Page) => products(page).getByRole("article");
const filters = (page: Page) => page.getByRole("form", { name: "Filters" });
const countLine = (page: Page) => products(page).getByText(/^(Showing [\d,]+–[\d,]+ of )?[\d,]+ products?$/);

async function shownTotal(page: Page): Promise<number> {
  const text = await countLine(page).innerText();
  return Number(/([\d,]+) products?$/.exec(text)![1]!.replace(/,/g, ""));
}

/** The filter panel is behind a toggle on small screens. */
async function openFilters(page: Page) {
  const toggle = page.getByRole("button", { name: /^Filters/ });
  if (await toggle.isVisible()) {
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
  }
  await expect(filters(page)).toBeVisible();
}

/** Waits for the URL, then checks the page shows the same total and phones as the API for it. */
async function expectShopMatchesApi(page: Page, request: APIRequestContext, url: RegExp) {
  await expect(page).toHaveURL(url);
  const api = await apiPageFor(request, page.url());
  await expect.poll(() => shownTotal(page)).toBe(api.total);
  await expect(cards(page).getByRole("heading")).toHaveText(api.items.map((item) => item.name));
  return api;
}

async function cardPrices(page: Page): Promise<number[]> {
  const texts = await cards(page).getByText(/^₦[\d,]+$/).allInnerTexts();
  return texts.map((text) => Number(text.replace(/[₦,]/g, "")));
}

test("the shop lists 24 phones a page with the count, pages on, and has no serious accessibility issues", async ({ page, request }) => {
  const response = await page.goto("/shop");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Shop Phones" })).toBeVisible();
  const api = await apiPageFor(request, page.url());
  expect(api.total).toBeGreaterThan(24);
  await expect(countLine(page)).toHaveText(`Showing 1–24 of ${api.total} products`);
  await expect(cards(page)).toHaveCount(24);
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
  await expectShopMatchesApi(page, request, /\/shop\?page=2$/);
  await expect(countLine(page)).toHaveText(new RegExp(`^Showing 25–\\d+ of ${api.total} products$`));
});

test("brand=iphone pre-fills Apple and lists Apple phones only", async ({ page, request }) => {
  await page.goto("/shop?brand=iphone");
  await openFilters(page);
  await expect(filters(page).getByRole("checkbox", { name: "Apple" })).toBeChecked();
  await expect(filters(page).getByRole("checkbox", { name: "Samsung" })).not.toBeChecked();
  const api = await expectShopMatchesApi(page, request, /brand=iphone/);
  expect(api.items.every((item) => item.brand === "Apple")).toBe(true);
  await expect(cards(page).getByText(/^Apple · /)).toHaveCount(await cards(page).count());
});

test("the search parameter pre-fills the search box", async ({ page }) => {
  await page.goto("/shop?search=pixel%207");
  await expect(page.getByRole("searchbox", { name: "Search phones" })).toHaveValue("pixel 7");
  await expect(cards(page).first().getByRole("heading")).toHaveText(/^Google Pixel 7/);
});

test("each filter narrows the results and lands in the URL; Back restores the one before", async ({ page, request }) => {
  await page.goto("/shop");
  const all = await shownTotal(page);
  await openFilters(page);
  const panel = filters(page);

  await panel.getByRole("checkbox", { name: "Samsung" }).check();
  const samsung = await expectShopMatchesApi(page, request, /\/shop\?brand=samsung$/);
  expect(samsung.total).toBeLessThan(all);
  expect(samsung.items.every((item) => item.brand === "Samsung")).toBe(true);

  await panel.getByRole("checkbox", { name: /^Grade A/ }).check();
  const gradeA = await expectShopMatchesApi(page, request, /\/shop\?brand=samsung&grade=A$/);
  expect(gradeA.total).toBeLessThan(samsung.total);

  await panel.getByRole("checkbox", { name: "128GB" }).check();
  const storage = await expectShopMatchesApi(page, request, /\/shop\?brand=samsung&grade=A&storage=128GB$/);
  expect(storage.total).toBeLessThan(gradeA.total);

  await panel.getByRole("checkbox", { name: "Admin inspected only" }).check();
  const inspected = await expectShopMatchesApi(page, request, /&storage=128GB&inspected=true$/);
  expect(inspected.total).toBeLessThan(storage.total);

  // A few demo phones come from an unverified vendor; the filter never adds any.
  await panel.getByRole("checkbox", { name: "Verified vendors only" }).check();
  const verified = await expectShopMatchesApi(page, request, /&storage=128GB&verified=true&inspected=true$/);
  expect(verified.total).toBeLessThanOrEqual(inspected.total);

  await page.goBack();
  await expect(page).toHaveURL(/&storage=128GB&inspected=true$/);
  await expect(panel.getByRole("checkbox", { name: "Verified vendors only" })).not.toBeChecked();
  await page.goBack();
  await expect(page).toHaveURL(/\/shop\?brand=samsung&grade=A&storage=128GB$/);
  await expect(panel.getByRole("checkbox", { name: "Admin inspected only" })).not.toBeChecked();
  await expect.poll(() => shownTotal(page)).toBe(storage.total);
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/shop\?brand=samsung$/);
  await expect(panel.getByRole("checkbox", { name: /^Grade A/ })).not.toBeChecked();
  await expect(panel.getByRole("checkbox", { name: "Samsung" })).toBeChecked();
  await expect.poll(() => shownTotal(page)).toBe(samsung.total);
});

test("the price range filters on the server in naira, its top meaning no upper limit", async ({ page, request }) => {
  await page.goto("/shop?sort=price-high");
  await openFilters(page);
  const panel = filters(page);
  await expect(panel.getByText("₦0 – ₦1,000,000+")).toBeVisible();
  // Phones dearer than the slider's top are listed under the default full range.
  expect((await cardPrices(page))[0]).toBeGreaterThan(1_000_000);

  await panel.getByRole("slider", { name: "Minimum price" }).fill("300000");
  await expectShopMatchesApi(page, request, /\/shop\?minPrice=300000&sort=price-high$/);
  await expect(panel.getByText("₦300,000 – ₦1,000,000+")).toBeVisible();

  await panel.getByRole("slider", { name: "Maximum price" }).fill("500000");
  const ranged = await expectShopMatchesApi(page, request, /\/shop\?minPrice=300000&maxPrice=500000&sort=price-high$/);
  await expect(panel.getByText("₦300,000 – ₦500,000")).toBeVisible();
  expect(ranged.total).toBeGreaterThan(0);
  const prices = await cardPrices(page);
  expect(prices.every((price) => price >= 300_000 && price <= 500_000)).toBe(true);
});

test("each sort reorders the results and lands in the URL", async ({ page, request }) => {
  await page.goto("/shop");
  const sort = page.getByLabel("Sort by");
  await expect(sort.locator("option:checked")).toHaveText("Newest");

  await sort.selectOption({ label: "Price: Low to High" });
  await expectShopMatchesApi(page, request, /\/shop\?sort=price-low$/);
  const ascending = await cardPrices(page);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

  await sort.selectOption({ label: "Price: High to Low" });
  await expectShopMatchesApi(page, request, /\/shop\?sort=price-high$/);
  const descending = await cardPrices(page);
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
  expect(descending[0]).toBeGreaterThan(ascending[0]!);

  await sort.selectOption({ label: "Highest Rated" });
  await expectShopMatchesApi(page, request, /\/shop\?sort=rating$/);
  const ratings = await cards(page).getByRole("img", { name: /^Rated/ }).evaluateAll((stars) =>
    stars.map((star) => Number(/Rated ([\d.]+)/.exec(star.getAttribute("aria-label") ?? "")?.[1])),
  );
  expect(ratings.length).toBeGreaterThan(0);
  expect(ratings).toEqual([...ratings].sort((a, b) => b - a));

  await sort.selectOption({ label: "Most Popular" });
  const popular = await expectShopMatchesApi(page, request, /\/shop\?sort=popular$/);

  await sort.selectOption({ label: "Newest" });
  const newest = await expectShopMatchesApi(page, request, /\/shop$/);
  expect(newest.items.map((item) => item.name)).not.toEqual(popular.items.map((item) => item.name));
});

for (const [typed, meant] of [
  ["iphnoe 12", /^iPhone 12 /],
  ["galaxy s21 samsung", /^Samsung Galaxy S21 /],
  ["pixle 7", /^Google Pixel 7 /],
] as const) {
  test(`a search for '${typed}' finds what was meant first`, async ({ page, request }) => {
    await page.goto("/shop");
    const search = page.getByRole("searchbox", { name: "Search phones" });
    await search.fill(typed);
    await search.press("Enter");
    const api = await expectShopMatchesApi(page, request, new RegExp(`\\?search=${typed.replace(/ /g, "\\+")}$`));
    expect(api.total).toBeGreaterThan(0);
    await expect(cards(page).first().getByRole("heading")).toHaveText(meant);
    await expect(page.getByLabel("Sort by")).toHaveValue("");
    await expect(page.getByLabel("Sort by").locator("option:checked")).toHaveText("Best match");
  });
}

test("no match shows 'No products found'; clearing all filters lists every phone again", async ({ page, request }) => {
  await page.goto("/shop?brand=apple&minPrice=10000&maxPrice=20000");
  await expect(page.getByText("No products found")).toBeVisible();
  await expect(countLine(page)).toHaveText("0 products");
  await expect(cards(page)).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Clear all filters" }).click();
  await expectShopMatchesApi(page, request, /\/shop$/);
  await expect(page.getByText("No products found")).toHaveCount(0);
  await openFilters(page);
  await expect(filters(page).getByRole("checkbox", { name: "Apple" })).not.toBeChecked();
  await expect(filters(page).getByText("₦0 – ₦1,000,000+")).toBeVisible();
});

test("a skeleton of 9 cards shows while the shop loads a new page", async ({ page }) => {
  await page.goto("/shop");
  await openFilters(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/shop\.data/, async (route) => {
    await held;
    await route.continue();
  });
  await filters(page).getByRole("checkbox", { name: "Google" }).check();
  await expect(page.getByTestId("product-skeleton")).toHaveCount(9);
  await expect(page.getByTestId("product-skeleton").first()).toBeVisible();
  release();
  await expect(page.getByTestId("product-skeleton")).toHaveCount(0);
  await expect(cards(page).first()).toContainText("Google");
});

test("the grid or list view is pressed, in the URL and kept while filtering", async ({ page, request }) => {
  await page.goto("/shop");
  const view = page.getByRole("group", { name: "View" });
  await expect(view.getByRole("button", { name: "Grid view" })).toHaveAttribute("aria-pressed", "true");
  await expect(cards(page).getByText("Verified Vendor")).toHaveCount(0);

  await view.getByRole("button", { name: "List view" }).click();
  await expect(page).toHaveURL(/\/shop\?view=list$/);
  await expect(view.getByRole("button", { name: "List view" })).toHaveAttribute("aria-pressed", "true");
  await expect(view.getByRole("button", { name: "Grid view" })).toHaveAttribute("aria-pressed", "false");
  await expect(cards(page)).toHaveCount(24);
  // The list shows each phone's seller (the newest card may be a vendor journey's own listing).
  await expect(cards(page).filter({ hasText: /Ikeja Gadget Hub|Garden City Phones|Wuse Mobile World|Dugbe Phone Mart/ }).first()).toBeVisible();

  await page.getByLabel("Sort by").selectOption({ label: "Price: Low to High" });
  await expectShopMatchesApi(page, request, /\/shop\?sort=price-low&view=list$/);
  await expect(view.getByRole("button", { name: "List view" })).toHaveAttribute("aria-pressed", "true");
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filters, search and view still work as a form", async ({ page, request }) => {
    await page.goto("/shop");
    const panel = filters(page);
    await expect(panel).toBeVisible();
    await panel.getByRole("checkbox", { name: "Xiaomi" }).check();
    await panel.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/brand=xiaomi/);
    await expect(panel.getByRole("checkbox", { name: "Xiaomi" })).toBeChecked();
    const api = await apiPageFor(request, page.url());
    expect(await shownTotal(page)).toBe(api.total);
    await expect(cards(page).getByText(/^Xiaomi · /)).toHaveCount(api.items.length);

    await page.getByRole("button", { name: "List view" }).click();
    await expect(page).toHaveURL(/brand=xiaomi.*view=list/);
    await expect(page.getByRole("button", { name: "List view" })).toHaveAttribute("aria-pressed", "true");

    const search = page.getByRole("searchbox", { name: "Search phones" });
    await search.fill("redmi");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/search=redmi/);
    await expect(cards(page).first().getByRole("heading")).toHaveText(/Redmi/);
  });
});

test("GET /api/products returns the shop page as JSON and ignores malformed parameters", async ({ request }) => {
  const apple = await (await request.get("/api/products?brand=iphone&sort=price-low")).json();
  expect(Object.keys(apple).sort()).toEqual(["items", "page", "pageCount", "pageSize", "total"]);
  expect(apple).toMatchObject({ page: 1, pageSize: 24 });
  expect(apple.items.every((item: { brand: string }) => item.brand === "Apple")).toBe(true);
  expect(apple.pageCount).toBe(Math.max(1, Math.ceil(apple.total / 24)));

  for (const query of [
    "page=abc&brand=nokia&grade=Z&storage=3TB&minPrice=-1&maxPrice=big&sort=cheapest&view=table&verified=maybe",
    `search=${"x".repeat(5000)}`,
    "search=%E0%A4%A&brand=%FF&page=99999999999999999999",
    "brand=apple&brand=apple&grade[]=A&minPrice[x]=1",
  ]) {
    const response = await request.get(`/api/products?${query}`);
    expect(response.status(), query).toBe(200);
    const body = await response.json();
    expect(Array.isArray(body.items)).toBe(true);
    expect(body.pageSize).toBe(24);
    const page = await request.get(`/shop?${query}`);
    expect(page.status(), query).toBe(200);
  }
});
