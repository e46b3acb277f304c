import { demoListings } from "../../db/seed";
import { demoProductId } from "../../db/seed/products";
import { seriousA11yViolations, signIn } from "./support/accounts";
import { FRESH_PASSWORD, applyAsFreshVendor } from "./support/customers";
import { expect, formatNairaText, nairaOf, openTab, projectIndex, refusedPricing, test, toastWith } from "./support/admin";

test("the dashboard shows the four counts, the sales summary and the nine tabs", async ({ page }) => {
  await openTab(page, "/admin", "vendors");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  for (const label of ["Vendors", "Products", "Orders", "Reviews"]) {
    await expect(page.getByRole("definition").and(page.locator(`[data-count="${label.toLowerCase()}"]`))).toHaveText(/^\d[\d,]*$/);
  }
  await expect(page.getByTestId("sales-summary")).toContainText(/orders?, revenue ₦[\d,]+, commission ₦[\d,]+/);
  await expect(page.getByRole("img", { name: /Revenue per day from/ })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Admin sections" }).getByRole("link");
  await expect(tabs).toHaveText(["Vendors", "Products", "Orders", "Claims", "Reviews", "Payments", "Payouts", "Pre-Approval", "Pricing", "Activities"]);
  await expect(tabs.first()).toHaveAttribute("aria-current", "page");
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test("an admin approves a pending vendor, and the vendor's next sign-in reaches the dashboard", async ({ page, browser }, info) => {
  // A fresh applicant: the seeded pending and rejected vendors belong to the sign-in journeys.
  const business = `Ikorodu Phones ${info.project.name} ${Date.now()}`;
  const vendorPage = await (await browser.newContext({ ...info.project.use })).newPage();
  const owner = await applyAsFreshVendor(vendorPage, info, business);

  await openTab(page, "/admin", "vendors");
  const row = page.getByRole("listitem", { name: business });
  await expect(row.locator("span", { hasText: /^Pending$/ })).toBeVisible();
  await row.getByLabel("Set status").selectOption("approved");
  await row.getByRole("button", { name: `Save status of ${business}` }).click();
  await expect(toastWith(page, "Vendor approved successfully")).toBeVisible();
  await expect(row.locator("span", { hasText: /^Approved$/ })).toBeVisible();
  await expect(row.locator("span", { hasText: /^Verified$/ })).toBeVisible();

  await vendorPage.context().close();
  const signInPage = await (await browser.newContext({ ...info.project.use })).newPage();
  await signInPage.goto("/vendor-auth");
  await signInPage.getByLabel("Email").fill(owner);
  await signInPage.getByLabel("Password", { exact: true }).fill(FRESH_PASSWORD);
  await signInPage.getByRole("button", { name: "Sign In" }).click();
  await expect(signInPage).toHaveURL(/\/vendor-dashboard$/);
  await signInPage.context().close();
});

test("the Vendors tab shows an applicant's pre-approval answers, and their ID document opens for the admin only", async ({ page }) => {
  await openTab(page, "/admin", "vendors", "&status=pending");
  const answers = page.getByRole("listitem", { name: "Garki Phone Store" }).locator("details");
  await answers.getByText("Pre-approval answers").click();
  await expect(answers.getByText(/^Sent [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(answers.locator("dt")).toHaveText([
    "CAC registration number",
    "Owner's full name",
    "Business phone number",
    "Valid ID (NIN slip, driver's licence or passport)",
    "Tell us about your store",
  ]);
  await expect(answers.locator("dd").first()).toHaveText("BN 3482915");
  await expect(answers.locator("dd").nth(1)).toHaveText("Hauwa Danjuma");

  const link = answers.getByRole("link", { name: "Open document" });
  await expect(link).toHaveAttribute("download", "");
  const href = (await link.getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/admin\/preapproval-documents\/preapproval\/[a-z0-9-]+\.webp$/);
  const document = await page.request.get(href);
  expect(document.status()).toBe(200);
  expect(document.headers()["content-type"]).toMatch(/^image\//);
  expect(document.headers()["cache-control"]).toBe("private, no-store");
  const publicCopy = await page.request.get(href.replace("/admin/preapproval-documents/", "/uploads/"));
  expect(publicCopy.status()).toBe(404);
});

test("an admin approves a pending product, which appears in the shop at the computed final price", async ({ page }, info) => {
  await openTab(page, "/admin", "products", "&status=pending");
  const markup = Number((await page.getByText(/plus the [\d.]+% markup/).first().textContent())?.match(/([\d.]+)%/)?.[1]);
  // A seeded pending listing of this project's own, never one a vendor journey has just created.
  const pending = demoListings().flatMap((listing, index) => (listing.status === "pending" ? [demoProductId(index)] : []));
  const row = page.getByRole("region", { name: "Products" }).locator(`li[data-product-id="${pending[projectIndex(info)]}"]`);
  const name = (await row.getByRole("heading").textContent()) ?? "";
  const suggested = nairaOf((await row.getByText(/^Suggested ₦/).textContent()) ?? "");
  const expected = formatNairaText(Math.round(suggested * (1 + markup / 100) * 100) / 100);

  await row.getByRole("button", { name: `Approve ${name}` }).click();
  await expect(toastWith(page, "Product approved successfully")).toBeVisible();

  await page.goto(`/shop?search=${encodeURIComponent(name)}`);
  const card = page.getByRole("main").locator("article, li").filter({ hasText: name }).filter({ hasText: expected });
  await expect(card.first()).toBeVisible();
});

test("pre-approval fields: add, deactivate and delete after confirming, with the documented toasts", async ({ page }, info) => {
  const name = `store_photo_${info.project.name}`;
  const label = `Photo of your store (${info.project.name})`;
  await openTab(page, "/admin", "preapproval");
  await page.getByLabel("Field name").fill("Bad Name");
  await page.getByLabel("Label").fill(label);
  await page.getByRole("button", { name: "Add Field" }).click();
  await expect(toastWith(page, "Failed to add field")).toBeVisible();
  await expect(page.getByText("Field name must be 1 to 50 lowercase letters and underscores").first()).toBeVisible();

  await page.getByLabel("Field name").fill(name);
  await page.getByLabel("Type").selectOption("file");
  await page.getByLabel("Required").check();
  await page.getByRole("button", { name: "Add Field" }).click();
  await expect(toastWith(page, "Field added successfully")).toBeVisible();
  const row = page.getByRole("listitem", { name: label });
  await expect(row.getByText("Active", { exact: true })).toBeVisible();

  await row.getByRole("button", { name: `Deactivate ${label}` }).click();
  await expect(toastWith(page, "Field deactivated")).toBeVisible();
  await expect(row.getByText("Inactive", { exact: true })).toBeVisible();

  await row.getByText("Delete", { exact: true }).click();
  await expect(row.getByRole("alertdialog")).toContainText(`Delete the field "${label}"?`);
  await row.getByRole("button", { name: "Delete field" }).click();
  await expect(toastWith(page, "Field deleted")).toBeVisible();
  await expect(page.getByRole("listitem", { name: label })).toHaveCount(0);
});

test("pricing and activities: out-of-bounds values are refused; every change shows in the log", async ({ page }) => {
  const { field: markup, current } = await refusedPricing(page, "Default markup", "150");
  await markup.fill(current);
  await page.getByRole("button", { name: "Save Pricing" }).click();
  await expect(toastWith(page, "Pricing configuration updated")).toBeVisible();

  await openTab(page, "/admin", "activities", "&userType=admin");
  await expect(page.getByText(/^Set markup [\d.]+%, commission/).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Admins" })).toHaveAttribute("aria-current", "true");
});

test("customers and vendors are sent away from the admin dashboard", async ({ page }) => {
  await page.context().clearCookies();
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth$/);
  await signIn(page, "customer@tokunbo.test");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toHaveCount(0);
});
