import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { seriousA11yViolations } from "./support/accounts";
import { type ListedPhone, phonesInStock, signUpFreshCustomer } from "./support/customers";
import { cartLines } from "./support/route-data";

const lineOf = (page: Page, phone: { name: string }) =>
  page.getByTestId("checkout-line").filter({ has: page.getByRole("link", { name: phone.name, exact: true }) });
const placeOrder = (page: Page) => page.getByRole("button", { name: /^Place Order/ });
const toastWith = (page: Page, text: string) => page.getByRole("alert").or(page.getByRole("status")).filter({ hasText: text }).first();

async function openCheckout(page: Page) {
  await page.goto("/checkout");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
}

async function cartWith(page: Page, phones: ListedPhone[]) {
  for (const phone of phones) await page.request.post("/cart/items", { form: { productId: phone.id, quantity: "1" } });
  return cartLines(page);
}

const naira = (kobo: number) => `₦${(kobo / 100).toLocaleString("en-NG")}`;

test("the shipping form answers with the shop's messages, and Place Order waits for a ticked line", async ({ page }, info) => {
  const email = await signUpFreshCustomer(page, info, "Tobi Adeyemi");
  await cartWith(page, await phonesInStock(page, 2, 2));
  await openCheckout(page);

  await expect(page.getByText("Test mode — no real money")).toBeVisible();
  await expect(page.getByLabel("Full Name")).toHaveValue("Tobi Adeyemi");
  await expect(page.getByLabel("Email Address")).toHaveValue(email);
  await expect(page.getByLabel("Email Address")).toHaveAttribute("readonly", "");
  await expect(page.getByLabel("State")).toHaveAttribute("autocomplete", "address-level1");
  expect(await seriousA11yViolations(page)).toEqual([]);

  await placeOrder(page).click();
  // Shown once, at its field (not also in a toast and a box).
  await expect(page.getByText("Please enter a valid Nigerian phone number")).toHaveCount(1);
  await expect(page.getByLabel("Phone Number")).toBeFocused();
  await expect(page.getByLabel("Phone Number")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Street address must be at least 5 characters")).toBeVisible();
  await expect(page.getByText("City must be at least 2 characters")).toBeVisible();
  await expect(page.getByText("Please choose your state")).toBeVisible();

  await page.getByLabel("Phone Number").fill("0803 123 4567");
  await expect(page.getByLabel("Phone Number")).not.toHaveAttribute("aria-invalid");
  await page.getByLabel("State").selectOption("Federal Capital Territory");
  await expect(page.getByText("Please choose your state")).toHaveCount(0);
  await page.getByLabel("Full Name").fill("T");
  await page.getByLabel("Full Name").blur();
  await expect(page.getByText("Full name must be at least 2 characters")).toBeVisible();

  await expect(placeOrder(page)).toHaveText("Place Order (2 items)");
  for (const box of await page.getByRole("checkbox", { name: /^Select .* for checkout$/ }).all()) await box.uncheck();
  await expect(placeOrder(page)).toBeDisabled();
  await expect(placeOrder(page)).toHaveText("Place Order (0 items)");
  await expect(page.getByText("Please select items to checkout")).toBeVisible();
  await expect(page.getByTestId("summary-subtotal")).toHaveText("₦0");
});

test("a selection from the cart ticks only its lines; − stops at 1 and + raises the line and the totals", async ({ page }, info) => {
  await signUpFreshCustomer(page, info);
  const [kept, left] = await phonesInStock(page, 3, 2);
  const items = await cartWith(page, [kept!, left!]);
  const keptLine = items.find((line) => line.product.id === kept!.id)!;
  await page.goto("/cart");
  await page.evaluate((id) => sessionStorage.setItem("checkout_items", JSON.stringify([id])), keptLine.id);
  await openCheckout(page);

  await expect(page.getByLabel(`Select ${kept!.name} for checkout`)).toBeChecked();
  await expect(page.getByLabel(`Select ${left!.name} for checkout`)).not.toBeChecked();
  await expect(placeOrder(page)).toHaveText("Place Order (1 item)");
  await expect(page.getByTestId("summary-shipping")).toHaveText(/^(Free|₦[\d,]+|Select your state)$/);

  const line = lineOf(page, kept!);
  await expect(line.getByRole("button", { name: /^Decrease quantity/ })).toBeDisabled();
  await line.getByRole("button", { name: /^Increase quantity/ }).click();
  await expect(line.getByLabel(/^Quantity of/)).toHaveText("2");
  await expect(line.getByTestId("line-total")).toHaveText(naira(keptLine.product.price * 2));
  await expect(page.getByTestId("summary-subtotal")).toHaveText(naira(keptLine.product.price * 2));
  await expect(placeOrder(page)).toHaveText("Place Order (2 items)");
  await expect(line.getByRole("button", { name: /^Decrease quantity/ })).toBeEnabled();

  await page.getByRole("link", { name: "Refresh Cart" }).click();
  await expect(toastWith(page, "Cart refreshed")).toBeVisible();
  await expect(page.getByLabel(`Select ${left!.name} for checkout`)).not.toBeChecked();
});

test("Refresh Cart pressed while a change from another tab reloads the lines still says 'Cart refreshed'", async ({ page }, info) => {
  await signUpFreshCustomer(page, info);
  const [first, second] = await phonesInStock(page, 2, 2);
  await cartWith(page, [first!]);
  await openCheckout(page);

  // The refresh's request is held until another tab's change has sent its live reload after it.
  let held = false;
  await page.route("**/cart.data*", async (route) => {
    if (held) return route.continue();
    held = true;
    await page.request.post("/cart/items", { form: { productId: second!.id, quantity: "1" } });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue().catch(() => undefined);
  });
  await page.getByRole("link", { name: "Refresh Cart" }).click();
  await expect(toastWith(page, "Cart refreshed")).toBeVisible();
  await expect(lineOf(page, second!)).toBeVisible();
  await expect(toastWith(page, "Could not refresh your cart")).toHaveCount(0);
  await page.unrouteAll({ behavior: "ignoreErrors" });
});

test("the payment page says when there is no reference, and shows the server's refusal of an unknown one", async ({ page }, info) => {
  await signUpFreshCustomer(page, info);
  await page.goto("/payment-success");
  await expect(page.getByRole("heading", { name: "No payment reference found" })).toBeVisible();

  await page.goto("/payment-success?reference=pay_0000000000000unknown&status=success");
  const heading = page.getByRole("heading", { name: "Payment Verification Failed" });
  await expect(heading).toBeFocused();
  await expect(page.getByTestId("payment-reasons")).toHaveText("We have no payment with this reference.");
  await expect(toastWith(page, "Payment verification failed. Please check your orders page.")).toBeVisible();
  await expect(page.getByText("Payment Successful!")).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Retry Verification" }).click();
  await expect(heading).toBeFocused();
  await expect(page.getByRole("link", { name: "Check Orders" })).toHaveAttribute("href", "/orders");
  await expect(page.getByRole("link", { name: "Back to Checkout" })).toHaveAttribute("href", "/checkout");
});
