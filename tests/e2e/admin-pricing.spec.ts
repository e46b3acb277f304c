import { MODERATION_TEXTS } from "../../domain/catalog/moderation-validation";
import { seriousA11yViolations, signIn } from "./support/accounts";
import { expect, test } from "./support/test";
import { addProductWithPhoto, freshPage, hydrated, openAsAdmin, toastWith } from "./support/vendors";

test("an admin sets a listing's final price in the approval queue; the shop shows it, with a 'Was' price only when the admin sets one", async ({ page, browser, extraHTTPHeaders }, info) => {
  test.setTimeout(120_000);
  const name = `Galaxy S21 priced ${info.project.name}${Date.now().toString(36)}`;
  await signIn(page, "vendor@tokunbo.test");
  await expect(page).toHaveURL(/\/$/);
  await addProductWithPhoto(page, "#2a9d8f", { name, brand: "Samsung", model: "Galaxy S21", storage: "128GB", suggestedPrice: "400000", stock: "2" });

  const admin = await openAsAdmin(browser, info, extraHTTPHeaders);
  const approve = async (status: string, fill: (row: ReturnType<typeof admin.getByRole>) => Promise<void>) => {
    await admin.goto(`/admin?tab=products&status=${status}`);
    await hydrated(admin);
    const row = admin.getByRole("region", { name: "Products" }).getByRole("listitem", { name });
    await fill(row);
    await row.getByRole("button", { name: `Approve ${name}` }).click();
    await expect(toastWith(admin, "Product approved successfully")).toBeVisible();
  };
  const shopper = await freshPage(browser, info, extraHTTPHeaders);
  const productPage = async () => {
    await admin.goto(`/admin?tab=products&status=approved`);
    const href = `/product/${await admin.getByRole("region", { name: "Products" }).getByRole("listitem", { name }).getAttribute("data-product-id")}`;
    await shopper.goto(href);
    return shopper.locator("main");
  };

  await test.step("the queue offers the suggested price plus the markup, and 'None' as the 'Was' price; the admin approves ₦6,000 under the suggestion", async () => {
    await approve("pending", async (row) => {
      const finalPrice = row.getByLabel(MODERATION_TEXTS.finalPriceLabel);
      const markup = Number(/plus the ([\d.]+)% markup/.exec((await row.getByText(/^Prefilled with the suggested price/).textContent()) ?? "")?.[1]);
      await expect(finalPrice).toHaveValue(String(Math.round(400_000 * (1 + markup / 100) * 100) / 100));
      await expect(row.getByRole("radio", { name: MODERATION_TEXTS.compareNone })).toBeChecked();
      expect(await seriousA11yViolations(admin)).toEqual([]);
      await finalPrice.fill("394,000");
    });
    const main = await productPage();
    await expect(main.getByText("Price: ₦394,000", { exact: true })).toBeVisible();
    await expect(main.getByText(/^Was /)).toHaveCount(0);
    await expect(main.getByText(/% OFF$/)).toHaveCount(0);
    expect(await seriousA11yViolations(shopper)).toEqual([]);
  });

  await test.step("a 'Was' price shows only once the admin sets one on purpose", async () => {
    await approve("approved", async (row) => {
      await row.getByLabel(MODERATION_TEXTS.finalPriceLabel).fill("394000");
      await row.getByRole("radio", { name: MODERATION_TEXTS.compareCustom }).check();
      await row.getByLabel("Comparison price (₦)").fill("420000");
    });
    const main = await productPage();
    await expect(main.getByText("Price: ₦394,000", { exact: true })).toBeVisible();
    await expect(main.getByText("Was ₦420,000")).toBeVisible();
    await expect(main.getByText("6% OFF")).toBeVisible();
  });
  await shopper.context().close();
  await admin.context().close();
});
