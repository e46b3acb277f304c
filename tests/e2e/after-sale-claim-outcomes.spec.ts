import type { Locator, Page } from "@playwright/test";
import { openTab } from "./support/admin";
import { buyerBuysNow, buyerSendsPhoneBack, expectStandinRefundProcessed } from "./support/after-sale";
import { placeOrderAndPay, signUpFreshCustomer } from "./support/customers";
import { loaderData } from "./support/route-data";
import { expect, test } from "./support/test";
import { freshPage, hydrated, listedAndApproved, openAsAdmin, toastWith } from "./support/vendors";
import { lagosToday } from "../../lib/lagos-time";

/** The steps of a claim's timeline, what happened only. */
async function stepsOf(claim: Locator): Promise<string[]> {
  return (await claim.getByTestId("claim-event").allTextContents()).map((text) => text.replace(/\s+/g, " ").trim().split(/(Buyer|Vendor|Support team|Tokunbo) ·/)[0]!);
}

/** An admin moves the order along as the Orders tab's menu does. */
async function moveOrder(admin: Page, orderId: string, status: "processing" | "shipped" | "delivered") {
  const shipping: Record<string, string> = status === "shipped" ? { carrier: "GIG Logistics", trackingNumber: "GIGL-5550123", estimatedDeliveryDate: lagosToday() } : {};
  const response = await admin.request.post("/admin/orders", { form: { intent: "status", orderId, status, ...shipping }, maxRedirects: 0 });
  expect(response.status(), await response.text()).toBe(200);
}

test("an accepted refund claim: the buyer sends the phone back with tracking, the vendor confirms it arrived and refunds, the stand-in pays it, and the claim is closed", async ({ page, browser, extraHTTPHeaders }, info) => {
  test.setTimeout(240_000);
  const name = `iPhone 12 refund claim ${info.project.name} ${Date.now().toString(36)}`;
  const vendor = await freshPage(browser, info, extraHTTPHeaders);
  const admin = await openAsAdmin(browser, info, extraHTTPHeaders);
  let orderNumber = "";
  let reference = "";
  let href = "";

  await test.step("the vendor lists a phone and an admin approves it", async () => {
    href = await listedAndApproved(vendor, admin, { name, model: "iPhone 12", suggestedPrice: "250000", stockQuantity: "2", color: "Blue" });
  });

  await test.step("a buyer pays for it and it is delivered", async () => {
    reference = await buyerBuysNow(page, info, href, { customerName: "Ngozi Okafor", customerPhone: "0803 111 0199", shippingAddress: "4 Awolowo Road", city: "Ikoyi", state: "Lagos" });
    const { orders } = await loaderData<{ orders: Array<{ id: string; orderNumber: string }> }>(page.request, "/orders", "orders/routes/orders");
    orderNumber = orders[0]!.orderNumber;
    for (const status of ["processing", "shipped", "delivered"] as const) await moveOrder(admin, orders[0]!.id, status);
  });

  const card = page.getByTestId("order-card").filter({ hasText: `Order #${orderNumber}` }).first();
  const buyersClaim = () => page.getByTestId("order-card").filter({ hasText: `Order #${orderNumber}` }).first().getByTestId("order-claim");
  const vendorsClaim = () => vendor.getByTestId("vendor-claim").filter({ hasText: `Order #${orderNumber}` });

  await test.step("the buyer opens a claim and the vendor accepts it with a refund", async () => {
    await page.goto("/orders");
    await hydrated(page);
    await card.getByRole("link", { name: `Warranty claim order #${orderNumber}` }).click();
    const dialog = page.getByRole("dialog", { name: "Warranty claim" });
    await dialog.getByLabel("What is wrong?").selectOption("battery_performance");
    await dialog.getByLabel("Describe the problem").fill("The battery drops from 100% to 30% within an hour of light use.");
    await dialog.getByRole("button", { name: "Send claim" }).click();
    await expect(toastWith(page, "Warranty claim sent. The vendor has been told.")).toBeVisible();

    await openTab(vendor, "/vendor-dashboard", "claims");
    await vendorsClaim().getByLabel("Accept the claim").check();
    await vendorsClaim().getByLabel("What you offer").selectOption("refund");
    await vendorsClaim().getByLabel("How the buyer returns the phone").fill("Send it to Shop 4, Computer Village, Ikeja, with the charger.");
    await vendorsClaim().getByRole("button", { name: "Send answer" }).click();
    await expect(toastWith(vendor, "Claim accepted. The buyer has been told.")).toBeVisible();
    await expect(vendorsClaim().getByText("Waiting for the buyer to send the phone back.")).toBeVisible();
  });

  await test.step("the buyer sends the phone back: a number of the wrong format is refused, the right one links to the courier", async () => {
    await page.goto("/orders");
    await hydrated(page);
    await expect(buyersClaim().getByTestId("claim-status")).toHaveText("Accepted by the vendor");
    const form = buyersClaim().getByRole("form", { name: `Send the phone back (order #${orderNumber})` });
    await buyerSendsPhoneBack(page, form, "GIGL-5501234");
    await expect(buyersClaim().getByTestId("claim-step-return").getByRole("link", { name: "Track GIGL-5501234 with GIG Logistics (opens in a new tab)" }))
      .toHaveAttribute("href", "https://giglogistics.com/track?waybill=GIGL-5501234");
  });

  await test.step("the vendor confirms the phone arrived, then refunds the buyer after ticking the box", async () => {
    await openTab(vendor, "/vendor-dashboard", "claims");
    await expect(vendorsClaim().getByTestId("claim-step-return")).toContainText("GIGL-5501234");
    await vendorsClaim().getByRole("button", { name: "The phone arrived" }).click();
    await expect(toastWith(vendor, "Receipt confirmed. The buyer has been told.")).toBeVisible();
    await vendorsClaim().getByRole("button", { name: "Refund the buyer" }).click();
    await expect(vendorsClaim().getByText("Tick the box to confirm the refund")).toBeVisible();
    await vendorsClaim().getByLabel("Yes, refund the buyer for this order").check();
    await vendorsClaim().getByRole("button", { name: "Refund the buyer" }).click();
    await expect(toastWith(vendor, "on its way to the buyer. The claim is closed.")).toBeVisible();
    await expect(vendorsClaim().getByTestId("claim-status")).toHaveText("Resolved");
  });

  await test.step("the stand-in has paid the refund, and the buyer sees the claim closed with every step", async () => {
    await expectStandinRefundProcessed(page, reference);

    await page.goto("/orders");
    await hydrated(page);
    await expect(buyersClaim().getByTestId("claim-status")).toHaveText("Resolved");
    await buyersClaim().getByText("Claim details and timeline").click();
    expect(await stepsOf(buyersClaim())).toEqual([
      "Claim opened",
      "Accepted by the vendor",
      "Phone sent back by the buyer",
      "Returned phone received by the vendor",
      "Refund issued",
      "Claim completed",
    ]);
  });

  await vendor.context().close();
  await admin.context().close();
});

test("a replacement claim: the phone comes back, the vendor sends a free replacement order, ships it like any order, and the buyer's confirmation closes the claim", async ({ page, browser, extraHTTPHeaders }, info) => {
  test.setTimeout(240_000);
  const name = `iPhone 13 replacement claim ${info.project.name} ${Date.now().toString(36)}`;
  const vendor = await freshPage(browser, info, extraHTTPHeaders);
  const admin = await openAsAdmin(browser, info, extraHTTPHeaders);
  let orderNumber = "";
  let href = "";

  await test.step("a buyer pays for a listed phone and it is delivered", async () => {
    href = await listedAndApproved(vendor, admin, { name, model: "iPhone 13", suggestedPrice: "320000", stockQuantity: "3", color: "Red" });
    await signUpFreshCustomer(page, info, "Emeka Obi");
    await page.goto(href);
    await hydrated(page);
    await page.getByRole("button", { name: "Buy Now" }).click();
    await placeOrderAndPay(page, { customerName: "Emeka Obi", customerPhone: "0803 111 0288", shippingAddress: "9 Ogui Road", city: "Enugu", state: "Enugu" });
    const { orders } = await loaderData<{ orders: Array<{ id: string; orderNumber: string }> }>(page.request, "/orders", "orders/routes/orders");
    orderNumber = orders[0]!.orderNumber;
    for (const status of ["processing", "shipped", "delivered"] as const) await moveOrder(admin, orders[0]!.id, status);
  });

  const buyersClaim = () => page.getByTestId("order-card").filter({ hasText: `Order #${orderNumber}` }).first().getByTestId("order-claim");
  const vendorsClaim = () => vendor.getByTestId("vendor-claim").filter({ hasText: `Order #${orderNumber}` });
  let replacementNumber = "";

  await test.step("the claim is accepted with a replacement, the phone sent back and received", async () => {
    await page.goto("/orders");
    await hydrated(page);
    await page.getByTestId("order-card").filter({ hasText: `Order #${orderNumber}` }).first().getByRole("link", { name: `Warranty claim order #${orderNumber}` }).click();
    const dialog = page.getByRole("dialog", { name: "Warranty claim" });
    await dialog.getByLabel("What is wrong?").selectOption("screen_defect");
    await dialog.getByLabel("Describe the problem").fill("Green lines run down the screen and it stops responding to touch.");
    await dialog.getByRole("button", { name: "Send claim" }).click();
    await expect(toastWith(page, "Warranty claim sent. The vendor has been told.")).toBeVisible();

    await openTab(vendor, "/vendor-dashboard", "claims");
    await vendorsClaim().getByLabel("Accept the claim").check();
    await vendorsClaim().getByLabel("What you offer").selectOption("replacement");
    await vendorsClaim().getByLabel("How the buyer returns the phone").fill("Send it by Kwik to Shop 4, Computer Village, Ikeja.");
    await vendorsClaim().getByRole("button", { name: "Send answer" }).click();
    await expect(toastWith(vendor, "Claim accepted. The buyer has been told.")).toBeVisible();

    await page.goto("/orders");
    await hydrated(page);
    const form = buyersClaim().getByRole("form", { name: `Send the phone back (order #${orderNumber})` });
    await form.getByLabel("Courier", { exact: true }).selectOption("Kwik Delivery");
    await form.getByLabel("Tracking number").fill("KWK-1029384");
    await form.getByRole("button", { name: "I sent the phone" }).click();
    await expect(toastWith(page, "Return recorded. The vendor has been told the phone is on its way.")).toBeVisible();

    await openTab(vendor, "/vendor-dashboard", "claims");
    await vendorsClaim().getByRole("button", { name: "The phone arrived" }).click();
    await expect(toastWith(vendor, "Receipt confirmed. The buyer has been told.")).toBeVisible();
  });

  await test.step("the vendor sends a replacement: a free order it ships from the Orders tab", async () => {
    await vendorsClaim().getByRole("button", { name: "Send a replacement" }).click();
    await expect(toastWith(vendor, "Replacement order created. Ship it from your Orders tab like any order.")).toBeVisible();
    await expect(vendorsClaim().getByTestId("claim-step-replacement")).toContainText("Status: Successful");
    replacementNumber = (await vendorsClaim().getByTestId("claim-step-replacement").textContent())!.match(/#([0-9a-f]{8})/)![1]!;
    const { orders } = await loaderData<{ orders: Array<{ id: string; orderNumber: string; totalAmount: number }> }>(page.request, "/orders", "orders/routes/orders");
    const replacement = orders.find((order) => order.orderNumber === replacementNumber)!;
    expect(replacement.totalAmount).toBe(0);
    const shipped = await vendor.request.post("/vendor-dashboard", {
      form: { intent: "move", orderId: replacement.id, status: "shipped", carrier: "GIG Logistics", trackingNumber: "GIGL-7700123", estimatedDeliveryDate: lagosToday() },
      maxRedirects: 0,
    });
    expect(shipped.status()).toBeLessThan(400);
  });

  await test.step("the buyer confirms the replacement arrived, and the claim is closed", async () => {
    await page.goto("/orders");
    await hydrated(page);
    const card = page.getByTestId("order-card").filter({ hasText: `Order #${replacementNumber}` }).first();
    await card.getByRole("link", { name: /^I received my phone/ }).click();
    await page.getByRole("dialog", { name: "Did your phone arrive?" }).getByRole("button", { name: "Yes, I received it" }).click();
    await expect(toastWith(page, "Thanks! Your order is marked delivered.")).toBeVisible();
    await expect(buyersClaim().getByTestId("claim-status")).toHaveText("Resolved");
    await expect(buyersClaim().getByTestId("claim-step-replacement")).toContainText("Status: Delivered");
  });

  await vendor.context().close();
  await admin.context().close();
});
