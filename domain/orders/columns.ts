import { orders } from "../../db/schema/orders";

/** What every list of orders shows of an order: what was bought, for how much, and where its delivery stands. */
export const orderLineColumns = {
  id: orders.id,
  status: orders.status,
  quantity: orders.quantity,
  unitPrice: orders.unitPrice,
  totalAmount: orders.totalAmount,
  trackingNumber: orders.trackingNumber,
  estimatedDeliveryDate: orders.estimatedDeliveryDate,
};
