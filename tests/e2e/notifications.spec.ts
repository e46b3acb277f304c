import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./support/admin";
import { seriousA11yViolations, signIn } from "./support/accounts";
import { signUpFreshCustomer } from "./support/customers";
import { timeAgo } from "../../lib/relative-time";

const isSmallScreen = (page: Page) => (page.viewportSize()?.width ?? 1024) < 768;

/** Rows of a CSV answer, quoted fields and all. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ",") {
      endField();
    } else if (!quoted && (c === "\n" || c === "\r")) {
      if (c === "\r" && text[i + 1] === "\n") i++;
      endField();
      rows.push(row);
      row = [];
    } else {
      field += c;
    }
  }
  if (field || row.length) {
    endField();
    rows.push(row);
  }
  return rows;
}

/** A shipped order of a seeded buyer other than the demo customer, one buyer per browser project. */
async function shippedOrderOfAnotherBuyer(admin: APIRequestContext, projectIndex: number) {
  const [header, ...rows] = parseCsv((await (await admin.get("/admin/export/orders")).text()).replace(/^\uFEFF/, ""));
  const column = (name: string) => header!.indexOf(name);
  // Seeded buyers only (they share the demo password); journeys' own buyers ship orders too.
  const seeded = (email: string) => email.endsWith("@tokunbo.test") && email !== "customer@tokunbo.test";
  const shipped = rows.filter((r) => r[column("Status")] === "Shipped" && seeded(r[column("Email")]!));
  const buyers = [...new Set(shipped.map((r) => r[column("Email")]!))];
  const email = buyers[projectIndex]!;
  const order = shipped.find((r) => r[column("Email")] === email)!;
  return { email, orderId: order[column("Order ID")]! };
}

async function unreadShown(page: Page): Promise<string> {
  if (isSmallScreen(page)) {
    await page.getByLabel("Menu", { exact: true }).click();
    const link = page.getByRole("navigation", { name: "Mobile menu" }).getByRole("link", { name: /^Notifications/ });
    const text = (await link.textContent()) ?? "";
    await page.getByRole("button", { name: "Close menu" }).click();
    return text;
  }
  return (await page.getByRole("button", { name: /^Notifications/ }).getAttribute("aria-label")) ?? "";
}

// The buyer's page starts signed out; the admin acts through the shared admin session.
test.use({ storageState: { cookies: [], origins: [] } });

test("a notification made on the server appears at once with its toast and unread count; mark-all-read clears it", async ({ page, playwright, baseURL, adminSession }, info) => {
  const admin = await playwright.request.newContext({ baseURL, storageState: adminSession });
  const { email, orderId } = await shippedOrderOfAnotherBuyer(admin, info.project.name === "mobile" ? 0 : 1);

  await signIn(page, email);
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/shop");
  await page.getByRole("heading", { level: 1 }).waitFor();
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  const before = await unreadShown(page);

  const moved = await admin.post("/admin/orders", { form: { orderId, status: "delivered" }, headers: { Accept: "application/json" }, maxRedirects: 0 });
  expect(moved.status()).toBeLessThan(400);
  const toast = page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: /delivered/i });
  await expect(toast.first()).toBeVisible({ timeout: 1000 });
  expect(await unreadShown(page)).not.toBe(before);

  if (isSmallScreen(page)) {
    await page.getByLabel("Menu", { exact: true }).click();
    await page.getByRole("navigation", { name: "Mobile menu" }).getByRole("link", { name: /^Notifications/ }).click();
    await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
  } else {
    await page.getByRole("button", { name: /^Notifications, \d+ unread$/ }).click();
    await expect(page.getByRole("region", { name: "Notifications" })).toBeVisible();
  }
  const list = page.getByRole("list", { name: "Notifications list" });
  await expect(list.getByRole("button").first()).toContainText(/delivered/i);
  await expect(list.getByRole("button").first()).toContainText("just now");
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Mark all as read" }).click();
  await expect(page.getByText("All notifications marked as read")).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark all as read" })).toBeDisabled();
  if (isSmallScreen(page)) expect(await unreadShown(page)).toBe("Notifications");
  else await expect(page.getByRole("button", { name: "Notifications", exact: true })).toBeVisible();
  await admin.dispose();
});

test("a new customer finds the welcome notification, marks it read with a click, and the count follows", async ({ page }, info) => {
  await signUpFreshCustomer(page, info);
  await page.goto("/notifications");
  const item = page.getByRole("list", { name: "Notifications list" }).getByRole("button");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("Welcome to Tokunbo Phones");
  await expect(item).toHaveAttribute("data-read", "false");
  expect(await unreadShown(page)).toMatch(/1/);

  await item.click();
  await expect(item).toHaveAttribute("data-read", "true");
  await expect(page.getByRole("button", { name: "Mark all as read" })).toBeDisabled();
  await page.reload();
  await expect(item).toHaveAttribute("data-read", "true");
  expect(await unreadShown(page)).not.toMatch(/\d/);
});

test("the bell is only there for a signed-in user, and /notifications asks a visitor to sign in", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("button", { name: /^Notifications/ })).toHaveCount(0);
  await page.goto("/notifications");
  await expect(page).toHaveURL(/\/auth$/);
});

test("'x ago' is rendered the same by the server and the browser, whatever the browser's clock says", async ({ browser, extraHTTPHeaders }, info) => {
  const context = await browser.newContext({ ...info.project.use, extraHTTPHeaders });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => void (message.type() === "error" && errors.push(message.text())));
    await signIn(page, "customer@tokunbo.test");
    await expect(page).toHaveURL(/\/$/);
    // The browser's clock runs three days ahead of the server's: every 'x ago' differs between them.
    const browserNow = Date.now() + 3 * 24 * 3600 * 1000;
    await page.clock.install({ time: browserNow });
    await page.goto("/notifications");
    await expect(page.locator("html[data-hydrated=true]")).toBeAttached();
    const first = page.getByRole("list", { name: "Notifications list" }).locator("time").first();
    // Hydrated without a mismatch, then shown by the browser's clock.
    await expect(first).toHaveText(timeAgo((await first.getAttribute("datetime"))!, new Date(browserNow)));
    expect(errors.filter((error) => /#418|hydrat/i.test(error))).toEqual([]);
  } finally {
    await context.close();
  }
});
