import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SalesChart, salesAxis } from "./admin-summary";

describe("the sales chart's revenue axis", () => {
  it("rounds the best day up to 1, 2, 2.5 or 5 times a power of ten, in whole naira, with its half and zero", () => {
    expect(salesAxis(1_234_567_00)).toEqual([2_000_000_00, 1_000_000_00, 0]);
    expect(salesAxis(2_100_000_00)).toEqual([2_500_000_00, 1_250_000_00, 0]);
    expect(salesAxis(450_000_00)).toEqual([500_000_00, 250_000_00, 0]);
    expect(salesAxis(1_000_000_00)).toEqual([1_000_000_00, 500_000_00, 0]);
    expect(salesAxis(0)).toEqual([100, 50, 0]);
  });

  it("shows the axis values beside the bars", () => {
    const days = [
      { day: "2026-11-01", orders: 1, revenue: 450_000_00, commission: 45_000_00 },
      { day: "2026-11-02", orders: 2, revenue: 1_234_567_00, commission: 123_456_70 },
    ];
    const html = renderToStaticMarkup(<SalesChart sales={{ days, totals: { orders: 3, revenue: 1_684_567_00, commission: 168_456_70 }, testRevenue: 0 }} />);
    const axis = /<ol[^>]*data-testid="sales-axis"[^>]*>(.*?)<\/ol>/.exec(html)?.[1] ?? "";
    expect([...axis.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1])).toEqual(["₦2,000,000", "₦1,000,000", "₦0"]);
  });
});
