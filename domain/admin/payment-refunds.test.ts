import { beforeAll, describe, expect, it } from "vitest";
import { TEST_ENGINES } from "../../tests/support/database";
import { insertPerson } from "../../tests/support/rows";
import { SHIPPING, buyerWithCart, payOnHostedPage, useShopWithPayments } from "../../tests/support/shop";
import { placeOrder } from "../flows/place-order";
import { changeOrderStatus } from "../flows/change-order-status";
import { confirmPayment } from "../flows/confirm-payment";
import { applyRefundOutcome } from "../flows/refund-failed";
import { refundPayment } from "../payments/refunds";
import { listPaymentsForAdmin } from "./listings";

/** What the Payments tab shows of refunds: each payment's refunds, what is left, and the flagged amount. */
describe.each(TEST_ENGINES)("the Payments tab's refunds (%s)", (engine) => {
  const { database, shop, q, deps } = useShopWithPayments(engine);
  const admin = { userId: `admin-tab-refunds-${engine}`, email: `admin-tab-refunds-${engine}@example.ng`, role: "admin" as const };

  beforeAll(() => insertPerson(database().db, admin.userId, "admin"));

  it("an order the admin cancelled after payment is flagged for its total; refunding that leaves nothing flagged and shows the refund", async () => {
    for (const phone of shop().phones) await q("update products set stock_quantity = 3, is_live = true where id = $1", [phone]);
    const buyer = await buyerWithCart(database().db, `tab-refunds-${engine}`, []);
    const placed = await placeOrder(deps(), buyer, { items: shop().phones.map((productId) => ({ productId, quantity: 1 })), shipping: SHIPPING });
    await payOnHostedPage(placed.authorizationUrl, "approved");
    await confirmPayment(deps(), buyer.userId, placed.reference);
    const [pixel] = await q<{ id: string }>("select o.id from orders o join payments p on p.id = o.payment_id where p.payment_reference = $1 and o.total_amount = 15000000", [placed.reference]);
    await changeOrderStatus(deps(), admin, { orderId: pixel!.id, status: "cancelled", trackingNumber: undefined, estimatedDeliveryDate: undefined });

    const flagged = (await listPaymentsForAdmin(database().db, admin, { flagged: true })).items.find((p) => p.paymentReference === placed.reference)!;
    expect(flagged).toMatchObject({ flaggedForRefund: true, refundable: flagged.amount, flaggedAmount: 150_000_00, refunds: [] });

    await refundPayment(deps(), admin, { paymentId: flagged.id, amount: flagged.flaggedAmount, reason: flagged.refundReason!, idempotencyKey: `admin:tab-${engine}` });
    const after = (await listPaymentsForAdmin(database().db, admin, {})).items.find((p) => p.paymentReference === placed.reference)!;
    expect(after).toMatchObject({ refundable: flagged.amount - 150_000_00, flaggedAmount: 0, refunds: [{ amount: 150_000_00, status: "pending", reason: flagged.refundReason }] });

    // Once Paystack has processed it, the payment leaves the flagged panel.
    const [refund] = after.refunds;
    const [stored] = await q<{ provider_refund_id: string }>("select provider_refund_id from refunds where payment_id = $1", [flagged.id]);
    await applyRefundOutcome(deps(), { providerRefundId: Number(stored!.provider_refund_id), transactionReference: placed.reference, amount: refund!.amount, status: "processed" });
    const stillFlagged = (await listPaymentsForAdmin(database().db, admin, { flagged: true })).items.map((p) => p.paymentReference);
    expect(stillFlagged).not.toContain(placed.reference);
  });
});
