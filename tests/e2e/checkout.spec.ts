import type { Browser, Page, TestInfo } from "@playwright/test";
import { ADMIN_STATE_FILE, openTab, projectIndex, toastWith } from "./support/admin";
import { type ListedPhone, payWithCard, placeCheckoutOrder, signUpFreshCustomer } from "./support/customers";
import { expect, test } from "./support/test";
import { checkoutForm } from "../../app/checkout/checkout-form-data";
import { cartLines, postAction } from "./support/route-data";

const SHIPPING = {
  customerName: "Ngozi Eze",
  customerPhone: "0803 555 0199",
  shippingAddress: "7 Bode Thomas Street",
  city: "Surulere",
  state: "Lagos",
};

/** Where each journey's phones start within its project's share (the success journey takes three). */
const SLOT = { success: 0, declined: 3, cancelled: 4, unpaid: 5 } as const;
const PHONES_PER_PROJECT = 6;

/**
 * Phones only this journey buys from: the cheapest phones with stock to spare, each project and
 * journey taking its own, so parallel journeys never race for the same units (other journeys
 * pick from the dear end of the shop).
 */
async function phonesToBuy(page: Page, info: TestInfo, slot: keyof typeof SLOT, count: number): Promise<ListedPhone[]> {
  const stocked: ListedPhone[] = [];
  for (let shopPage = 1; shopPage <= 4 && stocked.length < 2 * PHONES_PER_PROJECT; shopPage++) {
    const response = await page.request.get(`/api/products?sort=price-low&page=${shopPage}`);
    const { items } = (await response.json()) as { items: ListedPhone[] };
    stocked.push(...items.filter((p) => p.stockQuantity >= 2));
  }
  const start = projectIndex(info) * PHONES_PER_PROJECT + SLOT[slot];
  const phones = stocked.slice(start, start + count);
  expect(phones).toHaveLength(count);
  return phones;
}

async function stockOf(page: Page, phone: ListedPhone): Promise<number> {
  const response = await page.request.get(`/api/products?sort=price-low&search=${encodeURIComponent(phone.name)}`);
  const { items } = (await response.json()) as { items: ListedPhone[] };
  return items.find((p) => p.id === phone.id)?.stockQuantity ?? 0;
}

async function fillCart(page: Page, phones: ListedPhone[]) {
  for (const phone of phones) {
    const added = await page.request.post("/cart/items", { form: { productId: phone.id, quantity: "1" } });
    expect(added.ok()).toBe(true);
  }
}

/** From /checkout with the cart's lines: ticks exactly `buy`, fills the form, places the order, lands on the payment page. */
async function placeOrder(page: Page, buy: ListedPhone[], keep: ListedPhone[] = []) {
  await page.goto("/checkout");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  for (const phone of keep) await page.getByLabel(`Select ${phone.name} for checkout`).uncheck();
  for (const phone of buy) await expect(page.getByLabel(`Select ${phone.name} for checkout`)).toBeChecked();
  await placeCheckoutOrder(page, SHIPPING, buy.length);
  await expect(page.getByText("Test mode — no real money")).toBeVisible();
}

async function asAdmin(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: ADMIN_STATE_FILE });
  return context.newPage();
}

// The cards of the open tab (every tab panel holds its cards; hidden ones are not counted).
const orderCards = (page: Page) => page.getByRole("tabpanel").getByTestId("order-card");

test("a buyer pays for two of three phones with the success card; an admin's changes reach the open orders page live", async ({ page, browser }, info) => {
  test.setTimeout(90_000);
  await signUpFreshCustomer(page, info, SHIPPING.customerName);
  const [first, second, kept] = await phonesToBuy(page, info, "success", 3);
  await fillCart(page, [first!, second!, kept!]);
  const stockBefore = [await stockOf(page, first!), await stockOf(page, second!), await stockOf(page, kept!)];

  await placeOrder(page, [first!, second!], [kept!]);
  await payWithCard(page, "4084 0840 8408 4081");
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  await expect(page.getByTestId("payment-summary")).toContainText("Paid");
  await expect(page.getByTestId("payment-summary")).toContainText(/Orders\s*2/);
  await expect(page.getByText("Payment verified successfully! 2 checked-out items removed from your cart.")).toBeVisible();

  expect((await cartLines(page)).map((line) => line.product.id)).toEqual([kept!.id]);
  expect([await stockOf(page, first!), await stockOf(page, second!), await stockOf(page, kept!)]).toEqual([
    stockBefore[0]! - 1,
    stockBefore[1]! - 1,
    stockBefore[2]!,
  ]);

  await page.getByRole("link", { name: "View Orders" }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await expect(orderCards(page)).toHaveCount(2);
  for (const card of await orderCards(page).all()) await expect(card.getByText("Successful", { exact: true })).toBeVisible();

  const card = orderCards(page).first();
  const orderNumber = ((await card.getByTestId("order-number").textContent()) ?? "").replace("Order ", "");
  // News arriving while the buyer's own payment message shows is its echo and goes to the bell
  // only: the admin acts once it is gone, as a person across town would.
  await expect(page.getByTestId("toasts")).toBeEmpty();
  const admin = await asAdmin(browser);
  await openTab(admin, "/admin", "orders");
  const order = admin.getByRole("listitem").filter({ has: admin.getByRole("heading", { name: `Order ${orderNumber}`, exact: true }) });
  await expect(order.getByLabel("Change status").locator("option")).toHaveText(["Choose an action", "Mark as Processing", "Mark as Shipped", "Cancel Order"]);
  await order.getByLabel("Change status").selectOption("processing");
  // The buyer's toast shows for a few seconds from the moment the change lands: watched from the
  // click on, beside the admin's, not after it.
  const buyerToldLive = expect(page.getByText("Order status updated!")).toBeVisible();
  await order.getByRole("button", { name: /^Apply to order/ }).click();
  await Promise.all([expect(toastWith(admin, "Order status updated to processing")).toBeVisible(), buyerToldLive]);
  await expect(card.getByText("Processing", { exact: true }).first()).toBeVisible();
  await expect(card.getByTestId("order-status-text")).toHaveText("Your order is being processed");

  const tracking = `GIGL-${info.project.name}-${Date.now() % 100000}`;
  await expect(order.getByLabel("Change status").locator("option")).toHaveText(["Choose an action", "Mark as Shipped", "Cancel Order"]);
  await order.getByLabel("Change status").selectOption("shipped");
  await order.getByRole("button", { name: /^Apply to order/ }).click();
  await expect(toastWith(admin, "Failed to update order status")).toBeVisible();
  await expect(order.getByText("Enter the tracking number")).toBeVisible();
  await expect(order.getByText("Choose the courier")).toBeVisible();
  await order.getByLabel("Courier", { exact: true }).selectOption("DHL Nigeria");
  await order.getByLabel("Tracking number").fill(tracking);
  await order.getByLabel("Estimated delivery").fill(new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10));
  await order.getByRole("button", { name: /^Apply to order/ }).click();
  await expect(order.getByText("DHL Nigeria tracking numbers are 10 digits, e.g. 1234567890")).toBeVisible();
  await order.getByLabel("Courier", { exact: true }).selectOption("GIG Logistics");
  await order.getByRole("button", { name: /^Apply to order/ }).click();
  await expect(toastWith(admin, "Order status updated to shipped")).toBeVisible();
  const trackingLink = card.getByRole("link", { name: `Track ${tracking} with GIG Logistics (opens in a new tab)` });
  await expect(trackingLink).toHaveAttribute("href", `https://giglogistics.com/track?waybill=${tracking.toUpperCase()}`);
  await expect(trackingLink).toHaveAttribute("target", "_blank");
  await expect(card.getByTestId("order-status-text")).toHaveText("Your order is on the way");
  await expect(order.getByLabel("Change status").locator("option")).toHaveText(["Choose an action", "Mark as Delivered", "Cancel Order"]);
  await admin.context().close();
});

for (const [how, card] of [["declined", "4084 0800 0000 5408"], ["cancelled", null]] as const) {
  test(`a ${how} payment leaves the order pending with the phone reserved`, async ({ page }, info) => {
    await signUpFreshCustomer(page, info, SHIPPING.customerName);
    const [phone] = await phonesToBuy(page, info, how, 1);
    await fillCart(page, [phone!]);
    const before = await stockOf(page, phone!);
    await placeOrder(page, [phone!]);
    if (card) await payWithCard(page, card);
    else {
      await page.getByRole("button", { name: "Cancel" }).click();
      await expect(page).toHaveURL(/\/payment-success\?/);
    }
    // docs/payments.md: a declined or cancelled payment says 'Payment failed', with the phone still reserved.
    await expect(page.getByRole("heading", { name: "Payment failed" })).toBeVisible();
    await expect(toastWith(page, "Payment failed")).toBeVisible();
    await expect(page.getByTestId("payment-reasons")).toContainText(card ? '"Declined"' : "not completed");
    await expect(page.getByRole("button", { name: "Pay now" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Retry Verification" })).toHaveCount(0);

    expect(await stockOf(page, phone!)).toBe(before - 1);
    await page.getByRole("main").getByRole("link", { name: "My Orders" }).click();
    await expect(orderCards(page)).toHaveCount(1);
    await expect(orderCards(page).getByText("Payment failed", { exact: true })).toBeVisible();
    await expect(orderCards(page).getByTestId("order-status-text")).toHaveText(
      card ? 'Your payment did not go through. The payment provider said: "Declined".' : 'Your payment did not go through. The payment provider said: "The transaction was not completed".',
    );
  });
}

test("opening the return page of an unpaid order with status=success pays nothing", async ({ page }, info) => {
  await signUpFreshCustomer(page, info, SHIPPING.customerName);
  const [phone] = await phonesToBuy(page, info, "unpaid", 1);
  const placed = await postAction(page.request, "/checkout", checkoutForm([{ productId: phone!.id, quantity: 1 }], SHIPPING));
  expect(placed.redirect).toContain("/paystack-standin/pay/");
  // Leaving the provider's page unpaid sends the buyer back with the reference, as Paystack's Cancel does.
  const left = await page.request.post(placed.redirect!, { form: { action: "cancel" }, maxRedirects: 0 });
  const reference = new URL(left.headers().location!, placed.redirect).searchParams.get("reference")!;

  await page.goto(`/payment-success?reference=${reference}&status=success`);
  // The return page is the buyer's return: Paystack's 'abandoned' then means the payment failed (docs/payments.md).
  await expect(page.getByRole("heading", { name: "Payment failed" })).toBeVisible();
  await expect(page.getByText(reference)).toBeVisible();
  await page.goto("/orders");
  await expect(orderCards(page).getByText("Payment failed", { exact: true })).toBeVisible();
  await expect(orderCards(page).getByTestId("order-status-text")).toHaveText('Your payment did not go through. The payment provider said: "The transaction was not completed".');
});
