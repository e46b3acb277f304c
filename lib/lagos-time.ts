/**
 * Time in Lagos, the shop's one clock, for server and browser alike. Lagos keeps UTC+1 all year
 * (no daylight saving), so a fixed offset gives its wall clock and calendar days. Calendar days
 * are ISO dates (YYYY-MM-DD); every date shown is written in the one locale, DATE_LOCALE.
 */
export const LAGOS_TIME_ZONE = "Africa/Lagos";
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
export const LAGOS_OFFSET_MS = HOUR_MS;
/** Dates read "Nov 3, 2026", times "4:05 PM". */
export const DATE_LOCALE = "en-US";

/** The Lagos wall-clock time of an instant, as a Date read in UTC (getUTCHours() is the Lagos hour). */
export function lagosClock(at: Date): Date {
  return new Date(at.getTime() + LAGOS_OFFSET_MS);
}

/** The Lagos calendar day of an instant, as YYYY-MM-DD. */
export function lagosDay(at: Date | number): string {
  return lagosClock(new Date(at)).toISOString().slice(0, 10);
}

/** Today's date in Lagos, as YYYY-MM-DD. */
export const lagosToday = (now: Date = new Date()) => lagosDay(now);

/** The day of the week in Lagos (0 Sunday … 6 Saturday). */
export function lagosWeekday(at: Date): number {
  return lagosClock(at).getUTCDay();
}

/** The first moment of a Lagos calendar day. */
export function lagosDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - LAGOS_OFFSET_MS);
}

/** Noon in Lagos on a calendar day. */
export function lagosNoon(day: string): Date {
  return new Date(lagosDayStart(day).getTime() + 12 * HOUR_MS);
}

/** The calendar day `days` after (or, negative, before) a calendar day. */
export function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The instant `days` whole days after (or, negative, before) `at`. */
export function daysAfter(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY_MS);
}

/** Until when a delivered order is under warranty (and takes claims); null when it is not delivered. */
export function warrantyEndsAt(deliveredAt: Date | null, warrantyDays: number): Date | null {
  return deliveredAt ? daysAfter(deliveredAt, warrantyDays) : null;
}

const inLagos = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(DATE_LOCALE, { ...options, timeZone: LAGOS_TIME_ZONE });
/** Calendar days are formatted at their midday in UTC, so no time zone moves them. */
const ofCalendarDays = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(DATE_LOCALE, { ...options, timeZone: "UTC" });
const calendarMidday = (isoDate: string) => new Date(`${isoDate}T12:00:00Z`);

const dateFormatter = inLagos({ month: "short", day: "numeric", year: "numeric" });
const dateTimeFormatter = inLagos({ month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" });
const dayDateFormatter = inLagos({ weekday: "short", month: "short", day: "numeric", year: "numeric" });
const timeOfDayFormatter = inLagos({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
const yearFormatter = inLagos({ year: "numeric" });
const calendarDateFormatter = ofCalendarDays({ month: "short", day: "numeric", year: "numeric" });
const longCalendarDateFormatter = ofCalendarDays({ weekday: "long", month: "long", day: "numeric", year: "numeric" });
const shortCalendarDayFormatter = ofCalendarDays({ month: "short", day: "numeric" });
const calendarMonthFormatter = ofCalendarDays({ month: "long", year: "numeric" });

/** "Nov 3, 2026" in Lagos. */
export const formatLagosDate = (value: string | number | Date) => dateFormatter.format(new Date(value));
/** "Nov 3, 2026, 4:05 PM" in Lagos. */
export const formatLagosDateTime = (value: string | number | Date) => dateTimeFormatter.format(new Date(value));
/** "Fri, Nov 27, 2026" in Lagos. */
export const formatLagosDayDate = (value: string | number | Date) => dayDateFormatter.format(new Date(value));
/** "14:35" in Lagos. */
export const formatLagosTimeOfDay = (value: string | number | Date) => timeOfDayFormatter.format(new Date(value));
/** The year in Lagos. */
export const lagosYear = (now: Date = new Date()) => Number(yearFormatter.format(now));
/** A calendar day (YYYY-MM-DD) as "Dec 4, 2026". */
export const formatCalendarDate = (isoDate: string) => calendarDateFormatter.format(calendarMidday(isoDate));
/** A calendar day (YYYY-MM-DD) as "Friday, December 4, 2026". */
export const formatLongCalendarDate = (isoDate: string) => longCalendarDateFormatter.format(calendarMidday(isoDate));
/** A calendar day (YYYY-MM-DD) as "Dec 4". */
export const formatShortCalendarDay = (isoDate: string) => shortCalendarDayFormatter.format(calendarMidday(isoDate));
/** A calendar month (YYYY-MM) as "November 2026". */
export const formatCalendarMonth = (month: string) => calendarMonthFormatter.format(new Date(`${month}-15T12:00:00Z`));

/** The Lagos offset as a PostgreSQL interval, for reading Lagos days and months in SQL. */
export const LAGOS_OFFSET_INTERVAL = "1 hour";
