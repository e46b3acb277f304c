import { beforeAll, describe, expect, it } from "vitest";
import { TEST_ENGINES } from "../../tests/support/database";
import { DELIVERY_FEE, usePaidCheckouts } from "../../tests/support/paid-checkout";
import { insertPerson, insertVendor } from "../../tests/support/rows";
import { DAY_MS, formatLagosDate } from "../../lib/lagos-time";
import type { Actor } from "../core/access";
import { releaseEndedWarranties } from "../ledger/ledger";
import { deletionBlockers } from "../privacy/blockers";
import { cancelLapsedReturns, cancelReturn, escalateLateReturns, escalateReturn, giveReturnInstructions, rejectReturnByVendor, sendReturnBack } from "../returns/service";
import { addBusinessDays } from "../claims/business-days";
import { CLAIM_BUYER_BUSINESS_DAYS } from "../../lib/constants";
import { returnSendByAt } from "../returns/rules";
import { RETURN_TEXTS } from "../returns/texts";
import {
  adminReturnDecisionSchema, askReturnSchema, cancelReturnSchema, escalateReturnSchema, returnInstructionsSchema, returnParcelSchema, returnReceiptSchema,
  vendorRejectReturnSchema,
} from "../returns/validation";
import { askForReturn, confirmReturnAndRefund, decideReturn } from "./refund-return";
import { applyRefundOutcome } from "./refund-failed";

const INSTRUCTIONS = "Send it by GIG to Shop 4, Computer Village, Ikeja, with the box and charger.";

describe.each(TEST_ENGINES)("change-of-mind returns (%s)", (engine) => {
  const world = usePaidCheckouts(engine, "returns");
  const { q, mailer } = world;
  const deps = () => world.deps();
  const seller = () => ({ userId: world.shop().vendorUserId });
  const otherSeller = { userId: `returns-other-seller-${engine}` };
  let admin: Actor;

  beforeAll(async () => {
    await insertPerson(world.database().db, otherSeller.userId, "vendor");
    await insertVendor(world.database().db, otherSeller.userId, `Returns Other Hub ${engine}`);
    admin = await insertPerson(world.database().db, `returns-admin-${engine}`, "admin");
  });

  /** A paid order of a new buyer, delivered at `deliveredAt` (yesterday by default). */
  async function delivered(deliveredAt = new Date(Date.now() - DAY_MS)) {
    const checkout = await world.paidCheckout();
    const order = checkout.orders[0]!;
    await q("update orders set status = 'delivered', shipped_at = $2::timestamptz - interval '2 days', delivered_at = $2 where id = $1", [order.id, deliveredAt.toISOString()]);
    return { ...checkout, order };
  }
  const ask = (buyer: { userId: string }, orderId: string, now?: Date) =>
    askForReturn(deps(), buyer, askReturnSchema.parse({ orderId, reason: "I changed my mind about the colour", unused: "yes" }), now);
  const instruct = (returnId: string, who = seller()) => giveReturnInstructions(deps(), who, returnInstructionsSchema.parse({ returnId, instructions: INSTRUCTIONS }));
  const send = (buyer: { userId: string }, returnId: string) => sendReturnBack(deps(), buyer, returnParcelSchema.parse({ returnId, carrier: "GIG Logistics", trackingNumber: "GIGL-5501234" }));
  const confirm = (returnId: string, restock = true, who = seller()) => confirmReturnAndRefund(deps(), who, returnReceiptSchema.parse({ returnId, restock: restock ? "yes" : undefined }));
  const returnRow = async (returnId: string) =>
    (await q<{ status: string; refund_amount: number; restocked: boolean; vendor_due_at: Date | null }>("select status, refund_amount::int refund_amount, restocked, vendor_due_at from order_returns where id = $1", [returnId]))[0]!;
  const refundsOf = (orderId: string) =>
    q<{ amount: number; idempotency_key: string; provider_refund_id: number; status: string }>("select amount::int amount, idempotency_key, provider_refund_id, status from refunds where order_id = $1 order by created_at", [orderId]);
  const stockOf = async (productId: string) => (await q<{ n: number }>("select stock_quantity n from products where id = $1", [productId]))[0]!.n;

  it("takes a return up to the window's last moment, counted from the delivery, and not after; 0 days turns returns off", async () => {
    const deliveredAt = new Date(Date.now() - 2 * DAY_MS);
    const late = await delivered(deliveredAt);
    const lastMoment = new Date(deliveredAt.getTime() + 7 * DAY_MS);
    await expect(ask(late.buyer, late.order.id, new Date(lastMoment.getTime() + 1))).rejects.toMatchObject({ status: 409, message: expect.stringContaining("The return window for this order ended on") });
    const { returnId } = await ask(late.buyer, late.order.id, lastMoment);
    expect((await returnRow(returnId)).status).toBe("requested");

    const off = await delivered();
    await q("insert into admin_pricing_config (id, return_window_days) values (1, 0) on conflict (id) do update set return_window_days = 0");
    try {
      await expect(ask(off.buyer, off.order.id)).rejects.toMatchObject({ status: 409, message: RETURN_TEXTS.returnsOff });
    } finally {
      await q("update admin_pricing_config set return_window_days = 7");
    }
    const shipped = await world.paidCheckout();
    await q("update orders set status = 'shipped', shipped_at = now() where id = $1", [shipped.orders[0]!.id]);
    await expect(ask(shipped.buyer, shipped.orders[0]!.id)).rejects.toMatchObject({ status: 409, message: RETURN_TEXTS.notDelivered });
  });

  it("cancels a return whose phone was not sent back within ten business days of the instructions, telling both sides", async () => {
    const { buyer, order } = await delivered();
    const { returnId } = await ask(buyer, order.id);
    await instruct(returnId);
    const [{ instructions_at: given }] = (await q<{ instructions_at: Date }>("select instructions_at from order_returns where id = $1", [returnId])) as [{ instructions_at: Date }];
    const due = returnSendByAt(given);
    expect(mailer.sent.at(-1)!.text).toContain(`by ${formatLagosDate(due)}: after that date the return is cancelled`);

    await cancelLapsedReturns(deps(), new Date(due.getTime() - 60_000));
    expect((await returnRow(returnId)).status).toBe("instructions_given");
    expect(await cancelLapsedReturns(deps(), new Date(due.getTime() + 60_000))).toBeGreaterThanOrEqual(1);
    expect((await returnRow(returnId)).status).toBe("cancelled");
    const [event] = await q<{ kind: string; actor_role: string; note: string }>("select kind, actor_role, note from order_return_events where return_id = $1 order by id desc limit 1", [returnId]);
    expect(event).toEqual({ kind: "lapsed", actor_role: "system", note: `The phone was not sent back by ${formatLagosDate(due)}, so the return was cancelled.` });
    const told = await q<{ user_id: string }>("select user_id from notifications where title = 'Return cancelled' and message like $1", [`%${order.id.slice(-8)}%`]);
    expect(told.map((n) => n.user_id).sort()).toEqual([buyer.userId, seller().userId].sort());
    await cancelLapsedReturns(deps(), new Date(due.getTime() + 30 * DAY_MS));
    expect(await q("select 1 from order_return_events where return_id = $1 and kind = 'lapsed'", [returnId])).toHaveLength(1);
  });

  it("sends a return to our support team once its vendor stays late ten business days past its step, once", async () => {
    const { buyer, order } = await delivered();
    const { returnId } = await ask(buyer, order.id);
    const [{ vendor_due_at: due }] = (await q<{ vendor_due_at: Date }>("select vendor_due_at from order_returns where id = $1", [returnId])) as [{ vendor_due_at: Date }];
    const late = addBusinessDays(due, CLAIM_BUYER_BUSINESS_DAYS);
    const escalations = () => q<{ actor_role: string }>("select actor_role from order_return_events where return_id = $1 and kind = 'escalated'", [returnId]);
    await escalateLateReturns(deps(), new Date(late.getTime() - 60_000));
    expect(await escalations()).toEqual([]);
    await escalateLateReturns(deps(), new Date(late.getTime() + 60_000));
    expect(await escalations()).toEqual([{ actor_role: "system" }]);
    const [row] = await q<{ escalated_at: Date | null; status: string }>("select escalated_at, status from order_returns where id = $1", [returnId]);
    expect(row).toMatchObject({ status: "requested", escalated_at: expect.any(Date) });
    expect(await q("select 1 from notifications where user_id = $1 and title = 'Return sent to support' and message like $2", [admin.userId, `%${order.id.slice(-8)}%`])).toHaveLength(1);
    await escalateLateReturns(deps(), new Date(late.getTime() + 30 * DAY_MS));
    expect(await escalations()).toHaveLength(1);
  });

  it("carries a return through: instructions, the phone sent back with tracking, the receipt putting it back on sale, and a refund of the total without the delivery fee", async () => {
    const { buyer, order, reference } = await delivered();
    const stockBefore = await stockOf(order.productId);
    const { returnId, refundAmount } = await ask(buyer, order.id);
    expect(refundAmount).toBe(order.total);
    expect(DELIVERY_FEE).toBeGreaterThan(0);
    expect(mailer.sent.at(-1)!.subject).toBe(`Return asked for on order #${order.id.slice(-8)}`);
    await expect(ask(buyer, order.id)).rejects.toMatchObject({ status: 409, message: RETURN_TEXTS.alreadyActive });

    // Sending before the vendor's instructions is refused; so is a receipt before sending.
    await expect(send(buyer, returnId)).rejects.toMatchObject({ status: 409, message: RETURN_TEXTS.notReadyToSend });
    await instruct(returnId);
    await expect(confirm(returnId)).rejects.toMatchObject({ status: 409, message: RETURN_TEXTS.notSent });
    await send(buyer, returnId);
    expect(mailer.sent.at(-1)!.text).toContain("https://giglogistics.com/track?waybill=GIGL-5501234");
    await expect(send(buyer, returnId)).rejects.toMatchObject({ status: 409, message: RETURN_TEXTS.alreadySent });
    await expect(cancelReturn(deps(), buyer, cancelReturnSchema.parse({ returnId, confirm: "yes" }))).rejects.toMatchObject({ status: 409, message: RETURN_TEXTS.cannotCancel });

    const outcome = await confirm(returnId);
    expect(outcome).toEqual({ refunded: order.total });
    expect(await returnRow(returnId)).toMatchObject({ status: "refunded", refund_amount: order.total, restocked: true, vendor_due_at: null });
    expect(await stockOf(order.productId)).toBe(stockBefore + 1);
    const [refund] = await refundsOf(order.id);
    expect(refund).toMatchObject({ amount: order.total, idempotency_key: `return:${returnId}` });
    const kinds = await q<{ kind: string }>("select kind from order_return_events where return_id = $1 order by id", [returnId]);
    expect(kinds.map((k) => k.kind)).toEqual(["requested", "instructions_given", "sent_back", "received", "restocked", "refunded"]);
    const notes = await q<{ status: string; note: string }>("select status, note from order_status_history where order_id = $1 and note ilike '%return%' order by id", [order.id]);
    expect(notes.map((n) => n.status)).toEqual(["delivered", "delivered"]);

    // Processed: the order is refunded and the vendor's ledger is debited through the refund path.
    await applyRefundOutcome(deps(), { providerRefundId: Number(refund!.provider_refund_id), transactionReference: reference, amount: refund!.amount, status: "processed" });
    expect((await q<{ status: string }>("select status from orders where id = $1", [order.id]))[0]!.status).toBe("refunded");
    const debits = await q<{ kind: string }>("select kind from vendor_ledger_entries where order_id = $1 order by id", [order.id]);
    expect(debits.map((d) => d.kind)).toEqual(["sale", "refund"]);
  });

  it("refunds once when the vendor confirms the receipt twice at the same moment, and leaves the stock alone without 'Put back on sale'", async () => {
    const { buyer, order } = await delivered();
    const stockBefore = await stockOf(order.productId);
    const { returnId } = await ask(buyer, order.id);
    await instruct(returnId);
    await send(buyer, returnId);
    const results = await Promise.allSettled([confirm(returnId, false), confirm(returnId, false)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { status: 409, message: RETURN_TEXTS.alreadyReceived } });
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect(await returnRow(returnId)).toMatchObject({ status: "refunded", restocked: false });
    expect(await stockOf(order.productId)).toBe(stockBefore);
  });

  it("sends a refunded return back to the admins when its refund fails at the provider afterwards", async () => {
    const { buyer, order, reference } = await delivered();
    const { returnId } = await ask(buyer, order.id);
    await instruct(returnId);
    await send(buyer, returnId);
    await confirm(returnId, false);
    const [refund] = await refundsOf(order.id);
    await applyRefundOutcome(deps(), { providerRefundId: Number(refund!.provider_refund_id), transactionReference: reference, amount: refund!.amount, status: "failed", failureReason: "Card issuer refused" });
    const [row] = await q<{ status: string; escalated_at: Date | null }>("select status, escalated_at from order_returns where id = $1", [returnId]);
    expect(row).toMatchObject({ status: "received", escalated_at: expect.any(Date) });
    const kinds = await q<{ kind: string }>("select kind from order_return_events where return_id = $1 order by id", [returnId]);
    expect(kinds.at(-1)!.kind).toBe("refund_failed");
    // An admin's refund asks again under the next key (the stand-in had in fact paid the first, so it refuses this one: the return stays with the admins).
    await expect(decideReturn(deps(), admin, adminReturnDecisionSchema.parse({ returnId, decision: "refund", confirm: "yes" }))).rejects.toMatchObject({ status: 409 });
    expect((await refundsOf(order.id)).map((r) => r.idempotency_key)).toEqual([`return:${returnId}`, `return:${returnId}:2`]);
    expect((await returnRow(returnId)).status).toBe("received");
  });

  it("refuses the wrong party at every step", async () => {
    const { buyer, order } = await delivered();
    const stranger = await insertPerson(world.database().db, `returns-stranger-${engine}`, "customer");
    await expect(ask(stranger, order.id)).rejects.toMatchObject({ status: 404, message: RETURN_TEXTS.orderNotFound });
    const { returnId } = await ask(buyer, order.id);
    await expect(instruct(returnId, otherSeller)).rejects.toMatchObject({ status: 404, message: RETURN_TEXTS.notFound });
    await expect(instruct(returnId, buyer)).rejects.toMatchObject({ status: 404 });
    await instruct(returnId);
    await expect(send(stranger, returnId)).rejects.toMatchObject({ status: 404, message: RETURN_TEXTS.notFound });
    await send(buyer, returnId);
    await expect(confirm(returnId, true, otherSeller)).rejects.toMatchObject({ status: 404, message: RETURN_TEXTS.notFound });
    await expect(confirm(returnId, true, buyer)).rejects.toMatchObject({ status: 404 });
    await expect(escalateReturn(deps(), buyer, escalateReturnSchema.parse({ returnId, note: "The vendor has not confirmed anything yet." })))
      .rejects.toMatchObject({ status: 409, message: RETURN_TEXTS.cannotEscalate });
    await expect(decideReturn(deps(), { ...buyer, role: "customer" }, adminReturnDecisionSchema.parse({ returnId, decision: "refund", confirm: "yes" }))).rejects.toMatchObject({ status: 403 });
    await expect(rejectReturnByVendor(deps(), otherSeller, vendorRejectReturnSchema.parse({ returnId, reason: "The phone came back scratched.", confirm: "yes" })))
      .rejects.toMatchObject({ status: 404 });
    await rejectReturnByVendor(deps(), seller(), vendorRejectReturnSchema.parse({ returnId, reason: "The phone came back with a cracked screen.", confirm: "yes" }));
    expect((await returnRow(returnId)).status).toBe("rejected");
    expect(await refundsOf(order.id)).toEqual([]);
  });

  it("keeps the vendor's money pending and the buyer's account while a return is open; an overdue vendor lets the buyer escalate and an admin refund", async () => {
    const { buyer, order } = await delivered(new Date(Date.now() - 2 * DAY_MS));
    const { returnId } = await ask(buyer, order.id);
    const afterWarranty = new Date(Date.now() + 60 * DAY_MS);
    await releaseEndedWarranties(world.database().db, afterWarranty);
    const released = () => q("select 1 from vendor_ledger_entries where order_id = $1 and kind = 'release'", [order.id]);
    expect(await released()).toEqual([]);
    expect(await deletionBlockers(world.database().db, buyer.userId)).toContain("You have 1 return still in progress. Wait until it is refunded, cancelled or rejected.");

    // The vendor is late with its instructions: the buyer asks our support team, an admin refunds.
    await q("update order_returns set vendor_due_at = now() - interval '1 hour' where id = $1", [returnId]);
    await escalateReturn(deps(), buyer, escalateReturnSchema.parse({ returnId, note: "The vendor never told me where to send it." }));
    const { refunded } = await decideReturn(deps(), admin, adminReturnDecisionSchema.parse({ returnId, decision: "refund", confirm: "yes" }));
    expect(refunded).toBe(order.total);
    expect((await returnRow(returnId)).status).toBe("refunded");
    expect((await refundsOf(order.id)).map((r) => r.idempotency_key)).toEqual([`return:${returnId}`]);
    await expect(decideReturn(deps(), admin, adminReturnDecisionSchema.parse({ returnId, decision: "refund", confirm: "yes" }))).rejects.toMatchObject({ status: 409 });

    // A cancelled return holds nothing back.
    const other = await delivered(new Date(Date.now() - 2 * DAY_MS));
    const second = await ask(other.buyer, other.order.id);
    await cancelReturn(deps(), other.buyer, cancelReturnSchema.parse({ returnId: second.returnId, confirm: "yes" }));
    expect(await deletionBlockers(world.database().db, other.buyer.userId)).toEqual([]);
    await releaseEndedWarranties(world.database().db, afterWarranty);
    expect(await q("select 1 from vendor_ledger_entries where order_id = $1 and kind = 'release'", [other.order.id])).toHaveLength(2);
  });
});
