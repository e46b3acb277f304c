import type { Page, TestInfo } from "@playwright/test";
import { openTab, projectIndex, toastWith } from "./support/admin";
import { latestMailText, signIn } from "./support/accounts";
import { placeOrderAndPay, signUpFreshCustomer } from "./support/customers";
import { type VendorProduct, freshPage, liveVendorPhones } from "./support/vendors";
import { expect, test } from "./support/test";
import { addDays, lagosToday } from "../../lib/lagos-time";

const VENDOR_EMAIL = "vendor@tokunbo.test";
const SHIPPING = { customerName: "Funke Adebayo", customerPhone: "0803 555 0142", shippingAddress: "3 Awolowo Road", city: "Ikoyi", state: "Lagos" };

/** One of the demo vendor's live phones with stock to spare, a different one per project. */
async function vendorPhone(vendor: Page, info: TestInfo): Promise<VendorProduct> {
  const phone = (await liveVendorPhones(vendor, 3))[projectIndex(info)];
  expect(phone).toBeDefined();
  return phone!;
}

/** The buyer puts the phone in the cart, checks out and pays with the stand-in's success card. */
async function buyAndPay(page: Page, phone: VendorProduct) {
  const added = await page.request.post("/cart/items", { form: { productId: phone.id, quantity: "1" } });
  expect(added.ok()).toBe(true);
  await page.goto("/checkout");
  await placeOrderAndPay(page, SHIPPING);
}

const inDays = (days: number) => addDays(lagosToday(), days);

test("a buyer pays, the vendor ships from the dashboard, the buyer sees it live, gets the e-mail and confirms delivery", async ({ page, browser, extraHTTPHeaders }, info) => {
  test.setTimeout(120_000);
  const vendor = await freshPage(browser, info, extraHTTPHeaders);
  await signIn(vendor, VENDOR_EMAIL);
  await expect(vendor).not.toHaveURL(/\/auth/);
  const phone = await vendorPhone(vendor, info);

  const buyerEmail = await signUpFreshCustomer(page, info, SHIPPING.customerName);
  await buyAndPay(page, phone);
  await page.goto("/orders");
  await expect(page.locator("html[data-hydrated=true]")).toBeAttached();
  const card = page.getByRole("tabpanel").getByTestId("order-card").first();
  await expect(card.getByText("Successful", { exact: true })).toBeVisible();
  const orderNumber = ((await card.getByTestId("order-number").textContent()) ?? "").replace("Order #", "");
  await expect(card.getByRole("link", { name: /^Send on WhatsApp/ })).toHaveAttribute("href", new RegExp(`^https://wa\\.me/\\d+\\?text=.*${orderNumber}`));

  const tracking = `GIGL-${info.project.name}-${Date.now() % 100_000}`;
  // The buyer's toast shows for a few seconds from the moment the vendor's change lands: watched
  // from then on, while the vendor's own checks run.
  let buyerToldLive: Promise<void> = Promise.resolve();
  await test.step("the vendor ships the order with a courier and tracking number", async () => {
    await openTab(vendor, "/vendor-dashboard", "orders");
    const item = vendor.getByRole("listitem", { name: `Order #${orderNumber}` });
    const ship = item.getByRole("form", { name: `Ship this order (order #${orderNumber})` });
    await ship.getByRole("button", { name: /^Mark as shipped/ }).click();
    await expect(ship.getByText("Choose the courier")).toBeVisible();
    await expect(ship.getByText("Enter the tracking number")).toBeVisible();
    await ship.getByLabel("Courier", { exact: true }).selectOption("GIG Logistics");
    await ship.getByLabel("Tracking number").fill(tracking);
    await ship.getByLabel("Estimated delivery").fill(inDays(3));
    buyerToldLive = expect(toastWith(page, "Order status updated!")).toBeVisible();
    await ship.getByRole("button", { name: /^Mark as shipped/ }).click();
    await expect(toastWith(vendor, "Order marked as shipped")).toBeVisible();
    await expect(item.getByText(tracking, { exact: true })).toBeVisible();
    await expect(item.getByRole("button", { name: /^Mark as delivered/ })).toHaveCount(0);
    await vendor.context().close();
  });

  await test.step("the buyer's open orders page shows the tracking number without reloading", async () => {
    await buyerToldLive;
    await expect(card.getByText(tracking, { exact: true })).toBeVisible();
    await expect(card.getByText("GIG Logistics", { exact: true })).toBeVisible();
    await expect(card.getByTestId("order-status-text")).toHaveText("Your order is on the way");
  });

  await test.step("the shipped e-mail names the courier and the tracking number", async () => {
    const text = await latestMailText(page, buyerEmail, `Your order #${orderNumber} has shipped`);
    expect(text).toContain("Courier: GIG Logistics");
    expect(text).toContain(`Tracking number: ${tracking}`);
    expect(text).toContain("/orders");
  });

  await test.step("the buyer confirms the phone arrived", async () => {
    await card.getByRole("link", { name: /^I received my phone/ }).click();
    const dialog = page.getByRole("dialog", { name: "Did your phone arrive?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Yes, I received it" }).click();
    await expect(toastWith(page, "Thanks! Your order is marked delivered.")).toBeVisible();
    await expect(card.getByText("Delivered", { exact: true }).first()).toBeVisible();
    await expect(card.getByTestId("order-status-text")).toHaveText("Order delivered successfully");
    await expect(card.getByRole("link", { name: /^I received my phone/ })).toHaveCount(0);
  });

  await test.step("Track shows who did what", async () => {
    await card.getByRole("link", { name: /^Track order/ }).click();
    const history = page.getByRole("dialog", { name: "Track Order" }).getByTestId("order-history");
    await expect(history.getByRole("listitem").filter({ hasText: "Shipped" })).toContainText("The vendor");
    await expect(history.getByRole("listitem").filter({ hasText: "Shipped" })).toContainText(`Tracking number ${tracking} · GIG Logistics`);
    await expect(history.getByRole("listitem").filter({ hasText: "Delivered" })).toContainText("You");
  });
});
