import { AUTH_TEXTS } from "../../domain/accounts/texts";
import { VENDOR_TEXTS } from "../../domain/vendors/texts";
import { openAccountMenu } from "./support/accounts";
import { expect, test } from "./support/test";
import { hydrated, signUpVendor } from "./support/vendors";

// A phone's width: the shop's filters sit above the results, and every form is one column.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const SHOWING = /^Showing 1–\d+ of [\d,]+ products$/;

test("on a phone, 'Apply filters' brings the buyer to the results' count, with or without script", async ({ page, browser }) => {
  await page.goto("/shop");
  await hydrated(page);
  await page.getByRole("button", { name: "Filters" }).click();
  const filters = page.getByRole("form", { name: "Filters" });
  await filters.getByLabel("Verified vendors only").check();
  await expect(page).toHaveURL(/verified=true/);
  const apply = filters.getByRole("button", { name: "Apply filters" });
  await apply.scrollIntoViewIfNeeded();
  const results = page.getByRole("heading", { level: 2, name: SHOWING });
  await apply.click();
  await expect(filters).toBeHidden();
  await expect(results).toBeFocused();
  // At the top of the screen, just under the site bar, with the first results below it.
  await expect.poll(async () => (await results.boundingBox())?.y).toBeGreaterThanOrEqual(0);
  await expect.poll(async () => (await results.boundingBox())?.y).toBeLessThan(200);

  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  try {
    const plain = await noScript.newPage();
    await plain.goto("/shop");
    await plain.getByLabel("Admin inspected only").check();
    await plain.getByRole("button", { name: "Apply filters" }).click();
    await expect(plain).toHaveURL(/\/shop\?.*inspected=true.*#results$/);
    await expect(plain.getByRole("heading", { level: 2, name: SHOWING })).toBeInViewport();
  } finally {
    await noScript.close();
  }
});

test("'Apply Now' on the become-a-vendor page leads a visitor to the vendor sign-in", async ({ page }) => {
  await page.goto("/become-vendor");
  await page.getByRole("link", { name: "Apply Now" }).first().click();
  await expect(page).toHaveURL(/\/vendor-auth$/);
  await expect(page.getByRole("heading", { name: "Vendor sign in" })).toBeVisible();
});

test("both sign-up forms state the password rule the server applies", async ({ page }) => {
  await page.goto("/auth?tab=signup");
  await expect(page.getByText(AUTH_TEXTS.newPasswordHint)).toBeVisible();
  await expect(page.getByText("6 to 72 characters.")).toHaveCount(0);
  await page.goto("/vendor-auth?signup=true");
  await expect(page.getByText(AUTH_TEXTS.newPasswordHint)).toBeVisible();
  expect(AUTH_TEXTS.newPasswordHint).toBe("At least 8 characters, and not a commonly used password.");
});

test("a new vendor gives their name at sign-up and is greeted by it; a disabled 'Submit Application' says why", async ({ page }, info) => {
  test.setTimeout(90_000);
  const email = `named.vendor.${info.project.name}${Date.now().toString(36)}@example.com`;
  await signUpVendor(page, email, "sell-phones-2026", "Chiamaka Eze");
  await expect(page).toHaveURL(/\/vendor-application$/);
  await hydrated(page);

  const menu = await openAccountMenu(page);
  await expect(menu.getByText(/^Good (morning|afternoon|evening), Chiamaka Eze$/)).toBeVisible();
  await expect(page.getByText(/Good (morning|afternoon|evening), Vendor$/)).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();

  const submit = page.getByRole("button", { name: "Submit Application" });
  await expect(submit).toBeDisabled();
  await expect(page.getByText(VENDOR_TEXTS.acceptTermsToSubmit)).toBeVisible();
  await expect(submit).toHaveAccessibleDescription(VENDOR_TEXTS.acceptTermsToSubmit);
  await page.getByLabel("I accept the vendor terms and conditions").check();
  await expect(submit).toBeEnabled();
  await expect(page.getByText(VENDOR_TEXTS.acceptTermsToSubmit)).toHaveCount(0);
});
