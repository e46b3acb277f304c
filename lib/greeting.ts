import { DATE_LOCALE, LAGOS_TIME_ZONE } from "./lagos-time";

/** 'Good morning' before 12:00, 'Good afternoon' before 18:00, else 'Good evening' (docs/storefront.md), in Lagos time. */
export function greetingAt(date: Date, timeZone = LAGOS_TIME_ZONE): string {
  const hour = Number(hourIn(timeZone).format(date));
  if (hour < 12) return "Good morning";
  if (hour < 18) return "Good afternoon";
  return "Good evening";
}

/** Making a date format is costly (about a tenth of a millisecond): one per time zone, kept. */
const hourFormats = new Map<string, Intl.DateTimeFormat>();

function hourIn(timeZone: string): Intl.DateTimeFormat {
  let format = hourFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat(DATE_LOCALE, { hour: "2-digit", hourCycle: "h23", timeZone });
    hourFormats.set(timeZone, format);
  }
  return format;
}
