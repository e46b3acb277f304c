import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "../../lib/constants";
import { canMoveOrder, orderMenuFor, orderStatusChangeSchema } from "./status";

describe("the admin order menu", () => {
  it("offers only the moves that make sense per status, and never 'Paid' (only a payment pays)", () => {
    expect(orderMenuFor("pending").map((i) => i.label)).toEqual(["Cancel Order"]);
    expect(orderMenuFor("paid").map((i) => i.label)).toEqual(["Mark as Processing", "Mark as Shipped", "Cancel Order"]);
    expect(orderMenuFor("processing").map((i) => i.label)).toEqual(["Mark as Shipped", "Cancel Order"]);
    expect(orderMenuFor("shipped").map((i) => i.label)).toEqual(["Mark as Delivered", "Cancel Order"]);
    expect(orderMenuFor("delivered")).toEqual([]);
    expect(orderMenuFor("cancelled")).toEqual([]);
  });

  it("never moves an order back to pending, to paid or onto its own status", () => {
    for (const from of ORDER_STATUSES) {
      expect(canMoveOrder(from, "pending")).toBe(false);
      expect(canMoveOrder(from, "paid")).toBe(false);
      expect(canMoveOrder(from, from)).toBe(false);
    }
  });

  it("asks to confirm a cancel", () => {
    const id = "7f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f";
    expect(orderStatusChangeSchema.safeParse({ orderId: id, status: "cancelled" }).error?.issues.map((i) => [i.path[0], i.message]))
      .toEqual([["confirmCancel", "Tick 'Yes, cancel this order' to confirm"]]);
    expect(orderStatusChangeSchema.safeParse({ orderId: id, status: "cancelled", confirmCancel: "yes" }).success).toBe(true);
    expect(orderStatusChangeSchema.safeParse({ orderId: id, status: "" }).error?.issues[0]?.message).toBe("Choose what to do with this order");
  });

  it("asks for a tracking number and a calendar date only when shipping", () => {
    const id = "7f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f";
    expect(orderStatusChangeSchema.safeParse({ orderId: id, status: "processing" }).success).toBe(true);
    const missing = orderStatusChangeSchema.safeParse({ orderId: id, status: "shipped" });
    expect(missing.success).toBe(false);
    const bad = orderStatusChangeSchema.safeParse({ orderId: id, status: "shipped", trackingNumber: "x", estimatedDeliveryDate: "2026-02-30" });
    expect(bad.error?.issues.map((i) => i.path[0])).toEqual(["carrier", "trackingNumber", "estimatedDeliveryDate"]);
  });
});
