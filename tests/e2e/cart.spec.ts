import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { seriousA11yViolations } from "./support/accounts";
import { cartLink, phonesInStock, signUpFreshCustomer } from "./support/customers";
import { cartLines, postAction } from "./support/route-data";

const lineOf = (page: Page, phone: { name: string }) =>
  page.getByTestId("cart-line").filter({ has: page.getByRole("link", { name: phone.name, exact: true }) });

async function addFromProductPage(page: Page, id: string) {
  await page.goto(`/product/${id}`);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: "Added 1 item(s) to cart" }).first()).toBeVisible();
}

test("the cart stays the same in a second open tab through add, quantity, remove and clear", async ({ page, context }, info) => {
  await signUpFreshCustomer(page, info);
  const [first, second] = await phonesInStock(page, 3, 2);
  const other = await context.newPage();
  await other.goto("/cart");
  await expect(other.getByText("Your cart is empty")).toBeVisible();
  await expect(other.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/shop");

  await addFromProductPage(page, first!.id);
  await expect(cartLink(other)).toHaveAccessibleName("Cart, 1 item");
  await expect(lineOf(other, first!)).toBeVisible();

  await addFromProductPage(page, second!.id);
  await expect(cartLink(other)).toHaveAccessibleName("Cart, 2 items");

  await page.goto("/cart");
  expect(await seriousA11yViolations(page)).toEqual([]);
  await lineOf(page, first!).getByRole("button", { name: /^Increase quantity/ }).click();
  await expect(lineOf(page, first!).getByLabel(/^Quantity of/)).toHaveText("2");
  await expect(lineOf(other, first!).getByLabel(/^Quantity of/)).toHaveText("2");
  await expect(cartLink(other)).toHaveAccessibleName("Cart, 3 items");
  await expect(other.getByTestId("summary-count")).toHaveText("3 items");

  await lineOf(page, second!).getByRole("button", { name: /^Remove/ }).click();
  await expect(page.getByText("Item removed from cart")).toBeVisible();
  await expect(lineOf(other, second!)).toHaveCount(0);
  await expect(cartLink(other)).toHaveAccessibleName("Cart, 2 items");

  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Clear cart" }).click();
  await expect(page.getByText("Your cart is empty")).toBeVisible();
  await expect(other.getByText("Your cart is empty")).toBeVisible();
  await expect(cartLink(other)).toHaveAccessibleName("Cart");
});

test("the summary adds up the ticked lines and checkout receives exactly them", async ({ page }, info) => {
  await signUpFreshCustomer(page, info);
  const phones = await phonesInStock(page, 2, 3);
  for (const phone of phones) await page.request.post("/cart/items", { form: { productId: phone.id, quantity: "1" } });
  await page.request.post("/cart/items", { form: { productId: phones[0]!.id, quantity: "1" } });

  await page.goto("/cart");
  const items = await cartLines(page);
  const naira = (kobo: number) => `₦${(kobo / 100).toLocaleString("en-NG")}`;
  const total = (lines: typeof items) => lines.reduce((sum, line) => sum + line.product.price * line.quantity, 0);
  await expect(page.getByTestId("summary-count")).toHaveText("4 items");
  await expect(page.getByTestId("summary-subtotal")).toHaveText(naira(total(items)));
  await expect(page.getByLabel("Select all (3)")).toBeChecked();

  const dropped = phones[1]!;
  await page.getByLabel(`Select ${dropped.name}`).uncheck();
  await expect(page.getByLabel("Select all (3)")).not.toBeChecked();
  const kept = items.filter((line) => line.product.id !== dropped.id);
  await expect(page.getByTestId("summary-count")).toHaveText("3 items");
  await expect(page.getByTestId("summary-subtotal")).toHaveText(naira(total(kept)));

  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const handedOver = await page.evaluate(() => JSON.parse(sessionStorage.getItem("checkout_items") ?? "null") as string[]);
  expect(handedOver.sort()).toEqual(kept.map((line) => line.id).sort());
});

test("a quantity above the stock is capped with a message, and zero removes the line", async ({ page }, info) => {
  await signUpFreshCustomer(page, info);
  const [phone] = await phonesInStock(page, 2, 1);
  await page.request.post("/cart/items", { form: { productId: phone!.id, quantity: "1" } });
  const line = (await cartLines(page))[0]!.id;

  await page.goto("/cart");
  const capped = await postAction(page.request, "/cart", { intent: "quantity", itemId: line, quantity: "500" });
  expect(capped.data).toMatchObject({ ok: true, tone: "info", cartCount: phone!.stockQuantity });
  await expect(lineOf(page, phone!).getByLabel(/^Quantity of/)).toHaveText(String(phone!.stockQuantity));
  await expect(lineOf(page, phone!).getByRole("button", { name: /^Increase quantity/ })).toBeDisabled();

  await lineOf(page, phone!).getByRole("button", { name: /^Decrease quantity/ }).click();
  await expect(lineOf(page, phone!).getByLabel(/^Quantity of/)).toHaveText(String(phone!.stockQuantity - 1));
  const removed = await postAction(page.request, "/cart", { intent: "quantity", itemId: line, quantity: "0" });
  expect(removed.data).toMatchObject({ ok: true, message: "Item removed from cart", cartCount: 0 });
  await expect(page.getByText("Your cart is empty")).toBeVisible();
});

test("a signed-out visitor sees a sign-in prompt on /cart", async ({ page }) => {
  await page.goto("/cart");
  await expect(page.getByText("Please sign in to see your cart.")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
});
