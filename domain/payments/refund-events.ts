import { and, asc, eq, isNotNull } from "drizzle-orm";
import { z } from "../../lib/zod";
import type { Database } from "../../db/client";
import { refunds } from "../../db/schema/after-sale";
import { payments } from "../../db/schema/payments";

/**
 * The refund webhooks the shop acts on (docs/payments.md); refund.pending and refund.processing
 * change nothing. refund.needs-attention asks the buyer for a bank account.
 */
export const REFUND_EVENTS = ["refund.processed", "refund.failed", "refund.needs-attention"] as const;
export type RefundEventName = (typeof REFUND_EVENTS)[number];
export const isRefundEvent = (event: string): event is RefundEventName => (REFUND_EVENTS as readonly string[]).includes(event);

/** Paystack writes amounts and ids as numbers or as strings of digits (its refund guide shows both). */
const wholeNumber = z.union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^\d{1,15}$/).transform(Number)]).pipe(z.number().int().positive());

const refundEventSchema = z.object({
  id: wholeNumber.optional(),
  status: z.string().optional(),
  transaction_reference: z.string().min(1).max(200),
  amount: wholeNumber,
  reason: z.string().max(1_000).nullish(),
});

export interface RefundEvent {
  status: "processed" | "failed" | "needs-attention";
  /** Paystack's refund id, when the event carries it (its guide's samples leave it out). */
  providerRefundId: number | null;
  transactionReference: string;
  /** Kobo. */
  amount: number;
  failureReason?: string;
}

/** The data of a refund.processed or refund.failed event; null when it is not one. */
export function parseRefundEvent(event: RefundEventName, data: unknown): RefundEvent | null {
  const parsed = refundEventSchema.safeParse(data);
  if (!parsed.success) return null;
  const status = event === "refund.processed" ? "processed" : event === "refund.failed" ? "failed" : "needs-attention";
  const { id, transaction_reference: transactionReference, amount, reason } = parsed.data;
  return {
    status,
    providerRefundId: id ?? null,
    transactionReference,
    amount,
    ...(status === "failed" && { failureReason: reason?.trim() || "The payment provider could not process the refund" }),
  };
}

/**
 * The provider's id of the refund an event is about. An event without an id is matched to the
 * oldest refund of that transaction with that amount that the provider has numbered and that is
 * still pending; null when none fits (the event then changes nothing).
 */
export async function providerRefundIdOf(db: Database, event: RefundEvent): Promise<number | null> {
  if (event.providerRefundId !== null) return event.providerRefundId;
  const [match] = await db
    .select({ providerRefundId: refunds.providerRefundId })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(
        eq(payments.paymentReference, event.transactionReference),
        eq(refunds.amount, event.amount),
        eq(refunds.status, "pending"),
        isNotNull(refunds.providerRefundId),
      ),
    )
    .orderBy(asc(refunds.createdAt))
    .limit(1);
  return match?.providerRefundId ?? null;
}
