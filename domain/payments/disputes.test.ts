import { describe, expect, it } from "vitest";
import { TEST_ENGINES } from "../../tests/support/database";
import { useDatabaseFor } from "../../tests/support/lifecycle";
import { deliveredSale } from "../../tests/support/payouts";
import { insertListing, insertPerson, insertVendor } from "../../tests/support/rows";
import { refunds } from "../../db/schema/after-sale";
import { debitRefund, vendorNet, vendorShareOfRefund } from "../ledger/ledger";
import { type DisputeEvent, recordDisputeEvent } from "./disputes";
import { refundableAmount } from "./refunds";

const TOTAL = 300_000_00;
/** deliveredSale's commission rate is 10%: the vendor's net is ₦270,000. */
const NET = vendorNet({ totalAmount: TOTAL, commissionRate: 10 });

describe.each(TEST_ENGINES)("a won card dispute while another of the payment stands (%s)", (engine) => {
  const database = useDatabaseFor(engine);
  const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => database().query<T>(text, params);
  let runs = 0;
  let disputeIds = 8_000_000 + (engine === "postgres" ? 500_000 : 0);

  async function sale() {
    const run = ++runs;
    const buyer = await insertPerson(database().db, `disputes-buyer-${engine}-${run}`);
    const seller = await insertPerson(database().db, `disputes-seller-${engine}-${run}`, "vendor");
    const vendor = await insertVendor(database().db, seller.userId, `Disputes ${engine} ${run}`);
    const productId = await insertListing(database().db, vendor.id, `Phone ${engine} ${run}`, { status: "approved", finalPrice: TOTAL });
    const reference = `disputes_${engine}_${run}`;
    const orderId = await deliveredSale(database().db, { vendorId: vendor.id, productId, buyerId: buyer.userId, reference, total: TOTAL, daysAgo: 1 });
    const event = (name: DisputeEvent["event"], id: number, amount: number, resolution: string | null = null): DisputeEvent => ({
      event: name, providerDisputeId: id, transactionReference: reference, amount, status: name === "charge.dispute.resolve" ? "resolved" : "awaiting-merchant-feedback",
      resolution, category: "chargeback", dueAt: null, resolvedAt: null, providerUpdatedAt: `${id}:${name}`,
    });
    const open = async (amount: number) => {
      const id = ++disputeIds;
      await recordDisputeEvent(database().db, event("charge.dispute.create", id, amount));
      return id;
    };
    const resolve = (id: number, amount: number, outcome: "won" | "lost") =>
      recordDisputeEvent(database().db, event("charge.dispute.resolve", id, amount, outcome === "lost" ? "merchant-accepted" : "declined"));
    const balance = async () => Number((await q<{ total: string }>("select coalesce(sum(amount), 0)::text total from vendor_ledger_entries where order_id = $1", [orderId]))[0]!.total);
    return { open, resolve, balance };
  }

  /** 75% lost holds ₦202,500; 10% then holds its ₦27,000; 30% (₦81,000 due) finds only ₦40,500 left to hold. */
  async function threeDisputes() {
    const order = await sale();
    const large = await order.open(TOTAL * 0.75);
    await order.resolve(large, TOTAL * 0.75, "lost");
    const small = await order.open(TOTAL * 0.1);
    const third = await order.open(TOTAL * 0.3);
    expect(await order.balance()).toBe(0);
    return { ...order, small, third };
  }

  it("keeps back what the other could not hold, so a lost one takes its whole share", async () => {
    const { resolve, balance, small, third } = await threeDisputes();
    await resolve(small, TOTAL * 0.1, "won");
    // The third still stands and is owed ₦40,500 more than it holds: the ₦27,000 stays with it.
    expect(await balance()).toBe(0);
    await resolve(third, TOTAL * 0.3, "lost");
    expect(await balance()).toBe(Math.max(0, NET - 202_500_00 - 81_000_00));
  });

  it("gives back, when the other is won too, what was kept back for it: the net less the lost dispute", async () => {
    const { resolve, balance, small, third } = await threeDisputes();
    await resolve(small, TOTAL * 0.1, "won");
    await resolve(third, TOTAL * 0.3, "won");
    expect(await balance()).toBe(NET - 202_500_00);
    // Replayed, a resolution gives nothing back twice.
    await resolve(third, TOTAL * 0.3, "won");
    await resolve(small, TOTAL * 0.1, "won");
    expect(await balance()).toBe(NET - 202_500_00);
  });
});

describe.each(TEST_ENGINES)("what card disputes leave to refund (%s)", (engine) => {
  const database = useDatabaseFor(engine);
  let disputeIds = 8_100_000 + (engine === "postgres" ? 50_000 : 0);

  it("leaves only what lost disputes did not take back: an open one or a won one takes nothing", async () => {
    const buyer = await insertPerson(database().db, `refundable-buyer-${engine}`);
    const seller = await insertPerson(database().db, `refundable-seller-${engine}`, "vendor");
    const vendor = await insertVendor(database().db, seller.userId, `Refundable ${engine}`);
    const productId = await insertListing(database().db, vendor.id, `Phone refundable ${engine}`, { status: "approved", finalPrice: TOTAL });
    const reference = `refundable_${engine}`;
    const orderId = await deliveredSale(database().db, { vendorId: vendor.id, productId, buyerId: buyer.userId, reference, total: TOTAL, daysAgo: 1 });
    const [payment] = await database().query<{ id: string; amount: string }>("select id, amount::text amount from payments where payment_reference = $1", [reference]);
    const paid = Number(payment!.amount);
    const left = () => refundableAmount(database().db, payment!.id, orderId);
    const dispute = async (amount: number, resolution?: "merchant-accepted" | "declined") => {
      const id = ++disputeIds;
      const event = (name: DisputeEvent["event"]): DisputeEvent => ({
        event: name, providerDisputeId: id, transactionReference: reference, amount, status: name === "charge.dispute.resolve" ? "resolved" : "awaiting-merchant-feedback",
        resolution: name === "charge.dispute.resolve" ? resolution! : null, category: "chargeback", dueAt: null, resolvedAt: null, providerUpdatedAt: `${id}:${name}`,
      });
      await recordDisputeEvent(database().db, event("charge.dispute.create"));
      if (resolution) await recordDisputeEvent(database().db, event("charge.dispute.resolve"));
    };

    expect(await left()).toBe(paid);
    await dispute(120_000_00);
    expect(await left(), "an open dispute").toBe(paid);
    await dispute(30_000_00, "merchant-accepted");
    expect(await left(), "a lost one").toBe(paid - 30_000_00);
    await dispute(50_000_00, "declined");
    expect(await left(), "a won one").toBe(paid - 30_000_00);
  });
});

describe.each(TEST_ENGINES)("a refund processed under a whole hold, then the dispute won (%s)", (engine) => {
  const database = useDatabaseFor(engine);
  const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => database().query<T>(text, params);
  const disputeId = 8_200_000 + (engine === "postgres" ? 50_000 : 0);

  it("debits each refund once: the won dispute keeps back what the first could not take, and the next refund does not take it again", async () => {
    const buyer = await insertPerson(database().db, `double-buyer-${engine}`);
    const seller = await insertPerson(database().db, `double-seller-${engine}`, "vendor");
    const vendor = await insertVendor(database().db, seller.userId, `Double ${engine}`);
    const productId = await insertListing(database().db, vendor.id, `Phone double ${engine}`, { status: "approved", finalPrice: TOTAL });
    const reference = `double_${engine}`;
    const orderId = await deliveredSale(database().db, { vendorId: vendor.id, productId, buyerId: buyer.userId, reference, total: TOTAL, daysAgo: 1 });
    const [payment] = await q<{ id: string }>("select id from payments where payment_reference = $1", [reference]);
    const event = (name: DisputeEvent["event"]): DisputeEvent => ({
      event: name, providerDisputeId: disputeId, transactionReference: reference, amount: TOTAL, status: name === "charge.dispute.resolve" ? "resolved" : "awaiting-merchant-feedback",
      resolution: name === "charge.dispute.resolve" ? "declined" : null, category: "chargeback", dueAt: null, resolvedAt: null, providerUpdatedAt: `${disputeId}:${name}`,
    });
    const refund = async (amount: number, key: string) => {
      const [row] = await database().db.insert(refunds).values({ paymentId: payment!.id, orderId, amount, reason: "Test", idempotencyKey: key, status: "processed", processedAt: new Date() }).returning({ id: refunds.id });
      await database().db.transaction((tx) => debitRefund(tx, row!.id));
    };
    const balance = async () => Number((await q<{ total: string }>("select coalesce(sum(amount), 0)::text total from vendor_ledger_entries where order_id = $1", [orderId]))[0]!.total);

    await recordDisputeEvent(database().db, event("charge.dispute.create"));
    expect(await balance(), "the whole net held").toBe(0);
    await refund(100_000_00, `double-${engine}-1`);
    await recordDisputeEvent(database().db, event("charge.dispute.resolve"));
    const first = vendorShareOfRefund({ totalAmount: TOTAL, commissionRate: 10 }, 100_000_00);
    expect(await balance()).toBe(NET - first);
    await refund(50_000_00, `double-${engine}-2`);
    expect(await balance()).toBe(NET - vendorShareOfRefund({ totalAmount: TOTAL, commissionRate: 10 }, 150_000_00));
  });
});
