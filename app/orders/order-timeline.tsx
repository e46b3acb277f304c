import type { OrderHistoryItem } from "../../domain/orders/history";
import { type ActorRole, ORDER_PROGRESS_STEPS, ORDER_STATUS_LABELS, type OrderStatus } from "../../lib/constants";
import { formatDateTime } from "../ui/format";

/** Who reads the timeline: each sees the movers named from where they stand. */
export type TimelineAudience = "buyer" | "vendor" | "admin";

/** Who moved the order, in the words of each audience (docs/after-sale.md). */
export const TIMELINE_ACTORS: Record<TimelineAudience, Record<ActorRole, string>> = {
  buyer: { buyer: "You", vendor: "The vendor", admin: "Tokunbo support", system: "Automatically" },
  vendor: { buyer: "The buyer", vendor: "You", admin: "Tokunbo support", system: "Automatically" },
  admin: { buyer: "The buyer", vendor: "The vendor", admin: "An admin", system: "Automatically" },
};

export const TIMELINE_TEXTS = {
  title: "Status history",
  empty: "No status updates yet.",
} as const;

/** A history entry by its progress step ('Payment Confirmed'), else its status ('Cancelled'). */
function historyLabel(status: OrderStatus): string {
  return ORDER_PROGRESS_STEPS.find((step) => step.status === status)?.label ?? ORDER_STATUS_LABELS[status];
}

/** Every status the order entered, oldest first: when, what was noted (the tracking number) and who did it. */
export function OrderTimeline({ history, audience, label = TIMELINE_TEXTS.title }: { history: readonly OrderHistoryItem[]; audience: TimelineAudience; label?: string }) {
  if (history.length === 0) return <p className="mt-2 text-sm text-gray-700">{TIMELINE_TEXTS.empty}</p>;
  return (
    <ol className="mt-3 space-y-4 border-l-2 border-gray-200 pl-4" aria-label={label} data-testid="order-history">
      {history.map((entry, index) => (
        <li key={`${entry.status}-${entry.at}-${index}`} className="relative">
          <span aria-hidden="true" className="absolute -left-[1.4rem] top-1 h-3 w-3 rounded-full border-2 border-white bg-brand-strong" />
          <p className="text-sm font-semibold text-gray-900">{historyLabel(entry.status)}</p>
          <p className="text-xs text-gray-600">
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            {entry.by ? ` · ${TIMELINE_ACTORS[audience][entry.by]}` : null}
          </p>
          {entry.note ? <p className="mt-0.5 text-sm text-gray-800">{entry.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}

/** An order's timeline folded under its title on a back-office card, shown once the order has any history. */
export function OrderHistoryDetails({ order, audience }: { order: { orderNumber: string; history: readonly OrderHistoryItem[] }; audience: TimelineAudience }) {
  if (order.history.length === 0) return null;
  return (
    <details className="mt-3">
      <summary className="cursor-pointer text-sm font-semibold text-brand-strong">{TIMELINE_TEXTS.title}</summary>
      <OrderTimeline history={order.history} audience={audience} label={`${TIMELINE_TEXTS.title} of order #${order.orderNumber}`} />
    </details>
  );
}
