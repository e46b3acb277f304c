import { Refusal } from "../domain/core/refusal";
import express, { type Router } from "express";
import { z } from "zod";
import { type CheckoutDeps, placeOrder } from "../domain/checkout/service";
import { CHECKOUT_TEXTS, PAYMENT_TEXTS } from "../domain/checkout/texts";
import { checkoutSchema, firstCheckoutError } from "../domain/checkout/validation";
import { type ConfirmationDeps, confirmPayment } from "../domain/payments/confirmation";
import { requireApiUser, viewerOf } from "./api-guards";
import type { Logger } from "./logger";

const referenceSchema = z.object({ reference: z.string({ error: PAYMENT_TEXTS.noReference }).trim().min(1, PAYMENT_TEXTS.noReference).max(200, PAYMENT_TEXTS.noReference) });

/**
 * POST /api/checkout places the order and answers the provider's payment page;
 * POST /api/payments/verify answers what /payment-success shows. Both for the signed-in buyer only.
 */
export type CheckoutApiDeps = Omit<CheckoutDeps & ConfirmationDeps, "db">;

export function createCheckoutApi(deps: CheckoutDeps & ConfirmationDeps & { logger: Logger }): Router {
  const api = express.Router();
  api.use(["/checkout", "/payments"], requireApiUser());

  api.post("/checkout", async (req, res, next) => {
    const parsed = checkoutSchema.safeParse(req.body);
    if (!parsed.success) return void res.status(400).json({ error: firstCheckoutError(parsed.error) });
    try {
      const viewer = viewerOf(res);
      const placed = await placeOrder(deps, { userId: viewer.userId, email: viewer.email, clientIp: req.ip ?? "unknown" }, parsed.data);
      res.status(201).json({ reference: placed.reference, authorizationUrl: placed.authorizationUrl });
    } catch (error) {
      if (!(error instanceof Refusal)) return next(error);
      if (error.status >= 500) deps.logger.warn({ err: error.cause ?? error }, "checkout failed");
      res.status(error.status).json({ error: error.message || CHECKOUT_TEXTS.processFailed });
    }
  });

  api.post("/payments/verify", async (req, res, next) => {
    const parsed = referenceSchema.safeParse(req.body);
    if (!parsed.success) return void res.status(400).json({ error: PAYMENT_TEXTS.noReference });
    try {
      res.set("Cache-Control", "no-store").json(await confirmPayment(deps, viewerOf(res).userId, parsed.data.reference));
    } catch (error) {
      next(error);
    }
  });

  return api;
}
