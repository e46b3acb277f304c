import { describe, expect, it } from "vitest";
import { ORDER_STATUS_LABELS } from "../../lib/constants";
import { ORDER_TRANSITIONS } from "./transitions";

describe("the order's transitions", () => {
  it("the admin order menu allows only moves that make sense, and never 'Paid' (docs/admin.md)", () => {
    expect(Object.fromEntries(Object.entries(ORDER_TRANSITIONS).map(([to, t]) => [to, [t.label, [...t.from].sort()]]))).toEqual({
      processing: ["Mark as Processing", ["paid"]],
      shipped: ["Mark as Shipped", ["paid", "processing"]],
      delivered: ["Mark as Delivered", ["shipped"]],
      cancelled: ["Cancel Order", ["paid", "pending", "processing", "shipped"]],
    });
    expect(ORDER_STATUS_LABELS.paid).toBe("Successful");
  });
});
