/** The site's dates, all in Lagos time and one locale (lib/lagos-time.ts). */
export {
  formatCalendarDate,
  formatCalendarMonth,
  formatLagosDate as formatDate,
  formatLagosDateTime as formatDateTime,
  formatLagosDayDate as formatDayDate,
  lagosYear as currentYear,
} from "../../lib/lagos-time";

export function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
}
