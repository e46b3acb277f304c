import { formatLagosDateTime } from "../../lib/lagos-time";
/** Dates are shown en-US with a short month ("Nov 3, 2026"), in Nigerian time on server and browser alike. */
const dateFormatter = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "Africa/Lagos",
});

export function formatDate(value: string | number | Date): string {
  return dateFormatter.format(new Date(value));
}

/** A calendar date (YYYY-MM-DD) in the site's date format, read at midday so no time zone moves it. */
export const formatCalendarDate = (isoDate: string) => formatDate(`${isoDate}T12:00:00Z`);

/** "Nov 3, 2026, 4:05 PM" in Nigerian time. */
export const formatDateTime = formatLagosDateTime;

const dayFormatter = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "Africa/Lagos",
});

/** "Fri, Nov 27, 2026" in Nigerian time. */
export function formatDayDate(value: string | number | Date): string {
  return dayFormatter.format(new Date(value));
}

const monthFormatter = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/** A calendar month (YYYY-MM) as "November 2026". */
export const formatCalendarMonth = (month: string) => monthFormatter.format(new Date(`${month}-15T12:00:00Z`));

const yearFormatter = new Intl.DateTimeFormat("en-US", { year: "numeric", timeZone: "Africa/Lagos" });

export function currentYear(now: Date = new Date()): number {
  return Number(yearFormatter.format(now));
}

export function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
}
