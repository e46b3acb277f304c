import type { Page, TestInfo } from "@playwright/test";
import { projectIndex, toastWith } from "./support/admin";
import { seriousA11yViolations } from "./support/accounts";
import { type ListedPhone, fillShipping, payWithCard, placeCheckoutOrder, signUpFreshCustomer } from "./support/customers";
import { expect, test } from "./support/test";
import { cartLines, loaderData } from "./support/route-data";
import { formatLagosTimeOfDay } from "../../lib/lagos-time";

const SHIPPING = {
  customerName: "Chidi Nwosu",
  customerPhone: "0805 222 0144",
  shippingAddress: "21 Aba Road",
  city: "Port Harcourt",
  state: "Rivers",
};

const SUCCESS_CARD = "4084 0840 8408 4081";
const DECLINED_CARD = "4084 0800 0000 5408";

/** Where each journey's phones start within its project's share: away from the ends other journeys buy from. */
const SLOT = { buyNow: 0, payNow: 1, cancel: 2, heldOrder: 3, charge: 4 } as const;
const PHONES_PER_PROJECT = 6;

/** Phones only this journey buys: from the middle of the shop by price, each project and journey its own. */
async function phoneToBuy(page: Page, info: TestInfo, slot: keyof typeof SLOT): Promise<ListedPhone> {
  const stocked: ListedPhone[] = [];
  for (let shopPage = 3; shopPage <= 5; shopPage++) {
    const response = await page.request.get(`/api/products?sort=price-low&page=${shopPage}`);
    const { items } = (await response.json()) as { items: ListedPhone[] };
    stocked.push(...items.filter((p) => p.stockQuantity >= 2));
  }
  const phone = stocked[projectIndex(info) * PHONES_PER_PROJECT + SLOT[slot]];
  expect(phone).toBeDefined();
  return phone!;
}

/** Phones for the cart only (never bought here), from the dear end. */
async function cartPhones(page: Page, count: number, except: string): Promise<ListedPhone[]> {
  const response = await page.request.get("/api/products?sort=price-high");
  const { items } = (await response.json()) as { items: ListedPhone[] };
  return items.filter((p) => p.stockQuantity >= 1 && p.id !== except).slice(0, count);
}

/** The phone's stock as the shop lists it; 0 once it is sold out (then it is not listed). */
async function stockOf(page: Page, phone: ListedPhone): Promise<number> {
  for (let shopPage = 1; shopPage <= 6; shopPage++) {
    const response = await page.request.get(`/api/products?sort=price-low&page=${shopPage}&search=${encodeURIComponent(phone.name)}`);
    const { items } = (await response.json()) as { items: ListedPhone[] };
    const found = items.find((p) => p.id === phone.id);
    if (found) return found.stockQuantity;
    if (items.length === 0) break;
  }
  return 0;
}

async function cartProductIds(page: Page): Promise<string[]> {
  return (await cartLines(page)).map((line) => line.product.id).toSorted();
}

/** Buy Now on the phone's page: checkout with that phone alone. */
async function buyNow(page: Page, phone: ListedPhone) {
  await page.goto(`/product/${phone.id}`);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await page.getByRole("button", { name: "Buy Now" }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout\\?buy=${phone.id}&qty=1$`));
  await expect(page.getByTestId("checkout-line")).toHaveCount(1);
  await expect(page.getByTestId("checkout-line")).toContainText(phone.name);
}

const orderCards = (page: Page) => page.getByRole("tabpanel").getByTestId("order-card");

/** A fresh buyer checks out one phone of the slot with Buy Now and lands on the payment page: the phone, and its stock before the order. */
async function buyNowAsFreshBuyer(page: Page, info: TestInfo, slot: keyof typeof SLOT): Promise<{ phone: ListedPhone; stockBefore: number }> {
  await signUpFreshCustomer(page, info, SHIPPING.customerName);
  const phone = await phoneToBuy(page, info, slot);
  const stockBefore = await stockOf(page, phone);
  await buyNow(page, phone);
  await placeCheckoutOrder(page, SHIPPING, 1);
  return { phone, stockBefore };
}

test("Buy Now with three other phones in the cart pays for that one phone and leaves the three in the cart", async ({ page }, info) => {
  test.setTimeout(90_000);
  await signUpFreshCustomer(page, info, SHIPPING.customerName);
  const phone = await phoneToBuy(page, info, "buyNow");
  const others = await cartPhones(page, 3, phone.id);
  for (const other of others) expect((await page.request.post("/cart/items", { form: { productId: other.id, quantity: "1" } })).ok()).toBe(true);
  const stockBefore = await stockOf(page, phone);

  await buyNow(page, phone);
  await expect(page.getByRole("checkbox")).toHaveCount(0);
  await placeCheckoutOrder(page, SHIPPING, 1);
  await payWithCard(page, SUCCESS_CARD);
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  await expect(page.getByTestId("payment-summary")).toContainText(/Orders\s*1/);
  await expect(page.getByTestId("payment-summary")).toContainText("Paid (Test)");

  expect(await cartProductIds(page)).toEqual(others.map((o) => o.id).toSorted());
  expect(await stockOf(page, phone)).toBe(stockBefore - 1);
  await page.goto("/orders");
  await expect(orderCards(page)).toHaveCount(1);
  await expect(orderCards(page).getByTestId("test-badge")).toBeVisible();
  await expect(orderCards(page)).toContainText("-day warranty");
});

test("a declined card shows 'Payment failed'; 'Pay now' then pays with the success card and the order is paid once", async ({ page }, info) => {
  test.setTimeout(90_000);
  const { phone, stockBefore } = await buyNowAsFreshBuyer(page, info, "payNow");
  await payWithCard(page, DECLINED_CARD);

  await expect(page.getByRole("heading", { name: "Payment failed" })).toBeVisible();
  await expect(page.getByTestId("payment-reasons")).toContainText('"Declined"');
  await expect(page.getByText(/^Reserved for you until \d\d:\d\d/)).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page).toHaveURL(/\/paystack-standin\/pay\//);
  await payWithCard(page, SUCCESS_CARD);
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();

  await page.goto("/orders");
  await expect(orderCards(page)).toHaveCount(1);
  await expect(orderCards(page).getByTestId("order-status-text")).toHaveText("Payment confirmed, preparing your order");
  await expect(orderCards(page).getByRole("button", { name: /Pay now/ })).toHaveCount(0);
  expect(await stockOf(page, phone)).toBe(stockBefore - 1);
});

test("a cancelled payment shows 'Payment failed' on the orders page, and 'Cancel order' returns the stock at once", async ({ page }, info) => {
  test.setTimeout(90_000);
  const { phone, stockBefore } = await buyNowAsFreshBuyer(page, info, "cancel");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { name: "Payment failed" })).toBeVisible();
  expect(await stockOf(page, phone)).toBe(stockBefore - 1);

  await page.getByRole("main").getByRole("link", { name: "My Orders" }).click();
  const card = orderCards(page);
  await expect(card).toHaveCount(1);
  await expect(card.getByText("Payment failed", { exact: true })).toBeVisible();
  await expect(card.getByTestId("order-status-text")).toContainText("Your payment did not go through.");
  expect(await seriousA11yViolations(page)).toEqual([]);
  await card.getByRole("link", { name: /Cancel order/ }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel this order?" });
  await expect(dialog).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Yes, cancel order" }).click();
  await expect(toastWith(page, "Order cancelled")).toBeVisible();
  await expect(card.getByText("Cancelled", { exact: true })).toBeVisible();
  expect(await stockOf(page, phone)).toBe(stockBefore);
});

test("the checkout error is shown once, and on a phone no toast covers Place Order", async ({ page }, info) => {
  await signUpFreshCustomer(page, info, SHIPPING.customerName);
  const [phone] = await cartPhones(page, 1, "");
  expect((await page.request.post("/cart/items", { form: { productId: phone!.id, quantity: "1" } })).ok()).toBe(true);
  await page.goto("/checkout");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  const placeButton = page.getByRole("button", { name: "Place Order (1 item)" });

  await page.getByLabel("Phone Number").fill("12");
  await placeButton.click();
  await expect(page.getByLabel("Phone Number")).toBeFocused();
  await expect(page.getByText("Please enter a valid Nigerian phone number")).toHaveCount(1);

  await page.getByRole("link", { name: "Refresh Cart" }).click();
  const toast = toastWith(page, "Cart refreshed");
  await expect(toast).toBeVisible();
  // Where a thumb reaches it: at the bottom of the screen, where toasts used to sit.
  await placeButton.evaluate((button) => button.scrollIntoView({ block: "end" }));
  await expect(placeButton).toBeInViewport();
  const [toastBox, buttonBox] = [await toast.boundingBox(), await placeButton.boundingBox()];
  expect(toastBox).not.toBeNull();
  expect(buttonBox).not.toBeNull();
  const apart = toastBox!.y + toastBox!.height <= buttonBox!.y || toastBox!.y >= buttonBox!.y + buttonBox!.height;
  expect(apart).toBe(true);
});

interface OrdersData {
  orders: Array<{ id: string; orderNumber: string; payableUntil: string | null; product: { name: string } }>;
}

test("'Payment failed' leads on with Pay now; a new checkout first says it cancels that order, and 'Pay that order instead' pays it", async ({ page }, info) => {
  test.setTimeout(120_000);
  await signUpFreshCustomer(page, info, SHIPPING.customerName);
  const phone = await phoneToBuy(page, info, "heldOrder");
  await buyNow(page, phone);
  await placeCheckoutOrder(page, SHIPPING, 1);
  await page.getByRole("button", { name: "Cancel" }).click();

  await expect(page.getByRole("heading", { name: "Payment failed" })).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByRole("button", { name: "Pay now" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Cancel order" })).toBeVisible();
  await expect(main.getByRole("link", { name: "My Orders" })).toHaveAttribute("href", "/orders");
  await expect(main.getByRole("button", { name: "Retry Verification" })).toHaveCount(0);
  await expect(main.getByRole("link", { name: "Back to Checkout" })).toHaveCount(0);
  await expect(main.getByRole("link", { name: "Check Orders" })).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);

  const { orders } = await loaderData<OrdersData>(page.request, "/orders", "orders/routes/orders");
  const held = orders[0]!;
  const [other] = await cartPhones(page, 1, phone.id);
  await buyNow(page, other!);
  const notice = page.getByTestId("unpaid-order-notice");
  await expect(notice.getByText(`Your unpaid order #${held.orderNumber} is reserved until ${formatLagosTimeOfDay(held.payableUntil!)}. Placing this order cancels it.`, { exact: true })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await notice.getByRole("button", { name: "Pay that order instead" }).click();
  await expect(page).toHaveURL(/\/paystack-standin\/pay\//);
  await payWithCard(page, SUCCESS_CARD);
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Phones paid for" }).getByRole("listitem")).toHaveText([`${phone.name}Order #${held.orderNumber}`]);
});

test("the order shows what was paid and where it goes: delivery fee, total charged, address and seller", async ({ page }, info) => {
  test.setTimeout(90_000);
  await signUpFreshCustomer(page, info, SHIPPING.customerName);
  const phone = await phoneToBuy(page, info, "charge");
  await buyNow(page, phone);
  await fillShipping(page, SHIPPING);
  const delivery = (await page.getByTestId("summary-shipping").textContent())!;
  const total = (await page.getByTestId("summary-total").textContent())!;
  expect(delivery).toMatch(/^₦[\d,]+$/);
  await page.getByRole("button", { name: "Place Order (1 item)" }).click();
  await payWithCard(page, SUCCESS_CARD);
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  const { orders } = await loaderData<OrdersData>(page.request, "/orders", "orders/routes/orders");
  const order = orders[0]!;
  await expect(page.getByRole("list", { name: "Phones paid for" }).getByRole("listitem")).toHaveText([`${phone.name}Order #${order.orderNumber}`]);
  await expect(page.getByTestId("payment-summary")).toContainText(`Delivery (included)${delivery}`);
  await expect(page.getByTestId("payment-summary")).toContainText(`Total${total}`);

  await page.goto("/orders");
  const card = orderCards(page);
  await expect(card.getByTestId("order-charge")).toHaveText(`Delivery ${delivery} · Total charged ${total}`);
  const seller = (phone as ListedPhone & { vendor: { businessName: string } }).vendor.businessName;
  await expect(card.getByTestId("order-seller")).toHaveText(`Seller: ${seller}`);

  await card.getByRole("link", { name: /^Details/ }).click();
  const dialog = page.getByRole("dialog", { name: "Order Details" });
  const row = (label: string) => dialog.locator("dt").filter({ hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");
  await expect(row("Seller")).toHaveText(seller);
  await expect(row("Delivery")).toHaveText(delivery);
  await expect(row("Total charged")).toHaveText(total);
  await expect(row("Deliver to")).toHaveText(`${SHIPPING.customerName}, +2348052220144\n${SHIPPING.shippingAddress}\n${SHIPPING.city}, ${SHIPPING.state}`);
  await expect(row("Payment")).toHaveText("Paid (test mode, no real money)");
  expect(await seriousA11yViolations(page)).toEqual([]);
});
