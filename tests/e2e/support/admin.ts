import { type Page, type TestInfo, expect } from "@playwright/test";
import { signIn } from "./accounts";

export const ADMIN_EMAIL = "admin@tokunbo.test";
export const SUPER_ADMIN_EMAIL = "superadmin@tokunbo.test";

/** Both projects share one server and database: each picks its own rows by this index. */
export function projectIndex(info: TestInfo): number {
  return info.project.name === "desktop" ? 1 : 0;
}

export async function signInAndWait(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/$/);
}

/** Opens a dashboard tab and waits for the page to be interactive (its forms use scripts when present). */
export async function openTab(page: Page, path: string, tab: string, extra = "") {
  await page.goto(`${path}?tab=${tab}${extra}`);
  await expect(page.locator("html[data-hydrated=true]")).toBeAttached();
}

/** The toast with this title. */
export function toastWith(page: Page, title: string) {
  return page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: title }).first();
}

/** "₦1,250,000" → 1250000 (naira). */
export function nairaOf(text: string): number {
  return Number(text.replace(/[^\d.]/g, ""));
}

export function formatNairaText(naira: number): string {
  return new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN", currencyDisplay: "narrowSymbol", minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(naira);
}
