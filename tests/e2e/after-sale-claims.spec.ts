import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { signIn } from "./support/accounts";
import { openTab } from "./support/admin";
import { placeOrderAndPay, signUpFreshCustomer } from "./support/customers";
import { loaderData } from "./support/route-data";
import { expect, test } from "./support/test";
import { freshPage, hydrated, openAsAdmin, toastWith } from "./support/vendors";
import { lagosToday } from "../../lib/lagos-time";

const PHOTO = path.resolve("tests/fixtures/claims/swollen-battery.jpg");

/** Today in Lagos (UTC+1), as the estimated delivery date of a shipment. */

/** The steps of a claim's timeline as its reader sees them: what happened, who did it, when, and the note. */
async function timelineOf(claim: Locator): Promise<string[]> {
  const steps = claim.getByTestId("claim-event");
  return (await steps.allTextContents()).map((text) => text.replace(/\s+/g, " ").trim());
}

/** An admin moves the order along as the Orders tab's menu does. */
async function moveOrder(admin: Page, orderId: string, status: "processing" | "shipped" | "delivered") {
  const shipping: Record<string, string> = status === "shipped" ? { carrier: "GIG Logistics", trackingNumber: "GIGL-5550123", estimatedDeliveryDate: lagosToday() } : {};
  const response = await admin.request.post("/admin/orders", { form: { intent: "status", orderId, status, ...shipping }, maxRedirects: 0 });
  expect(response.status(), await response.text()).toBe(200);
  expect(((await response.json()) as { ok: boolean }).ok).toBe(true);
}

test("a battery claim: the buyer opens it with a photo, the vendor declines, the buyer escalates, an admin refunds part, and all three see the same timeline", async ({ page, browser, extraHTTPHeaders }, info) => {
  test.setTimeout(240_000);
  const name = `iPhone 11 claim ${info.project.name} ${Date.now().toString(36)}`;
  const vendor = await freshPage(browser, info, extraHTTPHeaders);
  const admin = await openAsAdmin(browser, info, extraHTTPHeaders);
  let orderId = "";
  let orderNumber = "";

  let href = "";
  await test.step("the vendor lists a phone and an admin approves it", async () => {
    await signIn(vendor, "vendor@tokunbo.test");
    await expect(vendor).toHaveURL(/\/$/);
    const fields = { intent: "create", name, brand: "Apple", model: "iPhone 11", storage: "128GB", grade: "A", suggestedPrice: "250000", stockQuantity: "2", color: "Black", description: "Battery health 88%." };
    expect((await vendor.request.post("/products", { form: fields, maxRedirects: 0 })).status()).toBeLessThan(400);
    const listed = await loaderData<{ page: { items: Array<{ id: string; name: string }> } }>(vendor.request, `/products?q=${encodeURIComponent(name)}`, "vendors/routes/products");
    const productId = listed.page.items.find((item) => item.name === name)?.id ?? "";
    expect(productId).toMatch(/^[0-9a-f-]{36}$/);
    const approved = await admin.request.post("/admin/products", { form: { intent: "decide", productId, decision: "approve", compareSource: "none" }, maxRedirects: 0 });
    expect(((await approved.json()) as { ok: boolean }).ok).toBe(true);
    href = `/product/${productId}`;
  });

  await test.step("a buyer pays for it and it is delivered", async () => {
    await signUpFreshCustomer(page, info, "Chidi Nwosu");
    await page.goto(href);
    await hydrated(page);
    await page.getByRole("button", { name: "Buy Now" }).click();
    await expect(page).toHaveURL(/\/checkout\?buy=/);
    await placeOrderAndPay(page, { customerName: "Chidi Nwosu", customerPhone: "0805 222 0144", shippingAddress: "21 Aba Road", city: "Port Harcourt", state: "Rivers" });
    const { orders } = await loaderData<{ orders: Array<{ id: string; orderNumber: string }> }>(page.request, "/orders", "orders/routes/orders");
    expect(orders).toHaveLength(1);
    orderId = orders[0]!.id;
    orderNumber = orders[0]!.orderNumber;
    for (const status of ["processing", "shipped", "delivered"] as const) await moveOrder(admin, orderId, status);
  });

  const card = page.getByTestId("order-card").filter({ hasText: `Order #${orderNumber}` }).first();
  const buyersClaim = () => page.getByTestId("order-card").filter({ hasText: `Order #${orderNumber}` }).first().getByTestId("order-claim");

  await test.step("the buyer reads what is not covered, then opens a battery claim with a photo", async () => {
    await page.goto("/orders");
    await hydrated(page);
    await card.getByRole("link", { name: `Warranty claim order #${orderNumber}` }).click();
    const dialog = page.getByRole("dialog", { name: "Warranty claim" });
    await expect(dialog.getByTestId("warranty-excludes")).toContainText("Water damage");
    await expect(dialog.getByTestId("warranty-excludes")).toContainText("Physical damage or drops");
    await expect(dialog.getByText("Vendor review time: 2-3 business days.")).toBeVisible();
    await dialog.getByLabel("What is wrong?").selectOption("battery_performance");
    await dialog.getByLabel("Describe the problem").fill("The battery drops from 100% to 20% within two hours of light use, and the back is bulging.");
    await dialog.getByLabel("Photos (optional)").setInputFiles(PHOTO);
    await expect(dialog.getByRole("img", { name: "swollen-battery.jpg" })).toBeVisible();
    await dialog.getByRole("button", { name: "Send claim" }).click();
    await expect(toastWith(page, "Warranty claim sent. The vendor has been told.")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(buyersClaim().getByTestId("claim-status")).toHaveText("Waiting for the vendor");
    await expect(card.getByRole("link", { name: `Warranty claim order #${orderNumber}` })).toHaveCount(0);
  });

  await test.step("the vendor sees the photo and declines with a reason", async () => {
    await openTab(vendor, "/vendor-dashboard", "claims");
    const claim = vendor.getByTestId("vendor-claim").filter({ hasText: `Order #${orderNumber}` });
    const photo = claim.getByRole("img", { name: "Claim photo 1" });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await claim.getByLabel("Decline the claim").check();
    await claim.getByLabel("Why you decline").fill("The bulging comes from a drop: the frame is bent near the charging port.");
    await claim.getByRole("button", { name: "Send answer" }).click();
    await expect(toastWith(vendor, "Claim declined. The buyer has been told.")).toBeVisible();
    await expect(claim.getByTestId("claim-status")).toHaveText("Declined by the vendor");
  });

  await test.step("the buyer sends the declined claim to the support team", async () => {
    await page.goto("/orders");
    await hydrated(page);
    await expect(buyersClaim().getByTestId("claim-status")).toHaveText("Declined by the vendor");
    await buyersClaim().getByText("Ask our support team").click();
    await buyersClaim().getByLabel("What should our support team know?").fill("The phone was never dropped; the battery swelled on its own.");
    await buyersClaim().getByRole("button", { name: "Send to support" }).click();
    await expect(toastWith(page, "Claim sent to our support team.")).toBeVisible();
    await expect(buyersClaim().getByTestId("claim-status")).toHaveText("With our support team");
  });

  await test.step("an admin finds it among escalated claims and grants a partial refund", async () => {
    await openTab(admin, "/admin", "claims", "&status=escalated");
    const claim = admin.getByTestId("admin-claim").filter({ hasText: `Order #${orderNumber}` });
    await expect(claim.getByTestId("claim-status")).toHaveText("With our support team");
    await claim.getByLabel("Decision", { exact: true }).selectOption("partial_refund");
    await claim.getByLabel("Amount to refund (₦)").fill("50,000");
    await claim.getByLabel("Note (required to reject)").fill("Half the cost of a new battery.");
    await claim.getByLabel("Yes, refund this amount").check();
    await claim.getByRole("button", { name: `Decide the claim on order #${orderNumber}` }).click();
    await expect(toastWith(admin, "Decision saved. The buyer and the vendor have been told.")).toBeVisible();
  });

  await test.step("buyer, vendor and admin see the same timeline", async () => {
    await openTab(admin, "/admin", "claims", "&status=resolved");
    const adminClaim = admin.getByTestId("admin-claim").filter({ hasText: `Order #${orderNumber}` });
    await expect(adminClaim.getByTestId("claim-status")).toHaveText("Resolved");
    const seenByAdmin = await timelineOf(adminClaim);
    expect(seenByAdmin.map((step) => step.split(/(Buyer|Vendor|Support team) ·/)[0])).toEqual([
      "Claim opened",
      "Declined by the vendor",
      "Sent to our support team",
      "Refund issued",
      "Resolved by our support team",
    ]);
    expect(seenByAdmin[3]).toContain("Partial refund: ₦50,000");

    await openTab(vendor, "/vendor-dashboard", "claims");
    const vendorClaim = vendor.getByTestId("vendor-claim").filter({ hasText: `Order #${orderNumber}` });
    await expect(vendorClaim.getByTestId("claim-status")).toHaveText("Resolved");
    expect(await timelineOf(vendorClaim)).toEqual(seenByAdmin);

    await page.goto("/orders");
    await hydrated(page);
    await expect(buyersClaim().getByTestId("claim-status")).toHaveText("Resolved");
    expect(await timelineOf(buyersClaim())).toEqual(seenByAdmin);
  });

  await vendor.context().close();
  await admin.context().close();
});
