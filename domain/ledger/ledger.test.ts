import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { orders } from "../../db/schema/orders";
import { payments } from "../../db/schema/payments";
import { refunds, warrantyClaims } from "../../db/schema/after-sale";
import { TEST_ENGINES, createDatabaseFor } from "../../tests/support/database";
import { insertPerson } from "../../tests/support/rows";
import { SHIPPING, type Shop, openShop } from "../../tests/support/shop";
import { recordOrderStatus } from "../orders/history";
import { balancesOf, creditSales, debitRefund, postMissingEntries, releaseEndedWarranties, vendorNet, vendorShareOfRefund } from "./ledger";
import { DAY_MS } from "../../lib/lagos-time";

describe("a vendor's net and share of a refund", () => {
  it("keeps the total less the commission, rounded half up to the kobo", () => {
    expect(vendorNet({ totalAmount: 300_000_00, commissionRate: 10 })).toBe(270_000_00);
    expect(vendorNet({ totalAmount: 5, commissionRate: 10 })).toBe(4); // commission 0.5 kobo rounds up to 1
    expect(vendorNet({ totalAmount: 100_000_00, commissionRate: 0 })).toBe(100_000_00);
    expect(vendorNet({ totalAmount: 100_000_00, commissionRate: 100 })).toBe(0);
  });

  it("takes back the same share of the net as the refund is of the total, never more than the net", () => {
    const order = { totalAmount: 300_000_00, commissionRate: 10 };
    expect(vendorShareOfRefund(order, 30_000_00)).toBe(27_000_00);
    expect(vendorShareOfRefund(order, 300_000_00)).toBe(270_000_00);
    expect(vendorShareOfRefund(order, 305_000_00)).toBe(270_000_00); // the delivery fee is never the vendor's
    expect(vendorShareOfRefund(order, 0)).toBe(0);
  });
});

describe.each(TEST_ENGINES)("the vendor ledger (%s)", (engine) => {
  let database: DatabaseHandle;
  let shop: Shop;
  let other: Shop;
  let runs = 0;

  beforeAll(async () => {
    database = await createDatabaseFor(engine);
    shop = await openShop(database.db, `ledger-${engine}`);
    other = await openShop(database.db, `ledger-other-${engine}`);
  });
  afterAll(async () => {
    await database?.close();
  });

  const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => database.query<T>(text, params);

  /** A paid payment of one order per given total (kobo), all of `seller`'s first phone, at the given commission. */
  async function paidOrders(totals: number[], { seller = shop, commissionRate = 10, deliveryFee = 0 } = {}) {
    const buyer = await insertPerson(database.db, `ledger-buyer-${engine}-${++runs}`);
    const amount = totals.reduce((sum, t) => sum + t, 0) + deliveryFee;
    const [payment] = await database.db
      .insert(payments)
      .values({ customerId: buyer.userId, paymentReference: `pay_ledger_${engine}_${runs}`, amount, deliveryFee, status: "successful", paidAt: new Date() })
      .returning({ id: payments.id });
    const placed = await database.db
      .insert(orders)
      .values(totals.map((total) => ({
        ...SHIPPING,
        customerId: buyer.userId,
        customerEmail: buyer.email,
        productId: seller.phones[0],
        vendorId: seller.vendorId,
        paymentId: payment!.id,
        quantity: 1,
        unitPrice: total,
        totalAmount: total,
        commissionRate,
        status: "paid" as const,
      })))
      .returning({ id: orders.id });
    const orderIds = placed.map((o) => o.id);
    await recordOrderStatus(database.db, orderIds.map((orderId) => ({ orderId, status: "paid" as const })));
    await database.db.transaction((tx) => creditSales(tx, orderIds));
    return { paymentId: payment!.id, orderIds, amount };
  }

  async function processedRefund(paymentId: string, amount: number, orderId: string | null = null) {
    const [refund] = await database.db
      .insert(refunds)
      .values({ paymentId, orderId, amount, reason: "Test", status: "processed", processedAt: new Date(), idempotencyKey: `ledger-${engine}-${++runs}` })
      .returning({ id: refunds.id });
    await database.db.transaction((tx) => debitRefund(tx, refund!.id));
    return refund!.id;
  }

  const deliver = (orderId: string, daysAgo: number) =>
    q("update orders set status = 'delivered', delivered_at = now() - make_interval(days => $2) where id = $1", [orderId, daysAgo]);
  const entriesOf = (orderId: string) =>
    q<{ kind: string; bucket: string; amount: string }>("select kind, bucket, amount::text amount from vendor_ledger_entries where order_id = $1 order by id", [orderId]);
  const pendingOf = async (orderId: string) =>
    (await entriesOf(orderId)).filter((e) => e.bucket === "pending").reduce((sum, e) => sum + Number(e.amount), 0);

  it("credits each paid order's net as pending, once however often it is posted", async () => {
    const before = await balancesOf(database.db, shop.vendorId);
    const { orderIds } = await paidOrders([300_000_00, 150_000_00], { commissionRate: 8 });
    await database.db.transaction((tx) => creditSales(tx, orderIds));
    await postMissingEntries(database.db);
    const after = await balancesOf(database.db, shop.vendorId);
    expect(after.pending - before.pending).toBe(276_000_00 + 138_000_00);
    expect(after.available).toBe(before.available);
    expect(await entriesOf(orderIds[0]!)).toEqual([{ kind: "sale", bucket: "pending", amount: "27600000" }]);
  });

  it("releases to available once the warranty window ends, and not while a claim is in progress, whatever step it is at", async () => {
    const { orderIds: [released, claimed, recent] } = await paidOrders([100_000_00, 100_000_00, 100_000_00]);
    await deliver(released!, 31);
    await deliver(claimed!, 31);
    await deliver(recent!, 3);
    const buyer = (await q<{ customer_id: string }>("select customer_id from orders where id = $1", [claimed]))[0]!.customer_id;
    const [claim] = await database.db
      .insert(warrantyClaims)
      .values({ orderId: claimed!, customerId: buyer, vendorId: shop.vendorId, reason: "battery_performance", description: "Drains in two hours", answerDueAt: new Date(Date.now() + 3 * DAY_MS) })
      .returning({ id: warrantyClaims.id });
    await releaseEndedWarranties(database.db);
    await releaseEndedWarranties(database.db);
    expect(await entriesOf(released!)).toEqual([
      { kind: "sale", bucket: "pending", amount: "9000000" },
      { kind: "release", bucket: "pending", amount: "-9000000" },
      { kind: "release", bucket: "available", amount: "9000000" },
    ]);
    expect(await pendingOf(claimed!)).toBe(90_000_00);
    expect(await pendingOf(recent!)).toBe(90_000_00);
    // Accepted and carried out step by step (sent back, received, a replacement on its way): still in progress, still pending.
    await q("update warranty_claims set status = 'accepted', vendor_outcome = 'refund', return_shipped_at = now() where id = $1", [claim!.id]);
    await releaseEndedWarranties(database.db);
    await q("update warranty_claims set received_at = now() where id = $1", [claim!.id]);
    await releaseEndedWarranties(database.db);
    expect(await pendingOf(claimed!)).toBe(90_000_00);
    await q("update warranty_claims set status = 'resolved' where id = $1", [claim!.id]);
    expect(await releaseEndedWarranties(database.db)).toBeGreaterThanOrEqual(1);
    expect(await pendingOf(claimed!)).toBe(0);
  });

  it("takes back the vendor's share of refunds: partial ones add up to the net, the delivery fee is never theirs", async () => {
    const { paymentId, orderIds: [orderId] } = await paidOrders([300_000_00], { deliveryFee: 5_000_00 });
    await processedRefund(paymentId, 100_000_00, orderId);
    await processedRefund(paymentId, 205_000_00, orderId); // the rest of the total and the delivery fee
    const debits = (await entriesOf(orderId!)).filter((e) => e.kind === "refund").map((e) => Number(e.amount));
    expect(debits).toEqual([-90_000_00, -180_000_00]);
    expect(await pendingOf(orderId!)).toBe(0);
  });

  it("shares a refund of a whole payment among its orders by their totals, each vendor its own part", async () => {
    const mine = await paidOrders([200_000_00, 100_000_00], { deliveryFee: 0 });
    const refundId = await processedRefund(mine.paymentId, 30_000_00);
    const parts = await q<{ order_id: string; amount: string }>("select order_id, amount::text amount from vendor_ledger_entries where refund_id = $1 order by amount", [refundId]);
    expect(parts.map((p) => Number(p.amount)).sort((a, b) => a - b)).toEqual([-18_000_00, -9_000_00]);
    // Once the whole payment is back, every order counts as wholly refunded.
    await processedRefund(mine.paymentId, 270_000_00);
    for (const orderId of mine.orderIds) expect(await pendingOf(orderId)).toBe(0);
  });

  it("debits available after release, and may go below zero", async () => {
    const { paymentId, orderIds: [orderId] } = await paidOrders([100_000_00], { seller: other });
    await deliver(orderId!, 40);
    await releaseEndedWarranties(database.db);
    expect((await balancesOf(database.db, other.vendorId)).available).toBe(90_000_00);
    await q("insert into vendor_ledger_entries (vendor_id, kind, bucket, amount, note) values ($1, 'adjustment', 'available', -9000000, 'Paid out by hand')", [other.vendorId]);
    await processedRefund(paymentId, 50_000_00, orderId);
    expect(await balancesOf(database.db, other.vendorId)).toEqual({ pending: 0, available: -45_000_00 });
  });

  it("refuses any change or deletion of an entry", async () => {
    const [entry] = await q<{ id: string }>("select id from vendor_ledger_entries limit 1");
    await expect(q("update vendor_ledger_entries set amount = 1 where id = $1", [entry!.id])).rejects.toThrow(/append-only/);
    await expect(q("delete from vendor_ledger_entries where id = $1", [entry!.id])).rejects.toThrow(/append-only/);
  });
});
