import { existsSync } from "node:fs";

/** Debian's Chromium, as Lighthouse starts it: the full browser, as buyers have it (no browser is ever downloaded). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";

/**
 * The browser journeys' Chromium: Debian's headless shell when it is installed (`apt-get install
 * chromium-headless-shell`), the headless build Playwright itself runs by default. It renders
 * with the same engine and takes about a third less processor time per journey than the full
 * browser, which serves where the shell is missing. CHROMIUM_PATH chooses either.
 */
export const JOURNEY_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  // Without these Chromium's own background connections fail on a closed network and take page loads with them.
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
