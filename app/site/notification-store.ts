import { useSyncExternalStore } from "react";
import type { Notification } from "../../domain/notifications/service";
import type { LiveEvent } from "./live-events";

/**
 * The signed-in user's notifications in this tab: the unread count from the page, the list once
 * the bell (or /notifications) has loaded it, both kept current by live events.
 */
export interface NotificationState {
  unread: number;
  /** Null until loaded. */
  items: Notification[] | null;
}

let state: NotificationState = { unread: 0, items: null };
let owner: string | null = null;
const listeners = new Set<() => void>();

function set(next: NotificationState) {
  state = next;
  for (const listener of listeners) listener();
}

export const notificationStore = {
  /** A page load told us the user and their unread count; another user starts empty. */
  sync(userId: string | null, unread: number) {
    if (owner !== userId) {
      owner = userId;
      set({ unread, items: null });
    } else if (unread !== state.unread) {
      set({ ...state, unread });
    }
  },
  loaded(items: Notification[], unread: number) {
    set({ unread, items });
  },
  /** Applies a live event; returns the notification to toast when one arrived. */
  apply(event: LiveEvent): Notification | null {
    if (event.kind === "notification.created") {
      const items = state.items && !state.items.some((n) => n.id === event.notification.id) ? [event.notification, ...state.items] : state.items;
      set({ unread: event.unread, items });
      return event.notification;
    }
    if (event.kind === "notification.updated") {
      set({ unread: event.unread, items: state.items?.map((n) => (n.id === event.notification.id ? event.notification : n)) ?? null });
    } else if (event.kind === "notifications.all-read") {
      set({ unread: 0, items: state.items?.map((n) => ({ ...n, read: true })) ?? null });
    }
    return null;
  },
  /** Shown as read at once; `undo` puts it back when the server refuses. */
  markReadLocally(id: string): () => void {
    const before = state;
    const target = state.items?.find((n) => n.id === id);
    if (!target || target.read) return () => {};
    set({ unread: Math.max(0, state.unread - 1), items: state.items!.map((n) => (n.id === id ? { ...n, read: true } : n)) });
    return () => set(before);
  },
  markAllReadLocally(): () => void {
    const before = state;
    set({ unread: 0, items: state.items?.map((n) => ({ ...n, read: true })) ?? null });
    return () => set(before);
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const ownerOf = () => owner;

/** The store's state for this user; the page's own count until the store has been synced to them. */
export function useNotifications(userId: string, pageUnread: number): NotificationState {
  const current = useSyncExternalStore(subscribe, () => state, () => state);
  const synced = useSyncExternalStore(subscribe, ownerOf, () => null);
  return synced === userId ? current : { unread: pageUnread, items: null };
}
