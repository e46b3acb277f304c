import type { Browser, Page, TestInfo } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { ADMIN_STATE_FILE, expect, openTab, projectIndex, refusedPricing, test, toastWith } from "./support/admin";
import { type ListedPhone, placeCheckoutOrder, signUpFreshCustomer } from "./support/customers";

const ADMIN_NAME = DEMO_ACCOUNTS.find((account) => account.email === "admin@tokunbo.test")!.fullName;

/**
 * A phone this journey alone buys: from the dear end of the shop, past the ones other journeys
 * take, one per project, with stock to spare.
 */
async function phoneToBuy(page: Page, info: TestInfo): Promise<ListedPhone> {
  const response = await page.request.get("/api/products?sort=price-high&page=2");
  const { items } = (await response.json()) as { items: ListedPhone[] };
  const phone = items.filter((p) => p.stockQuantity >= 3)[projectIndex(info)];
  expect(phone).toBeDefined();
  return phone!;
}

/** A fresh buyer places an order for one phone and leaves Paystack's page without paying. */
async function unpaidOrder(browser: Browser, info: TestInfo): Promise<string> {
  const context = await browser.newContext({ ...info.project.use });
  const buyer = await context.newPage();
  const email = await signUpFreshCustomer(buyer, info, "Chidi Okeke");
  const phone = await phoneToBuy(buyer, info);
  expect((await buyer.request.post("/cart/items", { form: { productId: phone.id, quantity: "1" } })).ok()).toBe(true);
  await buyer.goto("/checkout");
  await expect(buyer.locator("html[data-hydrated]")).toBeAttached();
  await placeCheckoutOrder(buyer, { customerName: "Chidi Okeke", customerPhone: "0803 555 0142", shippingAddress: "3 Awolowo Road", city: "Ikoyi", state: "Lagos" });
  await context.close();
  return email;
}

test("an admin records a bank transfer: the order is paid once and shown paid; the menu never offers 'Paid' and asks before cancelling", async ({ page, browser }, info) => {
  const email = await unpaidOrder(browser, info);
  await openTab(page, "/admin", "orders", "&status=pending");
  const order = page.getByRole("listitem").filter({ hasText: email });
  await expect(order).toHaveCount(1);

  const menu = order.getByLabel("Change status");
  await expect(menu.locator("option")).toHaveText(["Choose an action", "Cancel Order"]);
  await expect(menu).toHaveValue("");
  const apply = order.getByRole("button", { name: /^Apply to order/ });
  await expect(apply).toBeDisabled();
  await menu.selectOption("cancelled");
  const confirm = order.getByRole("group", { name: /^Cancel order #/ });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText("The phones go back to stock. This cannot be undone.");
  await expect(apply).toBeDisabled();
  await menu.selectOption("");
  await expect(confirm).toBeHidden();

  await order.getByText("Record a payment received outside Paystack").click();
  const total = ((await order.getByText(/^Must be exactly the order total, /).textContent()) ?? "").replace("Must be exactly the order total, ", "");
  const reference = `GTB-${info.project.name}-${Date.now()}`;
  await order.getByLabel("Method").selectOption("bank_transfer");
  await order.getByLabel("Reference").fill(reference);
  await order.getByLabel("Amount received (₦)").fill("1000");
  await order.getByLabel("Note (optional)").fill("Transfer seen on the GTBank statement");
  await order.getByRole("button", { name: /^Record payment for order/ }).click();
  await expect(toastWith(page, "Failed to record the payment")).toBeVisible();
  await expect(order.getByText(`The amount must be exactly the order total, ${total}`).first()).toBeVisible();

  await order.getByLabel("Amount received (₦)").fill(total.replace(/[^\d.]/g, ""));
  await order.getByRole("button", { name: /^Record payment for order/ }).click();
  await expect(toastWith(page, "Payment recorded: order #")).toBeVisible();

  await openTab(page, "/admin", "orders", "&status=paid");
  const paid = page.getByRole("listitem").filter({ hasText: email });
  await expect(paid).toHaveCount(1);
  await expect(paid.getByText("Successful", { exact: true }).first()).toBeVisible();
  await expect(paid).toContainText(`Manual · Bank transfer · ref ${reference}`);
  await expect(paid).toContainText(`Recorded by ${ADMIN_NAME}`);
  await expect(paid.getByText("Record a payment received outside Paystack")).toHaveCount(0);
  await expect(paid.getByLabel("Change status").locator("option")).toHaveText(["Choose an action", "Mark as Processing", "Mark as Shipped", "Cancel Order"]);

  // Paid once: one payment carries the reference, and the order has left the unpaid list.
  await openTab(page, "/admin", "payments");
  await expect(page.getByText(`ref ${reference}`)).toHaveCount(1);
  await openTab(page, "/admin", "orders", "&status=pending");
  await expect(page.getByRole("listitem").filter({ hasText: email })).toHaveCount(0);

  // Cancelling the paid order asks first, and says the money is flagged for a refund.
  await openTab(page, "/admin", "orders", "&status=paid");
  await paid.getByLabel("Change status").selectOption("cancelled");
  await expect(paid.getByRole("group", { name: /^Cancel order #/ })).toContainText("the payment is flagged for a refund");
  const cancel = paid.getByRole("button", { name: /^Apply to order/ });
  await expect(cancel).toBeDisabled();
  await paid.getByLabel("Yes, cancel this order").check();
  await cancel.click();
  await expect(toastWith(page, "Order status updated to cancelled")).toBeVisible();
});

// Saving a warranty changes what every page shows: the one journey that saves one is in
// listings.spec.ts, where the product page is checked too. Here, a refused value changes nothing.
test("an admin's warranty days outside 1 to 365 are refused", async ({ page }) => {
  const { current } = await refusedPricing(page, "Warranty", "400");
  await expect(page.getByText("Warranty must be a whole number of days from 1 to 365").first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Warranty")).toHaveValue(current);
});

test("an admin marks a listing inspected by ticking the whole checklist, and can withdraw it", async ({ page }, info) => {
  await openTab(page, "/admin", "products", "&status=approved");
  const inspectable = page.locator("li[data-product-id]").filter({ has: page.locator("summary", { hasText: /^Inspect / }) });
  const productId = await inspectable.nth(projectIndex(info)).getAttribute("data-product-id");
  const row = page.locator(`li[data-product-id="${productId}"]`);
  await row.locator("summary", { hasText: /^Inspect / }).click();
  const points = row.getByRole("group", { name: "Tick each of the 15 points you checked" }).getByRole("checkbox");
  await expect(points).toHaveCount(15);
  for (let i = 0; i < 14; i++) await points.nth(i).check();
  await row.getByRole("button", { name: /^Mark inspected/ }).click();
  await expect(toastWith(page, "Failed to mark the listing inspected")).toBeVisible();
  await expect(page.getByText("Tick all 15 points of the checklist to mark this listing inspected (14 of 15 ticked).").first()).toBeVisible();

  await points.nth(14).check();
  await row.getByRole("button", { name: /^Mark inspected/ }).click();
  await expect(toastWith(page, "Listing marked inspected")).toBeVisible();
  await expect(row.getByText(new RegExp(`^Inspected by ${ADMIN_NAME} on [A-Z][a-z]{2} \\d{1,2}, \\d{4}$`))).toBeVisible();

  await row.locator("summary", { hasText: "Withdraw inspection" }).click();
  await row.getByRole("button", { name: /^Withdraw inspection: / }).click();
  await expect(toastWith(page, "Inspection withdrawn")).toBeVisible();
  await expect(row.locator("summary", { hasText: /^Inspect / })).toBeVisible();
});

test("without scripts, cancelling from the status menu is asked twice as well", async ({ browser }, info) => {
  const email = await unpaidOrder(browser, info);
  const context = await browser.newContext({ ...info.project.use, javaScriptEnabled: false, storageState: ADMIN_STATE_FILE });
  const page = await context.newPage();
  await page.goto("/admin?tab=orders&status=pending");
  const order = page.getByRole("listitem").filter({ hasText: email });
  await expect(order.getByLabel("Change status").locator("option")).toHaveText(["Choose an action", "Cancel Order"]);
  await order.getByLabel("Change status").selectOption("cancelled");
  await expect(order.getByRole("group", { name: /^Cancel order #/ })).toBeVisible();
  // Refused by the server (the page's toast needs scripts to show): the order stays unpaid and listed.
  await order.getByRole("button", { name: /^Apply to order/ }).click();
  await expect(page).toHaveURL(/tab=orders&status=pending/);
  await expect(order).toHaveCount(1);
  await expect(order).toContainText("Pending");

  await order.getByLabel("Change status").selectOption("cancelled");
  await order.getByLabel("Yes, cancel this order").check();
  await order.getByRole("button", { name: /^Apply to order/ }).click();
  await expect(page).toHaveURL(/tab=orders&status=pending/);
  await expect(page.getByRole("listitem").filter({ hasText: email })).toHaveCount(0);
  await page.goto("/admin?tab=orders&status=cancelled");
  await expect(page.getByRole("listitem").filter({ hasText: email })).toHaveCount(1);
  await context.close();
});
