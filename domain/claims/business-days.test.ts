import { describe, expect, it } from "vitest";
import { LAGOS_OFFSET_MS, lagosWeekday } from "../../lib/lagos-time";
import { addBusinessDays } from "./business-days";
import { answerDueAt } from "./service";

// 2026-11-27 is a Friday. Lagos is UTC+1.
const lagos = (isoLocal: string) => new Date(Date.parse(`${isoLocal}Z`) - LAGOS_OFFSET_MS);

describe("business days in Lagos", () => {
  it("skips the weekend: three business days after a Friday afternoon is the Wednesday after", () => {
    expect(addBusinessDays(lagos("2026-11-27T15:00:00"), 3)).toEqual(lagos("2026-12-02T15:00:00"));
  });

  it("counts from a weekend as from the Monday: Saturday and Sunday both give Wednesday", () => {
    expect(addBusinessDays(lagos("2026-11-28T10:00:00"), 3)).toEqual(lagos("2026-12-02T10:00:00"));
    expect(addBusinessDays(lagos("2026-11-29T10:00:00"), 3)).toEqual(lagos("2026-12-02T10:00:00"));
  });

  it("stays within the week when it can, and crosses one weekend from a Thursday", () => {
    expect(addBusinessDays(lagos("2026-11-23T09:00:00"), 3)).toEqual(lagos("2026-11-26T09:00:00"));
    expect(addBusinessDays(lagos("2026-11-26T09:00:00"), 3)).toEqual(lagos("2026-12-01T09:00:00"));
  });

  it("uses the Lagos calendar, not UTC: Friday 23:30 in Lagos is already Saturday there at 00:30", () => {
    // 23:30 UTC on Friday is 00:30 on Saturday in Lagos: counted as a weekend opening.
    const saturdayInLagos = new Date("2026-11-27T23:30:00Z");
    expect(lagosWeekday(saturdayInLagos)).toBe(6);
    // Wednesday 00:30 in Lagos.
    expect(addBusinessDays(saturdayInLagos, 3)).toEqual(new Date("2026-12-01T23:30:00Z"));
  });

  it("gives a claim CLAIM_ANSWER_BUSINESS_DAYS (3) business days", () => {
    expect(answerDueAt(lagos("2026-11-27T15:00:00"))).toEqual(lagos("2026-12-02T15:00:00"));
    expect(addBusinessDays(lagos("2026-11-27T15:00:00"), 0)).toEqual(lagos("2026-11-27T15:00:00"));
  });
});
