import { Refusal } from "../domain/core/refusal";
import express, { type Router } from "express";
import { z } from "zod";
import { listActivities } from "../domain/activity/service";
import { displayName } from "../domain/accounts/viewer";
import type { AccountsContext } from "../domain/accounts/service";
import { setProductLive } from "../domain/catalog/vendor-listings";
import { USER_TYPES } from "../lib/constants";
import { requireApiRole, viewerOf } from "./api-guards";

const activityFilterSchema = z.object({ userType: z.enum(USER_TYPES).optional().catch(undefined) });
const productLiveSchema = z.object({ isLive: z.boolean({ error: "isLive must be true or false" }) }).strict();
const productIdSchema = z.guid({ error: "Product not found" });

/** Account-related JSON endpoints; each one's access is checked here and again in its service. */
export function createAccountsApi({ db }: AccountsContext): Router {
  const api = express.Router();

  // Who is signed in (null when nobody): what the browser needs for the site bar.
  api.get("/session", async (_req, res, next) => {
    try {
      const viewer = await res.locals.getViewer();
      res.set("Cache-Control", "no-store");
      res.json({ user: viewer ? { email: viewer.email, name: displayName(viewer), role: viewer.role } : null });
    } catch (error) {
      next(error);
    }
  });

  api.get("/admin/activities", requireApiRole("back_office"), async (req, res, next) => {
    try {
      const filter = activityFilterSchema.parse(req.query);
      res.json({ activities: await listActivities(db, viewerOf(res), filter) });
    } catch (error) {
      next(error);
    }
  });

  api.patch("/vendor/products/:id/live", requireApiRole("sell"), async (req, res, next) => {
    const id = productIdSchema.safeParse(req.params.id);
    const body = productLiveSchema.safeParse(req.body);
    if (!id.success) return void res.status(404).json({ error: id.error.issues[0]?.message });
    if (!body.success) return void res.status(400).json({ error: body.error.issues[0]?.message });
    try {
      res.json(await setProductLive(db, viewerOf(res), { productId: id.data, isLive: body.data.isLive }));
    } catch (error) {
      if (error instanceof Refusal) return void res.status(error.status).json({ error: error.message });
      next(error);
    }
  });

  return api;
}
