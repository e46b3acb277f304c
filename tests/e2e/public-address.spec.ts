import { expect, test } from "./support/test";
import { DEMO_PASSWORD, seriousA11yViolations } from "./support/accounts";

/*
 * The test server's PUBLIC_URL is http://127.0.0.1:PORT. A buyer who types localhost instead is
 * sent there first, so the session they sign in with is the one Paystack's return meets.
 */
const port = process.env.E2E_PORT ?? "3210";
const PUBLIC = `http://127.0.0.1:${port}`;
const OTHER = `http://localhost:${port}`;

test("a page opened at localhost moves permanently to the public address, keeping the path and query", async ({ page }) => {
  const answer = await page.request.get(`${OTHER}/shop?search=iphone&grade=A`, { maxRedirects: 0 });
  expect(answer.status()).toBe(308);
  expect(answer.headers().location).toBe(`${PUBLIC}/shop?search=iphone&grade=A`);

  await page.goto(`${OTHER}/shop?search=iphone&grade=A`);
  await expect(page).toHaveURL(`${PUBLIC}/shop?search=iphone&grade=A`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test("a buyer who signs in after typing localhost is still signed in when a link brings them back at localhost", async ({ page }) => {
  await page.goto(`${OTHER}/auth?redirect=%2Forders`);
  await expect(page).toHaveURL(`${PUBLIC}/auth?redirect=%2Forders`);
  await page.getByLabel("Email").fill("customer@tokunbo.test");
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${PUBLIC}/orders`);

  // As Paystack's return to PUBLIC_URL would, from a link written with the other name.
  await page.goto(`${OTHER}/orders?details=none`);
  await expect(page).toHaveURL(`${PUBLIC}/orders?details=none`);
  await expect(page.getByRole("heading", { level: 1, name: "My Orders" })).toBeVisible();
});
