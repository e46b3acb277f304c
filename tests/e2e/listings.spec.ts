/**
 * Only what can be bought is listed, and what the shop promises follows its configuration
 * (docs/storefront.md, docs/orders.md): journeys of a vendor, a signed-out shopper, a buyer and an admin.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { demoListings } from "../../db/seed";
import { demoProductId } from "../../db/seed/products";
import { signIn } from "./support/accounts";
import { test as adminTest, openTab, projectIndex } from "./support/admin";
import { FRESH_PASSWORD, cartLink, signUpFreshCustomer } from "./support/customers";
import { expect, test } from "./support/test";
import { freshPage, hydrated, toastWith } from "./support/vendors";

const VENDOR_EMAIL = "wuse.mobile@tokunbo.test";

interface ApiItem {
  id: string;
  name: string;
  stockQuantity: number;
}

async function searchIds(request: APIRequestContext, term: string): Promise<string[]> {
  const response = await request.get(`/api/products?search=${encodeURIComponent(term)}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: ApiItem[] }).items.map((item) => item.id);
}

/** A phone the vendor shows, whose own search lists it on the first page: [name, id]. */
async function visiblePhoneOfVendor(page: Page, pick: number): Promise<[string, string]> {
  const switches = page.getByRole("switch", { name: /^Show .+ in the shop$/ });
  await expect(switches.first()).toBeVisible();
  const candidates: Array<[string, string]> = [];
  for (const row of await page.getByRole("listitem").filter({ has: switches }).all()) {
    if ((await row.getByRole("switch").getAttribute("aria-checked")) !== "true") continue;
    const name = (await row.getByRole("heading").innerText()).trim();
    const id = (await row.getByRole("link", { name: `Edit ${name}` }).getAttribute("href"))?.split("edit=")[1];
    if (id && (await searchIds(page.request, name)).includes(id)) candidates.push([name, id]);
    if (candidates.length > pick) break;
  }
  const chosen = candidates[pick];
  if (!chosen) throw new Error("no listed phone of this vendor");
  return chosen;
}

test("a vendor hides a phone: a signed-out shopper's search no longer finds it and its page is gone; showing it lists it again", async ({ page, browser }, info) => {
  await signIn(page, VENDOR_EMAIL);
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/vendor-dashboard?tab=products");
  await hydrated(page);
  const [name, id] = await visiblePhoneOfVendor(page, projectIndex(info));

  const shopper = await freshPage(browser, info);
  const search = `/shop?search=${encodeURIComponent(name)}`;
  await shopper.goto(search);
  await expect(shopper.locator(`a[href="/product/${id}"]`)).toHaveCount(1);

  const row = page.getByRole("listitem").filter({ has: page.locator(`a[href="/products?edit=${id}"]`) });
  await row.getByRole("switch").click();
  await expect(toastWith(page, "Product is now hidden")).toBeVisible();
  await expect(row.getByRole("switch")).toHaveAttribute("aria-checked", "false");

  await shopper.goto(search);
  await expect(shopper.getByRole("region", { name: "Products" })).toBeVisible();
  await expect(shopper.locator(`a[href="/product/${id}"]`)).toHaveCount(0);
  expect(await searchIds(shopper.request, name)).not.toContain(id);
  const hidden = await shopper.goto(`/product/${id}`);
  expect(hidden?.status()).toBe(404);
  await expect(shopper.getByRole("heading", { name: "Product not found" })).toBeVisible();

  await row.getByRole("switch").click();
  await expect(toastWith(page, "Product is now visible")).toBeVisible();
  await shopper.goto(search);
  await expect(shopper.locator(`a[href="/product/${id}"]`)).toHaveCount(1);
  await shopper.context().close();
});

test("a sold-out phone's shared link shows 'Sold out' with similar phones that can be bought", async ({ page }) => {
  const index = demoListings().findLastIndex((listing) => listing.status === "approved" && listing.stock === 0);
  const response = await page.goto(`/product/${demoProductId(index)}`);
  expect(response?.status()).toBe(200);

  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Sold out" })).toContainText("This phone has sold out.");
  await expect(page.getByText("Availability:")).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByRole("button", { name: "Add to Cart" })).toHaveCount(0);
  await expect(main.getByRole("button", { name: "Buy Now" })).toHaveCount(0);
  await expect(main.getByRole("spinbutton", { name: "Quantity" })).toHaveCount(0);

  const similar = page.getByRole("region", { name: "Similar phones" });
  const cards = similar.getByRole("article");
  await expect(cards.first()).toBeVisible();
  const name = (await cards.first().getByRole("heading").innerText()).trim();
  await cards.first().getByRole("link", { name }).click();
  await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}$/);
  await expect(page.getByText(/^\d+ in stock/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to Cart" })).toBeEnabled();
});

test("a signed-out shopper who adds to the cart signs in and is back on the phone's page with it added", async ({ page }, info) => {
  const email = await signUpFreshCustomer(page, info, "Ngozi Eze");
  await page.context().clearCookies();

  // A phone of another vendor than the one whose phone the journey above hides meanwhile.
  const listed = await page.request.get("/api/products?sort=price-low");
  const phone = ((await listed.json()) as { items: Array<ApiItem & { vendor: { businessName: string } }> }).items.find(
    (item) => item.vendor.businessName !== "Wuse Mobile World",
  );
  await page.goto(`/product/${phone!.id}`);
  const productUrl = page.url();
  await hydrated(page);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fproduct%2F[0-9a-f-]{36}$/);

  await hydrated(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(FRESH_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(productUrl);
  await expect(toastWith(page, "Added 1 item(s) to cart")).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 1 item");

  // Only once: coming back to the page adds nothing more.
  await page.reload();
  await hydrated(page);
  await expect(cartLink(page)).toHaveAccessibleName("Cart, 1 item");
});

// Tagged @shared-setting: only the desktop project runs it (playwright.config.ts), since two runs
// editing the one pricing config at once would restore each other's values.
adminTest("warranty days changed in the pricing config show on a product page @shared-setting", async ({ page, browser }, info) => {
  await openTab(page, "/admin", "pricing");
  const warranty = page.getByLabel("Warranty", { exact: true });
  const before = await warranty.inputValue();
  await warranty.fill("45");
  await page.getByRole("button", { name: "Save Pricing" }).click();
  await expect(toastWith(page, "Pricing configuration updated")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Warranty", { exact: true })).toHaveValue("45");
  await openTab(page, "/admin", "activities", "&userType=admin");
  await expect(page.getByText(/^Set markup .*, warranty 45 days, delivered automatically \d+ days after shipping, (returns within \d+ days of delivery|returns off), payout day \w+day, minimum payout ₦[\d,.]+$/).first()).toBeVisible();

  try {
    const shopper = await freshPage(browser, info);
    const listed = await shopper.request.get("/api/products");
    const [first] = ((await listed.json()) as { items: ApiItem[] }).items;
    await shopper.goto(`/product/${first!.id}`);
    await expect(shopper.getByRole("listitem").filter({ hasText: /^\d+-day warranty$/ })).toHaveText("45-day warranty");
    await shopper.getByRole("tab", { name: "Warranty" }).click();
    await expect(shopper.getByRole("tabpanel").getByRole("heading", { name: "45-day warranty" })).toBeVisible();
    await shopper.context().close();
  } finally {
    await openTab(page, "/admin", "pricing");
    await page.getByLabel("Warranty", { exact: true }).fill(before);
    await page.getByRole("button", { name: "Save Pricing" }).click();
    await expect(toastWith(page, "Pricing configuration updated")).toBeVisible();
  }
});
