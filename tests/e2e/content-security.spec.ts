import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { phonesInStock, signUpFreshCustomer } from "./support/customers";

/*
 * The shop's scripts stay inside its Content-Security-Policy (no 'unsafe-eval'): forms validated
 * in the browser by the shared zod schemas never build code with `new Function`, so any violation
 * reported is a real one (docs/running.md). Also the checkout's 10-phone limit, as a buyer sees it.
 */

/** Records every `securitypolicyviolation` of the page from its very first script on. */
async function watchPolicy(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}

test("checkout's form, validated in the browser, breaks no policy; more than 10 phones are refused with what to untick", async ({ page }, info) => {
  const violations = await watchPolicy(page);
  await signUpFreshCustomer(page, info);
  const phones = await phonesInStock(page, 3, 4);
  for (const phone of phones) await page.request.post("/cart/items", { form: { productId: phone.id, quantity: "3" } });

  await page.goto("/checkout");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  const placeOrder = page.getByRole("button", { name: /^Place Order/ });
  await expect(page.getByText("Up to 10 phones per order: you have chosen 12. Untick or remove 2 phones to place this order.")).toBeVisible();
  await expect(placeOrder).toHaveText("Place Order (12 items)");
  await expect(placeOrder).toBeDisabled();

  await page.getByRole("checkbox", { name: `Select ${phones[3]!.name} for checkout` }).uncheck();
  await expect(page.getByText("Up to 10 phones per order.", { exact: true })).toBeVisible();
  await expect(placeOrder).toBeEnabled();
  await placeOrder.click();
  await expect(page.getByText("Please enter a valid Nigerian phone number")).toBeVisible();
  await page.getByLabel("City").fill("I");
  await page.getByLabel("City").blur();
  await expect(page.getByText("City must be at least 2 characters")).toBeVisible();

  expect(await violations()).toEqual([]);
  // The watch itself works: code built from a string is reported.
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.__inline = 1";
    document.body.append(script);
  });
  await expect.poll(violations).toEqual([expect.stringContaining("script-src")]);
});
