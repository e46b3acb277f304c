import { openTab } from "./support/admin";
import { buyerBuysNow, buyerSendsPhoneBack, expectOrderRefunded, expectStandinRefundProcessed, vendorShips } from "./support/after-sale";
import { loaderData } from "./support/route-data";
import { expect, test } from "./support/test";
import { freshPage, hydrated, listedAndApproved, openAsAdmin, toastWith } from "./support/vendors";
import { formatNaira } from "../../lib/money";

interface BuyerOrder {
  id: string;
  orderNumber: string;
  totalAmount: number;
  charge: { deliveryFee: number; total: number } | null;
}

test("a change-of-mind return: the buyer sees the refund before asking, the vendor gives instructions, the phone comes back with tracking, the vendor confirms and the refund follows", async ({ page, browser, extraHTTPHeaders }, info) => {
  test.setTimeout(240_000);
  const name = `iPhone 12 mini return ${info.project.name} ${Date.now().toString(36)}`;
  const vendor = await freshPage(browser, info, extraHTTPHeaders);
  const admin = await openAsAdmin(browser, info, extraHTTPHeaders);
  let order: BuyerOrder = { id: "", orderNumber: "", totalAmount: 0, charge: null };
  let reference = "";

  await test.step("the vendor lists a phone, an admin approves it and a buyer outside Lagos pays for it", async () => {
    const href = await listedAndApproved(vendor, admin, { name, model: "iPhone 12 mini", suggestedPrice: "519000", stockQuantity: "2", color: "Green" });
    await admin.context().close();
    reference = await buyerBuysNow(page, info, href, { customerName: "Bisi Adewale", customerPhone: "0803 111 0345", shippingAddress: "12 Kuto Road", city: "Abeokuta", state: "Ogun" });
    const { orders } = await loaderData<{ orders: BuyerOrder[] }>(page.request, "/orders", "orders/routes/orders");
    order = orders[0]!;
    expect(order.charge?.deliveryFee).toBeGreaterThan(0);
  });

  const card = () => page.getByTestId("order-card").filter({ hasText: `Order #${order.orderNumber}` }).first();
  const vendorsReturn = () => vendor.getByTestId("vendor-return").filter({ hasText: `Order #${order.orderNumber}` });

  await test.step("the vendor ships it from the dashboard and the buyer confirms it arrived", async () => {
    await vendorShips(vendor, order.orderNumber, { carrier: "GIG Logistics", trackingNumber: "GIGL-7700123", inDays: 3 });

    await page.goto("/orders");
    await hydrated(page);
    await card().getByRole("link", { name: /^I received my phone/ }).click();
    await page.getByRole("dialog", { name: "Did your phone arrive?" }).getByRole("button", { name: "Yes, I received it" }).click();
    await expect(toastWith(page, "Thanks! Your order is marked delivered.")).toBeVisible();
  });

  await test.step("the order card says what comes back before the buyer asks: the total, without the delivery fee", async () => {
    await page.goto("/orders");
    await hydrated(page);
    const offer = card().getByTestId("return-offer");
    await expect(offer.getByTestId("return-amount")).toContainText(
      `You get back ${formatNaira(order.totalAmount)}: what you paid for the phone. The ${formatNaira(order.charge!.deliveryFee)} delivery fee is not refunded.`,
    );
    await expect(offer.getByTestId("return-amount")).toContainText("Ask by ");
    await offer.getByText("Return this phone").click();
    const form = offer.getByRole("form", { name: `Return this phone (order #${order.orderNumber})` });
    await form.getByLabel("Why are you returning it?").fill("I changed my mind: I prefer a bigger screen.");
    await form.getByRole("button", { name: "Ask for a return" }).click();
    await expect(form.getByText("Tick the box to confirm the phone is unused and in the condition it was sold")).toBeVisible();
    await form.getByLabel(/The phone is unused and in the condition it was sold/).check();
    await form.getByRole("button", { name: "Ask for a return" }).click();
    await expect(toastWith(page, "Return asked for. The vendor will tell you how to send the phone back.")).toBeVisible();
    await expect(card().getByTestId("return-status")).toHaveText("Waiting for the vendor's instructions");
  });

  await test.step("the vendor writes where and how to send it", async () => {
    await openTab(vendor, "/vendor-dashboard", "claims");
    await vendorsReturn().getByLabel("How the buyer sends the phone back").fill("Send it by GIG to Shop 4, Computer Village, Ikeja, in its box with the charger.");
    await vendorsReturn().getByRole("button", { name: "Send instructions" }).click();
    await expect(toastWith(vendor, "Instructions sent. The buyer has been told.")).toBeVisible();
    await expect(vendorsReturn().getByText("Waiting for the buyer to send the phone back.")).toBeVisible();
  });

  await test.step("the buyer sends it back: a number of the wrong format is refused, the right one links to the courier", async () => {
    await page.goto("/orders");
    await hydrated(page);
    await expect(card().getByTestId("order-return")).toContainText("Send it by GIG to Shop 4, Computer Village");
    const form = card().getByRole("form", { name: `Send the phone back (order #${order.orderNumber})` });
    await buyerSendsPhoneBack(page, form, "GIGL-5501299");
    await expect(card().getByTestId("return-facts").getByRole("link", { name: "Track GIGL-5501299 with GIG Logistics (opens in a new tab)" }))
      .toHaveAttribute("href", "https://giglogistics.com/track?waybill=GIGL-5501299");
  });

  await test.step("the vendor confirms the phone arrived and puts it back on sale; the refund follows", async () => {
    await openTab(vendor, "/vendor-dashboard", "claims");
    await expect(vendorsReturn().getByTestId("return-facts")).toContainText("GIGL-5501299");
    await vendorsReturn().getByLabel("Put back on sale (adds one to the listing's stock)").check();
    await vendorsReturn().getByRole("button", { name: "The phone arrived" }).click();
    await expect(toastWith(vendor, `Receipt confirmed. A refund of ${formatNaira(order.totalAmount)} is on its way to the buyer.`)).toBeVisible();
    await expect(vendorsReturn().getByTestId("return-status")).toHaveText("Refunded");
  });

  await test.step("the stand-in lists the refund, and the buyer sees the money back", async () => {
    await expectStandinRefundProcessed(page, reference);
    await expectOrderRefunded(page, card);
    await expect(card().getByTestId("return-status")).toHaveText("Refunded");
    await expect(card().getByTestId("return-refunded")).toHaveText(`Refund of ${formatNaira(order.totalAmount)} sent back the way you paid.`);
  });

  await test.step("the vendor's Earnings show the refund taken from the order", async () => {
    await openTab(vendor, "/vendor-dashboard", "earnings");
    const debit = vendor.getByTestId("ledger-entry").filter({ hasText: `#${order.orderNumber}` }).filter({ hasText: "Refund" });
    await expect(debit.first()).toContainText(/−₦[\d,]+/);
  });

  await vendor.context().close();
});
