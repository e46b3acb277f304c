import { describe, expect, it } from "vitest";
import { timeAgo } from "./relative-time";

describe("timeAgo", () => {
  const now = new Date("2026-11-21T12:00:00Z");
  const before = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it.each([
    [0, "just now"],
    [59, "just now"],
    [60, "1 minute ago"],
    [5 * 60 + 30, "5 minutes ago"],
    [3600, "1 hour ago"],
    [23 * 3600, "23 hours ago"],
    [2 * 86400, "2 days ago"],
    [45 * 86400, "1 month ago"],
    [800 * 86400, "2 years ago"],
  ])("%i seconds → %s", (seconds, text) => {
    expect(timeAgo(before(seconds), now)).toBe(text);
  });

  it("treats a clock slightly ahead of the server as now", () => {
    expect(timeAgo(new Date(now.getTime() + 5000).toISOString(), now)).toBe("just now");
  });
});
