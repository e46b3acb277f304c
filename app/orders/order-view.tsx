import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Form, Link, useRevalidator, useSearchParams } from "react-router";
import type { CustomerOrder, OrderTabCounts } from "../../domain/orders/customer";
import type { BuyerWarranty, ClaimView } from "../../domain/claims/service";
import type { ReturnOffer, ReturnView } from "../../domain/returns/service";
import { ClaimDialog } from "./claim-dialog";
import { type LiveEvent, useLiveEvents } from "../site/live-events";
import { OrderCard, buttonClass } from "./order-card";
import { RefundBanks } from "./refund-account-form";
import type { Bank } from "../../domain/payments/provider";
import { OrderCancelDialog, OrderDetailsDialog, OrderReviewDialog, OrderTrackDialog, PaidOrderCancelDialog } from "./order-dialogs";
import { ReceivedDialog } from "./order-received";
import { Tabs } from "../ui/tabs";
import { toast } from "../ui/toast";
import { PageTitle } from "../ui/page-title";

/** My Orders texts (docs/orders.md), word for word. */
export const ORDERS_TEXTS = {
  title: "My Orders",
  noOrders: "No orders yet",
  noActive: "No active orders",
  noDelivered: "No delivered orders",
  refreshed: "Orders updated",
  loadFailed: "Failed to load orders",
  unableToLoad: "Unable to Load Orders",
  statusUpdated: "Order status updated!",
} as const;

function EmptyOrders({ text }: { text: string }) {
  return (
    <div className="rounded-2xl border border-dashed border-gray-300 bg-white p-8 text-center">
      <p className="text-lg font-semibold text-gray-900">{text}</p>
      <Link to="/shop" className="mt-4 inline-flex rounded-lg bg-brand-strong px-5 py-2.5 text-sm font-semibold text-white hover:opacity-90">
        Continue Shopping
      </Link>
    </div>
  );
}

/** Each order's newest warranty claim and return, each delivered order's warranty and return offer (docs/after-sale.md). */
interface OrderClaims {
  claims?: Record<string, ClaimView>;
  warranties?: Record<string, BuyerWarranty>;
  returns?: Record<string, ReturnView>;
  returnOffers?: Record<string, ReturnOffer>;
}

function OrderList({ orders, empty, claims = {}, returns = {}, returnOffers = {} }: { orders: CustomerOrder[]; empty: string } & OrderClaims) {
  if (orders.length === 0) return <EmptyOrders text={empty} />;
  return (
    <ul className="space-y-4">
      {orders.map((order) => (
        <li key={order.id}>
          <OrderCard order={order} claim={claims[order.id]} ret={returns[order.id]} returnOffer={returnOffers[order.id]} />
        </li>
      ))}
    </ul>
  );
}

/** Reloads the page's data; `onDone` runs only if the page is still showing (a failure swaps in the error view). */
function useReload() {
  const revalidator = useRevalidator();
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => void (mounted.current = false);
  }, []);
  return useCallback(
    async (onDone?: () => void) => {
      await revalidator.revalidate();
      if (mounted.current) onDone?.();
    },
    [revalidator],
  );
}

/** A status change (the vendor's, an admin's or the automatic delivery) arrives as a live event: the list reloads and says so. */
function useLiveOrderUpdates() {
  const reload = useReload();
  const onEvent = useCallback(
    (event: LiveEvent) => {
      if (event.kind !== "order.updated") return;
      void reload(() => toast.live(ORDERS_TEXTS.statusUpdated));
    },
    [reload],
  );
  useLiveEvents(onEvent);
}

/** Refresh: a plain reload of /orders without scripts, a data reload and a toast with them. */
function RefreshButton() {
  const reload = useReload();
  const [busy, setBusy] = useState(false);
  const refresh = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    void reload(() => {
      setBusy(false);
      toast.success(ORDERS_TEXTS.refreshed);
    });
  };
  return (
    <Form method="get" action="/orders" onSubmit={refresh}>
      <button type="submit" disabled={busy} aria-busy={busy} className={`${buttonClass} disabled:cursor-wait disabled:opacity-70`}>
        {busy ? "Refreshing…" : "Refresh"}
      </button>
    </Form>
  );
}

/** The order a dialog in the address is about, if it is one of this buyer's orders and the dialog fits it. */
function useOpenDialog(orders: CustomerOrder[]) {
  const [params] = useSearchParams();
  const find = (name: string) => {
    const id = params.get(name);
    return id ? orders.find((order) => order.id === id) : undefined;
  };
  const review = find("review");
  const cancel = find("cancel");
  const claim = find("claim");
  const received = find("received");
  return {
    claim: claim?.status === "delivered" || claim?.status === "shipped" ? claim : undefined,
    received: received?.status === "shipped" ? received : undefined,
    cancel: cancel?.payableUntil ? cancel : undefined,
    cancelPaid: cancel?.cancellable ? cancel : undefined,
    details: find("details"),
    track: find("track"),
    review: review?.status === "delivered" && !review.reviewed ? review : undefined,
  };
}

export function OrdersView({
  orders,
  counts,
  claims = {},
  warranties = {},
  returns = {},
  returnOffers = {},
  refundBanks = null,
}: { orders: CustomerOrder[]; counts: OrderTabCounts; refundBanks?: Bank[] | null } & OrderClaims) {
  useLiveOrderUpdates();
  const open = useOpenDialog(orders);
  const tabs = [
    { id: "all", label: `All (${counts.all})`, content: <OrderList orders={orders} claims={claims} returns={returns} returnOffers={returnOffers} empty={ORDERS_TEXTS.noOrders} /> },
    { id: "active", label: `Active (${counts.active})`, content: <OrderList orders={orders.filter((o) => o.active)} claims={claims} returns={returns} returnOffers={returnOffers} empty={ORDERS_TEXTS.noActive} /> },
    {
      id: "delivered",
      label: `Delivered (${counts.delivered})`,
      content: <OrderList orders={orders.filter((o) => o.status === "delivered")} claims={claims} returns={returns} returnOffers={returnOffers} empty={ORDERS_TEXTS.noDelivered} />,
    },
  ];
  return (
    <OrdersFrame>
      <RefundBanks.Provider value={refundBanks}>
        <Tabs items={tabs} label="Filter orders" />
      </RefundBanks.Provider>
      {open.details ? <OrderDetailsDialog order={open.details} /> : null}
      {open.track ? <OrderTrackDialog order={open.track} /> : null}
      {open.review ? <OrderReviewDialog order={open.review} /> : null}
      {open.cancel ? <OrderCancelDialog order={open.cancel} /> : null}
      {open.claim ? <ClaimDialog order={open.claim} warranty={warranties[open.claim.id]} claim={claims[open.claim.id]} /> : null}
      {open.received ? <ReceivedDialog order={open.received} /> : null}
      {open.cancelPaid ? <PaidOrderCancelDialog order={open.cancelPaid} /> : null}
    </OrdersFrame>
  );
}

export function OrdersFrame({ children, refresh = true }: { children: ReactNode; refresh?: boolean }) {
  return (
    <section className="container-page max-w-4xl py-6 sm:py-8" aria-labelledby="orders-title">
      <div className="mb-4 flex items-center justify-between gap-3">
        <PageTitle id="orders-title">{ORDERS_TEXTS.title}</PageTitle>
        {refresh ? <RefreshButton /> : null}
      </div>
      {children}
    </section>
  );
}

/** The route's error view: 'Unable to Load Orders' with Try Again, and the 'Failed to load orders' toast. */
export function OrdersLoadFailed() {
  const reload = useReload();
  useEffect(() => {
    toast.error(ORDERS_TEXTS.loadFailed);
  }, []);
  const retry = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void reload();
  };
  return (
    <OrdersFrame refresh={false}>
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-8 text-center">
        <p className="text-lg font-semibold text-red-900">{ORDERS_TEXTS.unableToLoad}</p>
        <p className="mt-1 text-sm text-red-900">Please check your connection and try again.</p>
        <Form method="get" action="/orders" onSubmit={retry} className="mt-4">
          <button type="submit" className="inline-flex rounded-lg bg-brand-strong px-5 py-2.5 text-sm font-semibold text-white hover:opacity-90">
            Try Again
          </button>
        </Form>
      </div>
    </OrdersFrame>
  );
}
