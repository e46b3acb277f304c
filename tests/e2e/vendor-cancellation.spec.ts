import { signIn } from "./support/accounts";
import { placeOrderAndPay, signUpFreshCustomer } from "./support/customers";
import { freshPage, liveVendorPhones, toastWith } from "./support/vendors";
import { expect, test } from "./support/test";
import { VENDOR_CANCELLATION_TEXTS as T } from "../../domain/orders/vendor-cancellation-validation";

const SHIPPING = { customerName: "Kemi Balogun", customerPhone: "0802 333 0155", shippingAddress: "14 Bode Thomas Street", city: "Surulere", state: "Lagos" };

test("a vendor who cannot fulfil a paid order cancels it with a reason, and the buyer sees it cancelled and refunded", async ({ page, browser, extraHTTPHeaders }, info) => {
  test.setTimeout(120_000);
  const vendor = await freshPage(browser, info, extraHTTPHeaders);
  await signIn(vendor, "vendor@tokunbo.test");
  await expect(vendor).not.toHaveURL(/\/auth/);
  const phone = (await liveVendorPhones(vendor, 3))[2];
  expect(phone).toBeDefined();

  await signUpFreshCustomer(page, info, SHIPPING.customerName);
  expect((await page.request.post("/cart/items", { form: { productId: phone!.id, quantity: "1" } })).ok()).toBe(true);
  await page.goto("/checkout");
  await placeOrderAndPay(page, SHIPPING);
  await page.goto("/orders");
  const card = page.getByRole("tabpanel").getByTestId("order-card").first();
  const orderNumber = ((await card.getByTestId("order-number").textContent()) ?? "").replace("Order #", "");

  await vendor.goto("/vendor-dashboard?tab=orders");
  const item = vendor.getByRole("listitem", { name: `Order #${orderNumber}` });
  await item.locator("summary", { hasText: T.cancelOrder }).click();
  const form = item.getByRole("form", { name: `${T.title} (order #${orderNumber})` });
  await expect(form).toContainText(T.body);
  await form.getByLabel(T.reasonLabel).selectOption("Out of stock");
  await form.getByRole("button", { name: new RegExp(`^${T.confirm}`) }).click();
  await expect(toastWith(vendor, T.cancelled)).toBeVisible();
  await vendor.context().close();

  await expect(async () => {
    await page.reload();
    await expect(card.getByText("Cancelled", { exact: true })).toBeVisible({ timeout: 2_000 });
    await expect(card.getByTestId("order-refund")).toContainText(/Refund of ₦[\d,]+ on its way|Refunded/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
});
