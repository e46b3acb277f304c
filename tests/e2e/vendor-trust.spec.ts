import { seriousA11yViolations, signIn } from "./support/accounts";
import { expect, test } from "./support/test";
import { addProductWithPhoto, approveProductAsAdmin, freshPage, hydrated, openAsAdmin, toastWith } from "./support/vendors";

test("approval covers what was approved: a stock edit keeps a listing in the shop, a rename sends it back to review", async ({ page, browser, extraHTTPHeaders }, info) => {
  test.setTimeout(120_000);
  const name = `Pixel 7a trust ${info.project.name}${Date.now().toString(36)}`;
  await signIn(page, "vendor@tokunbo.test");
  await expect(page).toHaveURL(/\/$/);

  await test.step("the vendor lists a phone with a photo of their own, and an admin approves it", async () => {
    await addProductWithPhoto(page, "#1d3557", { name, brand: "Google", model: "Pixel 7a", storage: "128GB", suggestedPrice: "210000", stock: "2" });
    const admin = await openAsAdmin(browser, info, extraHTTPHeaders);
    await approveProductAsAdmin(admin, name);
    await admin.context().close();
  });

  await page.goto(`/products?q=${encodeURIComponent(name)}`);
  const row = page.getByRole("listitem", { name });
  await expect(row.getByText("Approved", { exact: true })).toBeVisible();
  const href = await row.getByRole("link", { name, exact: true }).getAttribute("href");
  expect(href).toMatch(/^\/product\/[0-9a-f-]{36}$/);
  const shopper = await freshPage(browser, info, extraHTTPHeaders);
  const inShop = async () => (await shopper.goto(href!))?.status();
  expect(await inShop()).toBe(200);

  await test.step("a stock edit keeps it approved and in the shop", async () => {
    await hydrated(page);
    await row.getByRole("link", { name: `Edit ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Edit ${name}` });
    await expect(dialog.getByRole("note")).toContainText("Changes to an approved listing go back to review");
    await dialog.getByLabel("Stock Quantity").fill("4");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(toastWith(page, "Product updated successfully!")).toBeVisible();
    await expect(page.getByRole("listitem", { name }).getByText("Approved", { exact: true })).toBeVisible();
    expect(await inShop()).toBe(200);
    await expect(shopper.getByRole("heading", { level: 1 })).toContainText("Pixel 7a");
  });

  await test.step("a rename sends it back to review, says so, and takes it out of the shop", async () => {
    const renamed = `${name} boxed`;
    await page.getByRole("listitem", { name }).getByRole("link", { name: `Edit ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Edit ${name}` });
    await dialog.getByLabel("Product Name").fill(renamed);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(toastWith(page, "Changes to an approved listing go back to review")).toBeVisible();
    await expect(page.getByRole("listitem", { name: renamed }).getByText("Pending", { exact: true })).toBeVisible();
    expect(await inShop()).toBe(404);
  });
  await shopper.context().close();
});

test("the vendor's orders: paid ones with where to ship, unpaid ones without any buyer details", async ({ page }) => {
  await signIn(page, "vendor@tokunbo.test");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/vendor-dashboard?tab=orders");
  await expect(page.getByText(/\d+ to ship · you receive ₦[\d,.]+ from \d+ paid orders? after the \d+(\.\d+)?% commission\./)).toBeVisible();
  const paid = page.getByRole("region", { name: /^Paid orders/ }).getByRole("listitem", { name: /^Order #/ });
  await expect(paid.first()).toBeVisible();
  await expect(paid.first().getByText(/^Ship to /)).toBeVisible();
  await expect(paid.first().getByText(/^\d+-day warranty$|· \d+-day warranty/)).toBeVisible();
  const unpaid = page.getByRole("region", { name: /^Not paid yet/ }).getByRole("listitem", { name: /^Order #/ });
  for (const order of await unpaid.all()) {
    await expect(order.getByText(/^Ship to /)).toHaveCount(0);
    await expect(order.getByText(/Buyer details appear once the order is paid|Cancelled: nothing to ship\./)).toBeVisible();
  }
  expect(await seriousA11yViolations(page)).toEqual([]);
});
