import type { OrderStatus } from "../../lib/constants";

/**
 * Admin order menu: which statuses each action may start from (docs/admin.md).
 * 'Paid' is not a menu action: only a verified payment (Paystack, or a manual
 * payment an admin records) makes an order paid. An unpaid order can only be cancelled; a paid
 * one is prepared, shipped and delivered in that order (shipping straight from paid is allowed);
 * a delivered or cancelled order is final. docs/admin.md gives the reason for each move.
 */
export const ORDER_TRANSITIONS: Record<Exclude<OrderStatus, "pending" | "paid" | "refunded">, { label: string; from: readonly OrderStatus[] }> = {
  processing: { label: "Mark as Processing", from: ["paid"] },
  shipped: { label: "Mark as Shipped", from: ["paid", "processing"] },
  delivered: { label: "Mark as Delivered", from: ["shipped"] },
  cancelled: { label: "Cancel Order", from: ["pending", "paid", "processing", "shipped"] },
};
