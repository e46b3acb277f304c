/**
 * The calendar of payouts, in Lagos time (UTC+1 all year, no daylight saving): a payout period is
 * a Lagos ISO week, and a vendor is paid at most once per period unless an admin retries a
 * failed transfer. Transfer references are derived from vendor, period and attempt, so asking
 * Paystack twice for the same payout can never pay twice.
 */
import { WEEKDAYS } from "../../lib/constants";
import { DAY_MS, LAGOS_OFFSET_MS, lagosClock } from "../../lib/lagos-time";

/** The scheduled run starts from this Lagos hour on the payout day. */
export const PAYOUT_HOUR = 9;

/** The Lagos ISO week of an instant: 2026-W48. */
export function payoutPeriodOf(at: Date): string {
  const day = lagosClock(at);
  const date = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
  const weekday = date.getUTCDay() || 7;
  // The ISO week's year is the year of its Thursday.
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / DAY_MS + 1) / 7);
  return `${date.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

/** Paystack takes 16 to 50 lowercase letters, digits, - and _: payout_<24 hex of the vendor>_<2026w48>_<attempt>. */
export function payoutReference(vendorId: string, period: string, attempt: number): string {
  return `payout_${vendorId.replaceAll("-", "").slice(0, 24).toLowerCase()}_${period.replace("-", "").toLowerCase()}_${attempt}`;
}

/** Whether the scheduled run is due at `now`: the configured weekday, from PAYOUT_HOUR Lagos time. */
export function isPayoutTime(weekday: number, now: Date): boolean {
  const clock = lagosClock(now);
  return clock.getUTCDay() === weekday && clock.getUTCHours() >= PAYOUT_HOUR;
}

/** When the next scheduled run starts: the next configured weekday at PAYOUT_HOUR, Lagos time (today's if still ahead, or if today's has not run). */
export function nextPayoutRun(weekday: number, now: Date, ranThisPeriod: boolean): Date {
  const clock = lagosClock(now);
  let days = (weekday - clock.getUTCDay() + 7) % 7;
  if (days === 0 && ranThisPeriod) days = 7;
  const start = Date.UTC(clock.getUTCFullYear(), clock.getUTCMonth(), clock.getUTCDate() + days, PAYOUT_HOUR);
  return new Date(Math.max(start - LAGOS_OFFSET_MS, days === 0 ? now.getTime() : 0));
}

export function weekdayName(weekday: number): string {
  return WEEKDAYS[weekday] ?? WEEKDAYS[5];
}
