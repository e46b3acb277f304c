import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { refunds } from "../../db/schema/after-sale";
import { TEST_ENGINES } from "../../tests/support/database";
import { useDatabaseFor } from "../../tests/support/lifecycle";
import { deliveredSale } from "../../tests/support/payouts";
import { insertListing, insertPerson, insertVendor } from "../../tests/support/rows";
import { debitRefund, releaseEndedWarranties, vendorNet } from "../ledger/ledger";
import { type DisputeEvent, recordDisputeEvent } from "../payments/disputes";

/** What may happen to a paid, delivered order after the sale: refunds, card disputes and the end of its warranty, in any order. */
type Step =
  | { kind: "refund"; share: number }
  | { kind: "dispute"; share: number; outcome: "won" | "lost" | "open"; remindFirst: boolean; replays: number }
  | { kind: "release" };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("refund" as const), share: fc.double({ min: 0.01, max: 1, noNaN: true }) }),
  fc.record({
    kind: fc.constant("dispute" as const),
    share: fc.double({ min: 0.01, max: 1.2, noNaN: true }),
    outcome: fc.constantFrom("won" as const, "lost" as const, "open" as const),
    remindFirst: fc.boolean(),
    replays: fc.integer({ min: 0, max: 2 }),
  }),
  fc.record({ kind: fc.constant("release" as const) }),
);

const TOTAL = 300_000_00;
/** The rate tests/support/payouts.ts's deliveredSale places its orders at. */
const COMMISSION = 10;

describe.each(TEST_ENGINES)("a vendor's ledger under any sequence of refunds, card disputes and releases (%s)", (engine) => {
  const database = useDatabaseFor(engine);
  const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => database().query<T>(text, params);
  let runs = 0;
  let disputeIds = 5_000_000 + (engine === "postgres" ? 500_000 : 0);

  async function sale(run: number) {
    const buyer = await insertPerson(database().db, `money-props-buyer-${engine}-${run}`);
    const seller = await insertPerson(database().db, `money-props-seller-${engine}-${run}`, "vendor");
    const vendor = await insertVendor(database().db, seller.userId, `Money Props ${engine} ${run}`);
    const productId = await insertListing(database().db, vendor.id, `Phone ${engine} ${run}`, { status: "approved", finalPrice: TOTAL });
    const reference = `money_props_${engine}_${run}`;
    const orderId = await deliveredSale(database().db, { vendorId: vendor.id, productId, buyerId: buyer.userId, reference, total: TOTAL });
    const [payment] = await q<{ id: string; amount: string }>("select id, amount::text amount from payments where payment_reference = $1", [reference]);
    return { orderId, reference, paymentId: payment!.id, paid: Number(payment!.amount) };
  }

  const disputeEvent = (event: DisputeEvent["event"], base: Omit<DisputeEvent, "event" | "providerUpdatedAt" | "status" | "resolution">, resolution: string | null): DisputeEvent => ({
    ...base,
    event,
    status: event === "charge.dispute.resolve" ? "resolved" : "awaiting-merchant-feedback",
    resolution,
    providerUpdatedAt: `${base.providerDisputeId}:${event}`,
  });

  it("keeps each order's balance between zero and its net, gives a won dispute's hold back, and never refunds more than was paid", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 7 }), async (steps) => {
        const run = ++runs;
        const order = await sale(run);
        let refunded = 0;
        for (const s of steps) {
          if (s.kind === "refund") {
            const amount = Math.min(Math.max(1, Math.round(order.paid * s.share)), order.paid - refunded);
            if (amount <= 0) continue;
            refunded += amount;
            const [row] = await database()
              .db.insert(refunds)
              .values({ paymentId: order.paymentId, amount, reason: "Property", idempotencyKey: `money-props-${engine}-${run}-${refunded}`, status: "processed", processedAt: new Date() })
              .returning({ id: refunds.id });
            await database().db.transaction((tx) => debitRefund(tx, row!.id));
          }
          if (s.kind === "dispute") {
            const base = { providerDisputeId: ++disputeIds, transactionReference: order.reference, amount: Math.max(1, Math.round(order.paid * s.share)), category: "chargeback", dueAt: null, resolvedAt: null };
            const opening = disputeEvent(s.remindFirst ? "charge.dispute.remind" : "charge.dispute.create", base, null);
            for (let i = 0; i <= s.replays; i++) await recordDisputeEvent(database().db, opening);
            if (s.outcome !== "open") {
              const resolve = disputeEvent("charge.dispute.resolve", base, s.outcome === "lost" ? "merchant-accepted" : "declined");
              for (let i = 0; i <= s.replays; i++) await recordDisputeEvent(database().db, resolve);
            }
          }
          if (s.kind === "release") await releaseEndedWarranties(database().db, new Date(Date.now() + 365 * 86_400_000));
        }

        const net = vendorNet({ totalAmount: TOTAL, commissionRate: COMMISSION });
        const entries = await q<{ kind: string; amount: string; dispute_id: string | null; resolution: string | null }>(
          "select e.kind, e.amount::text amount, e.dispute_id, d.resolution from vendor_ledger_entries e left join payment_disputes d on d.id = e.dispute_id where e.order_id = $1",
          [order.orderId],
        );
        const sum = (keep: (entry: (typeof entries)[number]) => boolean) => entries.filter(keep).reduce((total, entry) => total + Number(entry.amount), 0);
        const balance = sum(() => true);
        expect(balance).toBeGreaterThanOrEqual(0);
        expect(balance).toBeLessThanOrEqual(net);
        // A won dispute gives back what it held, less only what a refund could not take while it stood.
        for (const disputeId of new Set(entries.flatMap((e) => (e.resolution === "declined" ? [e.dispute_id] : [])))) {
          const held = -sum((e) => e.dispute_id === disputeId && e.kind === "dispute");
          const givenBack = sum((e) => e.dispute_id === disputeId && e.kind === "dispute_won");
          expect(givenBack).toBeGreaterThanOrEqual(0);
          expect(givenBack).toBeLessThanOrEqual(held);
        }
        // Without disputes, the balance is the net less the refunds' share of it.
        if (!entries.some((e) => e.dispute_id)) expect(balance).toBe(net + sum((e) => e.kind === "refund"));
        // Money out never exceeds money in: what was refunded stays within what was paid.
        const [out] = await q<{ refunded: string }>("select coalesce(sum(amount), 0)::text refunded from refunds where payment_id = $1 and status = 'processed'", [order.paymentId]);
        expect(Number(out!.refunded)).toBeLessThanOrEqual(order.paid);
      }),
      { numRuns: 15 },
    );
  });
});
