import { beforeAll, describe, expect, it } from "vitest";
import { TEST_ENGINES } from "../../tests/support/database";
import { insertPerson, insertVendor, recordingMailer } from "../../tests/support/rows";
import { buyerWithCart, payOnHostedPage, SHIPPING, useShopWithPayments } from "../../tests/support/shop";
import { answerClaim, confirmReturnReceived, openClaim, shipReturn } from "../claims/service";
import { CLAIM_TEXTS } from "../claims/texts";
import { claimReceiptSchema, claimRefundSchema, openClaimSchema, returnShipmentSchema, vendorAnswerSchema } from "../claims/validation";
import { createLocalStorage } from "../media/storage";
import { refundableAmount } from "../payments/refunds";
import { refundAcceptedClaim } from "./carry-out-claim";
import { confirmPayment } from "./confirm-payment";
import { placeOrder } from "./place-order";
import { applyRefundOutcome } from "./refund-failed";

const DESCRIPTION = "The battery drops from 100% to 20% within two hours of light use.";

describe.each(TEST_ENGINES)("a vendor-accepted refund claim carried out (%s)", (engine) => {
  const { database, provider, shop } = useShopWithPayments(engine);
  const mailer = recordingMailer();
  const publicUrl = "https://tokunbo.example";
  const otherSeller = { userId: `carry-out-other-seller-${engine}` };
  let buyers = 0;
  const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => database().query<T>(text, params);
  const deps = () => ({ db: database().db, payments: provider(), mailer, publicUrl });
  const seller = () => ({ userId: shop().vendorUserId });

  beforeAll(async () => {
    await insertPerson(database().db, otherSeller.userId, "vendor");
    await insertVendor(database().db, otherSeller.userId, `Other Hub ${engine}`);
  });

  /** A paid order of a new buyer, delivered yesterday, with an accepted refund claim. */
  async function acceptedRefundClaim() {
    await q("update products set stock_quantity = 3, units_sold = 0, is_live = true where id = $1", [shop().phones[0]]);
    const buyer = await buyerWithCart(database().db, `carry-out-buyer-${engine}-${++buyers}`, []);
    const placed = await placeOrder(deps(), buyer, { items: [{ productId: shop().phones[0], quantity: 1 }], shipping: SHIPPING });
    await payOnHostedPage(placed.authorizationUrl, "approved");
    await confirmPayment(deps(), buyer.userId, placed.reference);
    const [row] = await q<{ order_id: string; payment_id: string }>(
      "select o.id order_id, p.id payment_id from payments p join orders o on o.payment_id = p.id where p.payment_reference = $1", [placed.reference],
    );
    const orderId = row!.order_id;
    await q("update orders set status = 'delivered', shipped_at = now() - interval '3 days', delivered_at = now() - interval '1 day' where id = $1", [orderId]);
    const { claimId } = await openClaim({ ...deps(), storage: createLocalStorage(`/tmp/carry-out-${engine}`) }, buyer, openClaimSchema.parse({ orderId, reason: "battery_performance", description: DESCRIPTION }), []);
    await answerClaim(deps(), seller(), vendorAnswerSchema.parse({ claimId, answer: "accept", outcome: "refund", returnInstructions: "Send it to Shop 4, Computer Village, Ikeja." }));
    return { buyer, claimId, orderId, paymentId: row!.payment_id, reference: placed.reference };
  }
  const refund = (claimId: string, who = seller()) => refundAcceptedClaim(deps(), who, claimRefundSchema.parse({ claimId, confirm: "yes" }));
  const claimRow = async (claimId: string) =>
    (await q<{ status: string; received_at: Date | null; return_tracking_number: string | null; outcome_due_at: Date | null }>(
      "select status, received_at, return_tracking_number, outcome_due_at from warranty_claims where id = $1", [claimId],
    ))[0]!;
  const refundsOf = (orderId: string) => q<{ amount: number; idempotency_key: string; claim_id: string; provider_refund_id: number; status: string }>(
    "select amount::int amount, idempotency_key, claim_id, provider_refund_id, status from refunds where order_id = $1", [orderId],
  );

  it("pays the refund only after the vendor confirmed the returned phone, through the refund core, and closes the claim", async () => {
    const { buyer, claimId, orderId, paymentId, reference } = await acceptedRefundClaim();

    // No refund before the phone is back, nor before it was even sent.
    await expect(refund(claimId)).rejects.toMatchObject({ status: 409, message: CLAIM_TEXTS.refundBeforeReceipt });
    await expect(confirmReturnReceived(deps(), seller(), claimReceiptSchema.parse({ claimId }))).rejects.toMatchObject({ status: 409, message: CLAIM_TEXTS.returnNotShipped });

    await shipReturn(deps(), buyer, returnShipmentSchema.parse({ claimId, carrier: "GIG Logistics", trackingNumber: "GIGL-5501234" }));
    expect(await claimRow(claimId)).toMatchObject({ status: "accepted", return_tracking_number: "GIGL-5501234", received_at: null });
    expect((await claimRow(claimId)).outcome_due_at).not.toBeNull();
    const toVendor = mailer.sent.filter((m) => m.subject.includes("is on its way back"));
    expect(toVendor.at(-1)!.text).toContain("https://giglogistics.com/track?waybill=GIGL-5501234");

    // Shipped but not yet received: still no refund.
    await expect(refund(claimId)).rejects.toMatchObject({ status: 409, message: CLAIM_TEXTS.refundBeforeReceipt });
    expect(await refundsOf(orderId)).toEqual([]);

    // Wrong roles: the buyer cannot confirm or refund, another vendor does not see the claim.
    await expect(confirmReturnReceived(deps(), buyer, claimReceiptSchema.parse({ claimId }))).rejects.toMatchObject({ status: 404 });
    await expect(confirmReturnReceived(deps(), otherSeller, claimReceiptSchema.parse({ claimId }))).rejects.toMatchObject({ status: 404, message: CLAIM_TEXTS.notFound });
    await expect(refund(claimId, otherSeller)).rejects.toMatchObject({ status: 404, message: CLAIM_TEXTS.notFound });

    await confirmReturnReceived(deps(), seller(), claimReceiptSchema.parse({ claimId }));
    await expect(confirmReturnReceived(deps(), seller(), claimReceiptSchema.parse({ claimId }))).rejects.toMatchObject({ status: 409, message: CLAIM_TEXTS.alreadyReceived });

    const left = await refundableAmount(database().db, paymentId, orderId);
    expect(left).toBeGreaterThan(0);
    const { refunded } = await refund(claimId);
    expect(refunded).toBe(left);
    const [row] = await refundsOf(orderId);
    expect(row).toMatchObject({ amount: left, idempotency_key: `claim:${claimId}:refund`, claim_id: claimId });
    expect(await claimRow(claimId)).toMatchObject({ status: "resolved", outcome_due_at: null });
    const kinds = await q<{ kind: string }>("select kind from warranty_claim_events where claim_id = $1 order by id", [claimId]);
    expect(kinds.map((k) => k.kind)).toEqual(["opened", "accepted", "return_shipped", "return_received", "refunded", "completed"]);
    expect(mailer.sent.some((m) => m.to === buyer.email && m.subject === `Your warranty refund for order #${orderId.slice(-8)}`)).toBe(true);

    // A resolved claim refunds no more: the same request again is refused, and one refund stands.
    await expect(refund(claimId)).rejects.toMatchObject({ status: 409, message: CLAIM_TEXTS.notAccepted });
    expect(await refundsOf(orderId)).toHaveLength(1);

    await applyRefundOutcome(deps(), { providerRefundId: Number(row!.provider_refund_id), transactionReference: reference, amount: row!.amount, status: "processed" });
    expect((await refundsOf(orderId))[0]!.status).toBe("processed");
    expect((await q<{ status: string }>("select status from orders where id = $1", [orderId]))[0]!.status).toBe("refunded");
  });

  it("refuses a refund of a claim accepted for repair, and the buyer's second return", async () => {
    const { buyer, claimId } = await acceptedRefundClaim();
    await q("update warranty_claims set vendor_outcome = 'repair' where id = $1", [claimId]);
    await shipReturn(deps(), buyer, returnShipmentSchema.parse({ claimId, carrier: "DHL Nigeria", trackingNumber: "1234567890" }));
    await expect(shipReturn(deps(), buyer, returnShipmentSchema.parse({ claimId, carrier: "DHL Nigeria", trackingNumber: "1234567890" })))
      .rejects.toMatchObject({ status: 409, message: CLAIM_TEXTS.returnAlreadyShipped });
    await confirmReturnReceived(deps(), seller(), claimReceiptSchema.parse({ claimId }));
    await expect(refund(claimId)).rejects.toMatchObject({ status: 409, message: CLAIM_TEXTS.notRefundOutcome });
  });
});
