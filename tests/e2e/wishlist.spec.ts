/**
 * The wishlist and 'Notify me when available' (docs/storefront.md): a buyer's heart is kept on the
 * server, and a buyer waiting for a sold-out phone hears once, by e-mail and notification, when
 * its vendor restocks it.
 */
import type { Page } from "@playwright/test";
import { DEMO_PASSWORD, latestMailText, openAccountMenu, signIn } from "./support/accounts";
import { phonesInStock, signUpFreshCustomer } from "./support/customers";
import { expect, test } from "./support/test";
import { approveProductAsAdmin, freshPage, hydrated, openAsAdmin, toastWith } from "./support/vendors";

const VENDOR_EMAIL = "vendor@tokunbo.test";

test("a buyer's heart is saved: still pressed after a reload, and the phone is in the wishlist until removed", async ({ page }, info) => {
  await signUpFreshCustomer(page, info, "Amaka Obi");
  const [phone] = await phonesInStock(page, 1, 1);
  await page.goto(`/product/${phone!.id}`);
  await hydrated(page);
  const heading = (await page.getByRole("heading", { level: 1 }).innerText()).trim();
  const heart = page.getByRole("button", { name: `Favourite ${heading}` });
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");

  await page.reload();
  await hydrated(page);
  await expect(page.getByRole("button", { name: `Favourite ${heading}` })).toHaveAttribute("aria-pressed", "true");

  const menu = await openAccountMenu(page);
  await menu.getByRole("link", { name: "Wishlist" }).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.getByRole("heading", { level: 1, name: "Wishlist" })).toBeVisible();
  const row = page.getByRole("article", { name: heading });
  await expect(row.getByText("In stock", { exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: `Add to Cart: ${heading}` })).toBeVisible();
  await hydrated(page);
  await row.getByRole("button", { name: `Remove ${heading}` }).click();
  await expect(page.getByText("Your wishlist is empty")).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse the shop" })).toHaveAttribute("href", "/shop");
});

/** The vendor's own listing: added, approved by an admin, then sold out by the vendor. */
async function soldOutListing(vendor: Page, admin: Page, name: string): Promise<string> {
  const fields = { name, brand: "Apple", model: "iPhone XR", storage: "64GB", grade: "B", suggestedPrice: "185000", color: "", description: "" };
  const created = await vendor.request.post("/products", { form: { intent: "create", ...fields, stockQuantity: "1" }, maxRedirects: 0 });
  expect(created.status()).toBeLessThan(400);
  await approveProductAsAdmin(admin, name);
  await vendor.goto("/vendor-dashboard?tab=products");
  const id = (await vendor.getByRole("link", { name: `Edit ${name}` }).first().getAttribute("href"))!.split("edit=")[1]!;
  const soldOut = await vendor.request.post("/products", { form: { intent: "update", productId: id, ...fields, stockQuantity: "0" }, maxRedirects: 0 });
  expect(soldOut.status()).toBeLessThan(400);
  return id;
}

test("a buyer waiting for a sold-out phone gets one e-mail and one notification when its vendor restocks it", async ({ page, browser, extraHTTPHeaders }, info) => {
  const name = `Wishlist XR ${info.project.name} ${Date.now()}`;
  const vendor = await freshPage(browser, info, extraHTTPHeaders);
  await signIn(vendor, VENDOR_EMAIL, DEMO_PASSWORD);
  await expect(vendor).toHaveURL(/\/$/);
  const admin = await openAsAdmin(browser, info, extraHTTPHeaders);
  const productId = await soldOutListing(vendor, admin, name);

  const email = await signUpFreshCustomer(page, info, "Chidi Okafor");
  await page.goto(`/product/${productId}`);
  await hydrated(page);
  await expect(page.getByRole("status").filter({ hasText: "Sold out" })).toBeVisible();
  await page.getByRole("button", { name: "Notify me when available" }).click();
  await expect(page.getByRole("main").getByText("We'll e-mail you when it's back")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("main").getByText("We'll e-mail you when it's back")).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel alert" })).toBeVisible();

  await test.step("the vendor restocks it from the product editor", async () => {
    await vendor.goto(`/products?edit=${productId}`);
    const dialog = vendor.getByRole("dialog", { name: `Edit ${name}` });
    await expect(dialog).toBeVisible();
    await hydrated(vendor);
    await dialog.getByLabel("Stock Quantity").fill("3");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(toastWith(vendor, "Product updated successfully!")).toBeVisible();
  });

  const mail = await latestMailText(page, email, "Back in stock: Apple iPhone XR 64GB");
  expect(mail).toContain("Apple iPhone XR 64GB is back in stock at ₦");
  await page.goto("/notifications");
  await expect(page.getByText("Back in stock", { exact: true })).toHaveCount(1);
  await expect(page.getByText(/^Apple iPhone XR 64GB is back in stock at ₦[\d,]+\.$/)).toBeVisible();

  await page.goto(`/product/${productId}`);
  await expect(page.getByRole("button", { name: "Add to Cart" })).toBeVisible();
  await vendor.context().close();
  await admin.context().close();
});
