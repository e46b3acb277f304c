import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { seriousA11yViolations, signIn } from "./support/accounts";
import { signUpFreshCustomer } from "./support/customers";
import { loaderData } from "./support/route-data";

interface ApiOrder {
  id: string;
  orderNumber: string;
  status: string;
  trackingNumber: string | null;
  reviewed: boolean;
  history: Array<{ status: string; note: string | null }>;
}
interface ApiOrders {
  orders: ApiOrder[];
  counts: { all: number; active: number; delivered: number };
}

const toastWith = (page: Page, title: string) => page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: title }).first();
const panel = (page: Page, tab: string) => page.getByRole("tabpanel", { name: new RegExp(`^${tab} \\(`) });
const cardOf = (page: Page, order: ApiOrder) => panel(page, "All").getByTestId("order-card").filter({ hasText: `Order #${order.orderNumber}` });

async function openOrders(page: Page) {
  await page.goto("/orders");
  await expect(page.getByRole("heading", { level: 1, name: "My Orders" })).toBeVisible();
  await expect(page.locator("html[data-hydrated=true]")).toBeAttached();
}

async function ordersFromApi(page: Page): Promise<ApiOrders> {
  return loaderData<ApiOrders>(page.request, "/orders", "orders/routes/orders");
}

test("a new customer is sent to sign in first, then has no orders yet and every tab counts 0", async ({ page }, info) => {
  await page.goto("/orders");
  await expect(page).toHaveURL(/\/auth$/);

  await signUpFreshCustomer(page, info);
  await openOrders(page);
  await expect(page.getByRole("tab", { name: "All (0)" })).toHaveAttribute("aria-selected", "true");
  await expect(panel(page, "All").getByText("No orders yet", { exact: true })).toBeVisible();
  await expect(panel(page, "All").getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/shop");
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByRole("tab", { name: "Active (0)" }).click();
  await expect(panel(page, "Active").getByText("No active orders", { exact: true })).toBeVisible();
  await page.getByRole("tab", { name: "Delivered (0)" }).click();
  await expect(panel(page, "Delivered").getByText("No delivered orders", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(toastWith(page, "Orders updated")).toBeVisible();
});

// The demo customer signs in once for all of this; nothing here changes the shared demo orders.
test("the demo customer's orders: tabs, cards, progress, Details and Track, also without scripts", async ({ page, browser, context }) => {
  await signIn(page, "customer@tokunbo.test");
  await expect(page).toHaveURL(/\/$/);
  await openOrders(page);
  const { orders, counts } = await ordersFromApi(page);
  expect(counts.all).toBe(orders.length);
  expect(counts.delivered).toBeGreaterThan(0);

  await test.step("tabs count what they list", async () => {
    await expect(page.getByRole("tab", { name: `All (${counts.all})` })).toHaveAttribute("aria-selected", "true");
    await expect(panel(page, "All").getByTestId("order-card")).toHaveCount(counts.all);
    await page.getByRole("tab", { name: `Active (${counts.active})` }).click();
    await expect(panel(page, "Active").getByTestId("order-card")).toHaveCount(counts.active);
    await page.getByRole("tab", { name: `Delivered (${counts.delivered})` }).click();
    await expect(panel(page, "Delivered").getByTestId("order-card")).toHaveCount(counts.delivered);
    await expect(panel(page, "Delivered").getByTestId("order-status-text").first()).toHaveText("Order delivered successfully");
    await page.getByRole("tab", { name: `All (${counts.all})` }).click();
  });

  await test.step("cards show the order number, dates, status wording and progress", async () => {
    const first = cardOf(page, orders[0]!);
    await expect(first.getByText(/^Ordered$/)).toBeVisible();
    await expect(first.locator("dd").filter({ hasText: /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/ }).first()).toBeVisible();
    for (const order of orders.filter((o) => o.status === "paid")) {
      const badge = cardOf(page, order).getByText("Successful", { exact: true });
      // The admin journeys move paid demo orders along; only one still paid must say 'Successful'.
      const moved = (await badge.count()) === 0 && (await ordersFromApi(page)).orders.find((o) => o.id === order.id)?.status !== "paid";
      if (!moved) await expect(badge).toBeVisible();
    }
    const shipped = orders.find((o) => o.status === "shipped");
    if (shipped) {
      const progress = cardOf(page, shipped).getByRole("list", { name: "Order progress" });
      await expect(progress.locator('[aria-current="step"]')).toHaveText("Shipped");
      await expect(cardOf(page, shipped).getByText(shipped.trackingNumber!)).toBeVisible();
    }
    const cancelled = orders.find((o) => o.status === "cancelled");
    if (cancelled) await expect(cardOf(page, cancelled).locator('[aria-current="step"]')).toHaveCount(0);
    for (const order of orders.filter((o) => o.status === "delivered")) {
      const card = cardOf(page, order);
      if (order.reviewed) await expect(card.getByRole("button", { name: "Already Reviewed" })).toBeDisabled();
      else await expect(card.getByRole("link", { name: /^Review/ })).toBeVisible();
    }
    await expect(panel(page, "All").getByRole("link", { name: /^Review/ })).toHaveCount(orders.filter((o) => o.status === "delivered" && !o.reviewed).length);
  });

  const delivered = orders.find((o) => o.status === "delivered")!;
  await test.step("Track lists a delivered order's history, oldest first; Escape closes it", async () => {
    const trackLink = cardOf(page, delivered).getByRole("link", { name: /^Track order/ });
    await trackLink.click();
    const dialog = page.getByRole("dialog", { name: "Track Order" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(delivered.trackingNumber!, { exact: true })).toBeVisible();
    const entries = dialog.getByRole("list", { name: "Status history" }).getByRole("listitem");
    await expect(entries).toHaveCount(delivered.history.length);
    await expect(entries.first()).toContainText("Order Placed");
    await expect(entries.last()).toContainText("Delivered");
    await expect(dialog).toContainText(`Tracking number ${delivered.trackingNumber}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(trackLink).toBeFocused();
  });

  await test.step("Details shows the order id, amount and status", async () => {
    await cardOf(page, delivered).getByRole("link", { name: /^Details/ }).click();
    const dialog = page.getByRole("dialog", { name: "Order Details" });
    await expect(dialog).toContainText(delivered.id);
    await expect(dialog).toContainText("Delivered");
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step("the Refresh button reloads the list", async () => {
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(toastWith(page, "Orders updated")).toBeVisible();
    await expect(panel(page, "All").getByTestId("order-card")).toHaveCount(counts.all);
  });

  await test.step("without scripts the list shows and the dialogs open from their links", async () => {
    const plain = await browser.newContext({ javaScriptEnabled: false, storageState: await context.storageState() });
    try {
      const noScripts = await plain.newPage();
      await noScripts.goto("/orders");
      await expect(panel(noScripts, "All").getByTestId("order-card")).toHaveCount(counts.all);
      await panel(noScripts, "All").getByTestId("order-card").filter({ hasText: `Order #${delivered.orderNumber}` }).getByRole("link", { name: /^Track order/ }).click();
      await expect(noScripts.getByRole("dialog", { name: "Track Order" }).getByRole("listitem")).toHaveCount(delivered.history.length);
    } finally {
      await plain.close();
    }
  });
});
