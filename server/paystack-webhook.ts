import express, { type RequestHandler, type Router } from "express";
import { z } from "../lib/zod";
import type { FulfilmentDeps } from "../domain/payments/fulfilment";
import { fulfilPayment } from "../domain/flows/fulfil-payment";
import { parsePaystackTransaction } from "../domain/payments/paystack-client";
import { isRefundEvent, parseRefundEvent, providerRefundIdOf } from "../domain/payments/refund-events";
import { applyRefundOutcome } from "../domain/flows/refund-failed";
import { markRefundNeedsAccount } from "../domain/payments/refund-account";
import { isValidWebhookSignature } from "../domain/payments/webhook-signature";
import { isDisputeEvent, parseDisputeEvent, recordDisputeEvent } from "../domain/payments/disputes";
import { isTransferEvent, parseTransferEvent } from "../domain/payouts/transfer-events";
import { applyTransferOutcome } from "../domain/payouts/transfers";
import type { Logger } from "./logger";

const eventSchema = z.object({ event: z.string(), data: z.unknown() });

/**
 * POST /api/webhooks/paystack (docs/payments.md): HMAC-SHA512 of the raw body with the secret
 * key, compared in constant time. A bad signature gets 401 and changes nothing; a good
 * charge.success is fulfilled through the same idempotent path as the return page, and
 * refund.processed and refund.failed settle the refund they are about, and transfer.success,
 * transfer.failed and transfer.reversed the vendor payout they are about, and charge.dispute.create,
 * .remind and .resolve the card dispute they are about (a replay changes nothing).
 */
export function createPaystackWebhook(deps: FulfilmentDeps & { secretKey: string; logger: Logger }): Router {
  const router = express.Router();
  router.post("/api/webhooks/paystack", express.raw({ type: () => true, limit: "256kb" }), handleEvent(deps));
  return router;
}

function handleEvent({ secretKey, logger, ...deps }: FulfilmentDeps & { secretKey: string; logger: Logger }): RequestHandler {
  return async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!isValidWebhookSignature(body, req.get("x-paystack-signature"), secretKey)) {
      return void res.status(401).json({ error: "Invalid signature" });
    }
    const event = eventSchema.safeParse(parseJson(body));
    if (!event.success) return void res.status(400).json({ error: "Unrecognised event" });
    if (isRefundEvent(event.data.event)) {
      const refund = parseRefundEvent(event.data.event, event.data.data);
      if (!refund) return void res.status(400).json({ error: "Unrecognised event" });
      try {
        const providerRefundId = await providerRefundIdOf(deps.db, refund);
        if (providerRefundId === null) {
          logger.warn({ reference: refund.transactionReference, amount: refund.amount }, "refund webhook matches no refund");
        } else if (refund.status === "needs-attention") {
          await markRefundNeedsAccount(deps, providerRefundId);
        } else {
          const { providerRefundId: _given, status, ...outcome } = refund;
          await applyRefundOutcome(deps, { ...outcome, status, providerRefundId });
        }
        return void res.status(200).json({ received: true });
      } catch (error) {
        logger.error({ err: error, reference: refund.transactionReference }, "refund webhook failed");
        return void res.status(500).json({ error: "Could not process the event. It will be retried." });
      }
    }
    if (isTransferEvent(event.data.event)) {
      const outcome = parseTransferEvent(event.data.event, event.data.data);
      if (!outcome) return void res.status(400).json({ error: "Unrecognised event" });
      try {
        await applyTransferOutcome(deps, outcome);
        return void res.status(200).json({ received: true });
      } catch (error) {
        logger.error({ err: error, reference: outcome.reference }, "transfer webhook failed");
        return void res.status(500).json({ error: "Could not process the event. It will be retried." });
      }
    }
    if (isDisputeEvent(event.data.event)) {
      const dispute = parseDisputeEvent(event.data.event, event.data.data);
      if (!dispute) return void res.status(400).json({ error: "Unrecognised event" });
      try {
        const recorded = await recordDisputeEvent(deps.db, dispute);
        if (recorded === "unknown_payment") logger.warn({ reference: dispute.transactionReference, dispute: dispute.providerDisputeId }, "dispute webhook matches no payment");
        return void res.status(200).json({ received: true });
      } catch (error) {
        logger.error({ err: error, reference: dispute.transactionReference }, "dispute webhook failed");
        return void res.status(500).json({ error: "Could not process the event. It will be retried." });
      }
    }
    if (event.data.event !== "charge.success") return void res.status(200).json({ received: true });
    const transaction = parsePaystackTransaction(event.data.data);
    if (!transaction) return void res.status(400).json({ error: "Unrecognised event" });
    try {
      const fulfilment = await fulfilPayment(deps, transaction.reference, transaction);
      if (fulfilment.outcome === "mismatch") logger.warn({ reference: transaction.reference, problems: fulfilment.problems }, "webhook payment does not match");
      res.status(200).json({ received: true });
    } catch (error) {
      // Paystack retries a failed delivery; reconciliation would also catch it.
      logger.error({ err: error, reference: transaction.reference }, "webhook fulfilment failed");
      res.status(500).json({ error: "Could not process the event. It will be retried." });
    }
  };
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return null;
  }
}
