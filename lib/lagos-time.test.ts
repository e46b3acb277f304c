import { describe, expect, it } from "vitest";
import {
  addDays, formatCalendarDate, formatCalendarMonth, formatLagosDate, formatLagosDateTime, formatLagosDayDate, formatLagosTimeOfDay,
  formatLongCalendarDate, formatShortCalendarDay, lagosDay, lagosDayStart, lagosNoon, lagosToday, lagosWeekday, lagosYear, warrantyEndsAt,
} from "./lagos-time";

describe("Lagos time (UTC+1 all year)", () => {
  it("starts the Lagos day an hour before UTC's", () => {
    expect(lagosToday(new Date("2026-11-27T22:59:59Z"))).toBe("2026-11-27");
    expect(lagosToday(new Date("2026-11-27T23:00:00Z"))).toBe("2026-11-28");
    expect(lagosDay(Date.parse("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
    expect(lagosDayStart("2026-11-28").toISOString()).toBe("2026-11-27T23:00:00.000Z");
    expect(lagosNoon("2026-11-28").toISOString()).toBe("2026-11-28T11:00:00.000Z");
    expect(lagosWeekday(new Date("2026-11-27T23:30:00Z"))).toBe(6);
    expect(lagosYear(new Date("2026-12-31T23:30:00Z"))).toBe(2027);
  });

  it("counts calendar days across months and years", () => {
    expect(addDays("2026-12-30", 3)).toBe("2027-01-02");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("ends a warranty its days after delivery, and only for a delivered order", () => {
    expect(warrantyEndsAt(new Date("2026-11-01T10:00:00Z"), 30)?.toISOString()).toBe("2026-12-01T10:00:00.000Z");
    expect(warrantyEndsAt(null, 30)).toBeNull();
  });

  it("writes every date in the one locale", () => {
    const at = "2026-11-27T23:05:00Z";
    expect(formatLagosDate(at)).toBe("Nov 28, 2026");
    expect(formatLagosDateTime(at)).toBe("Nov 28, 2026, 12:05 AM");
    expect(formatLagosDayDate(at)).toBe("Sat, Nov 28, 2026");
    expect(formatLagosTimeOfDay("2026-11-27T13:35:00Z")).toBe("14:35");
    expect(formatCalendarDate("2026-12-04")).toBe("Dec 4, 2026");
    expect(formatLongCalendarDate("2026-12-04")).toBe("Friday, December 4, 2026");
    expect(formatShortCalendarDay("2026-12-04")).toBe("Dec 4");
    expect(formatCalendarMonth("2026-11")).toBe("November 2026");
  });
});
