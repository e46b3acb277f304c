import { type Locator, type Page, type TestInfo, expect } from "@playwright/test";
import { openTab } from "./admin";
import { type ShippingFields, placeOrderAndPay, signUpFreshCustomer } from "./customers";
import { hydrated, toastWith } from "./vendors";
import { addDays, lagosToday } from "../../../lib/lagos-time";

/** A new buyer, named as the delivery details name them, buys the phone at `href` with 'Buy Now' and pays; answers the payment's reference. */
export async function buyerBuysNow(page: Page, info: TestInfo, href: string, shipping: ShippingFields): Promise<string> {
  await signUpFreshCustomer(page, info, shipping.customerName);
  await page.goto(href);
  await hydrated(page);
  await page.getByRole("button", { name: "Buy Now" }).click();
  await expect(page).toHaveURL(/\/checkout\?buy=/);
  return placeOrderAndPay(page, shipping);
}

/** The vendor ships the order from its dashboard's Orders tab, with courier, tracking number and a delivery `inDays` from today. */
export async function vendorShips(vendor: Page, orderNumber: string, parcel: { carrier: string; trackingNumber: string; inDays: number }) {
  await openTab(vendor, "/vendor-dashboard", "orders");
  const ship = vendor.getByRole("listitem", { name: `Order #${orderNumber}` }).getByRole("form", { name: `Ship this order (order #${orderNumber})` });
  await ship.getByLabel("Courier", { exact: true }).selectOption(parcel.carrier);
  await ship.getByLabel("Tracking number").fill(parcel.trackingNumber);
  await ship.getByLabel("Estimated delivery").fill(addDays(lagosToday(), parcel.inDays));
  await ship.getByRole("button", { name: /^Mark as shipped/ }).click();
  await expect(toastWith(vendor, "Order marked as shipped")).toBeVisible();
}

/**
 * The buyer sends the phone back in `form` (a claim's or a return's 'Send the phone back'): a GIG
 * number under DHL is refused with the courier's format, then taken under GIG Logistics.
 */
export async function buyerSendsPhoneBack(page: Page, form: Locator, gigTrackingNumber: string) {
  await form.getByLabel("Courier", { exact: true }).selectOption("DHL Nigeria");
  await form.getByLabel("Tracking number").fill(gigTrackingNumber);
  await form.getByRole("button", { name: "I sent the phone" }).click();
  await expect(form.getByText("DHL Nigeria tracking numbers are 10 digits, e.g. 1234567890")).toBeVisible();
  await form.getByLabel("Courier", { exact: true }).selectOption("GIG Logistics");
  await form.getByRole("button", { name: "I sent the phone" }).click();
  await expect(toastWith(page, "Return recorded. The vendor has been told the phone is on its way.")).toBeVisible();
}

/** The Paystack stand-in lists one refund of the payment, processed (of `amount` naira text when given). */
export async function expectStandinRefundProcessed(page: Page, reference: string, amount?: string) {
  await expect(async () => {
    await page.goto(`/paystack-standin/refunds?reference=${reference}`);
    const row = page.locator("tbody").getByRole("row");
    await expect(row).toHaveCount(1, { timeout: 2_000 });
    if (amount !== undefined) await expect(row.getByRole("cell").nth(1)).toHaveText(amount, { timeout: 2_000 });
    await expect(row.getByRole("cell").nth(2)).toHaveText("Processed", { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** The buyer's orders page shows the order (`card`) refunded, once the provider's answer has come. */
export async function expectOrderRefunded(page: Page, card: () => Locator) {
  await expect(async () => {
    await page.goto("/orders");
    await expect(card().getByTestId("order-refund")).toContainText("Refunded", { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}
