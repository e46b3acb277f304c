import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, JOURNEY_CHROMIUM_PATH } from "./tests/support/chromium";

const port = Number(process.env.E2E_PORT ?? 3210);
// Each port gets its own data directory, outside test-results/ (which Playwright empties on every run), so two suites can run side by side.
const dataDir = `.e2e-data/${port}`;
/*
 * Buyers shop on phones, so their journeys run on a phone and on a desktop. Vendor, admin and
 * content journeys run on the desktop only: they are long, and running them twice doubled CI
 * time without finding anything the desktop run missed.
 */
const BUYER_JOURNEYS = /\/(storefront|shop|cart|checkout|checkout-page|orders|accounts|account|notifications|home-carousel|payments|wishlist|data-rights|delivery-and-channels)\.spec\.ts$/;

/** Browser journeys against the built app, in Debian's Chromium headless shell or full browser (no browser download). */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  // CI's two cores run two browsers, the server and its embedded database at once: a page that
  // renders in a second here can take several there, so CI allows twice as long before failing.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: JOURNEY_CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [
    // Signs the demo admin in once per run, for every journey that acts as admin (tests/e2e/admin.setup.ts).
    { name: "setup", testMatch: /\.setup\.ts$/ },
    // Journeys that change a setting every page reads run in one project only: the desktop one.
    { name: "mobile", use: { ...devices["Pixel 7"], browserName: "chromium" }, dependencies: ["setup"], testMatch: BUYER_JOURNEYS, grepInvert: /@shared-setting/ },
    { name: "desktop", use: { ...devices["Desktop Chrome"], browserName: "chromium" }, dependencies: ["setup"], testIgnore: /\.setup\.ts$/ },
  ],
  webServer: {
    command: `rm -rf ${dataDir} && node_modules/.bin/tsx scripts/build-if-needed.ts && node_modules/.bin/tsx server/main.ts`,
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    // TRUST_PROXY: each journey presents its own client address, as a load balancer would pass it on.
    env: { PORT: String(port), DATA_DIR: dataDir, DEMO_DATA: "true", LOG_LEVEL: "warn", PUBLIC_URL: `http://127.0.0.1:${port}`, TRUST_PROXY: "1" },
  },
});
