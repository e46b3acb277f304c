import { useCallback, useEffect, useRef } from "react";
import { useLocation, useRevalidator } from "react-router";
import { type LiveEvent, useLiveConnection, useLiveEvents } from "./live-events";
import { notificationStore } from "./notification-store";
import { useRootData, useSite } from "./site";
import { toast } from "../ui/toast";

/** Pages that list the cart's lines and must reload even when only a line (not the count) changed. */
const CART_PAGES = ["/cart", "/checkout"];
/** Several changes in a burst (clearing, a quick stepper) cause one reload. */
const CART_RELOAD_DELAY_MS = 150;

/**
 * What live events do to the open page: a new notification goes to the top of the list, raises
 * the unread count and shows a toast; a cart change elsewhere reloads the cart badge and views.
 */
export function LiveUpdates() {
  const site = useSite();
  const liveAfter = useRootData()?.liveAfter ?? null;
  const userId = site.account?.userId ?? null;
  useLiveConnection(userId && liveAfter !== null ? { userId, after: liveAfter } : null);

  useEffect(() => {
    notificationStore.sync(userId, site.unreadNotifications);
  }, [userId, site.unreadNotifications]);

  const reloadCartViews = useCartReload(site.cartCount);
  const onEvent = useCallback(
    (event: LiveEvent) => {
      const arrived = notificationStore.apply(event);
      if (arrived) toast.notification({ id: `notification-${arrived.id}`, kind: "info", title: arrived.title, description: arrived.message });
      if (event.kind === "cart.updated") reloadCartViews(event.count);
    },
    [reloadCartViews],
  );
  useLiveEvents(onEvent);
  return null;
}

function useCartReload(shownCount: number) {
  const revalidator = useRevalidator();
  const { pathname } = useLocation();
  const latest = useRef({ shownCount, pathname, revalidator });
  useEffect(() => {
    latest.current = { shownCount, pathname, revalidator };
  });
  const timer = useRef<number | undefined>(undefined);

  return useCallback((count: number) => {
    const { shownCount, pathname } = latest.current;
    const onCartPage = CART_PAGES.some((page) => pathname === page);
    if (count === shownCount && !onCartPage) return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void latest.current.revalidator.revalidate(), CART_RELOAD_DELAY_MS);
  }, []);
}
