/** The site's date-and-time style, in Lagos time, shared by pages and e-mails. */
const dateTimeFormatter = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Africa/Lagos",
});

/** "Nov 3, 2026, 4:05 PM" in Nigerian time. */
export function formatLagosDateTime(value: string | number | Date): string {
  return dateTimeFormatter.format(new Date(value));
}
