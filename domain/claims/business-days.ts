/**
 * Business days in Lagos (Monday to Friday, UTC+1 all year): a claim opened on a Friday
 * afternoon is due on the Wednesday after, at the same time of day.
 */
import { DAY_MS, lagosWeekday } from "../../lib/lagos-time";

/** `days` business days after `from`: each step moves a day, and only weekdays count. */
export function addBusinessDays(from: Date, days: number): Date {
  let at = from.getTime();
  let left = Math.max(0, Math.floor(days));
  while (left > 0) {
    at += DAY_MS;
    const weekday = lagosWeekday(new Date(at));
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return new Date(at);
}
