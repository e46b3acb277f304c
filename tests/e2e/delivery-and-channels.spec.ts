import type { Page, TestInfo } from "@playwright/test";
import { projectIndex } from "./support/admin";
import { type ListedPhone, payWithCard, SUCCESS_CARD, signUpFreshCustomer } from "./support/customers";
import { expect, test } from "./support/test";

/*
 * Delivery fees by state and paying by transfer, against the demo shop's own fees (db/seed/delivery-fees.ts):
 * Kano ₦5,500, Lagos free. No journey here changes the pricing config.
 */
const KANO_FEE = 5_500;

const SHIPPING = { customerName: "Aminu Bello", customerPhone: "0803 444 0190", shippingAddress: "12 Zoo Road", city: "Kano" };

/** Phones only these journeys buy (Buy Now leaves every cart alone): from the dear end's third page, each project its own. */
async function phoneToBuy(page: Page, info: TestInfo, slot: 0 | 1): Promise<ListedPhone> {
  const response = await page.request.get("/api/products?sort=price-high&page=3");
  const { items } = (await response.json()) as { items: ListedPhone[] };
  const phone = items.filter((p) => p.stockQuantity >= 2)[projectIndex(info) * 2 + slot];
  expect(phone).toBeDefined();
  return phone!;
}

const naira = (value: number) => `₦${value.toLocaleString("en-NG")}`;
const nairaOf = (text: string) => Number(text.replace(/[₦,]/g, ""));

async function fillShipping(page: Page, state: string) {
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await page.getByLabel("Full Name").fill(SHIPPING.customerName);
  await page.getByLabel("Phone Number").fill(SHIPPING.customerPhone);
  await page.getByLabel("Street Address").fill(SHIPPING.shippingAddress);
  await page.getByLabel("City").fill(SHIPPING.city);
  await page.getByLabel("State").selectOption(state);
}

test("a buyer choosing Kano sees the Kano fee in the total and is charged exactly that on the payment page", async ({ page }, info) => {
  test.setTimeout(90_000);
  await signUpFreshCustomer(page, info);
  const phone = await phoneToBuy(page, info, 0);
  await page.goto(`/checkout?buy=${phone.id}&qty=1`);
  await expect(page.getByTestId("summary-shipping")).toHaveText("Select your state");
  await expect(page.getByText("The delivery fee depends on your state. It is added to the total and confirmed on the next step, before you pay.")).toBeVisible();
  await expect(page.getByText("Payment is processed securely via Paystack. You will be redirected to pay by card, bank transfer or USSD.")).toBeVisible();
  const subtotal = nairaOf(await page.getByTestId("summary-subtotal").innerText());

  await fillShipping(page, "Lagos");
  await expect(page.getByText("Shipping to Lagos")).toBeVisible();
  await expect(page.getByTestId("summary-shipping")).toHaveText("Free");
  await expect(page.getByTestId("summary-total")).toHaveText(naira(subtotal));

  await page.getByLabel("State").selectOption("Kano");
  await expect(page.getByText("Shipping to Kano")).toBeVisible();
  await expect(page.getByTestId("summary-shipping")).toHaveText(naira(KANO_FEE));
  await expect(page.getByTestId("summary-total")).toHaveText(naira(subtotal + KANO_FEE));

  await page.getByRole("button", { name: "Place Order (1 item)" }).click();
  await expect(page).toHaveURL(/\/paystack-standin\/pay\//);
  await expect(page.locator(".amount")).toHaveText(naira(subtotal + KANO_FEE));
  await expect(page.getByRole("navigation", { name: "Payment method" }).getByRole("link")).toHaveText(["Card", "Bank transfer", "USSD"]);
  await payWithCard(page, SUCCESS_CARD);
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  await expect(page.getByText(naira(subtotal + KANO_FEE))).toBeVisible();
  await expect(page.getByTestId("payment-summary")).toContainText(new RegExp(`Delivery \\(included\\)\\s*${naira(KANO_FEE)}`));
});

test("a buyer pays by bank transfer on the payment page and sees the payment succeed", async ({ page }, info) => {
  test.setTimeout(90_000);
  await signUpFreshCustomer(page, info);
  const phone = await phoneToBuy(page, info, 1);
  await page.goto(`/checkout?buy=${phone.id}&qty=1`);
  await fillShipping(page, "Kano");
  const total = await page.getByTestId("summary-total").innerText();
  await page.getByRole("button", { name: "Place Order (1 item)" }).click();
  await expect(page).toHaveURL(/\/paystack-standin\/pay\//);

  await page.getByRole("link", { name: "Bank transfer" }).click();
  await expect(page.getByRole("heading", { name: "Pay with bank transfer" })).toBeVisible();
  await expect(page.getByTestId("transfer-bank")).toHaveText("Paystack-Titan");
  await expect(page.getByTestId("transfer-account-number")).toHaveText(/^99\d{8}$/);
  await expect(page.getByTestId("transfer-amount")).toHaveText(total);
  await page.getByRole("button", { name: "I've sent the money" }).click();

  await expect(page).toHaveURL(/\/payment-success\?/);
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  await expect(page.getByText(total)).toBeVisible();
});
