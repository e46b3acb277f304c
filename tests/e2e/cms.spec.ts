import { seriousA11yViolations } from "./support/accounts";
import { expect, openTab, test, toastWith } from "./support/admin";

// Both projects save the same text, so neither can see the other's edit in between.
const BANNER_TEXT = "Weekend deal: a free screen guard with every phone";

test("the CMS dashboard has the eight tabs and links back to the admin dashboard", async ({ page }) => {
  await openTab(page, "/cms", "hero_banner");
  const tabs = page.getByRole("navigation", { name: "Site content sections" }).getByRole("link");
  await expect(tabs).toHaveText(["Hero Banner", "Home Banner", "Top Banner", "Banner Carousel", "Branding", "Categories", "WhatsApp", "Become Vendor"]);
  await expect(page.getByRole("link", { name: "Admin Dashboard" })).toHaveAttribute("href", "/admin");
  expect(await seriousA11yViolations(page)).toEqual([]);
  await tabs.filter({ hasText: "Banner Carousel" }).click();
  await expect(page.getByRole("form", { name: "Banner Carousel" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Banner 1" })).toBeVisible();
});

test("an admin edits the top banner text with a preset, and the home page shows it", async ({ page }) => {
  await openTab(page, "/cms", "top_banner");
  const form = page.getByRole("form", { name: "Top Banner" });
  await form.getByLabel("Show the top banner").check();
  await form.getByLabel("Banner text").fill(BANNER_TEXT);
  await form.getByRole("radio", { name: "Success" }).check();
  await form.getByRole("button", { name: "Save Top Banner" }).click();
  await expect(toastWith(page, "Top banner updated successfully!")).toBeVisible();

  await page.goto("/");
  const banner = page.getByText(BANNER_TEXT);
  await expect(banner).toBeVisible();
});

test("the home banner refuses an autoplay duration outside 1 to 30 seconds", async ({ page }) => {
  await openTab(page, "/cms", "home_banner");
  const form = page.getByRole("form", { name: "Home Banner" });
  await form.getByLabel("Autoplay duration (seconds)").fill("31");
  await form.getByRole("button", { name: "Save Home Banner" }).click();
  await expect(toastWith(page, "Failed to save banner settings")).toBeVisible();
  await expect(form.getByText("Autoplay duration must be a whole number of seconds from 1 to 30")).toBeVisible();
  await expect(form.getByLabel("Autoplay duration (seconds)")).toHaveAttribute("aria-invalid", "true");
});
