import type { Page } from "@playwright/test";
import { test as adminTest, openTab, toastWith } from "./support/admin";
import { signIn } from "./support/accounts";
import { SUCCESS_CARD, placeOrderAndPay, signUpFreshCustomer } from "./support/customers";
import { loaderData, postAction } from "./support/route-data";
import { expect } from "./support/test";
import { freshPage, liveVendorPhones } from "./support/vendors";
import { DAY_MS, lagosDay } from "../../lib/lagos-time";

const VENDOR_EMAIL = "vendor@tokunbo.test";
const SHIPPING = { customerName: "Bola Tinubu-Okafor", customerPhone: "0805 555 0199", shippingAddress: "8 Adeola Odeku Street", city: "Victoria Island", state: "Lagos" };

interface VendorOrder {
  id: string;
  status: string;
  product: { id: string };
}


/** The demo vendor ships each order, as their dashboard's move form posts it, and the buyer confirms it arrived ('I received my phone'). */
async function shipAndConfirm(vendor: Page, buyer: Page, orderIds: string[]) {
  for (const orderId of orderIds) {
    const shipped = await postAction(vendor.request, "/vendor-dashboard", {
      intent: "move", orderId, status: "shipped", carrier: "GIG Logistics", trackingNumber: `GIGL-${orderId.slice(0, 6)}`, estimatedDeliveryDate: lagosDay(Date.now() + 2 * DAY_MS),
    });
    expect(shipped.status).toBe(200);
    await postAction(buyer.request, "/orders", { intent: "received", orderId });
  }
  const { orders } = await loaderData<{ orders: { list: VendorOrder[] } }>(vendor.request, "/vendor-dashboard?tab=orders", "vendors/routes/vendor-dashboard");
  expect(orderIds.map((id) => orders.list.find((order) => order.id === id)?.status)).toEqual(orderIds.map(() => "delivered"));
}

/** The statement's rows as cells; amounts in naira. */
function statementRows(csv: string): string[][] {
  return csv.replace(/^\uFEFF/, "").trim().split("\r\n").slice(1).map((line) => line.split(","));
}

// Tagged @shared-setting: a payout run pays every vendor due, so only one project runs it.
adminTest("a vendor adds a bank account, three delivered orders pass their warranty, an admin's run pays them, and the statement adds up @shared-setting", async ({ page, browser, extraHTTPHeaders }, info) => {
  adminTest.setTimeout(180_000);
  const vendor = await freshPage(browser, info, extraHTTPHeaders);
  await signIn(vendor, VENDOR_EMAIL);
  await expect(vendor).not.toHaveURL(/\/auth/);

  await adminTest.step("the vendor adds a bank account: Paystack resolves the name, the vendor confirms it", async () => {
    await openTab(vendor, "/vendor-dashboard", "earnings");
    await expect(vendor.getByRole("heading", { name: "Payout details" })).toBeVisible();
    const current = vendor.getByTestId("payout-account");
    // A retry of this journey finds the account saved the first time.
    if (await current.isVisible()) {
      await expect(current).toContainText("ADEBAYO OLUWASEUN");
      return;
    }
    await vendor.getByLabel("Bank").selectOption({ label: "Guaranty Trust Bank" });
    await vendor.getByLabel("Account number").fill("0001234567");
    await vendor.getByRole("button", { name: "Check account" }).click();
    await expect(vendor.getByText("Account name: ADEBAYO OLUWASEUN")).toBeVisible();
    await vendor.getByRole("button", { name: "Save bank account" }).click();
    await expect(toastWith(vendor, "Bank account saved")).toBeVisible();
    await expect(current).toContainText("Guaranty Trust Bank ****4567");
    await expect(current).toContainText("ADEBAYO OLUWASEUN");
  });

  const orderIds = await adminTest.step("a buyer pays for three of the vendor's phones and the vendor delivers them", async () => {
    const phones = (await liveVendorPhones(vendor, 2)).slice(-3);
    expect(phones).toHaveLength(3);
    const buyer = await freshPage(browser, info, extraHTTPHeaders);
    await signUpFreshCustomer(buyer, info, SHIPPING.customerName);
    for (const phone of phones) expect((await buyer.request.post("/cart/items", { form: { productId: phone.id, quantity: "1" } })).ok()).toBe(true);
    await buyer.goto("/checkout");
    await placeOrderAndPay(buyer, SHIPPING, SUCCESS_CARD, 3);
    const { orders } = await loaderData<{ orders: { list: VendorOrder[] } }>(vendor.request, "/vendor-dashboard?tab=orders", "vendors/routes/vendor-dashboard");
    // Newest first: this buyer's order of each phone.
    const paid = phones.map((phone) => orders.list.find((order) => order.product.id === phone.id && order.status === "paid")?.id).filter((id) => id !== undefined);
    expect(paid).toHaveLength(3);
    await shipAndConfirm(vendor, buyer, paid);
    await buyer.context().close();
    return paid;
  });

  const paidOut = await adminTest.step("the admin runs payouts as of a day after the warranty ended (the test clock) and the transfer is paid", async () => {
    const admin = page;
    await openTab(admin, "/admin", "payouts");
    await admin.getByText("Start payout run", { exact: true }).click();
    const confirm = admin.getByRole("alertdialog", { name: "Start payout run" });
    await expect(confirm).toContainText(/^This pays every vendor whose available balance is at least ₦[\d,]+ by bank transfer\. Continue\?/);
    // Each try of the journey pays in its own week.
    await confirm.getByLabel("Run as of (test mode)").fill(lagosDay(Date.now() + (100 + 7 * info.retry) * DAY_MS));
    await confirm.getByRole("button", { name: /^Continue/ }).click();
    await expect(toastWith(admin, "Payout run finished:")).toBeVisible();

    await openTab(vendor, "/vendor-dashboard", "earnings");
    const row = vendor.getByTestId("payout-row").first();
    await expect(async () => {
      await vendor.reload();
      await expect(row).toContainText("Paid");
    }).toPass({ timeout: 20_000 });
    await expect(row).toContainText("Guaranty Trust Bank ****4567");
    await expect(row).toContainText("Test");
    await expect(row.getByText(/^payout_[0-9a-f]{24}_\d{4}w\d{2}_1$/)).toBeVisible();
    return { amount: (await row.locator("td").nth(1).textContent()) ?? "", reference: (await row.locator("td").last().textContent()) ?? "" };
  });

  await adminTest.step("the month's statement adds up: opening balance, each entry, closing balance", async () => {
    const month = lagosDay(Date.now()).slice(0, 7);
    const link = vendor.getByRole("link", { name: /^Statement for / }).first();
    await expect(link).toHaveAttribute("href", `/vendor-dashboard/statement?month=${month}`);
    const response = await vendor.request.get(`/vendor-dashboard/statement?month=${month}`);
    expect(response.headers()["content-type"]).toContain("text/csv");
    const rows = statementRows(await response.text());
    const balance = (label: string, bucket: string) => Number(rows.find((r) => r[1] === label && r[3] === bucket)![4]);
    for (const bucket of ["available", "pending"]) {
      const moved = rows.filter((r) => !r[1]!.endsWith("balance") && r[3] === bucket).reduce((sum, r) => sum + Number(r[4]), 0);
      expect(balance("Opening balance", bucket) + moved).toBeCloseTo(balance("Closing balance", bucket), 2);
    }
    // The three sales were credited and released, and the payout took the whole available balance.
    const orderNumbers = orderIds.map((id) => `#${id.slice(-8)}`);
    for (const number of orderNumbers) {
      expect(rows.some((r) => r[1] === "Sale" && r[2]?.toLowerCase() === number.toLowerCase())).toBe(true);
      expect(rows.some((r) => r[1] === "Warranty ended" && r[2]?.toLowerCase() === number.toLowerCase() && r[3] === "available")).toBe(true);
    }
    const payout = rows.find((r) => r[1] === "Payout")!;
    expect(-Number(payout[4])).toBe(Number(paidOut.amount.replace(/[^\d.]/g, "")));
    expect(balance("Closing balance", "available")).toBeLessThanOrEqual(0);
  });
  await vendor.context().close();
});
