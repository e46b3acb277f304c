import { z } from "../../lib/zod";
import type { TransferOutcome } from "./transfers";

/** The transfer webhooks the shop acts on (docs/payouts.md). */
export const TRANSFER_EVENTS = ["transfer.success", "transfer.failed", "transfer.reversed"] as const;
export type TransferEventName = (typeof TRANSFER_EVENTS)[number];
export const isTransferEvent = (event: string): event is TransferEventName => (TRANSFER_EVENTS as readonly string[]).includes(event);

const transferEventSchema = z.object({
  reference: z.string().min(1).max(100),
  transfer_code: z.string().max(100).nullish(),
  reason: z.string().max(1_000).nullish(),
  failures: z.unknown().optional(),
});

/** The data of a transfer event; null when it does not carry a reference. */
export function parseTransferEvent(event: TransferEventName, data: unknown): TransferOutcome | null {
  const parsed = transferEventSchema.safeParse(data);
  if (!parsed.success) return null;
  const status = event === "transfer.success" ? "success" : event === "transfer.failed" ? "failed" : "reversed";
  const failure = typeof parsed.data.failures === "string" ? parsed.data.failures : parsed.data.reason;
  return {
    reference: parsed.data.reference,
    status,
    transferCode: parsed.data.transfer_code ?? null,
    failureReason: status === "success" ? null : failure?.trim() || null,
  };
}
