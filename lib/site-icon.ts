/** The shop's icon (an orange tile with a phone and a tick): the pages' SVG icon and, drawn as PNG, /favicon.ico. */
export const SITE_ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#FF4500"/><rect x="12" y="7" width="16" height="26" rx="3.5" fill="none" stroke="#fff" stroke-width="2.5"/><path d="m15.5 20 3 3 6-6.5" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/></svg>';
