import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Form, Link } from "react-router";
import type { Notification } from "../../domain/notifications/service";
import { NOTIFICATION_TEXTS } from "../../domain/notifications/texts";
import { LIMITS } from "../../lib/constants";
import { timeAgo } from "../../lib/relative-time";
import { useAction } from "../ui/answer";
import { useRouteData } from "../ui/use-route-data";
import { useNow } from "../ui/use-now";
import { BellIcon } from "../ui/icons";
import { notificationStore, useNotifications } from "../site/notification-store";
import { Spinner } from "../ui/spinner";
import { toast } from "../ui/toast";

/** '99+' above 99 (docs/orders.md). */
export function unreadBadgeText(unread: number): string {
  return unread > LIMITS.unreadBadgeCap ? `${LIMITS.unreadBadgeCap}+` : String(unread);
}

const TYPE_STYLES: Record<string, { dot: string; label: string }> = {
  order: { dot: "bg-blue-600", label: "Order" },
  product: { dot: "bg-green-600", label: "Product" },
  warning: { dot: "bg-amber-500", label: "Warning" },
  error: { dot: "bg-red-600", label: "Error" },
};
const DEFAULT_STYLE = { dot: "bg-gray-500", label: "Notice" };

export const NOTIFICATIONS_PAGE = "/notifications";

/** Loads the list into the store from the notifications page's loader; false when it could not be. */
function useLoadNotifications() {
  const load = useRouteData<{ notifications: Notification[]; unread: number }>();
  return useCallback(async () => {
    const centre = await load(NOTIFICATIONS_PAGE);
    if (centre) notificationStore.loaded(centre.notifications, centre.unread);
    return Boolean(centre);
  }, [load]);
}

/** Mark one or all read through the page's action: shown at once, put back with the documented toast when the server refuses. */
export function useNotificationActions() {
  const { submit } = useAction({ quiet: true });
  const markRead = useCallback(
    async (id: string) => {
      const undo = notificationStore.markReadLocally(id);
      const answer = await submit(NOTIFICATIONS_PAGE, { intent: "read", id });
      if (!answer.ok) {
        undo();
        toast.error(NOTIFICATION_TEXTS.markOneFailed);
      }
    },
    [submit],
  );
  const markAllRead = useCallback(async () => {
    const undo = notificationStore.markAllReadLocally();
    const answer = await submit(NOTIFICATIONS_PAGE, { intent: "read-all" });
    if (answer.ok) {
      toast.success(NOTIFICATION_TEXTS.allRead);
    } else {
      undo();
      toast.error(NOTIFICATION_TEXTS.markAllFailed);
    }
  }, [submit]);
  return { markRead, markAllRead };
}

interface NotificationListProps {
  items: Notification[];
  onRead: (id: string) => void;
  /** The loader's Date.now() when the list is rendered on the server. */
  renderedAt?: number;
  className?: string;
}

/** The list, newest first; an unread item is marked read when clicked. */
export function NotificationList({ items, onRead, renderedAt, className = "" }: NotificationListProps) {
  const now = useNow(renderedAt);
  if (items.length === 0) {
    return <p className={`px-4 py-8 text-center text-sm text-gray-600 ${className}`}>{NOTIFICATION_TEXTS.empty}</p>;
  }
  return (
    <ul className={`divide-y divide-gray-100 ${className}`} aria-label="Notifications list">
      {items.map((item) => (
        <li key={item.id}>
          <NotificationItem item={item} onRead={onRead} now={now} />
        </li>
      ))}
    </ul>
  );
}

function NotificationItem({ item, onRead, now }: { item: Notification; onRead: (id: string) => void; now: number }) {
  const style = TYPE_STYLES[item.type] ?? DEFAULT_STYLE;
  return (
    <Form method="post" action={NOTIFICATIONS_PAGE} onSubmit={(event) => {
      event.preventDefault();
      if (!item.read) onRead(item.id);
    }}>
      <input type="hidden" name="intent" value="read" />
      <input type="hidden" name="id" value={item.id} />
      <button
        type="submit"
        data-type={item.type}
        data-read={item.read}
        aria-label={`${item.read ? "" : "Unread: "}${item.title}. ${item.message}`}
        className={`flex w-full gap-3 px-4 py-3 text-left hover:bg-gray-50 ${item.read ? "" : "bg-orange-50/60"}`}
      >
        <span className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${style.dot}`} title={style.label} aria-hidden="true" />
        <span className="min-w-0 flex-1">
          <span className={`block text-sm text-gray-900 ${item.read ? "font-medium" : "font-bold"}`}>{item.title}</span>
          <span className="mt-0.5 block text-sm text-gray-700">{item.message}</span>
          <span className="mt-1 block text-xs text-gray-500">
            <time dateTime={item.createdAt}>{timeAgo(item.createdAt, new Date(now))}</time>
          </span>
        </span>
      </button>
    </Form>
  );
}

export function MarkAllReadButton({ disabled, onMarkAll }: { disabled: boolean; onMarkAll: () => void }) {
  return (
    <Form method="post" action={NOTIFICATIONS_PAGE} onSubmit={(event) => {
      event.preventDefault();
      onMarkAll();
    }}>
      <input type="hidden" name="intent" value="read-all" />
      <button type="submit" disabled={disabled} className="rounded-md px-2 py-1 text-sm font-semibold text-brand-strong hover:underline disabled:text-gray-400 disabled:no-underline">
        Mark all as read
      </button>
    </Form>
  );
}

/** The bell in the site bar (hidden on small screens, docs/orders.md) and its list. */
export function NotificationBell({ userId, pageUnread }: { userId: string; pageUnread: number }) {
  const { unread, items } = useNotifications(userId, pageUnread);
  const { markRead, markAllRead } = useNotificationActions();
  const loadNotifications = useLoadNotifications();
  const [open, setOpen] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();

  const toggle = () => {
    setOpen(!open);
    if (open || items !== null) return;
    setLoadFailed(false);
    void loadNotifications().then((ok) => setLoadFailed(!ok));
  };

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", closeOutside);
    return () => document.removeEventListener("mousedown", closeOutside);
  }, [open]);

  const label = unread > 0 ? `Notifications, ${unread} unread` : "Notifications";
  return (
    <div
      ref={root}
      className="relative hidden md:block"
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          setOpen(false);
          root.current?.querySelector("button")?.focus();
        }
      }}
    >
      <button
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        className="relative inline-flex h-10 w-10 items-center justify-center rounded-full text-gray-800 hover:bg-gray-100"
      >
        <BellIcon className="h-6 w-6" />
        {unread > 0 ? (
          <span
            data-testid="unread-badge"
            aria-hidden="true"
            className="absolute -right-1 -top-1 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-bold leading-5 text-white"
          >
            {unreadBadgeText(unread)}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          id={panelId}
          role="region"
          aria-label="Notifications"
          className="absolute right-0 top-12 z-40 w-96 max-w-[90vw] overflow-hidden rounded-xl border border-gray-200 bg-white shadow-xl"
        >
          <div className="flex items-center justify-between border-b border-gray-100 px-4 py-2.5">
            <h2 className="text-sm font-bold text-gray-900">Notifications</h2>
            <MarkAllReadButton disabled={unread === 0} onMarkAll={markAllRead} />
          </div>
          <div className="max-h-[70vh] overflow-y-auto">
            {items !== null ? (
              <NotificationList items={items} onRead={markRead} />
            ) : loadFailed ? (
              <p className="px-4 py-8 text-center text-sm text-gray-600">Couldn't load notifications. Check your connection and try again.</p>
            ) : (
              <Spinner className="flex justify-center py-8" />
            )}
          </div>
          <Link to="/notifications" onClick={() => setOpen(false)} className="block border-t border-gray-100 px-4 py-2.5 text-center text-sm font-semibold text-brand-strong hover:bg-gray-50">
            See all notifications
          </Link>
        </div>
      ) : null}
    </div>
  );
}
