import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { TEST_ENGINES, createDatabaseFor } from "../../tests/support/database";
import { type RunningStandin, startPaystackStandin } from "../../tests/support/paystack-standin";
import type { Buyer } from "../checkout/service";
import { placeOrder } from "../flows/place-order";
import { CHECKOUT_TEXTS } from "../checkout/texts";
import { PAYMENT_TEXTS } from "./texts";
import { confirmPayment } from "../flows/confirm-payment";
import { fulfilPayment } from "../flows/fulfil-payment";
import { createPaystackClient } from "./paystack-client";
import type { PaymentProvider, ProviderTransaction } from "./provider";
import { RECONCILIATION } from "./reconciliation";
import { reconcilePayments } from "../flows/reconcile-payments";
import { orderNumberOf } from "../orders/status";
import { SHIPPING, buyerWithCart, openShop, payOnHostedPage, useShopWithPayments } from "../../tests/support/shop";

describe.each(TEST_ENGINES)("checkout and payment (%s)", (engine) => {
  const { database, standin, provider, shop, mailer, q, deps } = useShopWithPayments(engine);
  let buyers = 0;


  const stockOf = async (productId: string) => (await q<{ s: number }>("select stock_quantity as s from products where id = $1", [productId]))[0]!.s;
  const setStock = (productId: string, stock: number) => q("update products set stock_quantity = $2, is_live = $2 > 0 where id = $1", [productId, stock]);
  const ordersOf = (reference: string) =>
    q<{ id: string; status: string; total_amount: string }>(
      "select o.id, o.status, o.total_amount from orders o join payments p on p.id = o.payment_id where p.payment_reference = $1 order by o.created_at",
      [reference],
    );
  const paymentOf = async (reference: string) =>
    (await q<{ status: string; amount: string; flagged_for_refund: boolean; released_at: Date | null; metadata: Record<string, unknown> }>(
      "select status, amount, flagged_for_refund, released_at, metadata from payments where payment_reference = $1",
      [reference],
    ))[0]!;
  /** The checkout (its orders and payment) was placed this many minutes ago. */
  const placedAgo = async (reference: string, minutes: number) => {
    await q(`update payments set created_at = now() - make_interval(mins => $2) where payment_reference = $1`, [reference, minutes]);
    await q(`update orders set created_at = now() - make_interval(mins => $2) where payment_id = (select id from payments where payment_reference = $1)`, [reference, minutes]);
  };
  const newBuyer = (lines: { productId: string; quantity: number }[]) => buyerWithCart(database().db, `buyer-${engine}-${++buyers}`, lines);
  const checkout = (buyer: Buyer, items: { productId: string; quantity: number }[]) => placeOrder(deps(), buyer, { items, shipping: SHIPPING });

  it("reserves stock, prices from the database and charges the total plus the delivery fee", async () => {
    await q("insert into admin_pricing_config (id, delivery_fee) values (1, 250000) on conflict (id) do update set delivery_fee = 250000");
    const [iphone, pixel] = shop().phones;
    const before = [await stockOf(iphone), await stockOf(pixel)];
    const buyer = await newBuyer([{ productId: iphone, quantity: 1 }, { productId: pixel, quantity: 2 }]);
    const placed = await checkout(buyer, [{ productId: iphone, quantity: 1 }, { productId: pixel, quantity: 2 }]);

    expect(placed.reference).toMatch(/^pay_\d{13}[0-9a-f]{24}$/);
    expect(placed.authorizationUrl).toMatch(new RegExp(`^${standin().baseUrl}/pay/`));
    expect(placed.amount).toBe(300_000_00 + 2 * 150_000_00 + 2_500_00);
    expect([await stockOf(iphone), await stockOf(pixel)]).toEqual([before[0]! - 1, before[1]! - 2]);
    const rows = await q<{ status: string; warranty_type: string; unit_price: string; quantity: number; customer_email: string }>(
      "select status, warranty_type, unit_price, quantity, customer_email from orders where customer_id = $1 order by unit_price desc",
      [buyer.userId],
    );
    expect(rows.map((r) => [r.status, r.warranty_type, Number(r.unit_price), r.quantity, r.customer_email])).toEqual([
      ["pending", "basic_48hr", 300_000_00, 1, buyer.email],
      ["pending", "basic_48hr", 150_000_00, 2, buyer.email],
    ]);
    const payment = await paymentOf(placed.reference);
    expect(payment.status).toBe("pending");
    expect(Number(payment.amount)).toBe(placed.amount);
    expect(payment.metadata).toMatchObject({ order_count: 2, delivery_fee: 2_500_00, total_amount: 600_000_00 });
    const atProvider = await provider().verify(placed.reference);
    expect(atProvider).toMatchObject({ amount: placed.amount, currency: "NGN", status: "abandoned" });
    await q("update admin_pricing_config set delivery_fee = 0");
  });

  it("refuses a phone without enough stock by name and writes nothing", async () => {
    const [iphone, pixel] = shop().phones;
    await setStock(pixel, 1);
    const stockBefore = await stockOf(iphone);
    const buyer = await newBuyer([]);
    await expect(checkout(buyer, [{ productId: iphone, quantity: 1 }, { productId: pixel, quantity: 2 }])).rejects.toMatchObject({
      status: 409,
      message: CHECKOUT_TEXTS.outOfStock([`Pixel 7 ${engine}`]),
    });
    expect(await stockOf(iphone)).toBe(stockBefore);
    expect(await q("select id from orders where customer_id = $1", [buyer.userId])).toEqual([]);
    expect(await q("select id from payments where customer_id = $1", [buyer.userId])).toEqual([]);
    await setStock(pixel, 3);
  });

  it("gives the reservation back when the provider refuses to start the payment", async () => {
    const [iphone] = shop().phones;
    await setStock(iphone, 2);
    const buyer = await newBuyer([]);
    const refusing: PaymentProvider = { ...provider(), initialize: () => Promise.reject(new Error("connection reset")) };
    await expect(placeOrder({ ...deps(), payments: refusing }, buyer, { items: [{ productId: iphone, quantity: 2 }], shipping: SHIPPING })).rejects.toMatchObject({
      status: 503,
      message: CHECKOUT_TEXTS.paymentInitFailed,
    });
    expect(await stockOf(iphone)).toBe(2);
    const rows = await q<{ status: string }>("select status from orders where customer_id = $1", [buyer.userId]);
    expect(rows.map((r) => r.status)).toEqual(["cancelled"]);
  });

  it("pays with the success card: orders paid, cart lines gone, stock stays reduced, everyone told once", async () => {
    const [iphone, pixel] = shop().phones;
    await setStock(iphone, 3);
    await setStock(pixel, 1);
    const buyer = await newBuyer([{ productId: iphone, quantity: 1 }, { productId: pixel, quantity: 1 }]);
    const placed = await checkout(buyer, [{ productId: pixel, quantity: 1 }]);
    // Sold out is stock 0 alone: the vendor's switch stays on (docs/storefront.md).
    expect(await q("select stock_quantity, is_live from products where id = $1", [pixel])).toEqual([{ stock_quantity: 0, is_live: true }]);
    const location = new URL(await payOnHostedPage(placed.authorizationUrl, "approved"));
    expect(location.searchParams.getAll("reference")).toEqual([placed.reference]);
    expect(location.searchParams.getAll("trxref")).toEqual([placed.reference]);

    const salesBefore = (await q<{ s: string }>("select total_sales as s from vendors where id = $1", [shop().vendorId]))[0]!.s;
    // 'Payment Successful!' names each phone paid for with its order number.
    const paidLines = [{ orderNumber: orderNumberOf((await ordersOf(placed.reference))[0]!.id), productName: expect.any(String), quantity: 1 }];
    const result = await confirmPayment(deps(), buyer.userId, placed.reference);
    expect(result).toEqual({ status: "successful", reference: placed.reference, orderCount: 1, amount: 150_000_00, deliveryFee: 0, removedCartItems: 1, justConfirmed: true, isTest: true, orders: paidLines });
    expect((await ordersOf(placed.reference)).map((o) => o.status)).toEqual(["paid"]);
    expect(await q("select product_id from cart where customer_id = $1", [buyer.userId])).toEqual([{ product_id: iphone }]);
    expect(await stockOf(pixel)).toBe(0);
    expect(await q("select is_live from products where id = $1", [pixel])).toEqual([{ is_live: true }]);
    const salesAfter = (await q<{ s: string }>("select total_sales as s from vendors where id = $1", [shop().vendorId]))[0]!.s;
    expect(Number(salesAfter) - Number(salesBefore)).toBe(150_000_00);
    expect(await q("select title from notifications where user_id = $1 and type = 'order'", [buyer.userId])).toEqual([{ title: "Payment confirmed" }]);
    expect(mailer.sent.filter((m) => m.to === buyer.email).map((m) => m.subject)).toEqual([`[Test] Your Tokunbo Phones receipt (${placed.reference})`]);
    const payment = await paymentOf(placed.reference);
    expect(payment.status).toBe("successful");

    const again = await confirmPayment(deps(), buyer.userId, placed.reference);
    expect(again).toEqual({ status: "successful", reference: placed.reference, orderCount: 1, amount: 150_000_00, deliveryFee: 0, removedCartItems: 1, justConfirmed: false, isTest: true, orders: paidLines });
    await setStock(pixel, 3);
  });

  it("fulfils once however many times the webhook and the return page arrive", async () => {
    const [iphone] = shop().phones;
    await setStock(iphone, 3);
    const buyer = await newBuyer([{ productId: iphone, quantity: 1 }]);
    const placed = await checkout(buyer, [{ productId: iphone, quantity: 1 }]);
    await payOnHostedPage(placed.authorizationUrl, "approved");
    const transaction = (await provider().verify(placed.reference))!;
    const unitsBefore = (await q<{ u: number }>("select units_sold as u from products where id = $1", [iphone]))[0]!.u;

    const arrivals = [
      ...Array.from({ length: 10 }, () => fulfilPayment(deps(), placed.reference, transaction)),
      confirmPayment(deps(), buyer.userId, placed.reference),
    ];
    const outcomes = await Promise.all(arrivals);
    const fulfilledNow = outcomes.filter((o) => ("outcome" in o ? o.outcome === "fulfilled" : o.status === "successful" && o.justConfirmed));
    expect(fulfilledNow).toHaveLength(1);
    expect((await q<{ u: number }>("select units_sold as u from products where id = $1", [iphone]))[0]!.u).toBe(unitsBefore + 1);
    expect(await q("select id from user_activities where activity_type = 'order_paid' and user_id = $1", [buyer.userId])).toHaveLength(1);
    expect(await q("select id from notifications where user_id = $1 and title = 'Payment confirmed'", [buyer.userId])).toHaveLength(1);
    expect(await q("select id from notifications where user_id = $1 and title = 'New paid order'", [shop().vendorUserId])).not.toHaveLength(0);
    expect(await q("select h.status from order_status_history h join orders o on o.id = h.order_id where o.customer_id = $1 order by h.id", [buyer.userId])).toEqual([
      { status: "pending" },
      { status: "paid" },
    ]);
    expect(mailer.sent.filter((m) => m.to === buyer.email)).toHaveLength(1);
  });

  it("marks nothing paid when the provider reports another amount or currency", async () => {
    const [iphone] = shop().phones;
    await setStock(iphone, 3);
    const buyer = await newBuyer([]);
    const placed = await checkout(buyer, [{ productId: iphone, quantity: 1 }]);
    const base: ProviderTransaction = {
      id: 1, reference: placed.reference, status: "success", amount: placed.amount, currency: "NGN", channel: "card", gatewayResponse: "Successful", paidAt: new Date().toISOString(), metadata: {},
    };
    for (const [lie, reason] of [
      [{ amount: placed.amount - 100 }, PAYMENT_TEXTS.reasonAmountMismatch],
      [{ currency: "USD" }, PAYMENT_TEXTS.reasonCurrencyMismatch],
    ] as const) {
      const lying: PaymentProvider = { ...provider(), verify: async () => ({ ...base, ...lie }) };
      const result = await confirmPayment({ ...deps(), payments: lying }, buyer.userId, placed.reference);
      expect(result).toEqual({ status: "failed", reference: placed.reference, reasons: [reason] });
    }
    expect((await ordersOf(placed.reference)).map((o) => o.status)).toEqual(["pending"]);
    const payment = await paymentOf(placed.reference);
    expect(payment.status).toBe("pending");
    expect(payment.flagged_for_refund).toBe(true);
  });

  it("leaves a declined or cancelled payment pending with the stock held, and says why", async () => {
    const [iphone] = shop().phones;
    await setStock(iphone, 3);
    for (const how of ["declined", "cancel"] as const) {
      const buyer = await newBuyer([]);
      const placed = await checkout(buyer, [{ productId: iphone, quantity: 1 }]);
      await payOnHostedPage(placed.authorizationUrl, how);
      const result = await confirmPayment(deps(), buyer.userId, placed.reference);
      expect(result.status).toBe("failed");
      expect(result.status === "failed" && result.reasons).toEqual([
        how === "declined" ? PAYMENT_TEXTS.reasonDeclined("Declined") : PAYMENT_TEXTS.reasonDeclined("The transaction was not completed"),
      ]);
      expect((await ordersOf(placed.reference)).map((o) => o.status)).toEqual(["pending"]);
    }
    expect(await stockOf(iphone)).toBe(1);
  });

  it("answers another customer's reference as not found and pays nothing", async () => {
    const [iphone] = shop().phones;
    await setStock(iphone, 3);
    const owner = await newBuyer([]);
    const stranger = await newBuyer([]);
    const placed = await checkout(owner, [{ productId: iphone, quantity: 1 }]);
    await payOnHostedPage(placed.authorizationUrl, "approved");
    expect(await confirmPayment(deps(), stranger.userId, placed.reference)).toEqual({ status: "failed", reference: placed.reference, reasons: [PAYMENT_TEXTS.reasonNotFound] });
    expect((await ordersOf(placed.reference)).map((o) => o.status)).toEqual(["pending"]);
  });

  it("releases a reservation unpaid after 30 minutes, and fulfils money that arrives later while stock allows", async () => {
    const [iphone] = shop().phones;
    await setStock(iphone, 2);
    const buyer = await newBuyer([]);
    const placed = await checkout(buyer, [{ productId: iphone, quantity: 2 }]);
    expect(await stockOf(iphone)).toBe(0);
    await placedAgo(placed.reference, 31);

    const report = await reconcilePayments(deps());
    expect(report.released).toBeGreaterThanOrEqual(1);
    expect((await ordersOf(placed.reference)).map((o) => o.status)).toEqual(["cancelled"]);
    expect(await stockOf(iphone)).toBe(2);
    expect(await q("select is_live from products where id = $1", [iphone])).toEqual([{ is_live: true }]);
    expect((await paymentOf(placed.reference)).released_at).not.toBeNull();
    expect(await q("select title from notifications where user_id = $1", [buyer.userId])).toEqual([{ title: "Reservation expired" }]);

    await payOnHostedPage(placed.authorizationUrl, "approved");
    const later = new Date(Date.now() + RECONCILIATION.recheckReleasedMs + 1000);
    await reconcilePayments(deps(), later);
    expect((await ordersOf(placed.reference)).map((o) => o.status)).toEqual(["paid"]);
    expect(await stockOf(iphone)).toBe(0);
    expect((await paymentOf(placed.reference)).flagged_for_refund).toBe(false);
  });

  it("flags late money for a refund when the phones were sold meanwhile", async () => {
    const [, pixel] = shop().phones;
    await setStock(pixel, 1);
    const buyer = await newBuyer([]);
    const placed = await checkout(buyer, [{ productId: pixel, quantity: 1 }]);
    await placedAgo(placed.reference, 40);
    await reconcilePayments(deps());
    const rival = await newBuyer([]);
    await checkout(rival, [{ productId: pixel, quantity: 1 }]);

    await payOnHostedPage(placed.authorizationUrl, "approved");
    const result = await confirmPayment(deps(), buyer.userId, placed.reference);
    expect(result).toEqual({ status: "failed", reference: placed.reference, reasons: [PAYMENT_TEXTS.reasonReleased] });
    const payment = await paymentOf(placed.reference);
    expect([payment.status, payment.flagged_for_refund]).toEqual(["successful", true]);
    expect((await ordersOf(placed.reference)).map((o) => o.status)).toEqual(["cancelled"]);
    expect(await stockOf(pixel)).toBe(0);
    await setStock(pixel, 3);
  });

  it("checks pending payments again and fulfils one the buyer paid but never returned from", async () => {
    const [iphone] = shop().phones;
    await setStock(iphone, 3);
    const buyer = await newBuyer([]);
    const placed = await checkout(buyer, [{ productId: iphone, quantity: 1 }]);
    await payOnHostedPage(placed.authorizationUrl, "approved");
    await reconcilePayments(deps(), new Date(Date.now() + RECONCILIATION.firstCheckAfterMs + 1000));
    expect((await ordersOf(placed.reference)).map((o) => o.status)).toEqual(["paid"]);
  });
});

describe.each(TEST_ENGINES.filter((e) => e === "postgres"))("checkout under contention (%s)", (engine) => {
  let database: DatabaseHandle;
  let standin: RunningStandin;

  beforeAll(async () => {
    database = await createDatabaseFor(engine);
    standin = await startPaystackStandin();
  });
  afterAll(async () => {
    await standin?.close();
    await database?.close();
  });

  it("50 buyers for the last 5 units: exactly 5 reserve, 45 hear which phone is out of stock", async () => {
    const provider = createPaystackClient({ baseUrl: standin.baseUrl, secretKey: standin.secretKey });
    const shop = await openShop(database.db, "race");
    const [phone] = shop.phones;
    await database.query("update products set stock_quantity = 5 where id = $1", [phone]);
    const buyers = await Promise.all(Array.from({ length: 50 }, (_, i) => buyerWithCart(database.db, `racer-${i}`, [])));
    const deps = { db: database.db, payments: provider, publicUrl: "https://tokunbo.example" };
    const results = await Promise.allSettled(buyers.map((buyer) => placeOrder(deps, buyer, { items: [{ productId: phone, quantity: 1 }], shipping: SHIPPING })));

    const refused = results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.message);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    expect(refused).toEqual(Array.from({ length: 45 }, () => CHECKOUT_TEXTS.outOfStock(["iPhone 12 race"])));
    expect(await database.query("select stock_quantity, is_live from products where id = $1", [phone])).toEqual([{ stock_quantity: 0, is_live: true }]);
    expect(await database.query("select count(*)::int as n from orders where product_id = $1", [phone])).toEqual([{ n: 5 }]);
  });
});
