import { beforeAll, describe, expect, it } from "vitest";
import { lagosToday } from "../../lib/lagos-time";
import { TEST_ENGINES } from "../../tests/support/database";
import { insertListing, insertPerson, insertVendor, recordingMailer } from "../../tests/support/rows";
import { buyerWithCart, payOnHostedPage, SHIPPING, useShopWithPayments } from "../../tests/support/shop";
import { answerClaim, confirmReturnReceived, openClaim, resolveDeliveredReplacements, shipReturn } from "../claims/service";
import { CLAIM_TEXTS } from "../claims/texts";
import { adminDecisionSchema, claimReceiptSchema, claimReplacementSchema, openClaimSchema, returnShipmentSchema, vendorAnswerSchema } from "../claims/validation";
import { createLocalStorage } from "../media/storage";
import { moveOwnOrder } from "../orders/moves";
import { REPLACEMENT_TEXTS } from "../orders/replacement";
import { confirmPayment } from "./confirm-payment";
import { confirmOrderReceived } from "./confirm-received";
import { decideClaim } from "./decide-claim";
import { placeOrder } from "./place-order";
import { sendReplacement } from "./replace-claimed-phone";

const DESCRIPTION = "The screen flickers and goes black after a few minutes of use.";

describe.each(TEST_ENGINES)("a replacement for a warranty claim (%s)", (engine) => {
  const { database, provider, shop } = useShopWithPayments(engine);
  const mailer = recordingMailer();
  const publicUrl = "https://tokunbo.example";
  const admin = { userId: `replace-admin-${engine}`, email: `replace-admin-${engine}@example.ng`, role: "admin" as const };
  const otherSeller = { userId: `replace-other-seller-${engine}` };
  let otherListing: string;
  let buyers = 0;
  const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => database().query<T>(text, params);
  const deps = () => ({ db: database().db, payments: provider(), mailer, publicUrl });
  const seller = () => ({ userId: shop().vendorUserId, email: `${shop().vendorUserId}@example.ng`, role: "vendor" as const });

  beforeAll(async () => {
    await insertPerson(database().db, admin.userId, "admin");
    await insertPerson(database().db, otherSeller.userId, "vendor");
    const other = await insertVendor(database().db, otherSeller.userId, `Other Replace Hub ${engine}`);
    otherListing = await insertListing(database().db, other.id, "Pixel 6");
  });

  /** A delivered order of a new buyer with a claim the vendor accepted with `outcome`. */
  async function acceptedClaim(outcome: "replacement" | "refund") {
    await q("update products set stock_quantity = 3, units_sold = 0, is_live = true where id = $1", [shop().phones[0]]);
    const buyer = await buyerWithCart(database().db, `replace-buyer-${engine}-${++buyers}`, []);
    const placed = await placeOrder(deps(), buyer, { items: [{ productId: shop().phones[0], quantity: 1 }], shipping: SHIPPING });
    await payOnHostedPage(placed.authorizationUrl, "approved");
    await confirmPayment(deps(), buyer.userId, placed.reference);
    const [row] = await q<{ order_id: string }>("select o.id order_id from payments p join orders o on o.payment_id = p.id where p.payment_reference = $1", [placed.reference]);
    const orderId = row!.order_id;
    await q("update orders set status = 'delivered', shipped_at = now() - interval '3 days', delivered_at = now() - interval '1 day' where id = $1", [orderId]);
    const { claimId } = await openClaim({ ...deps(), storage: createLocalStorage(`/tmp/replace-${engine}`) }, buyer, openClaimSchema.parse({ orderId, reason: "screen_defect", description: DESCRIPTION }), []);
    await answerClaim(deps(), seller(), vendorAnswerSchema.parse({ claimId, answer: "accept", outcome, returnInstructions: "Send it to Shop 4, Computer Village, Ikeja." }));
    return { buyer, claimId, orderId };
  }
  const stockOf = async () => (await q<{ n: number }>("select stock_quantity n from products where id = $1", [shop().phones[0]]))[0]!.n;
  const claimOf = async (claimId: string) =>
    (await q<{ status: string; replacement_order_id: string | null; admin_decision: string | null }>("select status, replacement_order_id, admin_decision from warranty_claims where id = $1", [claimId]))[0]!;
  const orderOf = async (orderId: string) =>
    (await q<{ status: string; unit_price: number; total_amount: number; payment_id: string | null; customer_id: string; replacement_for_order_id: string | null }>(
      "select status, unit_price::int unit_price, total_amount::int total_amount, payment_id, customer_id, replacement_for_order_id from orders where id = $1", [orderId],
    ))[0]!;

  it("sends a zero-priced order of the same phone after the returned phone arrived, ships it like any order, and closes the claim once it is delivered", async () => {
    const { buyer, claimId, orderId } = await acceptedClaim("replacement");
    const replace = (input: { productId?: string } = {}, who: { userId: string } = seller()) => sendReplacement(deps(), who, claimReplacementSchema.parse({ claimId, ...input }));

    await expect(replace()).rejects.toMatchObject({ status: 409, message: CLAIM_TEXTS.replacementNotReceived });
    await shipReturn(deps(), buyer, returnShipmentSchema.parse({ claimId, carrier: "Kwik Delivery", trackingNumber: "KWK-1029384" }));
    await confirmReturnReceived(deps(), seller(), claimReceiptSchema.parse({ claimId }));
    await expect(replace({}, otherSeller)).rejects.toMatchObject({ status: 404, message: CLAIM_TEXTS.notFound });
    await expect(replace({}, buyer)).rejects.toMatchObject({ status: 404 });
    await expect(replace({ productId: otherListing })).rejects.toMatchObject({ status: 400, message: REPLACEMENT_TEXTS.noSuchListing });

    const before = await stockOf();
    const { orderId: replacementId } = await replace();
    expect(await stockOf()).toBe(before - 1);
    expect(await orderOf(replacementId)).toMatchObject({ status: "paid", unit_price: 0, total_amount: 0, payment_id: null, customer_id: buyer.userId, replacement_for_order_id: orderId });
    expect(await claimOf(claimId)).toMatchObject({ status: "accepted", replacement_order_id: replacementId });
    await expect(replace()).rejects.toMatchObject({ status: 409, message: CLAIM_TEXTS.replacementAlreadySent });

    // Ships through the one state machine; the claim stays in progress until delivery.
    await moveOwnOrder(deps(), seller(), { orderId: replacementId, status: "shipped", carrier: "GIG Logistics", trackingNumber: "GIGL-5501234", estimatedDeliveryDate: lagosToday() });
    expect(await resolveDeliveredReplacements(database().db)).toBe(0);
    expect((await claimOf(claimId)).status).toBe("accepted");
    // The buyer's 'I received my phone' closes the claim at once; the scheduled pass finds nothing left.
    await confirmOrderReceived(deps(), buyer, replacementId);
    expect((await claimOf(claimId)).status).toBe("resolved");
    expect(await resolveDeliveredReplacements(database().db)).toBe(0);
    const kinds = await q<{ kind: string }>("select kind from warranty_claim_events where claim_id = $1 order by id", [claimId]);
    expect(kinds.map((k) => k.kind)).toEqual(["opened", "accepted", "return_shipped", "return_received", "replacement_ordered", "completed"]);
  });

  it("an admin's replacement decision places the same order, and the claim waits for its delivery", async () => {
    const { claimId } = await acceptedClaim("refund");
    const decided = await decideClaim(deps(), admin, adminDecisionSchema.parse({ claimId, decision: "replacement", note: "Same model, sealed box.", confirm: "yes" }));
    expect(decided).toEqual({ status: "accepted", refunded: null });
    const claim = await claimOf(claimId);
    expect(claim).toMatchObject({ status: "accepted", admin_decision: "replacement" });
    expect(await orderOf(claim.replacement_order_id!)).toMatchObject({ status: "paid", total_amount: 0 });
    await expect(decideClaim(deps(), admin, adminDecisionSchema.parse({ claimId, decision: "replacement", confirm: "yes" }))).rejects.toMatchObject({ status: 409, message: CLAIM_TEXTS.replacementAlreadySent });
    // Nor a refund on top of the phone on its way.
    await expect(decideClaim(deps(), admin, adminDecisionSchema.parse({ claimId, decision: "full_refund", confirm: "yes" }))).rejects.toMatchObject({ status: 409, message: CLAIM_TEXTS.refundWhileReplacementSent });
    expect(await q("select count(*)::int n from refunds where claim_id = $1", [claimId])).toEqual([{ n: 0 }]);
    // Once the replacement order is cancelled (the vendor could not ship it), the claim may be replaced again.
    await q("update orders set status = 'cancelled' where id = $1", [claim.replacement_order_id]);
    const again = await decideClaim(deps(), admin, adminDecisionSchema.parse({ claimId, decision: "replacement", confirm: "yes" }));
    expect(again.status).toBe("accepted");
    const second = (await claimOf(claimId)).replacement_order_id!;
    expect(second).not.toBe(claim.replacement_order_id);
    // Delivered some other way (the automatic delivery): the claim checks' pass closes the claim, once.
    await q("update orders set status = 'delivered', delivered_at = now() where id = $1", [second]);
    expect(await resolveDeliveredReplacements(database().db)).toBeGreaterThanOrEqual(1);
    expect(await resolveDeliveredReplacements(database().db)).toBe(0);
    expect((await claimOf(claimId)).status).toBe("resolved");
    await expect(decideClaim(deps(), { ...admin, role: "vendor" as never }, adminDecisionSchema.parse({ claimId, decision: "replacement", confirm: "yes" }))).rejects.toMatchObject({ status: 403 });
  });

  it("refuses a replacement when the phone is out of stock", async () => {
    const { buyer, claimId } = await acceptedClaim("replacement");
    await shipReturn(deps(), buyer, returnShipmentSchema.parse({ claimId, carrier: "Kwik Delivery", trackingNumber: "KWK-1029384" }));
    await confirmReturnReceived(deps(), seller(), claimReceiptSchema.parse({ claimId }));
    await q("update products set stock_quantity = 0 where id = $1", [shop().phones[0]]);
    await expect(sendReplacement(deps(), seller(), { claimId })).rejects.toMatchObject({ status: 409, message: REPLACEMENT_TEXTS.outOfStock });
    expect((await claimOf(claimId)).replacement_order_id).toBeNull();
  });
});
