import type { CustomerOrder } from "../../domain/orders/customer";
import { ORDER_DETAILS_TEXTS as T } from "../../domain/orders/texts";
import { PAYMENT_FAILED_LABEL, PAYMENT_STATUS_LABELS, hasPaid, isPaymentFailed } from "../../lib/constants";
import { formatNaira } from "../../lib/money";

/** 'Total charged' once paid, 'Total to pay' while it may still be paid, else the checkout's total. */
export function totalLabel(order: Pick<CustomerOrder, "status" | "paymentStatus">): string {
  if (order.paymentStatus && hasPaid(order.paymentStatus)) return T.totalCharged;
  return order.status === "pending" ? T.totalToPay : T.checkoutTotal;
}

export const deliveryText = (fee: number) => (fee === 0 ? T.free : formatNaira(fee));

/** The order's payment in words: 'Paid', 'Not paid yet', 'Payment failed'…, and test mode when it was. */
export function paymentText(order: Pick<CustomerOrder, "status" | "paymentStatus" | "isTest">): string | null {
  if (!order.paymentStatus) return null;
  const state = isPaymentFailed(order.status, order.paymentStatus)
    ? PAYMENT_FAILED_LABEL
    : order.paymentStatus === "successful"
      ? T.paid
      : order.paymentStatus === "pending"
        ? T.notPaidYet
        : PAYMENT_STATUS_LABELS[order.paymentStatus];
  return order.isTest ? `${state} (${T.testMode})` : state;
}

/** The delivery address on lines: name and phone, street, city and state. */
export function ShipTo({ shipTo }: { shipTo: CustomerOrder["shipTo"] }) {
  return (
    <span className="block whitespace-pre-line break-words">
      {`${shipTo.name}, ${shipTo.phone}\n${shipTo.address}\n${shipTo.city}, ${shipTo.state}`}
    </span>
  );
}

/** Under the phone's price on the card: the delivery fee and what the checkout charges in all. */
export function OrderChargeLine({ order }: { order: CustomerOrder }) {
  if (!order.charge) return null;
  return (
    <p className="text-sm text-gray-700" data-testid="order-charge">
      {T.delivery} {deliveryText(order.charge.deliveryFee)} · {totalLabel(order)}{" "}
      <span className="font-semibold text-gray-900">{T.forOrders(order.charge.total, order.charge.orderCount)}</span>
    </p>
  );
}
