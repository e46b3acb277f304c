import type { Browser, Page, TestInfo } from "@playwright/test";
import { DEMO_PASSWORD, seriousA11yViolations } from "./support/accounts";
import { ADMIN_STATE_FILE, SUPER_ADMIN_EMAIL } from "./support/admin";
import { SUCCESS_CARD, payWithCard, phonesInStock, placeCheckoutOrder, signUpFreshCustomer } from "./support/customers";
import { expect, test } from "./support/test";
import { hydrated } from "./support/vendors";

/*
 * Every page of the shop, as the role that sees it, checked with axe: no serious or critical
 * violation. Buyer pages at a phone's width, the back office at a desktop's. One test per role,
 * visiting its pages in turn; each page is checked once its scripts run (the stand-in's pages
 * have none).
 */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** Checks the page as it is now; a soft failure, so one run reports every page at fault. */
async function check(page: Page, what: string) {
  expect.soft(await seriousA11yViolations(page), what).toEqual([]);
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  await check(page, path);
}

/** Headings that skip a level on the way down (an h3 right after the h1), in document order. */
function skippedHeadingLevels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    let previous = 0;
    const skipped: string[] = [];
    for (const heading of document.querySelectorAll("h1, h2, h3, h4, h5, h6")) {
      const level = Number(heading.tagName[1]);
      if (previous > 0 && level > previous + 1) skipped.push(`h${level} '${heading.textContent?.trim()}' after an h${previous}`);
      previous = level;
    }
    return skipped;
  });
}

async function visitAll(page: Page, paths: readonly string[]) {
  for (const path of paths) await visit(page, path);
}

type Device = typeof PHONE | typeof DESKTOP;

/** A page of its own, signed in with the sign-in form of /auth, as the test's own client address. */
async function signedInPage(browser: Browser, info: TestInfo, headers: Record<string, string> | undefined, email: string, device: Device): Promise<Page> {
  const context = await browser.newContext({ ...device, baseURL: info.project.use.baseURL, extraHTTPHeaders: headers });
  const page = await context.newPage();
  const answer = await page.request.post("/auth", { form: { intent: "signin", email, password: DEMO_PASSWORD }, maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  return page;
}

test.describe("at a phone's width", () => {
  test.use(PHONE);

  test("a visitor: storefront, shop with filters, a product, the vendor pages and every sign-in page", async ({ page }) => {
    test.setTimeout(180_000);
    const [phone] = await phonesInStock(page, 1, 1);
    await visitAll(page, [
      "/",
      "/shop",
      "/shop?brand=apple&grade=A&storage=128GB&verified=true&sort=price-low&view=list",
      `/product/${phone!.id}`,
      "/privacy",
      "/become-vendor",
      "/auth",
      "/auth?tab=signup",
      "/auth?tab=forgot",
      "/auth/reset-password?token=not-a-real-token",
      "/vendor-auth",
      "/vendor-auth?signup=true",
      "/a-page-that-does-not-exist",
    ]);
    await page.goto("/shop");
    await hydrated(page);
    expect.soft(await skippedHeadingLevels(page), "/shop's headings").toEqual([]);
    await page.getByRole("button", { name: "Filters" }).click();
    await check(page, "/shop with the filters open");
  });

  test("a buyer: cart, checkout, the payment page by card, transfer and USSD, the result, orders, notifications, account, wishlist", async ({ page, browser, extraHTTPHeaders }, info) => {
    test.setTimeout(240_000);
    await signUpFreshCustomer(page, info);
    const [phone] = await phonesInStock(page, 2, 1);
    await visit(page, `/product/${phone!.id}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: "Added 1 item(s) to cart" }).first()).toBeVisible();
    await page.getByRole("button", { name: /^Favourite / }).first().click();
    await visitAll(page, ["/cart", "/checkout"]);

    await placeCheckoutOrder(page, { customerName: "Tobi Adeyemi", customerPhone: "0803 123 4567", shippingAddress: "12 Allen Avenue", city: "Ikeja", state: "Lagos" });
    await check(page, "the payment page (card)");
    await page.getByRole("link", { name: "Bank transfer" }).click();
    await expect(page.getByRole("heading", { name: "Pay with bank transfer" })).toBeVisible();
    await check(page, "the payment page (bank transfer)");
    await page.getByRole("link", { name: "USSD" }).click();
    await check(page, "the payment page (USSD)");
    await page.getByRole("link", { name: "Card" }).click();
    await payWithCard(page, SUCCESS_CARD);
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await check(page, "/payment-success");
    await visitAll(page, ["/orders", "/notifications", "/account", "/wishlist", "/vendor-application"]);

    // The demo customer has orders in every status, claims, reviews and notifications.
    const customer = await signedInPage(browser, info, extraHTTPHeaders, "customer@tokunbo.test", PHONE);
    try {
      await visitAll(customer, ["/", "/cart", "/orders", "/notifications", "/account", "/wishlist"]);
    } finally {
      await customer.context().close();
    }
  });
});

test.describe("at a desktop's width", () => {
  test.use(DESKTOP);

  test("a vendor: every dashboard tab and the listings; a pending applicant's pages", async ({ browser, extraHTTPHeaders }, info) => {
    test.setTimeout(180_000);
    const vendor = await signedInPage(browser, info, extraHTTPHeaders, "vendor@tokunbo.test", DESKTOP);
    await visitAll(vendor, [
      ...["products", "orders", "earnings", "claims", "profile"].map((tab) => `/vendor-dashboard?tab=${tab}`),
      "/products",
    ]);
    await vendor.context().close();
    const pending = await signedInPage(browser, info, extraHTTPHeaders, "pending.vendor@tokunbo.test", DESKTOP);
    await visitAll(pending, ["/vendor-auth", "/vendor-pre-approval"]);
    await pending.context().close();
  });

  test("an admin: every admin tab, every CMS section, the mailbox and the stand-in's transfers", async ({ browser, extraHTTPHeaders }, info) => {
    test.setTimeout(240_000);
    const context = await browser.newContext({ ...DESKTOP, storageState: ADMIN_STATE_FILE, baseURL: info.project.use.baseURL, extraHTTPHeaders });
    const admin = await context.newPage();
    const adminTabs = ["vendors", "products", "orders", "claims", "reviews", "payments", "payouts", "preapproval", "pricing", "activities"];
    await visitAll(admin, adminTabs.map((tab) => `/admin?tab=${tab}`));
    await visit(admin, "/cms");
    const sections = await admin.getByRole("navigation", { name: "Site content sections" }).getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
    expect(sections.length).toBeGreaterThan(3);
    await visitAll(admin, sections);
    await visit(admin, "/dev/mailbox");
    // The stand-in's test-mode page of transfers has no scripts: checked as it loads.
    await admin.goto("/paystack-standin/transfers");
    await expect(admin.getByRole("heading", { level: 1 })).toBeVisible();
    await check(admin, "/paystack-standin/transfers");
    await context.close();
  });

  test("a super admin: every super admin tab", async ({ browser, extraHTTPHeaders }, info) => {
    test.setTimeout(120_000);
    const superAdmin = await signedInPage(browser, info, extraHTTPHeaders, SUPER_ADMIN_EMAIL, DESKTOP);
    await visitAll(superAdmin, ["admins", "settings", "security"].map((tab) => `/super-admin?tab=${tab}`));
    await superAdmin.context().close();
  });
});
