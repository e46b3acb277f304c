import { type Page, type TestInfo, expect } from "@playwright/test";
import { latestMailLink } from "./accounts";
import type { ShippingValues } from "../../../app/checkout/checkout-form-data";

export const FRESH_PASSWORD = "suya-spot-2026";

/**
 * A new customer of this test alone, signed in in the page's browser context: signed up and
 * signed in with the site's own forms (sent as a browser without scripts would), verified from
 * the development mailbox.
 */
export async function signUpFreshCustomer(page: Page, info: TestInfo, name = "Tobi Adeyemi"): Promise<string> {
  const email = `${info.title.replace(/\W+/g, "-").slice(0, 30)}.${info.project.name}.${Date.now()}@example.com`.toLowerCase();
  const signUp = await page.request.post("/auth", {
    form: { intent: "signup", fullName: name, email, password: FRESH_PASSWORD, confirmPassword: FRESH_PASSWORD },
    maxRedirects: 0,
  });
  expect(signUp.status()).toBeLessThan(400);
  await page.goto(await latestMailLink(page, email, "Verify your e-mail address"));
  await expect(page.getByText("Email verified!")).toBeVisible();
  const signIn = await page.request.post("/auth", { form: { intent: "signin", email, password: FRESH_PASSWORD }, maxRedirects: 0 });
  expect(signIn.status()).toBe(302);
  return email;
}

/** A new applicant of this test alone, signed in in the page's context, whose vendor application is pending. */
export async function applyAsFreshVendor(page: Page, info: TestInfo, business: string): Promise<string> {
  const email = await signUpFreshCustomer(page, info, "Kehinde Balogun");
  const applied = await page.request.post("/vendor-application", {
    form: { intent: "apply", businessName: business, contactEmail: email, contactPhone: "0803 555 0101", businessAddress: "14 Ayangburen Road, Ikorodu, Lagos", acceptTerms: "on" },
    maxRedirects: 0,
  });
  expect(applied.status()).toBe(302);
  return email;
}

/** The cart link of the site bar, named by its badge ('Cart, 2 items'). */
export function cartLink(page: Page) {
  return page.getByRole("banner").getByRole("link", { name: /^Cart(, \d+ items?)?$/ }).last();
}

export interface ListedPhone {
  id: string;
  name: string;
  stockQuantity: number;
}

/** Live phones with at least `stock` units, from the public listing. */
export async function phonesInStock(page: Page, stock: number, count: number): Promise<ListedPhone[]> {
  const response = await page.request.get("/api/products?sort=price-high");
  const { items } = (await response.json()) as { items: ListedPhone[] };
  const found = items.filter((p) => p.stockQuantity >= stock).slice(0, count);
  expect(found).toHaveLength(count);
  return found;
}

/** Pays on the Paystack stand-in's page with a test card and waits for the shop's payment page. */
export async function payWithCard(page: Page, cardNumber: string) {
  await page.getByLabel("Card number").fill(cardNumber);
  await page.getByLabel("Expiry (MM/YY)").fill("12/30");
  await page.getByLabel("CVV").fill("408");
  await page.getByRole("button", { name: /^Pay ₦/ }).click();
  await expect(page).toHaveURL(/\/payment-success\?/);
}

/** The card the Paystack stand-in approves. */
export const SUCCESS_CARD = "4084 0840 8408 4081";

/** The delivery details a buyer types at checkout, named as the form names them (the notes left empty). */
export type ShippingFields = Omit<ShippingValues, "deliveryNotes">;

/** On the checkout page: fills in the delivery details. */
export async function fillShipping(page: Page, shipping: ShippingFields) {
  await page.getByLabel("Full Name").fill(shipping.customerName);
  await page.getByLabel("Phone Number").fill(shipping.customerPhone);
  await page.getByLabel("Street Address").fill(shipping.shippingAddress);
  await page.getByLabel("City").fill(shipping.city);
  await page.getByLabel("State").selectOption(shipping.state);
}

/** On the checkout page: fills in the delivery details and places the order of `items` phones; the browser lands on the stand-in's payment page. */
export async function placeCheckoutOrder(page: Page, shipping: ShippingFields, items = 1) {
  await fillShipping(page, shipping);
  await page.getByRole("button", { name: `Place Order (${items} ${items === 1 ? "item" : "items"})` }).click();
  await expect(page).toHaveURL(/\/paystack-standin\/pay\//);
}

/** On the checkout page: fills in the delivery details, places the order, pays with the card and answers the payment's reference. */
export async function placeOrderAndPay(page: Page, shipping: ShippingFields, cardNumber = SUCCESS_CARD, items = 1): Promise<string> {
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await placeCheckoutOrder(page, shipping, items);
  await payWithCard(page, cardNumber);
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  const reference = new URL(page.url()).searchParams.get("reference");
  expect(reference).toMatch(/^pay_/);
  return reference!;
}
