/** The stand-in's refund webhooks, delivered by hand to a shop whose stand-in has no webhook address (the flow tests' set-up). */
import { refundStatusOf } from "../../paystack-standin/store";
import { applyRefundOutcome } from "../../domain/flows/refund-failed";
import type { ShopWithPayments } from "./shop";

/**
 * Waits for the stand-in to settle the refunds it queued, then tells the shop what became of each
 * refund still pending on its side that the stand-in has processed or failed, as Paystack's
 * `refund.processed` / `refund.failed` would. Returns how many it delivered.
 */
export async function deliverRefundWebhooks(world: Pick<ShopWithPayments, "standin" | "deps" | "q">): Promise<number> {
  await world.standin().webhooksIdle();
  const pending = await world.q<{ provider_refund_id: string; reference: string }>(
    `select r.provider_refund_id::text provider_refund_id, p.payment_reference reference
       from refunds r join payments p on p.id = r.payment_id
      where r.status = 'pending' and r.provider_refund_id is not null
      order by r.created_at`,
  );
  let delivered = 0;
  for (const row of pending) {
    const transaction = world.standin().store.byReference(row.reference);
    const refund = transaction?.refunds.find((r) => r.id === Number(row.provider_refund_id));
    if (!refund) continue;
    const status = refundStatusOf(refund);
    if (status !== "processed" && status !== "failed") continue;
    await applyRefundOutcome(world.deps(), {
      providerRefundId: refund.id,
      transactionReference: row.reference,
      amount: refund.amount,
      status,
      ...(refund.failureReason && { failureReason: refund.failureReason }),
    });
    delivered++;
  }
  return delivered;
}
