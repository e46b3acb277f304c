import path from "node:path";
import type { Locator, Page, TestInfo } from "@playwright/test";
import { test as base, expect } from "./test";
import { signIn } from "./accounts";

export const ADMIN_EMAIL = "admin@tokunbo.test";
export const SUPER_ADMIN_EMAIL = "superadmin@tokunbo.test";

/** The demo admin's session, signed in once per run by the setup project. */
export const ADMIN_STATE_FILE = path.join(".e2e-data", process.env.E2E_PORT ?? "3210", "admin-state.json");

/**
 * Tests that start signed in as the demo admin. The whole run shares one session (signed in by
 * tests/e2e/admin.setup.ts), so the journeys stay well inside the sign-in limit of one address.
 */
export const test = base.extend<object, { adminSession: string }>({
  adminSession: [ADMIN_STATE_FILE, { scope: "worker", option: true }],
  storageState: ({ adminSession }, provide) => provide(adminSession),
});

export { expect };

/** Both projects share one server and database: each picks its own rows by this index. */
export function projectIndex(info: TestInfo): number {
  return info.project.name === "desktop" ? 1 : 0;
}

export async function signInAndWait(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/$/);
}

/** Opens a dashboard tab and waits for the page to be interactive (its forms use scripts when present). */
export async function openTab(page: Page, pathname: string, tab: string, extra = "") {
  await page.goto(`${pathname}?tab=${tab}${extra}`);
  await expect(page.locator("html[data-hydrated=true]")).toBeAttached();
}

/** The toast with this title. */
export function toastWith(page: Page, title: string) {
  return page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: title }).first();
}

/** On the Pricing tab: types a value out of the field's bounds and saves, which is refused; answers the field and the value it held. */
export async function refusedPricing(page: Page, label: string, value: string): Promise<{ field: Locator; current: string }> {
  await openTab(page, "/admin", "pricing");
  const field = page.getByLabel(label);
  const current = await field.inputValue();
  await field.fill(value);
  await page.getByRole("button", { name: "Save Pricing" }).click();
  await expect(toastWith(page, "Failed to update configuration")).toBeVisible();
  return { field, current };
}

/** "₦1,250,000" → 1250000 (naira). */
export function nairaOf(text: string): number {
  return Number(text.replace(/[^\d.]/g, ""));
}

export function formatNairaText(naira: number): string {
  return new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN", currencyDisplay: "narrowSymbol", minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(naira);
}
