import express, { type Router } from "express";
import { z } from "zod";
import type { Database } from "../db/client";
import { NOTIFICATION_TEXTS, countUnread, loadNotificationCentre, markAllNotificationsRead, markNotificationRead } from "../domain/notifications/service";
import { requireApiUser, viewerOf } from "./api-guards";

const notificationIdSchema = z.guid();

/** The signed-in user's own notifications (storefront.md §7). */
export function createNotificationsApi({ db }: { db: Database }): Router {
  const api = express.Router();
  api.use("/notifications", requireApiUser());

  api.get("/notifications", async (_req, res, next) => {
    try {
      res.set("Cache-Control", "no-store").json(await loadNotificationCentre(db, viewerOf(res).userId));
    } catch (error) {
      next(error);
    }
  });

  api.post("/notifications/read-all", async (_req, res, next) => {
    try {
      await markAllNotificationsRead(db, viewerOf(res).userId);
      res.json({ unread: 0 });
    } catch (error) {
      next(error);
    }
  });

  api.post("/notifications/:id/read", async (req, res, next) => {
    const id = notificationIdSchema.safeParse(req.params.id);
    try {
      const { userId } = viewerOf(res);
      if (!id.success || !(await markNotificationRead(db, userId, id.data))) {
        return void res.status(404).json({ error: NOTIFICATION_TEXTS.markOneFailed });
      }
      res.json({ unread: await countUnread(db, userId) });
    } catch (error) {
      next(error);
    }
  });

  return api;
}
