import type { VendorOrder } from "../../domain/vendors/dashboard";
import { lagosToday } from "../../lib/lagos-time";
import { type OrderStatus, VENDOR_CANCEL_REASONS } from "../../lib/constants";
import { COURIERS } from "../../lib/couriers";
import { OTHER_REASON_MAX } from "../../domain/orders/cancellation-validation";
import { VENDOR_CANCELLATION_TEXTS } from "../../domain/orders/vendor-cancellation-validation";
import { useAction } from "../ui/answer";
import { FormButton, SelectField, TextField } from "../ui/form-field";

/** What the vendor's order controls say (docs/after-sale.md). */
export const VENDOR_ORDER_MOVE_TEXTS = {
  processing: "Mark as processing",
  ship: "Mark as shipped",
  shipHeading: "Ship this order",
  saving: "Saving…",
  courier: "Courier",
  chooseCourier: "Choose a courier",
  courierName: "Courier's name",
  tracking: "Tracking number",
  eta: "Estimated delivery",
  moved: (status: OrderStatus) => `Order marked as ${status}`,
  moneyBack: "The buyer's money for this order has gone back to them: do not ship it.",
} as const;

const COURIER_OPTIONS = COURIERS.map((courier) => ({ value: courier, label: courier }));
const REASON_OPTIONS = VENDOR_CANCEL_REASONS.map((reason) => ({ value: reason, label: reason }));
const ACTION = "/vendor-dashboard?tab=orders";

/**
 * The moves the vendor makes on one of their orders: processing, shipped with the courier and
 * tracking number (delivery is the buyer's confirmation or the automatic step, never the
 * vendor's); or cancelled with a reason while paid or processing. Each is a form of its own,
 * working without scripts; with them it shows a busy state, the answer as a toast and any error
 * beside its field.
 */
export function VendorOrderMoves({ order }: { order: VendorOrder }) {
  const { fetcher, busy, fieldErrors: errors } = useAction();
  const label = `order #${order.orderNumber}`;
  if (order.status !== "paid" && order.status !== "processing") return null;
  if (!order.shippable) return <p role="status" className="mt-4 rounded-lg bg-amber-50 p-3 text-sm font-semibold text-amber-950">{VENDOR_ORDER_MOVE_TEXTS.moneyBack}</p>;
  return (
    <div className="mt-4 grid gap-4 border-t border-gray-100 pt-4">
      {order.status === "paid" ? (
        <fetcher.Form method="post" action={ACTION}>
          <MoveFields orderId={order.id} status="processing" />
          <FormButton busy={busy} busyText={VENDOR_ORDER_MOVE_TEXTS.saving} variant="primary" className="w-full sm:w-auto">
            {VENDOR_ORDER_MOVE_TEXTS.processing}
            <span className="sr-only"> ({label})</span>
          </FormButton>
        </fetcher.Form>
      ) : null}
      <ShipForm order={order} fetcher={fetcher} busy={busy} errors={errors} />
      <CancelForm order={order} fetcher={fetcher} busy={busy} errors={errors} />
    </div>
  );
}

type FormProps = {
  order: VendorOrder;
  fetcher: ReturnType<typeof useAction>["fetcher"];
  busy: boolean;
  errors: Partial<Record<string, string>>;
};

/**
 * 'Cancel order' opens (a disclosure, so no script is needed) the reason and what cancelling
 * means; the vendor confirms with the form's button.
 */
function CancelForm({ order, fetcher, busy, errors }: FormProps) {
  const id = (name: string) => `cancel-${order.id}-${name}`;
  return (
    <details className="group/cancel rounded-lg border border-red-200 p-3" open={Boolean(errors.reason || errors.otherReason) || undefined}>
      <summary className="cursor-pointer text-sm font-semibold text-red-800">
        {VENDOR_CANCELLATION_TEXTS.cancelOrder}
        <span className="sr-only"> (order #{order.orderNumber})</span>
      </summary>
      <fetcher.Form method="post" action={ACTION} noValidate aria-label={`${VENDOR_CANCELLATION_TEXTS.title} (order #${order.orderNumber})`} className="group mt-3 grid gap-3">
        <h5 className="text-sm font-bold text-gray-900">{VENDOR_CANCELLATION_TEXTS.title}</h5>
        <p className="text-sm text-gray-700">{VENDOR_CANCELLATION_TEXTS.body}</p>
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="orderId" value={order.id} />
        <SelectField id={id("reason")} label={VENDOR_CANCELLATION_TEXTS.reasonLabel} name="reason" options={REASON_OPTIONS}
          placeholder={VENDOR_CANCELLATION_TEXTS.chooseReason} defaultValue="" required error={errors.reason} />
        <div className="hidden group-has-[option[value=Other]:checked]:block">
          <TextField id={id("other")} label={VENDOR_CANCELLATION_TEXTS.otherReasonLabel} name="otherReason" autoComplete="off" maxLength={OTHER_REASON_MAX} error={errors.otherReason} />
        </div>
        <div>
          <FormButton busy={busy} busyText={VENDOR_CANCELLATION_TEXTS.cancelling} variant="danger" className="w-full sm:w-auto">
            {VENDOR_CANCELLATION_TEXTS.confirm}
            <span className="sr-only"> (order #{order.orderNumber})</span>
          </FormButton>
        </div>
      </fetcher.Form>
    </details>
  );
}

function MoveFields({ orderId, status }: { orderId: string; status: OrderStatus }) {
  return (
    <>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="status" value={status} />
    </>
  );
}

/** Courier (with its name for 'Other'), tracking number and estimated delivery; errors beside their fields. */
function ShipForm({ order, fetcher, busy, errors }: FormProps) {
  const id = (name: string) => `ship-${order.id}-${name}`;
  return (
    <fetcher.Form method="post" action={ACTION} noValidate aria-label={`${VENDOR_ORDER_MOVE_TEXTS.shipHeading} (order #${order.orderNumber})`}
      className="group grid gap-3 rounded-lg bg-gray-50 p-3 sm:grid-cols-2">
      <h5 className="text-sm font-bold text-gray-900 sm:col-span-2">{VENDOR_ORDER_MOVE_TEXTS.shipHeading}</h5>
      <MoveFields orderId={order.id} status="shipped" />
      <SelectField id={id("carrier")} label={VENDOR_ORDER_MOVE_TEXTS.courier} name="carrier" options={COURIER_OPTIONS}
        placeholder={VENDOR_ORDER_MOVE_TEXTS.chooseCourier} defaultValue="" required error={errors.carrier} />
      {/* Shown for 'Other' through CSS alone, so the form works the same before scripts load. */}
      <div className="hidden group-has-[option[value=Other]:checked]:block">
        <TextField id={id("carrierName")} label={VENDOR_ORDER_MOVE_TEXTS.courierName} name="carrierName" autoComplete="off" maxLength={40} error={errors.carrierName} />
      </div>
      <TextField id={id("tracking")} label={VENDOR_ORDER_MOVE_TEXTS.tracking} name="trackingNumber" autoComplete="off" required maxLength={60} error={errors.trackingNumber} />
      <TextField id={id("eta")} label={VENDOR_ORDER_MOVE_TEXTS.eta} name="estimatedDeliveryDate" type="date" min={lagosToday()} required error={errors.estimatedDeliveryDate} />
      <div className="sm:col-span-2">
        <FormButton busy={busy} busyText={VENDOR_ORDER_MOVE_TEXTS.saving} className="w-full sm:w-auto">
          {VENDOR_ORDER_MOVE_TEXTS.ship}
          <span className="sr-only"> (order #{order.orderNumber})</span>
        </FormButton>
      </div>
    </fetcher.Form>
  );
}
