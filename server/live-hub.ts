import type { DatabaseHandle } from "../db/client";
import { LIVE_CHANNEL, parseLiveNotice, pruneLiveEvents } from "../domain/live/events";
import type { Logger } from "./logger";
import { HOUR_MS } from "../lib/lagos-time";

export interface LiveSubscriber {
  /** There may be new events for this subscriber's user. */
  wake(): void;
  /** The hub is closing: end the stream. */
  end(): void;
  /** The user's sessions were ended somewhere: end the stream if its own session is gone. */
  sessionsEnded(): void;
}

export interface LiveHub {
  subscribe(userId: string, subscriber: LiveSubscriber): () => void;
  /** Open streams of a user on this instance. */
  streamCount(userId: string): number;
  close(): Promise<void>;
}

const PRUNE_EVERY_MS = HOUR_MS;

/**
 * One LISTEN per app instance, fanned out to the streams open on it. A notification names a
 * user; only that user's streams wake, and each reads its own events from the table (or, when
 * the user's sessions were ended, checks its own session). After a
 * lost listening connection, every stream wakes and catches up, so nothing is missed.
 */
export function createLiveHub(database: DatabaseHandle, logger: Logger): LiveHub {
  const byUser = new Map<string, Set<LiveSubscriber>>();
  const wakeEveryone = () => byUser.forEach((set) => set.forEach((s) => s.wake()));
  const onNotify = (payload: string) => {
    const { kind, userId } = parseLiveNotice(payload);
    byUser.get(userId)?.forEach((s) => (kind === "events" ? s.wake() : s.sessionsEnded()));
  };

  const listening = database
    .listen(LIVE_CHANNEL, { onNotify, onReconnect: wakeEveryone })
    .then((stop) => {
      // Streams that opened before LISTEN was in place may have missed a wake.
      wakeEveryone();
      return stop;
    })
    .catch((error: unknown) => {
      logger.error({ err: error }, "live events: cannot listen");
      return null;
    });

  const pruneTimer = setInterval(() => {
    pruneLiveEvents(database.db).catch((error: unknown) => logger.warn({ err: error }, "live events: prune failed"));
  }, PRUNE_EVERY_MS);
  pruneTimer.unref();

  return {
    subscribe(userId, subscriber) {
      const set = byUser.get(userId) ?? new Set();
      set.add(subscriber);
      byUser.set(userId, set);
      return () => {
        set.delete(subscriber);
        if (set.size === 0 && byUser.get(userId) === set) byUser.delete(userId);
      };
    },
    streamCount: (userId) => byUser.get(userId)?.size ?? 0,
    async close() {
      clearInterval(pruneTimer);
      byUser.forEach((set) => set.forEach((s) => s.end()));
      byUser.clear();
      const stop = await listening;
      await stop?.();
    },
  };
}
