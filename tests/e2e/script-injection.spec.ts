import type { Page } from "@playwright/test";
import { openTab } from "./support/admin";
import { expect, test } from "./support/test";
import { applyAsFreshVendor } from "./support/customers";
import { hydrated, openAsAdmin } from "./support/vendors";

/*
 * Script typed into the shop by one person, in a real browser: it must show as text to everyone
 * else, open no dialog and set nothing. The server-rendered HTML of every page and field is
 * checked in tests/security/script-injection.test.ts; this is the browser's side of it, after
 * the page's own scripts have run.
 */

/** Each trick sets window.__xss or opens a dialog if it runs. At most 100 characters: a business name's limit. */
const attack = (tag: string) => `${tag} <img src=x onerror=alert(1)>"><svg onload=alert(2)><script>window.__xss=3</script>`;

/** Records every dialog the page opens (and dismisses it, so a run cannot hang on one). */
function watchDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on("dialog", (dialog) => {
    opened.push(dialog.message());
    void dialog.dismiss();
  });
  return opened;
}

async function expectNothingRan(page: Page, dialogs: string[]) {
  await hydrated(page);
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(await page.locator("img[src='x'], svg[onload]").count()).toBe(0);
  expect(dialogs).toEqual([]);
}

test("a business name written as script shows as text to the applicant and to the admin, and runs nowhere", async ({ page, browser }, info) => {
  const business = attack(`Shop${Date.now() % 1_000_000}${info.project.name.slice(0, 1)}`);
  const applicantDialogs = watchDialogs(page);
  await applyAsFreshVendor(page, info, business);

  await page.goto("/vendor-pre-approval");
  await expect(page.getByText(business).first()).toBeVisible();
  await expectNothingRan(page, applicantDialogs);

  const admin = await openAsAdmin(browser, info);
  const adminDialogs = watchDialogs(admin);
  await openTab(admin, "/admin", "vendors");
  const row = admin.getByRole("listitem", { name: business });
  await expect(row).toBeVisible();
  await expect(row.getByText(business).first()).toBeVisible();
  await expectNothingRan(admin, adminDialogs);
  await admin.context().close();
});

test("a search written as script stays in the search box as text and runs nowhere", async ({ page }) => {
  const term = attack("phone");
  const dialogs = watchDialogs(page);
  await page.goto(`/shop?search=${encodeURIComponent(term)}`);
  await expect(page.getByRole("searchbox").first()).toHaveValue(term);
  await expectNothingRan(page, dialogs);

  const missing = await page.goto(`/${encodeURIComponent(term)}`);
  expect(missing?.status()).toBe(404);
  await expectNothingRan(page, dialogs);
});
