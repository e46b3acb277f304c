import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { seriousA11yViolations, signIn } from "./support/accounts";
import { FRESH_PASSWORD, signUpFreshCustomer } from "./support/customers";

test("a buyer downloads their data from the privacy page, deletes the account, and can no longer sign in", async ({ page }, info) => {
  const email = await signUpFreshCustomer(page, info, "Ifeoma Nwosu");

  await page.goto("/privacy");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download my data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^tokunbo-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const mine = JSON.parse(await readFile((await download.path())!, "utf8")) as { profile: { email: string; name: string } };
  expect(mine.profile).toMatchObject({ email, name: "Ifeoma Nwosu" });

  await page.getByRole("link", { name: "Delete my account" }).click();
  await expect(page.getByRole("heading", { name: "Delete my account", level: 1 })).toBeVisible();
  await expect(page.getByText(`You are signed in as ${email}.`)).toBeVisible();
  await expect(page.getByText("Your orders and payments are kept for our tax and accounting records, with your name, e-mail, phone number and address replaced.")).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // A wrong word is refused before anything is asked.
  await page.getByLabel("Current password").fill(FRESH_PASSWORD);
  await page.getByLabel("Type DELETE to confirm").fill("delete");
  await page.getByRole("button", { name: "Delete my account", exact: true }).click();
  await page.getByRole("button", { name: "Yes, delete my account" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Account not deleted" })).toContainText("Type DELETE to confirm");

  await page.getByLabel("Current password").fill(FRESH_PASSWORD);
  await page.getByLabel("Type DELETE to confirm").fill("DELETE");
  await page.getByRole("button", { name: "Delete my account", exact: true }).click();
  await expect(page.getByRole("alertdialog", { name: "Delete your account for good?" })).toContainText("This cannot be undone.");
  await page.getByRole("button", { name: "Yes, delete my account" }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Your account was deleted").first()).toBeVisible();
  await expect(page.getByText("Your personal data has been removed. Thank you for shopping with us.").first()).toBeVisible();

  await signIn(page, email, FRESH_PASSWORD);
  await expect(page.getByText("Sign in failed").first()).toBeVisible();
  await expect(page.getByText("Invalid email or password.").first()).toBeVisible();
});

/** Clicks the link and answers the file the browser saved: its name and its JSON. */
async function downloadMyData(page: Page): Promise<{ name: string; mine: { profile: { email: string } } }> {
  const downloading = page.waitForEvent("download");
  await page.getByRole("region", { name: "Your data" }).getByRole("link", { name: "Download my data" }).click();
  const download = await downloading;
  return { name: download.suggestedFilename(), mine: JSON.parse(await readFile((await download.path())!, "utf8")) };
}

test("'Download my data' on My account saves the JSON file and leaves the page as it was, with script and without", async ({ page, browser, context }, info) => {
  const email = await signUpFreshCustomer(page, info, "Kemi Adeleke");
  await page.goto("/account");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  const scripted = await downloadMyData(page);
  expect(scripted.name).toMatch(/^tokunbo-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  expect(scripted.mine.profile.email).toBe(email);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  const plain = await browser.newContext({ ...info.project.use, javaScriptEnabled: false, storageState: await context.storageState() });
  try {
    const noScripts = await plain.newPage();
    await noScripts.goto("/account");
    const unscripted = await downloadMyData(noScripts);
    expect(unscripted.name).toMatch(/^tokunbo-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    expect(unscripted.mine.profile.email).toBe(email);
    await expect(noScripts.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
  } finally {
    await plain.close();
  }
});
