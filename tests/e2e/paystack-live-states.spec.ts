import type { Page } from "@playwright/test";
import { test as adminTest, openTab, toastWith } from "./support/admin";
import { signIn } from "./support/accounts";
import { placeCheckoutOrder, placeOrderAndPay, signUpFreshCustomer } from "./support/customers";
import { type VendorProduct, freshPage, liveVendorPhones } from "./support/vendors";
import { expect, test } from "./support/test";
import { REFUND_ACCOUNT_TEXTS } from "../../domain/payments/refund-account-texts";

/**
 * Paystack's states the live service has and a happy path never shows, produced on demand by the
 * stand-in (docs/payments.md): a refund that needs the buyer's bank account, and a card dispute
 * the shop loses.
 */
const VENDOR_EMAIL = "vendor@tokunbo.test";
const SHIPPING = { customerName: "Bisi Okonkwo", customerPhone: "0805 222 0199", shippingAddress: "8 Adeola Odeku Street", city: "Victoria Island", state: "Lagos" };
/** The stand-in's card whose payment the buyer's bank disputes, and the shop loses. */
const DISPUTE_LOST_CARD = "5060 6666 6666 6666";

/** One of the demo vendor's live phones with stock to spare that the other journeys leave alone. */
async function vendorPhone(vendor: Page, slot: number): Promise<VendorProduct> {
  await expect(vendor).not.toHaveURL(/\/auth/);
  const phone = (await liveVendorPhones(vendor, 3))[2 + slot];
  expect(phone).toBeDefined();
  return phone!;
}

async function toCheckout(page: Page, phone: VendorProduct) {
  expect((await page.request.post("/cart/items", { form: { productId: phone.id, quantity: "1" } })).ok()).toBe(true);
  await page.goto("/checkout");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
}

const orderCard = (page: Page) => page.getByRole("tabpanel").getByTestId("order-card").first();

test("a buyer who paid by bank transfer cancels, gives a bank account when Paystack asks for one, and is refunded", async ({ page, browser, extraHTTPHeaders }, info) => {
  test.setTimeout(120_000);
  const vendor = await freshPage(browser, info, extraHTTPHeaders);
  await signIn(vendor, VENDOR_EMAIL);
  const phone = await vendorPhone(vendor, 0);
  await vendor.context().close();

  await signUpFreshCustomer(page, info, SHIPPING.customerName);
  await toCheckout(page, phone);
  await placeCheckoutOrder(page, SHIPPING);
  await page.getByRole("link", { name: "Bank transfer" }).click();
  await page.getByRole("button", { name: "I've sent the money" }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();

  await page.goto("/orders");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await orderCard(page).getByRole("link", { name: /Cancel order/ }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel this order?" });
  await dialog.getByLabel("Why are you cancelling?").selectOption({ index: 1 });
  await dialog.getByRole("button", { name: "Yes, cancel and refund" }).click();
  await expect(toastWith(page, "Order cancelled")).toBeVisible();

  // Paystack cannot push the money back to a one-time transfer account: the order asks for the buyer's.
  const form = orderCard(page).getByRole("form", { name: /^Paystack needs your bank account to send your refund of ₦[\d,]+\.$/ });
  await expect(async () => {
    await page.reload();
    await expect(form).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await form.getByLabel(REFUND_ACCOUNT_TEXTS.bank).selectOption({ label: "Guaranty Trust Bank" });
  await form.getByLabel(REFUND_ACCOUNT_TEXTS.accountNumber).fill("0000000001");
  await form.getByRole("button", { name: REFUND_ACCOUNT_TEXTS.send }).click();
  await expect(toastWith(page, REFUND_ACCOUNT_TEXTS.failed)).toContainText(REFUND_ACCOUNT_TEXTS.unresolved("Guaranty Trust Bank"));

  await form.getByLabel(REFUND_ACCOUNT_TEXTS.bank).selectOption({ label: "Guaranty Trust Bank" });
  await form.getByLabel(REFUND_ACCOUNT_TEXTS.accountNumber).fill("0001234567");
  await form.getByRole("button", { name: REFUND_ACCOUNT_TEXTS.send }).click();
  await expect(toastWith(page, REFUND_ACCOUNT_TEXTS.done)).toContainText(REFUND_ACCOUNT_TEXTS.sentTo("Guaranty Trust Bank ****4567"));
  await expect(async () => {
    await page.reload();
    await expect(orderCard(page).getByTestId("order-refund")).toContainText("Refunded", { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
});

adminTest("a card payment the buyer's bank disputes and the shop loses is listed for the admins and taken from the vendor's balance", async ({ page, browser, extraHTTPHeaders }, info) => {
  adminTest.setTimeout(120_000);
  const vendor = await freshPage(browser, info, extraHTTPHeaders);
  await signIn(vendor, VENDOR_EMAIL);
  const phone = await vendorPhone(vendor, 1);

  const buyer = await freshPage(browser, info, extraHTTPHeaders);
  await signUpFreshCustomer(buyer, info, SHIPPING.customerName);
  await toCheckout(buyer, phone);
  const reference = await placeOrderAndPay(buyer, SHIPPING, DISPUTE_LOST_CARD);
  await buyer.context().close();

  await openTab(page, "/admin", "payments");
  const row = page.getByTestId("payment-row").filter({ has: page.getByText(reference, { exact: true }) });
  await expect(async () => {
    await page.reload();
    await expect(row.getByTestId("dispute-line")).toHaveText(/^₦[\d,]+ disputed · lost$/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  await openTab(vendor, "/vendor-dashboard", "earnings");
  await expect(vendor.getByTestId("ledger-entry").filter({ hasText: "Card dispute" }).first()).toContainText(/−₦[\d,]+/);
  await vendor.context().close();
});
