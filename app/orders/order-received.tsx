import { Form, Link, useNavigation } from "react-router";
import type { CustomerOrder } from "../../domain/orders/customer";
import { ModalDialog } from "../ui/dialog";

/** What the buyer sees around 'I received my phone' (docs/after-sale.md). */
export const RECEIVED_TEXTS = {
  button: "I received my phone",
  title: "Did your phone arrive?",
  body: "Confirm only once the phone is in your hands. Your warranty starts today, and the order moves to Delivered.",
  confirm: "Yes, I received it",
  notYet: "Not yet",
  saving: "Confirming…",
  done: "Thanks! Your order is marked delivered.",
  failed: "Could not mark the order delivered",
} as const;

export const receivedHref = (orderId: string) => `/orders?received=${orderId}`;

const primaryButton =
  "inline-flex min-h-11 items-center justify-center gap-1.5 rounded-lg bg-brand-strong px-3 py-2 text-sm font-semibold text-white hover:opacity-90";

/** Opens the confirmation: the address carries it, so it works before scripts load. */
export function ReceivedLink({ order }: { order: CustomerOrder }) {
  return (
    <Link to={receivedHref(order.id)} preventScrollReset className={primaryButton}>
      {RECEIVED_TEXTS.button}
      <span className="sr-only"> (order #{order.orderNumber})</span>
    </Link>
  );
}

/** 'Did your phone arrive?' with Yes (a plain post without scripts) and Not yet. */
export function ReceivedDialog({ order }: { order: CustomerOrder }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "received";
  return (
    <ModalDialog title={RECEIVED_TEXTS.title} closeTo="/orders">
      <p className="text-sm text-gray-800">
        Order #{order.orderNumber} · {order.product.name}
      </p>
      <p className="mt-2 text-sm text-gray-700">{RECEIVED_TEXTS.body}</p>
      <Form method="post" action="/orders" className="mt-5 grid gap-2 sm:grid-cols-2" preventScrollReset>
        <input type="hidden" name="intent" value="received" />
        <input type="hidden" name="orderId" value={order.id} />
        <button type="submit" disabled={busy} aria-busy={busy} className={`${primaryButton} disabled:cursor-wait disabled:opacity-70`}>
          {busy ? RECEIVED_TEXTS.saving : RECEIVED_TEXTS.confirm}
        </button>
        <Link to="/orders" preventScrollReset className="inline-flex min-h-11 items-center justify-center rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-50">
          {RECEIVED_TEXTS.notYet}
        </Link>
      </Form>
    </ModalDialog>
  );
}
