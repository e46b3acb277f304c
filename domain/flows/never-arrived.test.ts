import { beforeAll, describe, expect, it } from "vitest";
import { TEST_ENGINES } from "../../tests/support/database";
import { insertPerson } from "../../tests/support/rows";
import { buyerWithCart, payOnHostedPage, SHIPPING, useShopWithPayments } from "../../tests/support/shop";
import { answerClaim, buyerClaims, openClaim } from "../claims/service";
import { CLAIM_TEXTS } from "../claims/texts";
import { adminDecisionSchema, claimRefundSchema, openClaimSchema, vendorAnswerSchema } from "../claims/validation";
import { createLocalStorage } from "../media/storage";
import { autoDeliveryDate, deliverOverdueOrders } from "../orders/auto-delivery";
import { DELIVERY_NOTICE_TEXTS } from "../orders/emails";
import { notReceivedLine, orderNumberOf } from "../orders/status";
import { formatLagosDate } from "../../lib/lagos-time";
import { refundAcceptedClaim } from "./carry-out-claim";
import { confirmPayment } from "./confirm-payment";
import { decideClaim } from "./decide-claim";
import { placeOrder } from "./place-order";
import { applyRefundOutcome } from "./refund-failed";

const DESCRIPTION = "The courier says it was handed over, but nobody here received the parcel.";

describe.each(TEST_ENGINES)("a 'never arrived' claim on a shipped order (%s)", (engine) => {
  const { database, shop, mailer, q, deps } = useShopWithPayments(engine);
  const admin = { userId: `never-arrived-admin-${engine}`, email: `never-arrived-admin-${engine}@example.ng`, role: "admin" as const };
  let buyers = 0;
  const claimDeps = () => ({ ...deps(), storage: createLocalStorage(`/tmp/never-arrived-${engine}`) });

  beforeAll(async () => {
    await insertPerson(database().db, admin.userId, "admin");
  });

  async function paidOrder() {
    await q("update products set stock_quantity = 3, units_sold = 0, is_live = true where id = $1", [shop().phones[0]]);
    const buyer = await buyerWithCart(database().db, `never-arrived-buyer-${engine}-${++buyers}`, []);
    const placed = await placeOrder(deps(), buyer, { items: [{ productId: shop().phones[0], quantity: 1 }], shipping: SHIPPING });
    await payOnHostedPage(placed.authorizationUrl, "approved");
    await confirmPayment(deps(), buyer.userId, placed.reference);
    const [row] = await q<{ order_id: string }>("select o.id order_id from payments p join orders o on o.payment_id = p.id where p.payment_reference = $1", [placed.reference]);
    return { buyer, reference: placed.reference, orderId: row!.order_id };
  }
  const ship = (orderId: string, daysAgo: number) =>
    q(`update orders set status = 'shipped', shipped_at = now() - make_interval(days => $2::int) where id = $1`, [orderId, daysAgo]);
  const open = (buyer: { userId: string }, orderId: string, reason = "never_arrived") =>
    openClaim(claimDeps(), buyer, openClaimSchema.parse({ orderId, reason, description: DESCRIPTION }), []);
  const statusOf = async (orderId: string) => (await q<{ status: string }>("select status from orders where id = $1", [orderId]))[0]!.status;

  it("is opened only while the order is shipped, holds the automatic delivery, and ends in a full refund, never delivered", async () => {
    const { buyer, reference, orderId } = await paidOrder();
    await expect(open(buyer, orderId)).rejects.toMatchObject({ status: 409, message: CLAIM_TEXTS.neverArrivedNotShipped });
    await ship(orderId, 30);
    await expect(open(buyer, orderId, "battery_performance")).rejects.toMatchObject({ status: 409, message: CLAIM_TEXTS.notDelivered });
    const { claimId } = await open(buyer, orderId);

    await deliverOverdueOrders(deps());
    expect(await statusOf(orderId)).toBe("shipped");

    await answerClaim(deps(), { userId: shop().vendorUserId }, vendorAnswerSchema.parse({
      claimId, answer: "accept", outcome: "refund", returnInstructions: "Nothing to return: we will refund you in full.",
    }));
    const decided = await decideClaim(deps(), admin, adminDecisionSchema.parse({ claimId, decision: "full_refund", confirm: "yes" }));
    expect(decided.status).toBe("resolved");
    const [refund] = await q<{ provider_refund_id: number; amount: number; claim_id: string }>(
      "select provider_refund_id, amount::int amount, claim_id from refunds where order_id = $1", [orderId],
    );
    expect(refund).toMatchObject({ amount: decided.refunded, claim_id: claimId });
    await applyRefundOutcome(deps(), { providerRefundId: Number(refund!.provider_refund_id), transactionReference: reference, amount: refund!.amount, status: "processed" });
    expect(await statusOf(orderId)).toBe("refunded");
    expect(await q("select count(*)::int n from order_status_history where order_id = $1 and status = 'delivered'", [orderId])).toEqual([{ n: 0 }]);
  });

  it("accepted by the vendor, is refunded at once without a phone to send back, and a repair is refused", async () => {
    const { buyer, reference, orderId } = await paidOrder();
    await ship(orderId, 3);
    const { claimId } = await open(buyer, orderId);
    const vendor = { userId: shop().vendorUserId };
    const answer = (outcome: string) => answerClaim(deps(), vendor, vendorAnswerSchema.parse({ claimId, answer: "accept", outcome, returnInstructions: "Our courier lost it: we refund you in full." }));
    await expect(answer("repair")).rejects.toMatchObject({ status: 400, message: CLAIM_TEXTS.noRepairOfLostParcel });
    await answer("refund");
    const [claim] = await q<{ outcome_due_at: Date | null }>("select outcome_due_at from warranty_claims where id = $1", [claimId]);
    expect(claim!.outcome_due_at, "the vendor's refund is due, so a late one goes to our support team").not.toBeNull();
    expect((await buyerClaims(database().db, buyer.userId)).claims[orderId]!.buyerDueAt, "nothing waits on the buyer").toBeNull();

    const { refunded } = await refundAcceptedClaim(deps(), vendor, claimRefundSchema.parse({ claimId, confirm: "yes" }));
    const [refund] = await q<{ provider_refund_id: number; amount: number }>("select provider_refund_id, amount::int amount from refunds where order_id = $1", [orderId]);
    expect(refund!.amount).toBe(refunded);
    await applyRefundOutcome(deps(), { providerRefundId: Number(refund!.provider_refund_id), transactionReference: reference, amount: refund!.amount, status: "processed" });
    expect(await statusOf(orderId)).toBe("refunded");
    expect(await q("select status from warranty_claims where id = $1", [claimId])).toEqual([{ status: "resolved" }]);
  });

  it("tells the buyer, once, two days before the automatic delivery counted from shipping", async () => {
    const { buyer, orderId } = await paidOrder();
    await ship(orderId, 13);
    await deliverOverdueOrders(deps());
    await deliverOverdueOrders(deps());
    expect(await statusOf(orderId)).toBe("shipped");
    const [row] = await q<{ shipped_at: Date }>("select shipped_at from orders where id = $1", [orderId]);
    const on = formatLagosDate(autoDeliveryDate(row!.shipped_at, 14));
    const number = orderNumberOf(orderId);
    const notices = await q<{ message: string }>("select message from notifications where user_id = $1 and title = $2", [buyer.userId, DELIVERY_NOTICE_TEXTS.title]);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.message).toContain(`Order #${number}`);
    expect(notices[0]!.message).toContain(notReceivedLine(on));
    const mails = mailer.sent.filter((m) => m.to === buyer.email && m.subject.includes(DELIVERY_NOTICE_TEXTS.subject(number)));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(notReceivedLine(on));
  });

  it("is refused on a delivered order, whose warranty clock has started", async () => {
    const { buyer, orderId } = await paidOrder();
    await ship(orderId, 30);
    await deliverOverdueOrders(deps());
    expect(await statusOf(orderId)).toBe("delivered");
    await expect(open(buyer, orderId)).rejects.toMatchObject({ status: 409, message: CLAIM_TEXTS.neverArrivedNotShipped });
  });
});
