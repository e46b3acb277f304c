import { type Browser, type Locator, type Page, type TestInfo, expect } from "@playwright/test";
import sharp from "sharp";
import { latestMailLink, signIn } from "./accounts";
import { ADMIN_STATE_FILE } from "./admin";
import { loaderData } from "./route-data";

/** A real photo-like JPEG or PNG: a gradient with a phone-coloured block, about the size a phone camera sends after resizing. */
export async function photo(format: "jpeg" | "png", colour: string, width = 1200, height = 1600): Promise<Buffer> {
  const block = { create: { width: Math.round(width / 2), height: Math.round(height / 2), channels: 3 as const, background: colour } };
  const canvas = sharp({ create: { width, height, channels: 3, background: "#f4f4f5" } }).composite([
    { input: await sharp(block).png().toBuffer(), left: Math.round(width / 4), top: Math.round(height / 4) },
  ]);
  return (format === "jpeg" ? canvas.jpeg() : canvas.png()).toBuffer();
}

/** The toast with this title. */
export function toastWith(page: Page, title: string) {
  return page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: title }).first();
}

export interface ProductFields {
  name: string;
  brand: string;
  model: string;
  storage: string;
  grade?: string;
  suggestedPrice: string;
  stock: string;
}

/** Fills the Add Product dialog's required fields, as a vendor types them. */
export async function fillProductForm(dialog: Locator, fields: ProductFields) {
  await dialog.getByLabel("Product Name").fill(fields.name);
  await dialog.getByLabel("Brand").selectOption(fields.brand);
  await dialog.getByLabel("Model").fill(fields.model);
  await dialog.getByLabel("Storage").selectOption(fields.storage);
  if (fields.grade) await dialog.getByLabel("Grade").selectOption(fields.grade);
  await dialog.getByLabel("Suggested Price (₦)").fill(fields.suggestedPrice);
  await dialog.getByLabel("Stock Quantity").fill(fields.stock);
}

/** As a signed-in vendor: adds a product with one photo (a block of the colour), which then awaits an admin's approval. */
export async function addProductWithPhoto(page: Page, colour: string, fields: ProductFields) {
  await page.goto("/products?add=1");
  await hydrated(page);
  const dialog = page.getByRole("dialog", { name: "Add Product" });
  await dialog.locator('input[type="file"]').setInputFiles({ name: "front.jpg", mimeType: "image/jpeg", buffer: await photo("jpeg", colour, 600, 800) });
  await expect(dialog.locator('input[type="hidden"][name="images"]')).toHaveCount(1);
  await fillProductForm(dialog, fields);
  await dialog.getByRole("button", { name: "Add Product" }).click();
  await expect(toastWith(page, "Product added successfully! Awaiting admin approval.")).toBeVisible();
}

/** A listing as the vendor dashboard's Products tab gives it. */
export interface VendorProduct {
  id: string;
  name: string;
  status: string;
  isLive: boolean;
  stockQuantity: number;
}

/** The signed-in vendor's approved, live listings with at least `stock` units, as their dashboard lists them. */
export async function liveVendorPhones(vendor: Page, stock: number): Promise<VendorProduct[]> {
  const { products } = await loaderData<{ products: VendorProduct[] }>(vendor.request, "/vendor-dashboard?tab=products", "vendors/routes/vendor-dashboard");
  return products.filter((p) => p.status === "approved" && p.isLive && p.stockQuantity >= stock);
}

/** Waits for the page's scripts: forms and the uploader behave as they do for people. */
export async function hydrated(page: Page) {
  await expect(page.locator("html[data-hydrated=true]")).toBeAttached();
}

/**
 * A fresh page in its own browser context, signed out (whatever session the test itself carries),
 * on this project's device, as the same client address as the test's own page.
 */
export async function freshPage(browser: Browser, info: TestInfo, extraHTTPHeaders?: Record<string, string>): Promise<Page> {
  const context = await browser.newContext({ ...info.project.use, storageState: { cookies: [], origins: [] }, extraHTTPHeaders });
  return context.newPage();
}

/** Signs up at /vendor-auth, verifies the address from the development mailbox, and signs in there. */
export async function signUpVendor(page: Page, email: string, password: string, fullName = "Kehinde Balogun") {
  await page.goto("/vendor-auth?signup=true");
  await hydrated(page);
  await page.getByLabel("Full Name").fill(fullName);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create Vendor Account" }).click();
  await expect(toastWith(page, "Vendor account created! Please check your email to verify, then complete your vendor application.")).toBeVisible();
  await page.goto(await latestMailLink(page, email, "Verify your e-mail address"));
  await expect(page.getByText("Email verified!")).toBeVisible();
  await page.goto("/vendor-auth");
  await hydrated(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** An admin, in a page of their own, sets a vendor's status from the admin dashboard. */
export async function setVendorStatusAsAdmin(admin: Page, business: string, status: "approved" | "rejected") {
  await admin.goto("/admin?tab=vendors");
  await hydrated(admin);
  const row = admin.getByRole("listitem", { name: business });
  await row.getByLabel("Set status").selectOption(status);
  await row.getByRole("button", { name: `Save status of ${business}` }).click();
  await expect(toastWith(admin, `Vendor ${status} successfully`)).toBeVisible();
}

/** An admin approves a pending listing from the admin dashboard. */
export async function approveProductAsAdmin(admin: Page, name: string) {
  await admin.goto(`/admin?tab=products&status=pending`);
  await hydrated(admin);
  const row = admin.getByRole("region", { name: "Products" }).getByRole("listitem", { name });
  await row.getByRole("button", { name: `Approve ${name}` }).click();
  await expect(toastWith(admin, "Product approved successfully")).toBeVisible();
}

/** A page of its own, signed in with the run's shared admin session. */
export async function openAsAdmin(browser: Browser, info: TestInfo, extraHTTPHeaders?: Record<string, string>): Promise<Page> {
  const context = await browser.newContext({ ...info.project.use, extraHTTPHeaders, storageState: ADMIN_STATE_FILE });
  return context.newPage();
}

/** The demo vendor lists a fresh phone and an admin approves it; answers the phone's page address. */
export async function listedAndApproved(vendor: Page, admin: Page, phone: { name: string; model: string; suggestedPrice: string; stockQuantity: string; color: string }): Promise<string> {
  await signIn(vendor, "vendor@tokunbo.test");
  await expect(vendor).toHaveURL(/\/$/);
  const fields = { intent: "create", brand: "Apple", storage: "128GB", grade: "A", description: "Battery health 90%.", ...phone };
  expect((await vendor.request.post("/products", { form: fields, maxRedirects: 0 })).status()).toBeLessThan(400);
  const listed = await loaderData<{ page: { items: Array<{ id: string; name: string }> } }>(vendor.request, `/products?q=${encodeURIComponent(phone.name)}`, "vendors/routes/products");
  const productId = listed.page.items.find((item) => item.name === phone.name)?.id ?? "";
  const approved = await admin.request.post("/admin/products", { form: { intent: "decide", productId, decision: "approve", compareSource: "none" }, maxRedirects: 0 });
  expect(((await approved.json()) as { ok: boolean }).ok).toBe(true);
  return `/product/${productId}`;
}
