import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { demoListings } from "../../db/seed";
import type { ListingPlan } from "../../db/seed/plan";
import { demoProductId } from "../../db/seed/products";
import { GRADE_DESCRIPTIONS, INSPECTION_POINTS, LIMITS, WARRANTY_TERMS } from "../../lib/constants";
import { formatLagosDate } from "../../lib/lagos-time";

/** Serious and critical accessibility violations on the page as it is now. */
async function seriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("the home page lists demo phones from the database in naira", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Tokunbo Phones/);

  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: /Tokunbo Phones/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Become a Vendor" }).first()).toHaveAttribute("href", "/vendor-application");

  const featured = page.getByRole("region", { name: "Featured Products" });
  const cards = featured.getByRole("article");
  await expect(cards).toHaveCount(8);
  await expect(cards.first()).toContainText(/₦\d{1,3}(,\d{3})+/);

  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "List Products" })).toHaveAttribute("href", "/products");
  await expect(footer.getByRole("link", { name: /Privacy/ })).toHaveAttribute("href", "/privacy");
  await expect(page.getByRole("link", { name: "Create Account" })).toBeVisible();

  expect(await seriousA11yViolations(page)).toEqual([]);
});

test("a blank hero search does nothing; a real one goes to the shop with the trimmed term", async ({ page }) => {
  await page.goto("/");
  const search = page.getByRole("main").getByRole("searchbox").first();
  await search.fill("   ");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/$/);
  await search.fill("  iphone 12  ");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/shop\?search=iphone(\+|%20)12$/);
});

test("a product page shows the phone, its grade, price and seller", async ({ page }) => {
  await page.goto("/");
  const firstCard = page.getByRole("region", { name: "Featured Products" }).getByRole("article").first();
  const name = (await firstCard.getByRole("heading").innerText()).trim();
  await firstCard.getByRole("link", { name }).click();

  await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(/(Excellent|Good|Fair) condition with (minimal|light|visible) signs of use/)).toBeVisible();
  await expect(page.getByText(/₦\d{1,3}(,\d{3})+/).first()).toBeVisible();
  await expect(page.getByRole("link", { name: /Back to Shop/i })).toHaveAttribute("href", "/shop");

  await page.getByRole("tab", { name: "Warranty" }).click();
  await expect(page.getByRole("tabpanel")).toContainText("Physical damage or drops");

  const og = await page.locator('meta[property="og:title"]').getAttribute("content");
  expect(og).toContain(name.split(" ")[0]);
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test("a product that does not exist says so with a 404", async ({ page }) => {
  const response = await page.goto("/product/00000000-0000-4000-8000-000000000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Product not found" })).toBeVisible();
  await expect(page.getByText("The product you're looking for doesn't exist or is no longer available.")).toBeVisible();
});

test("a missing page answers 404 with a way home", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: /home/i }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("region", { name: "Featured Products" })).toBeVisible();
});

test("the privacy policy has every section and today's date", async ({ page }) => {
  await page.goto("/privacy");
  for (const section of [
    "Information We Collect",
    "How We Use Your Information",
    "Information Sharing",
    "Data Security",
    "Your Rights",
    "Cookies and Tracking",
    "Contact Us",
    "Changes to This Policy",
  ]) {
    await expect(page.getByRole("heading", { name: section })).toBeVisible();
  }
  // The page dates itself in Nigerian time: between 11 pm and midnight UTC, Lagos is already on the next day.
  const today = formatLagosDate(new Date());
  await expect(page.getByText(today)).toBeVisible();
});

test("pages render without JavaScript and carry security headers", async ({ browser, request }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto("/");
  await expect(page.getByRole("region", { name: "Featured Products" }).getByRole("article")).toHaveCount(8);
  const headers = response?.headers() ?? {};
  const scriptSrc = (headers["content-security-policy"] ?? "").split(";").map((d) => d.trim()).find((d) => d.startsWith("script-src"));
  // A signed-out page comes from memory: its policy allows exactly its inline scripts, by hash.
  expect(scriptSrc).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+$/);
  expect(headers["x-content-type-options"]).toBe("nosniff");

  const imageUrl = await page.getByRole("region", { name: "Featured Products" }).locator("img").first().getAttribute("src");
  expect(imageUrl).toMatch(/^\/uploads\/.+\.webp$/);
  const image = await request.get(imageUrl!);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/webp");
  expect(image.headers()["content-security-policy"]).toContain("sandbox");
  await context.close();

  const health = await request.get("/healthz");
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: "ok" });
});

// ---------------------------------------------------------------------------------------------
// Home page sections

/** The id of the first demo phone matching `test` (demo ids are the same on every seed). */
/** The last demo listing that passes: the admin journeys approve pending listings from the front. */
function demoProductIdWhere(test: (listing: ListingPlan) => boolean): string {
  const index = demoListings().findLastIndex(test);
  if (index < 0) throw new Error("no such demo listing");
  return demoProductId(index);
}

async function cardNames(section: Locator): Promise<string[]> {
  return section.getByRole("article").getByRole("heading").allInnerTexts();
}

test("the brand strip links each brand to its shop filter", async ({ page }) => {
  await page.goto("/");
  const strip = page.getByRole("region", { name: "Shop by Brand" });
  const expected: Array<[RegExp, string]> = [
    [/^iPhone/, "/shop?brand=apple"],
    [/^Samsung/, "/shop?brand=samsung"],
    [/^Google Pixel/, "/shop?brand=google"],
    [/^OnePlus/, "/shop?brand=oneplus"],
  ];
  await expect(strip.getByRole("link")).toHaveCount(expected.length);
  for (const [name, href] of expected) await expect(strip.getByRole("link", { name })).toHaveAttribute("href", href);
  await expect(strip.getByRole("link", { name: /^iPhone/ })).toContainText("120+ models");

  await strip.getByRole("link", { name: /^Samsung/ }).click();
  await expect(page).toHaveURL(/\/shop\?brand=samsung$/);
});

test("a product row shows 4 phones and 'See all' opens the same list in the shop", async ({ page }) => {
  await page.goto("/");
  const rows: Array<[string, string]> = [
    ["Trending Now", "/shop?sort=popular"],
    ["New Arrivals", "/shop"],
    ["Premium Grade A", "/shop?sort=price-high"],
    ["Best Deals", "/shop?sort=price-low"],
  ];
  for (const [name, href] of rows) {
    const row = page.getByRole("region", { name });
    expect(await cardNames(row)).toHaveLength(4);
    await expect(row.getByRole("link", { name: `See all ${name}` })).toHaveAttribute("href", href);
  }

  const deals = page.getByRole("region", { name: "Best Deals" });
  const shown = await cardNames(deals);
  await deals.getByRole("link", { name: "See all Best Deals" }).click();
  await expect(page).toHaveURL(/\/shop\?sort=price-low$/);
  // The address changes a moment before the shop replaces the home page's cards: wait for them.
  const listed = page.getByRole("main").getByRole("article").getByRole("heading");
  await expect.poll(async () => (await listed.allInnerTexts()).slice(0, 4)).toEqual(shown);
});

test("every row and the featured grid show phones, and cards show stars only for reviewed phones", async ({ page }) => {
  await page.goto("/");
  for (const name of ["Featured Products", "Trending Now", "New Arrivals", "Premium Grade A", "Best Deals"]) {
    await expect(page.getByRole("region", { name }).getByRole("article").first()).toBeVisible();
  }
  const cards = page.getByRole("region", { name: "Featured Products" }).getByRole("article");
  for (const card of await cards.all()) {
    const stars = card.getByRole("img", { name: /^Rated \d\.\d out of 5$/ });
    if ((await stars.count()) > 0) await expect(card).toContainText(/\(\d+\)/);
    else await expect(card).not.toContainText(/\(\d+\)/);
    await expect(card).toContainText(/Grade [ABC]/);
    await expect(card).toContainText(/₦\d{1,3}(,\d{3})+/);
  }
  // Signed out, a heart is never pressed; pressing it asks to sign in, back to the phone's page.
  const heart = cards.first().getByRole("button", { name: /^Favourite / });
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await heart.click();
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fproduct%2F[0-9a-f-]{36}$/);
  await expect(page.getByText("Please sign in to save phones to your wishlist")).toBeVisible();
});

test("the top banner stays dismissed after a reload, even before scripts load", async ({ page }) => {
  await page.goto("/");
  // The banner's text is whatever the CMS holds now (another journey edits it), so only its presence is checked.
  const banner = page.getByRole("complementary", { name: "Announcement" });
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: "Dismiss announcement" }).click();
  await expect(banner).toBeHidden();

  await page.reload();
  await expect(page.getByRole("region", { name: "Featured Products" })).toBeVisible();
  await expect(banner).toBeHidden();

  // With the page's scripts held back, the stored flag still keeps the banner from showing.
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(banner).toBeHidden();
});

test("the home banner rotates on its own and moves by arrows and dots, wrapping around", async ({ page }) => {
  await page.clock.install();
  await page.goto("/");
  // The slides rotate on a timer the page's scripts start: wait for them before moving the clock.
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const carousel = page.getByRole("region", { name: "Featured offers" });
  const slide = (n: number) => carousel.getByRole("group", { name: `${n} of 3` });
  await expect(slide(1)).toBeVisible();
  await expect(slide(1)).toContainText("UK-Used iPhones from ₦250,000");

  await page.clock.runFor(5_100);
  await expect(slide(2)).toBeVisible();
  await expect(slide(1)).toBeHidden();

  await carousel.getByRole("button", { name: "Next slide" }).click();
  await expect(slide(3)).toBeVisible();
  await carousel.getByRole("button", { name: "Next slide" }).click();
  await expect(slide(1)).toBeVisible();
  await carousel.getByRole("button", { name: "Previous slide" }).click();
  await expect(slide(3)).toBeVisible();
  await carousel.getByRole("button", { name: "Show slide 2" }).click();
  await expect(slide(2)).toBeVisible();
  await expect(carousel.getByRole("button", { name: "Show slide 2" })).toHaveAttribute("aria-current", "true");

  await carousel.getByRole("button", { name: "Pause slides" }).click();
  await page.getByRole("heading", { level: 1 }).click(); // focus leaves the banner
  await page.clock.runFor(12_000);
  await expect(slide(2)).toBeVisible();
  await carousel.getByRole("button", { name: "Play slides" }).click();
  await page.getByRole("heading", { level: 1 }).click();
  await page.clock.runFor(5_100);
  await expect(slide(3)).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});

// ---------------------------------------------------------------------------------------------
// Product detail

/** Opens the first home page card that matches, returning what the card showed. */
async function openCard(page: Page, has: Locator | undefined, hasNot?: Locator) {
  await page.goto("/");
  const card = page.getByRole("main").getByRole("article").filter({ has, hasNot }).first();
  const name = (await card.getByRole("heading").innerText()).trim();
  const text = await card.innerText();
  await card.getByRole("link", { name }).click();
  await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}$/);
  return { name, text };
}

test("a product page shows every detail and each tab's content", async ({ page }) => {
  const { text: cardText } = await openCard(page, page.getByRole("img", { name: /^Rated/ }));

  await expect(page.getByRole("link", { name: "Back to Shop" })).toHaveAttribute("href", "/shop");
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toBeVisible();
  const grade = (cardText.match(/Grade ([ABC])/) ?? [])[1] as "A" | "B" | "C";
  await expect(page.getByText(`Grade ${grade} · `)).toBeVisible();
  await expect(page.getByText(GRADE_DESCRIPTIONS[grade], { exact: true })).toBeVisible();
  await expect(page.getByText(/^\d\.\d · \d+ reviews?$/)).toBeVisible();
  const price = (cardText.match(/₦[\d,]+/) ?? [])[0]!;
  await expect(page.getByText(price, { exact: false }).first()).toBeVisible();
  await expect(page.getByText("Seller:")).toBeVisible();
  // The warranty days and delivery fee come from the pricing config, which other journeys edit.
  for (const point of [/^\d+-day warranty$/, /^(Free delivery anywhere in Nigeria|Delivery ₦[\d,]+ anywhere in Nigeria|(Free delivery|Delivery ₦[\d,]+) to [A-Za-z0-9 ]+ · from ₦[\d,]+ elsewhere)$/, /^Quality tested$/, /^Authentic$/]) {
    await expect(page.getByRole("listitem").filter({ hasText: point })).toBeVisible();
  }
  await expect(page.getByRole("button", { name: "Add to Cart" })).toBeEnabled();
  await expect(page.getByRole("button", { name: "Buy Now" })).toBeEnabled();

  // Signed out, the heart renders un-pressed (the page is the same for every signed-out visitor).
  await expect(page.getByRole("button", { name: /^Favourite / })).toHaveAttribute("aria-pressed", "false");

  const tabs = page.getByRole("tablist", { name: "Product information" });
  const panel = page.getByRole("tabpanel");
  await expect(tabs.getByRole("tab", { name: "Specifications" })).toHaveAttribute("aria-selected", "true");
  for (const label of ["Brand", "Model", "Storage", "Color", "Grade", "Description"]) await expect(panel).toContainText(label);
  await expect(panel).toContainText(`Grade ${grade}`);

  await tabs.getByRole("tab", { name: "Quality Check" }).click();
  await expect(panel.getByRole("listitem")).toHaveCount(INSPECTION_POINTS.length);
  for (const point of INSPECTION_POINTS) await expect(panel.getByRole("listitem").filter({ hasText: point })).toHaveCount(1);
  // Results and who-and-when only for a phone an admin inspected; an honest note otherwise.
  const inspected = (await page.getByText("Admin Inspected", { exact: true }).count()) > 0;
  if (inspected) {
    await expect(panel.getByText(/^Inspected by Tokunbo on [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
    await expect(panel.getByText("Checked", { exact: true })).toHaveCount(INSPECTION_POINTS.length);
  } else {
    await expect(panel.getByText("Not yet inspected", { exact: true })).toBeVisible();
    await expect(panel.getByText("Checked", { exact: true })).toHaveCount(0);
  }

  await tabs.getByRole("tab", { name: "Warranty" }).click();
  await expect(panel.getByRole("heading", { name: /^\d+-day warranty$/ })).toBeVisible();
  for (const term of [...WARRANTY_TERMS.covers, ...WARRANTY_TERMS.excludes]) await expect(panel).toContainText(term);

  const reviewsTab = tabs.getByRole("tab", { name: /^Reviews \(\d+\)$/ });
  await reviewsTab.click();
  const count = Number((await reviewsTab.innerText()).match(/\d+/)?.[0]);
  expect(count).toBeGreaterThan(0);
  await expect(panel.getByRole("listitem")).toHaveCount(count);
  await expect(panel.getByRole("listitem").first().getByRole("img", { name: /^Rated [1-5]\.0 out of 5$/ })).toBeVisible();
  await expect(panel.getByRole("listitem").first().locator("time")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);

  // Arrow keys move between tabs.
  await reviewsTab.focus();
  await page.keyboard.press("ArrowRight");
  await expect(tabs.getByRole("tab", { name: "Specifications" })).toBeFocused();
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test("a phone without reviews says so, and the quantity stays between 1 and the stock, at most 5 per order", async ({ page }) => {
  await openCard(page, undefined, page.getByRole("img", { name: /^Rated/ }));
  await expect(page.getByText(/^0 reviews$/)).toBeVisible();
  await page.getByRole("tab", { name: "Reviews (0)" }).click();
  await expect(page.getByRole("tabpanel")).toHaveText("No reviews yet. Be the first to review this product!");

  const stock = Number((await page.getByText(/^\d+ in stock/).innerText()).match(/^\d+/)?.[0]);
  const quantity = page.getByRole("spinbutton", { name: "Quantity" });
  const decrease = page.getByRole("button", { name: "Decrease quantity" });
  const increase = page.getByRole("button", { name: "Increase quantity" });
  const most = Math.min(stock, LIMITS.maxUnitsPerLine);
  await expect(page.getByText(`Up to ${most} per order`, { exact: true })).toBeVisible();
  await expect(quantity).toHaveValue("1");
  await expect(decrease).toBeDisabled();
  for (let n = 2; n <= most; n++) {
    await increase.click();
    await expect(quantity).toHaveValue(String(n));
  }
  await expect(increase).toBeDisabled();
  if (most > 1) {
    await decrease.click();
    await expect(quantity).toHaveValue(String(most - 1));
  } else {
    await expect(decrease).toBeDisabled();
  }
});

test("a discounted phone shows the struck-through approved comparison price and the percent off", async ({ page }) => {
  const { text } = await openCard(page, page.getByText(/^\d+% OFF$/));
  const percent = text.match(/(\d+)% OFF/)?.[1];
  await expect(page.getByRole("main").getByText(`${percent}% OFF`)).toBeVisible();
  const was = page.getByText(/^Was ₦[\d,]+$/);
  await expect(was).toHaveCSS("text-decoration-line", "line-through");
});

test.describe("products that are not for sale", () => {
  for (const [kind, test_] of [
    ["pending", (l: ListingPlan) => l.status === "pending"],
    ["rejected", (l: ListingPlan) => l.status === "rejected"],
  ] as const) {
    test(`a ${kind} product's page is 'Product not found' with a 404`, async ({ page }) => {
      const response = await page.goto(`/product/${demoProductIdWhere(test_)}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Product not found" })).toBeVisible();
      await expect(page.getByText("The product you're looking for doesn't exist or is no longer available.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Browse Shop" })).toHaveAttribute("href", "/shop");
      await expect(page.getByRole("button", { name: "Go Back" })).toBeVisible();
    });
  }
});

test("a signed-out visitor who adds to the cart is asked to sign in", async ({ page }) => {
  const signInToast = page.getByRole("alert").filter({ hasText: "Please sign in to add items to cart" });
  await openCard(page, undefined);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(signInToast).toBeVisible();
  // Back to this phone's page after signing in.
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fproduct%2F[0-9a-f-]{36}$/);

  await page.goBack();
  await page.getByRole("button", { name: "Buy Now" }).click();
  await expect(signInToast.first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth(\?|$)/);

  await page.goto("/");
  await page.getByRole("region", { name: "Featured Products" }).getByRole("button", { name: /^Add .+ to cart$/ }).first().click();
  await expect(signInToast).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fproduct%2F[0-9a-f-]{36}$/);
});
