import { Refusal } from "../domain/core/refusal";
import express, { type Router } from "express";
import type { Database } from "../db/client";
import { getCustomerOrder, listCustomerOrders } from "../domain/orders/customer";
import { ORDER_STATUS_TEXTS } from "../domain/orders/status";
import { REVIEW_SUBMISSION_TEXTS, reviewSubmissionSchema, submitReview } from "../domain/reviews/submission";
import { requireApiUser, viewerOf } from "./api-guards";

/** The signed-in buyer's own orders (operations.md §7, my orders); anyone else's is "not found". */
export function createOrdersApi({ db }: { db: Database }): Router {
  const api = express.Router();
  api.use("/orders", requireApiUser());

  api.get("/orders", async (_req, res, next) => {
    try {
      res.set("Cache-Control", "no-store").json(await listCustomerOrders(db, viewerOf(res).userId));
    } catch (error) {
      next(error);
    }
  });

  api.get("/orders/:id", async (req, res, next) => {
    try {
      const order = await getCustomerOrder(db, viewerOf(res).userId, req.params.id);
      if (!order) return void res.status(404).json({ error: ORDER_STATUS_TEXTS.notFound });
      res.set("Cache-Control", "no-store").json({ order });
    } catch (error) {
      next(error);
    }
  });

  api.post("/orders/:id/review", async (req, res, next) => {
    const parsed = reviewSubmissionSchema.safeParse({ orderId: req.params.id, rating: req.body?.rating, comment: req.body?.comment });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const status = issue?.path[0] === "orderId" ? 404 : 400;
      return void res.status(status).json({ error: issue?.message ?? REVIEW_SUBMISSION_TEXTS.failed });
    }
    try {
      res.status(201).json(await submitReview(db, viewerOf(res), parsed.data));
    } catch (error) {
      if (error instanceof Refusal) return void res.status(error.status).json({ error: error.message });
      next(error);
    }
  });

  return api;
}
