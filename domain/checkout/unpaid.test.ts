import { beforeEach, describe, expect, it } from "vitest";
import { LIMITS, PAYMENT_FAILED_LABEL, isPaymentFailed } from "../../lib/constants";
import { TEST_ENGINES } from "../../tests/support/database";
import { listCustomerOrders } from "../orders/customer";
import { confirmPayment } from "../flows/confirm-payment";
import { RECONCILIATION } from "../payments/reconciliation";
import { reconcilePayments } from "../flows/reconcile-payments";
import { SHIPPING, buyerWithCart, payOnHostedPage, useShopWithPayments } from "../../tests/support/shop";
import { PAYMENT_NOTICES } from "../payments/texts";
import { cancelUnpaidCheckout } from "./retry";
import { payAgain } from "../flows/pay-again";
import type { Buyer } from "./service";
import { placeOrder } from "../flows/place-order";
import { CHECKOUT_TEXTS } from "./texts";
import { PAYMENT_TEXTS } from "../payments/texts";

describe.each(TEST_ENGINES)("unpaid checkouts: failed payments, Pay now, Cancel order, one at a time (%s)", (engine) => {
  const { database, provider, shop, mailer, q, deps } = useShopWithPayments(engine);
  let buyers = 0;

  beforeEach(async () => {
    await q("update products set stock_quantity = 3, is_live = true where id = any($1::uuid[])", [shop().phones]);
  });

  const stockOf = async (productId: string) => (await q<{ s: number }>("select stock_quantity as s from products where id = $1", [productId]))[0]!.s;
  const paymentOf = async (reference: string) =>
    (await q<{ id: string; status: string; failure_reason: string | null; replaced_by_id: string | null; flagged_for_refund: boolean; is_test: boolean; released_at: Date | null }>(
      "select id, status, failure_reason, replaced_by_id, flagged_for_refund, is_test, released_at from payments where payment_reference = $1",
      [reference],
    ))[0]!;
  const ordersOf = (userId: string) =>
    q<{ id: string; status: string; reference: string }>(
      "select o.id, o.status, p.payment_reference as reference from orders o join payments p on p.id = o.payment_id where o.customer_id = $1 order by o.created_at, o.id",
      [userId],
    );
  const titlesFor = async (userId: string) => (await q<{ title: string }>("select title from notifications where user_id = $1 order by created_at", [userId])).map((r) => r.title);
  const newBuyer = (lines: { productId: string; quantity: number }[] = []) => buyerWithCart(database().db, `unpaid-${engine}-${++buyers}`, lines);
  const checkout = (buyer: Buyer, items: { productId: string; quantity: number }[], buyNow = false) =>
    placeOrder(deps(), buyer, { items, shipping: SHIPPING, buyNow });

  it("a declined card is stored as a failed payment with its reason; the orders stay reserved and show 'Payment failed'", async () => {
    const [iphone] = shop().phones;
    const buyer = await newBuyer();
    const placed = await checkout(buyer, [{ productId: iphone, quantity: 1 }]);
    await payOnHostedPage(placed.authorizationUrl, "declined");

    const result = await confirmPayment(deps(), buyer.userId, placed.reference);
    expect(result).toMatchObject({ status: "failed", paymentFailed: true, isTest: true, reasons: [PAYMENT_TEXTS.reasonDeclined("Declined")] });
    expect(result.status === "failed" && result.payable?.orderId).toBe(placed.orderIds[0]);
    expect(await paymentOf(placed.reference)).toMatchObject({ status: "failed", failure_reason: "Declined", is_test: true, released_at: null });
    expect(await stockOf(iphone)).toBe(2);

    const [order] = (await listCustomerOrders(database().db, buyer.userId)).orders;
    expect([order!.status, order!.paymentStatus, order!.isTest]).toEqual(["pending", "failed", true]);
    expect(isPaymentFailed(order!.status, order!.paymentStatus) ? PAYMENT_FAILED_LABEL : order!.status).toBe("Payment failed");
    expect(order!.payableUntil).not.toBeNull();
  });

  it("Pay now opens a new payment for the same orders; the success card pays them once and money on the old reference is flagged for refund", async () => {
    const [iphone] = shop().phones;
    const buyer = await newBuyer([{ productId: iphone, quantity: 1 }]);
    const placed = await checkout(buyer, [{ productId: iphone, quantity: 1 }]);
    await payOnHostedPage(placed.authorizationUrl, "declined");
    await confirmPayment(deps(), buyer.userId, placed.reference);

    const again = await payAgain(deps(), buyer, { orderId: placed.orderIds[0]! });
    expect(again.reference).not.toBe(placed.reference);
    expect(again.amount).toBe(placed.amount);
    const fresh = await paymentOf(again.reference);
    expect(await paymentOf(placed.reference)).toMatchObject({ status: "failed", replaced_by_id: fresh.id });
    expect((await ordersOf(buyer.userId)).map((o) => [o.status, o.reference])).toEqual([["pending", again.reference]]);

    await payOnHostedPage(again.authorizationUrl, "approved");
    expect(await confirmPayment(deps(), buyer.userId, again.reference)).toMatchObject({ status: "successful", orderCount: 1, isTest: true });
    expect((await ordersOf(buyer.userId)).map((o) => o.status)).toEqual(["paid"]);
    expect(await stockOf(iphone)).toBe(2);
    expect(await q("select product_id from cart where customer_id = $1", [buyer.userId])).toEqual([]);

    // The old reference is paid by some other means later: it pays nothing.
    const oldTransaction = (await provider().verify(placed.reference))!;
    const { fulfilPayment } = await import("../flows/fulfil-payment");
    expect(await fulfilPayment(deps(), placed.reference, { ...oldTransaction, status: "success", gatewayResponse: "Successful", paidAt: new Date().toISOString() })).toMatchObject({
      outcome: "refund_flagged",
    });
    expect(await paymentOf(placed.reference)).toMatchObject({ status: "successful", flagged_for_refund: true });
    expect((await ordersOf(buyer.userId)).map((o) => o.status)).toEqual(["paid"]);
    expect(await q<{ n: number }>("select count(*)::int as n from order_status_history where order_id = $1 and status = 'paid'", [placed.orderIds[0]])).toEqual([{ n: 1 }]);
    expect(await titlesFor(buyer.userId)).toContain(PAYMENT_NOTICES.replacedRefundTitle);
  });

  it("Pay now is refused once the 30-minute reservation, counted from when the orders were placed, has ended", async () => {
    const [iphone] = shop().phones;
    const buyer = await newBuyer();
    const placed = await checkout(buyer, [{ productId: iphone, quantity: 1 }]);
    const later = new Date(Date.now() + LIMITS.reservationMinutes * 60_000 + 1000);
    await expect(payAgain(deps(), buyer, { orderId: placed.orderIds[0]! }, later)).rejects.toMatchObject({ status: 409, message: CHECKOUT_TEXTS.reservationOver });
    expect((await paymentOf(placed.reference)).replaced_by_id).toBeNull();
  });

  it("Cancel order returns the stock at once, tells the buyer and the vendor, and the payment can no longer pay", async () => {
    const [iphone, pixel] = shop().phones;
    const buyer = await newBuyer();
    const placed = await checkout(buyer, [{ productId: iphone, quantity: 2 }, { productId: pixel, quantity: 1 }]);
    expect([await stockOf(iphone), await stockOf(pixel)]).toEqual([1, 2]);

    await expect(cancelUnpaidCheckout(database().db, { userId: "someone-else" }, { orderId: placed.orderIds[0]! })).rejects.toMatchObject({
      status: 409,
      message: CHECKOUT_TEXTS.notCancellable,
    });
    const cancelled = await cancelUnpaidCheckout(database().db, buyer, { orderId: placed.orderIds[1]! });
    expect(cancelled.orderIds.toSorted()).toEqual(placed.orderIds.toSorted());
    expect([await stockOf(iphone), await stockOf(pixel)]).toEqual([3, 3]);
    expect((await ordersOf(buyer.userId)).map((o) => o.status)).toEqual(["cancelled", "cancelled"]);
    expect(await titlesFor(buyer.userId)).toEqual([PAYMENT_NOTICES.cancelledTitle]);
    expect(await titlesFor(shop().vendorUserId)).toContain(PAYMENT_NOTICES.vendorCancelledTitle);
    expect(await q("select note from order_status_history where order_id = $1 and status = 'cancelled'", [placed.orderIds[0]])).toEqual([
      { note: PAYMENT_NOTICES.cancelledHistoryNote },
    ]);
    await expect(payAgain(deps(), buyer, { orderId: placed.orderIds[0]! })).rejects.toMatchObject({ status: 409, message: CHECKOUT_TEXTS.notPayable });
    await expect(cancelUnpaidCheckout(database().db, buyer, { orderId: placed.orderIds[0]! })).rejects.toMatchObject({ status: 409 });

    // Money that still arrives on the cancelled payment pays nothing: the buyer said no.
    await payOnHostedPage(placed.authorizationUrl, "approved");
    await reconcilePayments(deps(), new Date(Date.now() + RECONCILIATION.recheckReleasedMs + 1000));
    expect(await paymentOf(placed.reference)).toMatchObject({ status: "successful", flagged_for_refund: true });
    expect((await ordersOf(buyer.userId)).map((o) => o.status)).toEqual(["cancelled", "cancelled"]);
    expect(await stockOf(iphone)).toBe(3);
  });

  it("a second unpaid checkout releases the first: stock back, the buyer told", async () => {
    const [iphone, pixel] = shop().phones;
    const buyer = await newBuyer();
    const first = await checkout(buyer, [{ productId: iphone, quantity: 3 }]);
    expect(await stockOf(iphone)).toBe(0);
    const second = await checkout(buyer, [{ productId: iphone, quantity: 1 }, { productId: pixel, quantity: 1 }]);

    expect(await stockOf(iphone)).toBe(2);
    expect(await paymentOf(first.reference)).toMatchObject({ status: "failed" });
    expect((await paymentOf(first.reference)).released_at).not.toBeNull();
    expect((await ordersOf(buyer.userId)).map((o) => [o.reference, o.status])).toEqual([
      [first.reference, "cancelled"],
      [second.reference, "pending"],
      [second.reference, "pending"],
    ]);
    expect(await titlesFor(buyer.userId)).toEqual([PAYMENT_NOTICES.supersededTitle]);
  });

  it("Buy Now buys that phone alone and leaves every cart line where it was", async () => {
    const [iphone, pixel] = shop().phones;
    const buyer = await newBuyer([{ productId: iphone, quantity: 1 }, { productId: pixel, quantity: 2 }]);
    const placed = await checkout(buyer, [{ productId: iphone, quantity: 2 }], true);
    await payOnHostedPage(placed.authorizationUrl, "approved");
    expect(await confirmPayment(deps(), buyer.userId, placed.reference)).toMatchObject({ status: "successful", orderCount: 1, removedCartItems: 0 });
    expect(await q("select product_id, quantity from cart where customer_id = $1 order by quantity", [buyer.userId])).toEqual([
      { product_id: iphone, quantity: 1 },
      { product_id: pixel, quantity: 2 },
    ]);
  });

  it("orders keep the warranty days they were sold with, and the receipt says so", async () => {
    const [iphone] = shop().phones;
    await q("insert into admin_pricing_config (id, warranty_days) values (1, 45) on conflict (id) do update set warranty_days = 45");
    const buyer = await newBuyer();
    const placed = await checkout(buyer, [{ productId: iphone, quantity: 1 }]);
    await q("update admin_pricing_config set warranty_days = 30");
    await payOnHostedPage(placed.authorizationUrl, "approved");
    mailer.sent.length = 0;
    await confirmPayment(deps(), buyer.userId, placed.reference);

    expect((await listCustomerOrders(database().db, buyer.userId)).orders.map((o) => o.warrantyDays)).toEqual([45]);
    const receipt = mailer.sent.find((m) => m.to === buyer.email)!;
    expect(receipt.subject).toBe(`[Test] Your Tokunbo Phones receipt (${placed.reference})`);
    expect(receipt.text).toContain("45-day warranty from delivery");
    expect(receipt.text).toContain(PAYMENT_NOTICES.testReceiptNote);
    expect(receipt.text).not.toContain("48-hour");
  });

  it("refuses more than the per-line cap and too many checkouts in a short time, with clear messages", async () => {
    const [iphone] = shop().phones;
    const buyer = await newBuyer();
    const { checkoutSchema } = await import("./validation");
    const tooMany = checkoutSchema.safeParse({ items: [{ productId: iphone, quantity: LIMITS.maxUnitsPerLine + 1 }], shipping: SHIPPING });
    expect(tooMany.success ? null : tooMany.error.issues[0]?.message).toBe(`You can buy up to ${LIMITS.maxUnitsPerLine} of one phone per order.`);

    const { RATE_LIMITS } = await import("../accounts/rate-limit");
    for (let i = 0; i < RATE_LIMITS.checkout.perEmail.max; i++) await checkout(buyer, [{ productId: iphone, quantity: 1 }]);
    await expect(checkout(buyer, [{ productId: iphone, quantity: 1 }])).rejects.toMatchObject({
      status: 429,
      message: CHECKOUT_TEXTS.tooManyCheckouts(RATE_LIMITS.checkout.perEmail.windowMinutes),
    });
    // Only the newest of those checkouts still holds a phone.
    expect(await stockOf(iphone)).toBe(2);
  });

  it("reconciliation calls an abandoned page failed only after a while, and releases by the age of the orders", async () => {
    const [iphone] = shop().phones;
    const buyer = await newBuyer();
    const placed = await checkout(buyer, [{ productId: iphone, quantity: 1 }]);
    const soon = new Date(Date.now() + RECONCILIATION.firstCheckAfterMs + 1000);
    await reconcilePayments(deps(), soon);
    expect((await paymentOf(placed.reference)).status).toBe("pending");

    const later = new Date(Date.now() + RECONCILIATION.abandonedAfterMs + 1000);
    await reconcilePayments(deps(), later);
    expect(await paymentOf(placed.reference)).toMatchObject({ status: "failed", failure_reason: "The transaction was not completed", released_at: null });
    expect(await stockOf(iphone)).toBe(2);

    const again = await payAgain(deps(), buyer, { orderId: placed.orderIds[0]! });
    const expired = new Date(Date.now() + LIMITS.reservationMinutes * 60_000 + 1000);
    const report = await reconcilePayments(deps(), expired);
    expect(report.released).toBeGreaterThanOrEqual(1);
    expect((await paymentOf(again.reference)).released_at).not.toBeNull();
    expect((await ordersOf(buyer.userId)).map((o) => o.status)).toEqual(["cancelled"]);
  });
});
