import { Refusal } from "../domain/core/refusal";
import express, { type Response, type Router } from "express";
import type { Database } from "../db/client";
import { CART_TEXTS, cartItemIdSchema, clearCart, listCart, removeCartItem, setCartQuantity, setQuantitySchema } from "../domain/cart/service";
import { requireApiUser, viewerOf } from "./api-guards";

/** The signed-in buyer's cart (storefront.md §7): only their own lines are ever found. */
export function createCartApi({ db }: { db: Database }): Router {
  const api = express.Router();
  api.use("/cart", requireApiUser());

  api.get("/cart", async (_req, res, next) => {
    try {
      res.set("Cache-Control", "no-store").json({ items: await listCart(db, viewerOf(res).userId) });
    } catch (error) {
      next(error);
    }
  });

  api.patch("/cart/items/:id", async (req, res, next) => {
    const parsed = setQuantitySchema.safeParse({ itemId: req.params.id, quantity: req.body?.quantity });
    if (!parsed.success) return void res.status(400).json({ error: parsed.error.issues[0]?.message ?? CART_TEXTS.quantityFailed });
    try {
      res.json(await setCartQuantity(db, viewerOf(res), parsed.data));
    } catch (error) {
      answerCartError(res, error, next);
    }
  });

  api.delete("/cart/items/:id", async (req, res, next) => {
    const itemId = cartItemIdSchema.safeParse(req.params.id);
    if (!itemId.success) return void res.status(404).json({ error: CART_TEXTS.itemNotFound });
    try {
      res.json(await removeCartItem(db, viewerOf(res), itemId.data));
    } catch (error) {
      answerCartError(res, error, next);
    }
  });

  api.delete("/cart", async (_req, res, next) => {
    try {
      await clearCart(db, viewerOf(res));
      res.json({ cartCount: 0 });
    } catch (error) {
      next(error);
    }
  });

  return api;
}

function answerCartError(res: Response, error: unknown, next: (error: unknown) => void): void {
  if (error instanceof Refusal) return void res.status(error.status).json({ error: error.message });
  next(error);
}
