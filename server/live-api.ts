import { fromNodeHeaders } from "better-auth/node";
import express, { type Request, type Response, type Router } from "express";
import { z } from "../lib/zod";
import type { AccountsContext } from "../domain/accounts/service";
import { loadViewer } from "../domain/accounts/viewer";
import { LIVE_READ_BATCH, latestLiveEventId, readLiveEvents } from "../domain/live/events";
import { requireApiUser, viewerOf } from "./api-guards";
import type { LiveHub } from "./live-hub";
import type { Logger } from "./logger";

export const LIVE_STREAM_TIMING = {
  /** A comment line this often keeps proxies and mobile carriers from closing an idle stream. */
  heartbeatMs: 20_000,
  /** How long the browser waits before reconnecting after a drop. */
  retryMs: 3000,
  /**
   * A stream whose session has ended is closed at its next check. Sign-out everywhere and a
   * password reset are announced to every instance, which checks at once; this catches the rest
   * (a session that simply expired).
   */
  sessionCheckMs: 5 * 60_000,
};

/** Streams one user may hold open on one instance: many tabs share one, so this is generous. */
const MAX_STREAMS_PER_USER = 20;

const cursorSchema = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * GET /api/events: the signed-in user's live events as Server-Sent Events. A reconnecting
 * browser sends Last-Event-ID and gets everything after it; a fresh page passes `after`, the
 * newest event id when its data was loaded, so nothing between the load and the connect is lost.
 */
export function createLiveApi({ accounts, hub, logger, timing = LIVE_STREAM_TIMING }: { accounts: AccountsContext; hub: LiveHub; logger: Logger; timing?: typeof LIVE_STREAM_TIMING }): Router {
  const api = express.Router();

  api.get("/events", requireApiUser(), async (req, res, next) => {
    try {
      const { userId } = viewerOf(res);
      if (hub.streamCount(userId) >= MAX_STREAMS_PER_USER) {
        res.status(429).json({ error: "Too many open connections. Close some tabs and try again." });
        return;
      }
      const cursor = startingCursor(req) ?? (await latestLiveEventId(accounts.db, userId));
      openStream(req, res, { accounts, hub, logger, timing, userId, cursor });
    } catch (error) {
      next(error);
    }
  });
  return api;
}

function startingCursor(req: Request): number | null {
  const raw = req.get("last-event-id") ?? req.query.after;
  const parsed = cursorSchema.safeParse(raw);
  return raw !== undefined && parsed.success ? parsed.data : null;
}

interface StreamOptions {
  accounts: AccountsContext;
  hub: LiveHub;
  logger: Logger;
  timing: typeof LIVE_STREAM_TIMING;
  userId: string;
  cursor: number;
}

function openStream(req: Request, res: Response, { accounts, hub, logger, timing, userId, cursor }: StreamOptions): void {
  res.writeHead(200, {
    "Content-Type": "text/event-stream; charset=utf-8",
    // no-transform keeps the compression middleware from buffering the stream.
    "Cache-Control": "no-cache, no-transform",
    "X-Accel-Buffering": "no",
    Connection: "keep-alive",
  });
  res.write(`retry: ${timing.retryMs}\n\n`);

  let closed = false;
  let reading = false;
  let readAgain = false;

  const deliver = async () => {
    if (reading) {
      readAgain = true;
      return;
    }
    reading = true;
    try {
      do {
        readAgain = false;
        const events = await readLiveEvents(accounts.db, userId, cursor);
        for (const { id, event } of events) {
          if (closed) return;
          res.write(`id: ${id}\ndata: ${JSON.stringify(event)}\n\n`);
          cursor = id;
        }
        if (events.length === LIVE_READ_BATCH) readAgain = true;
      } while (readAgain && !closed);
    } catch (error) {
      logger.warn({ err: error, userId }, "live events: read failed");
    } finally {
      reading = false;
    }
  };

  const end = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    clearInterval(sessionCheck);
    unsubscribe();
    res.end();
  };

  const checkSession = async () => {
    const { viewer } = await loadViewer(accounts, fromNodeHeaders(req.headers)).catch(() => ({ viewer: undefined }));
    if (viewer === null || (viewer && viewer.userId !== userId)) end();
  };
  const unsubscribe = hub.subscribe(userId, { wake: () => void deliver(), end, sessionsEnded: () => void checkSession() });
  const heartbeat = setInterval(() => res.write(": keep-alive\n\n"), timing.heartbeatMs);
  const sessionCheck = setInterval(() => void checkSession(), timing.sessionCheckMs);
  req.on("close", end);
  void deliver();
}
