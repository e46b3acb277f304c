import { readFile } from "node:fs/promises";
import type { Browser, TestInfo } from "@playwright/test";
import { checkoutForm } from "../../app/checkout/checkout-form-data";
import { lagosToday } from "../../lib/lagos-time";
import { ADMIN_STATE_FILE, expect, openTab, projectIndex, test } from "./support/admin";
import { signUpFreshCustomer } from "./support/customers";
import { postAction } from "./support/route-data";

interface Phone {
  id: string;
  name: string;
  stockQuantity: number;
  vendor: { businessName: string };
}

const SHIPPING = {
  customerName: "Funmilayo Bankole",
  customerPhone: "0803 555 0177",
  shippingAddress: "21 Adeola Odeku Street",
  city: "Victoria Island",
  state: "Lagos",
};

/**
 * A fresh buyer orders two phones of two vendors in one checkout and leaves the payment page
 * unpaid: two pending orders nobody else has. Answers the buyer's e-mail and the two phones.
 */
async function buyerWithTwoOrders(browser: Browser, info: TestInfo): Promise<{ email: string; phones: [Phone, Phone] }> {
  const context = await browser.newContext({ ...info.project.use });
  const buyer = await context.newPage();
  const email = await signUpFreshCustomer(buyer, info, SHIPPING.customerName);
  const { items } = (await (await buyer.request.get("/api/products?sort=rating")).json()) as { items: Phone[] };
  const inStock = items.filter((phone) => phone.stockQuantity >= 4);
  const first = inStock[projectIndex(info)]!;
  const second = inStock.filter((phone) => phone.vendor.businessName !== first.vendor.businessName)[projectIndex(info)]!;
  expect(first).toBeDefined();
  expect(second).toBeDefined();
  for (const phone of [first, second]) {
    expect((await buyer.request.post("/cart/items", { form: { productId: phone.id, quantity: "1" } })).ok()).toBe(true);
  }
  const placed = await postAction(buyer.request, "/checkout", checkoutForm([{ productId: first.id, quantity: 1 }, { productId: second.id, quantity: 1 }], SHIPPING));
  expect(placed.redirect).toContain("/paystack-standin/pay/");
  await context.close();
  return { email, phones: [first, second] };
}

test("an admin finds orders by e-mail and order number, narrows them by vendor and date, and exports only those", async ({ page, browser }, info) => {
  const { email, phones } = await buyerWithTwoOrders(browser, info);
  const orders = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /^Order #/ }) });
  const search = page.getByRole("search", { name: "Find orders" });
  const count = page.getByRole("status").filter({ hasText: /orders? match|^\d[\d,]* orders?$/ });

  await openTab(page, "/admin", "orders");
  await search.getByLabel("Search").fill(email.toUpperCase());
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(count).toHaveText("2 orders match your search");
  await expect(orders).toHaveCount(2);
  for (const phone of phones) await expect(orders.filter({ hasText: phone.name })).toHaveCount(1);

  // By order number, as shown and with '#'.
  const wanted = orders.filter({ hasText: phones[1].name });
  const number = ((await wanted.getByRole("heading").textContent()) ?? "").replace("Order #", "").trim();
  expect(number).toMatch(/^[0-9a-f]{8}$/);
  await search.getByLabel("Search").fill(`#${number}`);
  await search.getByRole("button", { name: "Search" }).click();
  await expect(count).toHaveText("1 order matches your search");
  await expect(orders).toHaveCount(1);
  await expect(orders.first().getByRole("heading")).toHaveText(`Order #${number}`);

  // The buyer's e-mail again, narrowed to one vendor and today's Lagos date; the address keeps it all.
  const today = lagosToday();
  await search.getByLabel("Search").fill(email);
  await search.getByLabel("Vendor").selectOption({ label: phones[0].vendor.businessName });
  await search.getByLabel("Placed from").fill(today);
  await search.getByLabel("Placed to").fill(today);
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${today}.*to=${today}.*vendor=`));
  await expect(count).toHaveText("1 order matches your search");
  await expect(orders).toHaveCount(1);
  await expect(orders.first()).toContainText(phones[0].name);
  await expect(orders.first()).toContainText(phones[0].vendor.businessName);
  const kept = orders.first().getByRole("heading");
  const keptNumber = ((await kept.textContent()) ?? "").replace("Order #", "").trim();

  // The download carries the same search: one row, that order.
  const exportLink = page.getByRole("link", { name: "Export these orders (CSV)" });
  await expect(exportLink).toHaveAttribute("href", /^\/admin\/export\/orders\?.*from=.*vendor=/);
  const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
  expect(download.suggestedFilename()).toMatch(/^tokunbo-orders-filtered-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "").trimEnd().split("\r\n");
  expect(rows).toHaveLength(2);
  expect(rows[0]).toMatch(/^Order ID,Order number,/);
  expect(rows[1]).toContain(`,${keptNumber},`);
  expect(rows[1]).toContain(email);

  // A date range that ends before it starts is refused beside its field; nothing is listed.
  await search.getByLabel("Placed from").fill(today);
  await search.getByLabel("Placed to").fill("2020-01-01");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(search.getByText("The 'from' date must be on or before the 'to' date")).toBeVisible();
  await expect(search.getByLabel("Placed to")).toHaveAttribute("aria-invalid", "true");
  await expect(orders).toHaveCount(0);

  // Nothing found says so; 'Clear filters' brings every order back.
  await search.getByLabel("Placed to").fill(today);
  await search.getByLabel("Search").fill("no-such-buyer@example.com");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No orders match your search. Change the search or clear the filters.")).toBeVisible();
  await expect(count).toHaveText("0 orders match your search");
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=orders$/);
  await expect(count).toHaveText(/^\d[\d,]* orders$/);
  await expect(search.getByLabel("Search")).toHaveValue("");
});

test("without scripts, the order search works as a plain form and its address keeps the search", async ({ browser }, info) => {
  const context = await browser.newContext({ ...info.project.use, javaScriptEnabled: false, storageState: ADMIN_STATE_FILE });
  const page = await context.newPage();
  await page.goto("/admin?tab=orders");
  const search = page.getByRole("search", { name: "Find orders" });
  const first = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /^Order #/ }) }).first();
  const number = ((await first.getByRole("heading").textContent()) ?? "").replace("Order #", "").trim();
  await search.getByLabel("Search").fill(number.toUpperCase());
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${number.toUpperCase()}`));
  await expect(page.getByText("1 order matches your search")).toBeVisible();
  await expect(page.getByRole("heading", { name: `Order #${number}` })).toBeVisible();
  await expect(page.getByRole("link", { name: "Export these orders (CSV)" })).toHaveAttribute("href", `/admin/export/orders?q=${number.toUpperCase()}`);

  // A 'to' date before the 'from' date is refused by the server, beside its field.
  await search.getByLabel("Placed from").fill("2026-03-10");
  await search.getByLabel("Placed to").fill("2026-03-01");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(search.getByText("The 'from' date must be on or before the 'to' date")).toBeVisible();
  await expect(page.getByText("Correct the search above to see orders.")).toBeVisible();

  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=orders$/);
  await expect(search.getByLabel("Search")).toHaveValue("");
  await context.close();
});
