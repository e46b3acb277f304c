import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { seriousA11yViolations } from "./support/accounts";
import { expect, openTab, test, toastWith } from "./support/admin";

/** Longer than the test runs: only the page clock, moved by the test, turns the slides. */
const INTERVAL_MS = 30_000;

/**
 * The carousel is one site-wide section and both projects run this test on the same server,
 * so they take turns. The token lives in the run's data folder, which the server empties when
 * it starts, so a run that died holding it cannot block the next one.
 */
async function takeTurn(): Promise<() => Promise<void>> {
  const dataDir = path.join(".e2e-data", process.env.E2E_PORT ?? "3210");
  const token = path.join(dataDir, "home-carousel.turn");
  await mkdir(dataDir, { recursive: true });
  for (;;) {
    try {
      await mkdir(token);
      return () => rm(token, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Saves the Banner Carousel tab: on with two looping banners of these titles, or off. */
async function saveCarousel(page: Page, titles: readonly [string, string] | null) {
  await openTab(page, "/cms", "hero_banners");
  const form = page.getByRole("form", { name: "Banner Carousel" });
  await form.getByLabel("Show the banner carousel").setChecked(titles !== null);
  if (titles) {
    await form.getByLabel("Rotate banners automatically").check();
    await form.getByLabel("Interval (seconds)").fill(String(INTERVAL_MS / 1000));
    await form.getByLabel("Loop back to the first banner").check();
    await form.getByLabel("Show dots").check();
    await form.getByLabel("Show arrows").check();
    for (const [i, title] of titles.entries()) {
      const banner = form.getByRole("group", { name: `Banner ${i + 1}`, exact: true });
      await banner.getByLabel("Title", { exact: true }).fill(title);
      await banner.getByLabel("Active").check();
    }
  }
  await form.getByRole("button", { name: "Save Banner Carousel" }).click();
  await expect(toastWith(page, "Banner Carousel updated successfully!")).toBeVisible();
}

/** Turns the carousel off again from a fresh admin window, away from the test page's fake clock. */
async function turnCarouselOff(browser: Browser, storageState: string, baseURL: string | undefined) {
  const context = await browser.newContext({ storageState, baseURL });
  try {
    await saveCarousel(await context.newPage(), null);
  } finally {
    await context.close();
  }
}

test("an admin turns on the banner carousel; the home page shows it, moves by arrows and dots, and stops on pause", async (
  { page, browser, adminSession, baseURL },
  info,
) => {
  test.setTimeout(120_000);
  const first = `Carousel ${info.project.name}: Grade A Pixel week`;
  const second = `Carousel ${info.project.name}: Galaxy restock`;
  const endTurn = await takeTurn();
  try {
    await saveCarousel(page, [first, second]);

    await page.clock.install();
    await page.goto("/");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const carousel = page.getByRole("region", { name: "Highlights" });
    const showing = (title: string) => carousel.getByRole("heading", { level: 1, name: title });
    await expect(showing(first)).toBeVisible();
    await expect(carousel.getByRole("group", { name: /^1 of \d+$/ })).toContainText(first);
    await expect(showing(second)).toBeHidden();

    await page.clock.runFor(INTERVAL_MS + 100);
    await expect(showing(second)).toBeVisible();

    await carousel.getByRole("button", { name: "Show slide 1" }).click();
    await expect(showing(first)).toBeVisible();
    await expect(carousel.getByRole("button", { name: "Show slide 1" })).toHaveAttribute("aria-current", "true");
    await carousel.getByRole("button", { name: "Next slide" }).click();
    await expect(showing(second)).toBeVisible();
    await expect(showing(first)).toBeHidden();
    await expect(carousel.getByRole("link", { name: "Become a Vendor" })).toHaveAttribute("href", "/vendor-application");
    expect(await seriousA11yViolations(page)).toEqual([]);

    await carousel.getByRole("button", { name: "Pause slides" }).click();
    await expect(carousel.getByRole("button", { name: "Play slides" })).toBeVisible();
    await page.getByRole("heading", { name: "Featured Products" }).click(); // pointer and focus leave the carousel
    await page.clock.runFor(3 * INTERVAL_MS);
    await expect(showing(second)).toBeVisible();

    await carousel.getByRole("button", { name: "Play slides" }).click();
    await page.getByRole("heading", { name: "Featured Products" }).click();
    await page.clock.runFor(INTERVAL_MS + 100);
    await expect(showing(first)).toBeVisible(); // looped from the last banner back to the first
  } finally {
    try {
      await turnCarouselOff(browser, adminSession, baseURL);
    } finally {
      await endTurn();
    }
  }
});
