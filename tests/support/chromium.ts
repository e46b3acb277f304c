/** Debian's Chromium, as browser journeys and Lighthouse start it (no browser is ever downloaded). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

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
