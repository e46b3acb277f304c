import type { Browser, Page, TestInfo } from "@playwright/test";
import { test as adminTest, openTab, projectIndex, toastWith } from "./support/admin";
import { seriousA11yViolations } from "./support/accounts";
import { type ListedPhone, placeOrderAndPay, signUpFreshCustomer } from "./support/customers";
import { expect, test } from "./support/test";
import { CANCELLATION_TEXTS } from "../../domain/orders/cancellation-validation";
import { refundDestination } from "../../lib/refund-destination";

const SHIPPING = { customerName: "Ngozi Okafor", customerPhone: "0803 111 0177", shippingAddress: "5 Allen Avenue", city: "Ikeja", state: "Lagos" };

/**
 * Phones only these journeys buy, from the middle of the shop by price: after the ones the
 * payment journeys take (eight from the same list), two per project.
 */
async function phoneToBuy(page: Page, info: TestInfo, slot: 0 | 1): Promise<ListedPhone> {
  const stocked: ListedPhone[] = [];
  for (let shopPage = 3; shopPage <= 6; shopPage++) {
    const response = await page.request.get(`/api/products?sort=price-low&page=${shopPage}`);
    const { items } = (await response.json()) as { items: ListedPhone[] };
    stocked.push(...items.filter((p) => p.stockQuantity >= 2));
  }
  const phone = stocked[8 + projectIndex(info) * 2 + slot] ?? stocked[projectIndex(info) * 2 + slot];
  expect(phone).toBeDefined();
  return phone!;
}

/** Buys the phone with Buy Now and the success card; answers the payment's reference. */
async function buyAndPay(page: Page, phone: ListedPhone): Promise<string> {
  await page.goto(`/checkout?buy=${phone.id}&qty=1`);
  return placeOrderAndPay(page, SHIPPING);
}

const orderCards = (page: Page) => page.getByRole("tabpanel").getByTestId("order-card");

test("a buyer cancels a paid order before it ships, sees the refund on /orders, and the stand-in shows it", async ({ page }, info) => {
  test.setTimeout(90_000);
  await signUpFreshCustomer(page, info, SHIPPING.customerName);
  const phone = await phoneToBuy(page, info, 0);
  const reference = await buyAndPay(page, phone);

  await page.goto("/orders");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  const card = orderCards(page);
  await expect(card).toHaveCount(1);
  const total = (await card.getByTestId("order-total").textContent())!;
  const dialog = page.getByRole("dialog", { name: "Cancel this order?" });
  const toasts = page.getByTestId("toasts").getByRole("status").or(page.getByTestId("toasts").getByRole("alert"));

  // 'Other' asks for the reason in words; the server refuses it without them.
  await card.getByRole("link", { name: /Cancel order/ }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(CANCELLATION_TEXTS.body(refundDestination("card")));
  await expect(dialog.getByLabel(CANCELLATION_TEXTS.otherReasonLabel)).toBeHidden();
  await dialog.getByLabel("Why are you cancelling?").selectOption("Other");
  await expect(dialog.getByLabel(CANCELLATION_TEXTS.otherReasonLabel)).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Yes, cancel and refund" }).click();
  await expect(toastWith(page, CANCELLATION_TEXTS.failed)).toContainText(CANCELLATION_TEXTS.otherReasonRequired);
  await expect(card.getByText("Cancelled", { exact: true })).toHaveCount(0);

  await card.getByRole("link", { name: /Cancel order/ }).click();
  await dialog.getByLabel("Why are you cancelling?").selectOption("Other");
  await dialog.getByLabel(CANCELLATION_TEXTS.otherReasonLabel).fill("My brother gave me his old phone");
  await dialog.getByRole("button", { name: "Yes, cancel and refund" }).click();

  // One toast for the one action: the earlier error is gone, and the notifications that follow at
  // once (the cancellation, the refund the stand-in processes half a second later) go to the bell only.
  await expect(toastWith(page, "Order cancelled")).toBeVisible();
  await expect(toasts).toHaveCount(1);
  for (let look = 0; look < 4; look++) {
    await page.waitForTimeout(500);
    expect(await toasts.allTextContents()).toEqual([expect.stringContaining("Order cancelled")]);
  }
  await expect(card.getByText("Cancelled", { exact: true })).toBeVisible();
  // Pending at first, then processed once Paystack's refund.processed arrives (the page reloads on its own).
  await expect(card.getByTestId("order-refund")).toContainText(/Refund of ₦[\d,]+ on its way|Refunded/);
  await expect(async () => {
    await page.reload();
    await expect(orderCards(page).getByTestId("order-refund")).toContainText("Refunded", { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(card.getByRole("link", { name: /Cancel order/ })).toHaveCount(0);

  await page.goto(`/paystack-standin/refunds?reference=${reference}`);
  await expect(page.getByRole("heading", { name: `Refunds of ${reference}` })).toBeVisible();
  const row = page.locator("tbody").getByRole("row");
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell").nth(2)).toHaveText("Processed");
  // The order's total, with the delivery fee when the shop charges one.
  expect(Number((await row.getByRole("cell").nth(1).textContent())!.replace(/[^\d]/g, ""))).toBeGreaterThanOrEqual(Number(total.replace(/[^\d]/g, "")));
  expect(await seriousA11yViolations(page)).toEqual([]);
});

/** A payment of a fresh customer, paid in a browser context of its own. */
async function paymentOfAnotherBuyer(browser: Browser, info: TestInfo): Promise<string> {
  const context = await browser.newContext({ baseURL: info.project.use.baseURL });
  try {
    const page = await context.newPage();
    await signUpFreshCustomer(page, info, "Amaka Eze");
    return await buyAndPay(page, await phoneToBuy(page, info, 1));
  } finally {
    await context.close();
  }
}

adminTest.describe("admins", () => {
  adminTest("an admin refunds part of a payment from the Payments tab and sees 'Partially refunded'", async ({ page, browser }, info) => {
    adminTest.setTimeout(120_000);
    const reference = await paymentOfAnotherBuyer(browser, info);

    await openTab(page, "/admin", "payments");
    const row = page.locator(`[data-testid="payment-row"][data-reference="${reference}"]`);
    await expect(row.getByTestId("payment-status")).toContainText("Successful");
    await row.locator("summary", { hasText: /^Refund/ }).click();
    const form = row.getByRole("form", { name: `Refund payment ${reference}` });
    await form.getByLabel("Amount to refund (₦)").fill("0");
    await form.getByLabel("Reason").fill("Screen scratch not in the listing");
    await form.getByRole("button", { name: `Refund payment ${reference}` }).click();
    await expect(form.getByText("Enter the amount in naira, greater than zero, with at most two decimals (kobo)")).toBeVisible();
    await expect(form.getByText("Tick the box to confirm the refund")).toBeVisible();

    await form.getByLabel("Amount to refund (₦)").fill("1,000");
    await form.getByLabel(/I have checked the amount/).check();
    await form.getByRole("button", { name: `Refund payment ${reference}` }).click();
    await expect(toastWith(page, "Refund of ₦1,000")).toBeVisible();

    await expect(async () => {
      await openTab(page, "/admin", "payments");
      await expect(row.getByTestId("payment-status")).toContainText("Partially refunded", { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(row.getByTestId("refund-line")).toHaveCount(1);
    await expect(row.getByTestId("refund-line")).toContainText(/₦1,000 · Processed · .* · Screen scratch not in the listing/);
  });
});
