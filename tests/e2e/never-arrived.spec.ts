import { openTab } from "./support/admin";
import { buyerBuysNow, expectOrderRefunded, expectStandinRefundProcessed, vendorShips } from "./support/after-sale";
import { loaderData } from "./support/route-data";
import { expect, test } from "./support/test";
import { freshPage, hydrated, listedAndApproved, openAsAdmin, toastWith } from "./support/vendors";
import { formatNaira } from "../../lib/money";

test("'never arrived': a shipped order the buyer never got, the vendor answers, an admin refunds it in full and the buyer sees the money back", async ({ page, browser, extraHTTPHeaders }, info) => {
  test.setTimeout(240_000);
  const name = `iPhone 11 never arrived ${info.project.name} ${Date.now().toString(36)}`;
  const vendor = await freshPage(browser, info, extraHTTPHeaders);
  const admin = await openAsAdmin(browser, info, extraHTTPHeaders);
  let order = { id: "", orderNumber: "", charge: { total: 0 } };
  let reference = "";

  await test.step("a buyer pays for a listed phone and the vendor ships it", async () => {
    const href = await listedAndApproved(vendor, admin, { name, model: "iPhone 11", suggestedPrice: "210000", stockQuantity: "2", color: "Purple" });
    reference = await buyerBuysNow(page, info, href, { customerName: "Chidi Nwosu", customerPhone: "0803 111 0456", shippingAddress: "8 Ogui Road", city: "Enugu", state: "Enugu" });
    const { orders } = await loaderData<{ orders: Array<typeof order> }>(page.request, "/orders", "orders/routes/orders");
    order = orders[0]!;

    await vendorShips(vendor, order.orderNumber, { carrier: "Red Star Express", trackingNumber: "RSX-7788456", inDays: 4 });
  });

  const card = () => page.getByTestId("order-card").filter({ hasText: `Order #${order.orderNumber}` }).first();
  const buyersClaim = () => card().getByTestId("order-claim");

  await test.step("the buyer says it never arrived", async () => {
    await page.goto("/orders");
    await hydrated(page);
    await expect(card().getByTestId("not-received")).toContainText("Not received? Tell us before");
    await card().getByRole("link", { name: `Never arrived (order #${order.orderNumber})` }).click();
    const dialog = page.getByRole("dialog", { name: "Never arrived" });
    await dialog.getByLabel("Describe the problem").fill("The tracking page has said 'in transit' for a week and nobody has called me.");
    await dialog.getByRole("button", { name: "Send claim" }).click();
    await expect(toastWith(page, "Warranty claim sent. The vendor has been told.")).toBeVisible();
    await expect(buyersClaim().getByTestId("claim-status")).toHaveText("Waiting for the vendor");
    await expect(card().getByRole("link", { name: `Never arrived (order #${order.orderNumber})` })).toHaveCount(0);
  });

  await test.step("the vendor answers: it says the courier delivered it", async () => {
    await openTab(vendor, "/vendor-dashboard", "claims");
    const claim = vendor.getByTestId("vendor-claim").filter({ hasText: `Order #${order.orderNumber}` });
    await claim.getByLabel("Decline the claim").check();
    await claim.getByLabel("Why you decline").fill("Red Star Express says it left the parcel with the estate's gatehouse.");
    await claim.getByRole("button", { name: "Send answer" }).click();
    await expect(toastWith(vendor, "Claim declined. The buyer has been told.")).toBeVisible();
  });

  await test.step("the buyer asks our support team, and an admin refunds the order in full", async () => {
    await page.goto("/orders");
    await hydrated(page);
    await expect(buyersClaim()).toContainText("Our support team looks at it if you ask by");
    await buyersClaim().getByText("Ask our support team").click();
    await buyersClaim().getByLabel("What should our support team know?").fill("The gatehouse has no parcel for me; the phone never reached me.");
    await buyersClaim().getByRole("button", { name: "Send to support" }).click();
    await expect(toastWith(page, "Claim sent to our support team.")).toBeVisible();

    await openTab(admin, "/admin", "claims", "&status=escalated");
    const claim = admin.getByTestId("admin-claim").filter({ hasText: `Order #${order.orderNumber}` });
    await expect(claim.getByTestId("claim-status")).toHaveText("With our support team");
    await claim.getByLabel("Decision", { exact: true }).selectOption("full_refund");
    await claim.getByLabel("Yes, refund what is left of this order").check();
    await claim.getByRole("button", { name: `Decide the claim on order #${order.orderNumber}` }).click();
    await expect(toastWith(admin, "Decision saved. The buyer and the vendor have been told.")).toBeVisible();
  });

  await test.step("the stand-in pays the refund and the buyer sees all their money back, the order refunded and never delivered", async () => {
    await expectStandinRefundProcessed(page, reference, formatNaira(order.charge.total));
    await expectOrderRefunded(page, card);
    await expect(card().getByText("Refunded", { exact: true }).first()).toBeVisible();
    await expect(buyersClaim().getByTestId("claim-status")).toHaveText("Resolved");
    await expect(card().getByRole("link", { name: /^I received my phone/ })).toHaveCount(0);
  });

  await vendor.context().close();
  await admin.context().close();
});
