import { describe, expect, it } from "vitest";
import { greetingAt } from "./greeting";

describe("greetingAt", () => {
  // Lagos is UTC+1 all year.
  it.each([
    ["2026-11-21T05:00:00Z", "Good morning"],
    ["2026-11-21T10:59:59Z", "Good morning"],
    ["2026-11-21T11:00:00Z", "Good afternoon"],
    ["2026-11-21T16:59:59Z", "Good afternoon"],
    ["2026-11-21T17:00:00Z", "Good evening"],
    ["2026-11-21T22:59:00Z", "Good evening"],
    ["2026-11-21T23:30:00Z", "Good morning"],
  ])("at %s it says %s", (iso, expected) => {
    expect(greetingAt(new Date(iso))).toBe(expected);
  });
});
