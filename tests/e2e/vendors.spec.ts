import { DEMO_PASSWORD, seriousA11yViolations, signIn } from "./support/accounts";
import { expect, test } from "./support/test";
import {
  fillProductForm,
  approveProductAsAdmin,
  freshPage,
  hydrated,
  photo,
  setVendorStatusAsAdmin,
  openAsAdmin,
  signUpVendor,
  toastWith,
} from "./support/vendors";

test("the whole vendor journey: sign up, apply, pre-approval, approval, a listing with two photos, approval, the shop", async ({ page, browser, extraHTTPHeaders }, info) => {
  test.setTimeout(180_000);
  const stamp = `${info.project.name}${Date.now().toString(36)}`;
  const email = `seller.${stamp}@example.com`;
  const business = `Ikorodu Phones ${stamp}`;
  const product = `Pixel 8 Pro ${stamp}`;

  await test.step("sign up as a vendor, verify the address, and land on the application", async () => {
    await signUpVendor(page, email, "sell-phones-2026");
    await expect(page).toHaveURL(/\/vendor-application$/);
  });

  await test.step("apply: submit waits for the terms; the application is stored pending", async () => {
    await hydrated(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel("Business Name").fill(business);
    await expect(page.getByLabel("Contact Email")).toHaveValue(email);
    await page.getByLabel("Contact Phone").fill("0803 555 0101");
    await page.getByLabel("Business Address").fill("14 Ayangburen Road, Ikorodu, Lagos");
    const submit = page.getByRole("button", { name: "Submit Application" });
    await expect(submit).toBeDisabled();
    await page.getByLabel("I accept the vendor terms and conditions").check();
    await submit.click();
    await expect(page).toHaveURL(/\/vendor-auth\?signup=true$/);
    await expect(toastWith(page, "Application submitted! Please proceed to create your vendor account.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Application Under Review" })).toBeVisible();
  });

  await test.step("pre-approval: required fields are checked, then the under-review message replaces the form", async () => {
    await page.getByRole("link", { name: "Complete your pre-approval form" }).click();
    await expect(page).toHaveURL(/\/vendor-pre-approval$/);
    await hydrated(page);
    await page.getByRole("button", { name: "Submit Information" }).click();
    await expect(toastWith(page, "Failed to submit information.")).toBeVisible();
    await page.getByLabel("CAC registration number").fill("BN 7712034");
    await page.getByLabel("Owner's full name").fill("Kehinde Balogun");
    await page.getByLabel("Business phone number").fill("08035550101");
    await page.getByLabel(/^Valid ID/).setInputFiles({ name: "nin-slip.jpg", mimeType: "image/jpeg", buffer: await photo("jpeg", "#9ca3af", 900, 600) });
    await page.getByLabel("Tell us about your store (optional)").fill("Tested UK-used iPhones and Pixels in Ikorodu since 2020.");
    await page.getByRole("button", { name: "Submit Information" }).click();
    await expect(toastWith(page, "Pre-approval information submitted successfully!")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Application Under Review" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Submit Information" })).toHaveCount(0);
  });

  const admin = await openAsAdmin(browser, info, extraHTTPHeaders);
  await test.step("an admin approves the vendor, who lands on the dashboard", async () => {
    await setVendorStatusAsAdmin(admin, business, "approved");
    await page.goto("/vendor-pre-approval");
    await expect(page).toHaveURL(/\/vendor-dashboard$/);
    await expect(page.getByRole("heading", { name: "Vendor Dashboard" })).toBeVisible();
    await expect(page.getByText("You have not listed any phones yet.")).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  let cover = "";
  await test.step("add a product with two real photos: progress, previews, reorder; it starts pending", async () => {
    await page.getByRole("link", { name: "Add Product" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Product" });
    await expect(dialog).toBeVisible();
    await hydrated(page);
    await fillProductForm(dialog, { name: product, brand: "Google", model: "Pixel 8 Pro", storage: "256GB", grade: "A", suggestedPrice: "610,000", stock: "2" });
    await dialog.getByLabel("Color (optional)").fill("Bay");
    // A slow mobile uplink, so the progress bar can be seen while the photos go up.
    const network = await page.context().newCDPSession(page);
    await network.send("Network.enable");
    await network.send("Network.emulateNetworkConditions", { offline: false, latency: 100, downloadThroughput: -1, uploadThroughput: 40 * 1024 });
    await dialog.locator('input[type="file"]').setInputFiles([
      { name: "front.jpg", mimeType: "image/jpeg", buffer: await photo("jpeg", "#1d4ed8") },
      { name: "back.png", mimeType: "image/png", buffer: await photo("png", "#b91c1c") },
    ]);
    const progress = dialog.getByRole("progressbar", { name: "Upload progress" });
    await expect(progress).toBeVisible();
    await expect(dialog.getByText(/^Uploading [12] images?… \d+%$/)).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Add Product" })).toBeDisabled();
    await expect(toastWith(page, "2 images uploaded successfully")).toBeVisible({ timeout: 20_000 });
    await expect(progress).toHaveCount(0);
    await network.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const tiles = dialog.getByRole("list", { name: "Chosen images" }).getByRole("listitem");
    await expect(tiles).toHaveCount(2);
    await expect(tiles.first().getByText("Cover")).toBeVisible();
    const hidden = dialog.locator('input[type="hidden"][name="images"]');
    const [first, second] = await hidden.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(first).toMatch(/^\/uploads\/products\/[a-f0-9]{32}\.webp$/);
    await dialog.getByRole("button", { name: "Move image 2 earlier" }).click();
    await expect(hidden.first()).toHaveValue(second!);
    cover = second!;
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Add Product" }).click();
    await expect(toastWith(page, "Product added successfully! Awaiting admin approval.")).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const row = page.getByRole("listitem", { name: product });
    await expect(row.getByText("Pending", { exact: true })).toBeVisible();
    await expect(row.getByText("Suggested ₦610,000")).toBeVisible();
  });

  await test.step("once an admin approves it, it is in the shop with its WebP photos", async () => {
    await approveProductAsAdmin(admin, product);
    const shopper = await freshPage(browser, info, extraHTTPHeaders);
    await shopper.goto(`/shop?search=${encodeURIComponent(product)}`);
    await shopper.getByRole("link", { name: new RegExp(product) }).first().click();
    await expect(shopper.getByRole("heading", { level: 1 })).toContainText("Pixel 8 Pro");
    const gallery = shopper.locator(`img[src="${cover}"]`).first();
    await expect(gallery).toBeVisible();
    expect(await gallery.getAttribute("srcset")).toContain(cover.replace(".webp", "-640w.webp"));
    const served = await shopper.request.get(cover.replace(".webp", "-1280w.webp"));
    expect(served.headers()["content-type"]).toBe("image/webp");
    await shopper.context().close();
  });

  await test.step("the vendor hides and shows it, with the documented toasts", async () => {
    await page.goto("/vendor-dashboard");
    await hydrated(page);
    const toggle = page.getByRole("switch", { name: `Show ${product} in the shop` });
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await toggle.click();
    await expect(toastWith(page, "Product is now hidden")).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await toggle.click();
    await expect(toastWith(page, "Product is now visible")).toBeVisible();
  });

  await admin.context().close();
});

test("uploads: a text file named .jpg is refused and a sixth image is refused; delete asks first", async ({ page }, info) => {
  test.setTimeout(90_000);
  await signIn(page, "vendor@tokunbo.test", DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/products?add=1");
  await hydrated(page);
  const dialog = page.getByRole("dialog", { name: "Add Product" });
  const files = dialog.locator('input[type="file"]');

  await files.setInputFiles({ name: "phone.jpg", mimeType: "image/jpeg", buffer: Buffer.from("Not a photo, only notes about the phone.") });
  await expect(toastWith(page, "Failed to upload some images")).toBeVisible();
  await expect(dialog.getByText("phone.jpg is not a JPEG, PNG or WebP image. Please choose a photo.")).toBeVisible();
  await expect(dialog.locator('input[type="hidden"][name="images"]')).toHaveCount(0);

  const tiny = await photo("png", "#0f766e", 300, 300);
  const six = Array.from({ length: 6 }, (_, i) => ({ name: `side-${i}.png`, mimeType: "image/png", buffer: tiny }));
  await files.setInputFiles(six);
  await expect(toastWith(page, "Maximum 5 images allowed")).toBeVisible();
  await expect(dialog.locator('input[type="hidden"][name="images"]')).toHaveCount(0);

  // A listing of our own to delete (the demo vendor's listings have orders).
  const name = `Galaxy A54 ${info.project.name}${Date.now().toString(36)}`;
  await fillProductForm(dialog, { name, brand: "Samsung", model: "Galaxy A54", storage: "128GB", suggestedPrice: "185000", stock: "0" });
  await dialog.getByRole("button", { name: "Add Product" }).click();
  await expect(toastWith(page, "Failed to add product")).toBeVisible();
  await expect(dialog.getByText("Stock quantity must be at least 1")).toBeVisible();
  await dialog.getByLabel("Stock Quantity").fill("1");
  await dialog.getByRole("button", { name: "Add Product" }).click();
  await expect(toastWith(page, "Product added successfully! Awaiting admin approval.")).toBeVisible();

  await page.getByRole("link", { name: `Delete ${name}` }).click();
  const confirm = page.getByRole("dialog", { name: "Delete product" });
  await expect(confirm.getByText("Are you sure you want to delete this product?")).toBeVisible();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toastWith(page, "Product deleted successfully!")).toBeVisible();
  await expect(page.getByRole("listitem", { name })).toHaveCount(0);
});

test("become a vendor from the CMS content; a visitor's 'Apply Now' leads to the vendor sign-in", async ({ page }) => {
  await page.goto("/become-vendor");
  await expect(page.getByRole("heading", { level: 1, name: "Sell Your Phones on Tokunbo" })).toBeVisible();
  for (const heading of ["Why Sell With Us", "What You Need", "How It Works", "Vendor Terms"]) {
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.getByText("Every application is reviewed within 2-3 business days.")).toBeVisible();
  await expect(page.getByText("Vendors reply to customer enquiries within 24 hours.")).toBeVisible();
  await expect(page.getByText("Commission payouts are made weekly.")).toBeVisible();
  await expect(page.getByText(/We charge a 10% commission on the final price/)).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await hydrated(page);
  await page.getByRole("link", { name: "Apply Now" }).first().click();
  await expect(page).toHaveURL(/\/vendor-auth$/);
});

test("the dashboard's orders show what to ship and the net; the profile saves with the documented toast", async ({ page }) => {
  await signIn(page, "wuse.mobile@tokunbo.test", DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/vendor-dashboard?tab=orders");
  await hydrated(page);
  const orders = page.getByRole("list").filter({ has: page.getByRole("listitem", { name: /^Order #/ }) }).getByRole("listitem", { name: /^Order #/ });
  await expect(orders.first()).toBeVisible();
  await expect(orders.first().getByText("You receive")).toBeVisible();
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(toastWith(page, "Orders refreshed")).toBeVisible();

  await page.getByRole("link", { name: "Profile" }).click();
  await expect(page).toHaveURL(/tab=profile/);
  await page.getByLabel("Contact Phone").fill("12");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toastWith(page, "Failed to update vendor information")).toBeVisible();
  await page.getByLabel("Contact Phone").fill("0805 778 8123");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toastWith(page, "Vendor information updated")).toBeVisible();
});

test("people without a vendor account: a customer is sent to vendor sign-in; visitors see approved phones without actions", async ({ page }) => {
  await page.goto("/products");
  await expect(page.getByRole("heading", { name: "Products" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Add Product" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByText("Pending", { exact: true })).toHaveCount(0);

  await signIn(page, "customer@tokunbo.test", DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/vendor-dashboard");
  await expect(page).toHaveURL(/\/vendor-auth$/);
});
