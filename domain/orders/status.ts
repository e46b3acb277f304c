/**
 * The admin order menu (docs/admin.md) and the input of a status change. Plain data and
 * zod, with no server imports, so the menu in the browser and the check on the server share it.
 */
import { z } from "../../lib/zod";
import { LIMITS, ORDER_STATUSES, ORDER_STATUS_LABELS, type OrderStatus } from "../../lib/constants";
import { COURIERS, trackingFormatProblem } from "../../lib/couriers";
import { addDays, lagosToday } from "../../lib/lagos-time";
import { ORDER_TRANSITIONS } from "./transitions";

/** The order number people see: the last 8 characters of the id (docs/orders.md). */
export const orderNumberOf = (id: string) => id.slice(-LIMITS.orderNumberLength);

/** A status the admin menu can move an order to (every status but pending and paid). */
export type OrderMenuStatus = keyof typeof ORDER_TRANSITIONS;

const MENU_STATUSES = Object.keys(ORDER_TRANSITIONS) as OrderMenuStatus[];

export function isMenuStatus(status: OrderStatus): status is OrderMenuStatus {
  return status in ORDER_TRANSITIONS;
}

/** True when the menu allows moving an order from `from` to `to`. */
export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return isMenuStatus(to) && ORDER_TRANSITIONS[to].from.includes(from);
}

/** The menu items offered for an order in `from`, in menu order. */
export function orderMenuFor(from: OrderStatus): Array<{ status: OrderMenuStatus; label: string }> {
  return MENU_STATUSES.filter((to) => canMoveOrder(from, to)).map((status) => ({ status, label: ORDER_TRANSITIONS[status].label }));
}

/** The buyer's last chance before the automatic delivery (order card, notification and e-mail). */
export const notReceivedLine = (before: string) => `Not received? Tell us before ${before}`;

export const ORDER_STATUS_TEXTS = {
  updated: (status: OrderStatus) => `Order status updated to ${status}`,
  updateFailed: "Failed to update order status",
  notFound: "Order not found",
  notYours: "You can't make this change to an order.",
  vendorCannotDeliver: "Vendors can't mark orders delivered: the buyer confirms delivery, or it is marked automatically some days after shipping.",
  refused: (from: OrderStatus, to: OrderStatus) =>
    `An order that is ${ORDER_STATUS_LABELS[from].toLowerCase()} cannot be changed to ${ORDER_STATUS_LABELS[to].toLowerCase()}.`,
  changedMeanwhile: "This order was changed by someone else. Reload the page and try again.",
  refundedNotShipped: "The buyer's money for this order has gone back to them, so it cannot be shipped. Cancel it instead.",
  chooseAction: "Choose what to do with this order",
  paidByPaymentOnly:
    "An order becomes paid only through a payment. For money received outside Paystack, use 'Record a payment received outside Paystack'.",
  confirmCancel: "Tick 'Yes, cancel this order' to confirm",
  carrierRequired: "Choose the courier",
  carrierNameRequired: "Enter the courier's name (2 to 40 characters)",
  trackingRequired: "Enter the tracking number",
  trackingFormat: "Tracking numbers are 3 to 60 letters, digits, spaces, dashes or slashes",
  deliveryDateRequired: "Choose the estimated delivery date",
  deliveryDateInvalid: "Enter the estimated delivery date as a calendar date",
  deliveryDatePast: "The estimated delivery date cannot be in the past",
  deliveryDateFar: "The estimated delivery date must be within 90 days",
} as const;

const MAX_DELIVERY_DAYS = 90;
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

/** The courier picked from COURIERS; 'Other' takes the name typed beside it. */
export const OTHER_COURIER = "Other";
const COURIER_NAME = { min: 2, max: 40 } as const;

type IssueAt = (path: string, message: string) => void;

interface ShippingInput {
  carrier?: string;
  carrierName?: string;
  trackingNumber?: string;
  estimatedDeliveryDate?: string;
}

/** Shipping asks for the courier, a tracking number and the estimated delivery date, whoever ships (docs/after-sale.md). */
function checkShipping(value: ShippingInput, issue: IssueAt): void {
  if (!value.carrier || !(COURIERS as readonly string[]).includes(value.carrier)) issue("carrier", ORDER_STATUS_TEXTS.carrierRequired);
  else if (value.carrier === OTHER_COURIER && !isCourierName(value.carrierName)) issue("carrierName", ORDER_STATUS_TEXTS.carrierNameRequired);
  const tracking = trackingProblem(value.carrier, value.trackingNumber);
  if (tracking) issue("trackingNumber", tracking);
  const date = value.estimatedDeliveryDate;
  if (!date) issue("estimatedDeliveryDate", ORDER_STATUS_TEXTS.deliveryDateRequired);
  else if (!isCalendarDate(date)) issue("estimatedDeliveryDate", ORDER_STATUS_TEXTS.deliveryDateInvalid);
  else if (date < lagosToday()) issue("estimatedDeliveryDate", ORDER_STATUS_TEXTS.deliveryDatePast);
  else if (date > addDays(lagosToday(), MAX_DELIVERY_DAYS)) issue("estimatedDeliveryDate", ORDER_STATUS_TEXTS.deliveryDateFar);
}

/** The tracking number is required, of the characters any courier uses, and of the picked courier's format. */
function trackingProblem(carrier: string | undefined, number: string | undefined): string | null {
  if (!number) return ORDER_STATUS_TEXTS.trackingRequired;
  if (!/^[A-Za-z0-9][A-Za-z0-9 /-]{2,59}$/.test(number)) return ORDER_STATUS_TEXTS.trackingFormat;
  return trackingFormatProblem(carrier, number);
}

function isCourierName(name: string | undefined): boolean {
  // eslint-disable-next-line no-control-regex
  return name !== undefined && name.length >= COURIER_NAME.min && name.length <= COURIER_NAME.max && !/[\u0000-\u001f\u007f]/.test(name);
}

/** The courier as stored and shown: the one picked, or the name typed for 'Other'. */
function resolveCarrier<T extends ShippingInput & { status: OrderStatus }>({ carrierName, ...value }: T) {
  const carrier = value.status !== "shipped" ? undefined : value.carrier === OTHER_COURIER ? carrierName : value.carrier;
  return { ...value, carrier };
}

const shippingFields = {
  carrier: optionalText,
  /** The courier's name when 'Other' is picked. */
  carrierName: optionalText,
  trackingNumber: optionalText,
  estimatedDeliveryDate: optionalText,
};

const orderIdField = z.guid({ error: ORDER_STATUS_TEXTS.notFound });

/** A status change from the admin menu; shipping needs the courier, a tracking number and a delivery date. */
export const orderStatusChangeSchema = z
  .object({
    orderId: orderIdField,
    status: z.enum(ORDER_STATUSES, { error: ORDER_STATUS_TEXTS.chooseAction }),
    ...shippingFields,
    /** The "Yes, cancel this order" box: cancelling is asked for twice, with or without scripts. */
    confirmCancel: optionalText,
  })
  .superRefine((value, ctx) => {
    const issue: IssueAt = (path, message) => ctx.addIssue({ code: "custom", path: [path], message });
    if (value.status === "cancelled" && value.confirmCancel !== "yes") issue("confirmCancel", ORDER_STATUS_TEXTS.confirmCancel);
    if (value.status === "shipped") checkShipping(value, issue);
  })
  .transform(({ confirmCancel: _, ...value }) => resolveCarrier(value));

/** The moves a vendor makes on their own orders (docs/after-sale.md): never a cancel. */
export const VENDOR_MOVES = ["processing", "shipped", "delivered"] as const satisfies readonly OrderStatus[];

/** A vendor's move from the dashboard's order item. */
export const vendorOrderMoveSchema = z
  .object({ orderId: orderIdField, status: z.enum(VENDOR_MOVES, { error: ORDER_STATUS_TEXTS.chooseAction }), ...shippingFields })
  .superRefine((value, ctx) => {
    if (value.status === "shipped") checkShipping(value, (path, message) => ctx.addIssue({ code: "custom", path: [path], message }));
  })
  .transform(resolveCarrier);

/** The buyer's 'I received my phone'. */
export const orderReceivedSchema = z.object({ orderId: orderIdField });

/** What the service needs to move an order: the courier resolved, the confirmation box checked by the schema. */
export interface OrderStatusChange {
  orderId: string;
  status: OrderStatus;
  carrier?: string;
  trackingNumber?: string;
  estimatedDeliveryDate?: string;
}
