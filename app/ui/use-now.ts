import { useSyncExternalStore } from "react";

/*
 * The clock for relative times ('5 minutes ago'). The server renders with the time its loader
 * read, and the browser hydrates with that same time, so the texts match and React keeps the
 * server's page; the browser's own clock takes over right after, and ticks every 30 seconds.
 */
const TICK_MS = 30_000;
let now = 0;
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function tick() {
  now = Date.now();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    now = Date.now();
    timer = setInterval(tick, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) clearInterval(timer);
  };
}

const browserNow = () => (now ||= Date.now());

/** Now, in milliseconds: `renderedAt` (the loader's Date.now()) in the server render and during hydration. */
export function useNow(renderedAt?: number): number {
  return useSyncExternalStore(subscribe, browserNow, () => renderedAt ?? browserNow());
}
