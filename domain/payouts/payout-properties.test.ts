import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { refunds, warrantyClaims } from "../../db/schema/after-sale";
import { orders } from "../../db/schema/orders";
import { payments } from "../../db/schema/payments";
import { TEST_ENGINES } from "../../tests/support/database";
import { giveBankAccount } from "../../tests/support/payouts";
import { insertListing, insertPerson, insertVendor } from "../../tests/support/rows";
import { SHIPPING, useShopWithPayments } from "../../tests/support/shop";
import { recordOrderStatus } from "../orders/history";
import { balancesOf, creditSales, debitRefund, vendorNet, vendorShareOfRefund } from "../ledger/ledger";
import { postAdjustment } from "./admin-payouts";
import { runPayouts } from "../flows/run-payouts";
import { reconcilePayouts } from "./transfers";

/** What may happen to two vendors' money, in any order. */
type Step =
  | { kind: "sale"; vendor: number; naira: number; rate: number }
  | { kind: "deliver"; pick: number }
  | { kind: "claim"; pick: number }
  | { kind: "close-claim"; pick: number }
  | { kind: "refund"; pick: number; share: number }
  | { kind: "adjust"; vendor: number; naira: number }
  | { kind: "bank"; vendor: number; failing: boolean }
  | { kind: "run" };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("sale" as const), vendor: fc.nat(1), naira: fc.integer({ min: 1_000, max: 900_000 }), rate: fc.constantFrom(0, 7.5, 10, 12.25) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("deliver" as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("claim" as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("close-claim" as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("refund" as const), pick: fc.nat(), share: fc.double({ min: 0.01, max: 1.2, noNaN: true }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("adjust" as const), vendor: fc.nat(1), naira: fc.integer({ min: -50_000, max: 50_000 }).filter((n) => n !== 0) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("bank" as const), vendor: fc.nat(1), failing: fc.boolean() }) },
  { weight: 3, arbitrary: fc.constant({ kind: "run" as const }) },
);

interface Sold {
  orderId: string;
  paymentId: string;
  vendor: number;
  total: number;
  rate: number;
  refunded: number;
  claimId: string | null;
}

describe.each(TEST_ENGINES)("vendor money under any sequence of sales, refunds, claims, adjustments and failed transfers (%s)", (engine) => {
  const { database, standin, provider, q, deps } = useShopWithPayments(engine);
  const admin = { userId: `admin-payout-props-${engine}`, email: `admin-payout-props-${engine}@example.ng`, role: "admin" as const };
  let runs = 0;
  let week = 0;

  async function twoVendors(run: number) {
    if (run === 1) await insertPerson(database().db, admin.userId, "admin");
    return Promise.all([0, 1].map(async (i) => {
      const user = await insertPerson(database().db, `props-vendor-${engine}-${run}-${i}`, "vendor");
      const vendor = await insertVendor(database().db, user.userId, `Props ${engine} ${run}-${i}`);
      const phone = await insertListing(database().db, vendor.id, `Props phone ${run}-${i}`, { status: "approved", finalPrice: 100_000_00 });
      await giveBankAccount(database().db, provider(), vendor.id, i === 0 ? "adebayo" : "chioma");
      return { id: vendor.id, phone, buyer: user.userId };
    }));
  }

  /** A paid order, credited to its vendor as fulfilment does. */
  async function sell(vendor: { id: string; phone: string; buyer: string }, total: number, rate: number, run: number, n: number) {
    const [payment] = await database().db
      .insert(payments)
      .values({ customerId: vendor.buyer, paymentReference: `pay_props_${engine}_${run}_${n}`, amount: total, status: "successful", paidAt: new Date() })
      .returning({ id: payments.id });
    const [order] = await database().db
      .insert(orders)
      .values({ ...SHIPPING, customerId: vendor.buyer, customerEmail: "buyer@example.ng", productId: vendor.phone, vendorId: vendor.id, paymentId: payment!.id, quantity: 1, unitPrice: total, totalAmount: total, commissionRate: rate, status: "paid" })
      .returning({ id: orders.id });
    await recordOrderStatus(database().db, [{ orderId: order!.id, status: "paid" }]);
    await database().db.transaction((tx) => creditSales(tx, [order!.id]));
    return { orderId: order!.id, paymentId: payment!.id };
  }

  async function settle(now: Date) {
    await standin().webhooksIdle();
    await new Promise((resolve) => setTimeout(resolve, 60));
    await reconcilePayouts(deps(), new Date(now.getTime() + 10 * 60_000));
  }

  it("pays out, plus what is left, always equal the nets less the vendors' share of refunds, plus adjustments", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 14 }), async (steps) => {
        const run = ++runs;
        const vendors = await twoVendors(run);
        const sold: Sold[] = [];
        const adjusted = [0, 0];
        let n = 0;
        for (const s of steps) {
          const pick = <T>(list: T[], i: number) => (list.length > 0 ? list[i % list.length] : undefined);
          if (s.kind === "sale") {
            const total = s.naira * 100;
            sold.push({ ...(await sell(vendors[s.vendor]!, total, s.rate, run, ++n)), vendor: s.vendor, total, rate: s.rate, refunded: 0, claimId: null });
          } else if (s.kind === "deliver") {
            const order = pick(sold, s.pick);
            if (order) await q("update orders set status = 'delivered', delivered_at = now() - interval '40 days' where id = $1 and status = 'paid'", [order.orderId]);
          } else if (s.kind === "claim") {
            const order = pick(sold.filter((o) => !o.claimId), s.pick);
            // A claim is opened within the warranty window, so never on money already released.
            if (!order || (await q("select 1 from vendor_ledger_entries where order_id = $1 and kind = 'release'", [order.orderId])).length > 0) continue;
            const [claim] = await database().db
              .insert(warrantyClaims)
              .values({ orderId: order.orderId, customerId: vendors[order.vendor]!.buyer, vendorId: vendors[order.vendor]!.id, reason: "screen_defect", description: "Lines on the screen", answerDueAt: new Date() })
              .returning({ id: warrantyClaims.id });
            order.claimId = claim!.id;
          } else if (s.kind === "close-claim") {
            const order = pick(sold.filter((o) => o.claimId), s.pick);
            if (!order) continue;
            await q("update warranty_claims set status = 'resolved' where id = $1", [order.claimId]);
            order.claimId = null;
          } else if (s.kind === "refund") {
            const order = pick(sold.filter((o) => o.refunded < o.total), s.pick);
            if (!order) continue;
            const amount = Math.max(1, Math.min(order.total - order.refunded, Math.round(order.total * s.share)));
            const [refund] = await database().db
              .insert(refunds)
              .values({ paymentId: order.paymentId, orderId: order.orderId, amount, reason: "Property", status: "processed", processedAt: new Date(), idempotencyKey: `props-${engine}-${run}-${++n}` })
              .returning({ id: refunds.id });
            await database().db.transaction((tx) => debitRefund(tx, refund!.id));
            order.refunded += amount;
          } else if (s.kind === "adjust") {
            await postAdjustment(database().db, admin, { vendorId: vendors[s.vendor]!.id, amount: s.naira * 100, reason: "Property adjustment" });
            adjusted[s.vendor]! += s.naira * 100;
          } else if (s.kind === "bank") {
            await giveBankAccount(database().db, provider(), vendors[s.vendor]!.id, s.failing ? "failing" : s.vendor === 0 ? "adebayo" : "chioma");
          } else {
            const now = new Date(Date.parse("2027-03-05T10:00:00Z") + ++week * 7 * 86_400_000);
            await runPayouts(deps(), { startedBy: null, now });
            await settle(now);
          }
        }

        for (const [i, vendor] of vendors.entries()) {
          const mine = sold.filter((o) => o.vendor === i);
          const nets = mine.reduce((sum, o) => sum + vendorNet({ totalAmount: o.total, commissionRate: o.rate }), 0);
          const refundShares = mine.reduce((sum, o) => sum + vendorShareOfRefund({ totalAmount: o.total, commissionRate: o.rate }, o.refunded), 0);
          const [payouts] = await q<{ out: string; negative: string }>(
            "select coalesce(sum(amount) filter (where status in ('paid', 'pending')), 0)::text out, count(*) filter (where amount <= 0)::text negative from vendor_payouts where vendor_id = $1",
            [vendor.id],
          );
          const { pending, available } = await balancesOf(database().db, vendor.id);
          expect(Number(payouts!.out) + pending + available).toBe(nets - refundShares + adjusted[i]!);
          expect(payouts!.negative).toBe("0");
          // Nothing is released while a claim is open on it.
          for (const order of mine.filter((o) => o.claimId)) {
            expect(await q("select id from vendor_ledger_entries where order_id = $1 and kind = 'release'", [order.orderId])).toEqual([]);
          }
        }
      }),
      { numRuns: 10 },
    );
  }, 300_000);
});
