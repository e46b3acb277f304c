import AxeBuilder from "@axe-core/playwright";
import { type Locator, type Page, expect, test } from "@playwright/test";
import { ADMIN_STATE_FILE } from "./admin";

export const DEMO_PASSWORD = "Tokunbo-demo-2026";

/** Serious and critical accessibility violations on the page as it is now. */
export async function seriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

const isSmallScreen = (page: Page) => (page.viewportSize()?.width ?? 1024) < 768;

/** Opens the account menu (the drawer on phones, the dropdown on wider screens) and returns it. */
export async function openAccountMenu(page: Page) {
  // A menu opened before the page's scripts take over can be closed again by them.
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  if (isSmallScreen(page)) {
    await page.getByLabel("Menu", { exact: true }).click();
  } else {
    await page.getByRole("banner").locator("summary", { hasText: /Good (morning|afternoon|evening),/ }).click();
  }
  const menu = page.getByRole("group", { name: "Account" });
  await expect(menu).toBeVisible();
  return menu;
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/**
 * Reads the newest e-mail to an address with this subject from the development mailbox. Only
 * admins may read the mailbox, so it is read in a window of its own signed in as the demo admin;
 * the page's own session stays as it is. Some e-mails are written just after the answer that
 * promises them, so the mailbox is reloaded until the message is there.
 */
async function readLatestMail<T>(page: Page, to: string, subject: string, read: (message: Locator) => Promise<T>): Promise<T> {
  const origin = page.url().startsWith("http") ? new URL(page.url()).origin : String(test.info().project.use.baseURL);
  const admin = await page.context().browser()!.newContext({ storageState: ADMIN_STATE_FILE, baseURL: origin });
  try {
    const mailbox = await admin.newPage();
    const message = mailbox.getByRole("article", { name: subject }).filter({ hasText: `To: ${to}` }).first();
    await expect(async () => {
      await mailbox.goto("/dev/mailbox");
      await expect(message).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    return await read(message);
  } finally {
    await admin.close();
  }
}

/** The first link of the newest e-mail to an address with this subject. */
export function latestMailLink(page: Page, to: string, subject: string): Promise<string> {
  return readLatestMail(page, to, subject, async (message) => (await message.getByRole("link").first().getAttribute("href")) ?? "");
}

/** The text of the newest e-mail to an address with this subject. */
export function latestMailText(page: Page, to: string, subject: string): Promise<string> {
  return readLatestMail(page, to, subject, async (message) => (await message.textContent()) ?? "");
}
