import { expect, test } from "./support/test";
import { seriousA11yViolations, signIn } from "./support/accounts";
import { ADMIN_EMAIL, SUPER_ADMIN_EMAIL, openTab, projectIndex, signInAndWait, toastWith } from "./support/admin";

test("a super admin promotes a customer to admin and removes the role again", async ({ page, browser }, info) => {
  const email = projectIndex(info) === 0 ? "aisha.mohammed@tokunbo.test" : "ifeanyi.okoro@tokunbo.test";
  await signInAndWait(page, SUPER_ADMIN_EMAIL);
  await openTab(page, "/super-admin", "admins");
  const tabs = page.getByRole("navigation", { name: "Super admin sections" }).getByRole("link");
  await expect(tabs).toHaveText(["Admin Management", "System Settings", "Security"]);
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByLabel("Email or user ID").fill("nobody-here@example.com");
  await page.getByRole("button", { name: "Assign Admin Role" }).click();
  await expect(toastWith(page, "Failed to assign admin role")).toBeVisible();

  await page.getByLabel("Email or user ID").fill(email);
  await page.getByRole("button", { name: "Assign Admin Role" }).click();
  await expect(toastWith(page, "Admin role assigned successfully!")).toBeVisible();
  const row = page.getByRole("listitem").filter({ hasText: email });
  await expect(row.getByText("Admin", { exact: true })).toBeVisible();

  const promoted = await (await browser.newContext({ ...info.project.use })).newPage();
  await signIn(promoted, email);
  await expect(promoted).toHaveURL(/\/$/);
  await promoted.goto("/admin");
  await expect(promoted.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();

  await row.getByText("Remove admin role").click();
  await expect(row.getByRole("alertdialog")).toContainText("Remove the admin role from");
  await row.getByRole("button", { name: "Yes, remove" }).click();
  await expect(toastWith(page, "Admin role removed successfully")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: email })).toHaveCount(0);

  await promoted.goto("/admin");
  await expect(promoted).toHaveURL(/\/$/);
  await promoted.context().close();
});

test("super admin rows cannot be removed; the other tabs are coming soon", async ({ page }) => {
  await signInAndWait(page, SUPER_ADMIN_EMAIL);
  await openTab(page, "/super-admin", "admins");
  const own = page.getByRole("listitem").filter({ hasText: SUPER_ADMIN_EMAIL });
  await expect(own.getByText("Super admin")).toBeVisible();
  await expect(own.getByText("Remove admin role")).toHaveCount(0);
  await page.getByRole("link", { name: "System Settings" }).click();
  await expect(page.getByText("Coming soon.")).toBeVisible();
  await page.getByRole("link", { name: "Security" }).click();
  await expect(page.getByText("Coming soon.")).toBeVisible();
});

test("an admin who is not super admin sees Access Denied", async ({ page }) => {
  await signInAndWait(page, ADMIN_EMAIL);
  await page.goto("/super-admin");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
});
