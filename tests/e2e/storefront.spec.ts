import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";

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
  const today = new Date().toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
  await expect(page.getByText(today)).toBeVisible();
});

test("pages render without JavaScript and carry security headers", async ({ browser, request }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto("/");
  await expect(page.getByRole("region", { name: "Featured Products" }).getByRole("article")).toHaveCount(8);
  const headers = response?.headers() ?? {};
  const scriptSrc = (headers["content-security-policy"] ?? "").split(";").map((d) => d.trim()).find((d) => d.startsWith("script-src"));
  expect(scriptSrc).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]+'$/);
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
