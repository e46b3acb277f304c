import { useEffect, useRef } from "react";
import type { LiveEvent } from "../../domain/live/events";

export type { LiveEvent } from "../../domain/live/events";

/**
 * Live events in the browser. One tab per browser holds the server stream (/api/events) and
 * passes what it receives to the other tabs over a BroadcastChannel; when that tab closes,
 * another takes over from the last event id any tab saw. Changes made in a tab are also
 * announced on the channel at once, so other tabs don't wait for the server's echo.
 */

const CHANNEL_NAME = "tokunbo-live";
/** The spec's browser event: any cart change makes every cart view reload (docs/orders.md). */
export const CART_UPDATED_EVENT = "cart-updated";
const RECONNECT_MS = { first: 5000, max: 60_000 };

type Listener = (event: LiveEvent) => void;
interface ChannelMessage {
  userId: string;
  /** The server's event id; absent for a change announced by a tab. */
  id?: number;
  event: LiveEvent;
}

const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;
/** Whose events this tab shows, and the newest server event id it has handled for them. */
let currentUserId: string | null = null;
let lastSeenId = 0;

function openChannel(): BroadcastChannel | null {
  if (channel || typeof BroadcastChannel === "undefined") return channel;
  channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (message: MessageEvent<ChannelMessage>) => receive(message.data);
  return channel;
}

function receive({ userId, id, event }: ChannelMessage): void {
  if (userId !== currentUserId) return;
  if (id !== undefined) {
    if (id <= lastSeenId) return;
    lastSeenId = id;
  }
  for (const listener of listeners) listener(event);
}

/** Runs `listener` for every live event this tab receives, whichever way it came. */
export function useLiveEvents(listener: Listener): void {
  useEffect(() => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, [listener]);
}

/** After a cart change in this tab: the page's cart-updated event and a word to the other tabs. */
export function announceCartUpdated(count: number): void {
  window.dispatchEvent(new CustomEvent(CART_UPDATED_EVENT, { detail: { count } }));
  if (currentUserId) openChannel()?.postMessage({ userId: currentUserId, event: { kind: "cart.updated", count } } satisfies ChannelMessage);
}

/** Keeps this browser's stream open while a user is signed in; `after` is the page's cursor. */
export function useLiveConnection(live: { userId: string; after: number } | null): void {
  const userId = live?.userId;
  // Read when the stream starts only: a reloaded page must not restart a stream that is current.
  const after = useRef(0);
  const latestAfter = live?.after ?? 0;
  useEffect(() => {
    after.current = latestAfter;
  });
  useEffect(() => {
    if (!userId) {
      currentUserId = null;
      return;
    }
    lastSeenId = currentUserId === userId ? Math.max(lastSeenId, after.current) : after.current;
    currentUserId = userId;
    openChannel();
    const stop = new AbortController();
    const lead = () => new Promise<void>((release) => holdStream(userId, stop.signal, release));
    const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
    if (locks) {
      locks.request(`${CHANNEL_NAME}:${userId}`, { signal: stop.signal }, lead).catch(() => {});
    } else {
      void lead();
    }
    return () => stop.abort();
  }, [userId]);
}

function holdStream(userId: string, signal: AbortSignal, release: () => void): void {
  let source: EventSource | null = null;
  let retryTimer: number | undefined;
  let retryMs = RECONNECT_MS.first;
  const storageKey = `${CHANNEL_NAME}:last:${userId}`;

  const connect = () => {
    // Another tab may have seen newer events before this one took over.
    const stored = Number(localStorage.getItem(storageKey) ?? 0);
    if (Number.isSafeInteger(stored)) lastSeenId = Math.max(lastSeenId, stored);
    source = new EventSource(`/api/events?after=${lastSeenId}`);
    source.onopen = () => {
      retryMs = RECONNECT_MS.first;
    };
    source.onmessage = (message) => {
      const id = Number(message.lastEventId);
      if (!Number.isSafeInteger(id) || id <= lastSeenId) return;
      const event = JSON.parse(message.data as string) as LiveEvent;
      localStorage.setItem(storageKey, String(id));
      receive({ userId, id, event });
      channel?.postMessage({ userId, id, event } satisfies ChannelMessage);
    };
    source.onerror = () => {
      // A dropped connection is retried by the browser itself; a refused one (signed out,
      // too many tabs, server error) is closed for good, so try again later from here.
      if (source?.readyState !== EventSource.CLOSED) return;
      retryTimer = window.setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, RECONNECT_MS.max);
    };
  };

  signal.addEventListener("abort", () => {
    source?.close();
    window.clearTimeout(retryTimer);
    release();
  });
  connect();
}
