import { DAY_MS } from "../../lib/lagos-time";
// ---------------------------------------------------------------------------------------------
// Time

export { DAY_MS };
export const MINUTE_MS = 60_000;

export function daysAgo(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** `days` after `from`, but never in the future. */
export function after(from: Date, days: number, now: Date): Date {
  return new Date(Math.min(from.getTime() + days * DAY_MS, now.getTime()));
}

export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
