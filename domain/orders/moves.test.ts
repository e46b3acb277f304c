import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/client";
import { orders } from "../../db/schema/orders";
import type { OrderStatus } from "../../lib/constants";
import { createMailer } from "../mail/mailer";
import { TEST_ENGINES, createDatabaseFor } from "../../tests/support/database";
import { useDatabaseFor } from "../../tests/support/lifecycle";
import { insertPerson, recordingMailer } from "../../tests/support/rows";
import { SHIPPING, type Shop, openShop } from "../../tests/support/shop";
import { changeOrderStatus } from "../flows/change-order-status";
import { deliverOverdueOrders, runAutoDelivery } from "./auto-delivery";
import { ORDER_EMAIL_TEXTS, autoDeliveredNote, formatDeliveryDate, orderStatusEmail } from "./emails";
import { AUTO_DELIVERED_TITLE, confirmReceived, moveOwnOrder } from "./moves";
import { ORDER_STATUS_TEXTS, orderNumberOf, vendorOrderMoveSchema } from "./status";
import { addDays, daysAfter, lagosToday } from "../../lib/lagos-time";

const PUBLIC_URL = "https://tokunbo.example";
const inDays = (days: number) => addDays(lagosToday(), days);

describe("a vendor's move as the form sends it", () => {
  const orderId = "7f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f";
  const ship = { orderId, status: "shipped", carrier: "GIG Logistics", trackingNumber: "GIGL-55012", estimatedDeliveryDate: inDays(3) };

  it("ships with a courier from the list, or the name typed for 'Other'", () => {
    expect(vendorOrderMoveSchema.parse(ship)).toMatchObject({ carrier: "GIG Logistics", trackingNumber: "GIGL-55012" });
    expect(vendorOrderMoveSchema.parse({ ...ship, carrier: "Other", carrierName: "Ikeja Dispatch" }).carrier).toBe("Ikeja Dispatch");
    const errors = (fields: Record<string, string>) => vendorOrderMoveSchema.safeParse({ ...ship, ...fields }).error?.issues.map((i) => [i.path[0], i.message]);
    expect(errors({ carrier: "Pigeon Post" })).toEqual([["carrier", ORDER_STATUS_TEXTS.carrierRequired]]);
    expect(errors({ carrier: "Other", carrierName: "X" })).toEqual([["carrierName", ORDER_STATUS_TEXTS.carrierNameRequired]]);
    expect(errors({ carrier: "Other", carrierName: "x".repeat(41) })).toEqual([["carrierName", ORDER_STATUS_TEXTS.carrierNameRequired]]);
    expect(errors({ estimatedDeliveryDate: inDays(-1) })).toEqual([["estimatedDeliveryDate", ORDER_STATUS_TEXTS.deliveryDatePast]]);
    expect(errors({ carrier: "DHL Nigeria" })).toEqual([["trackingNumber", "DHL Nigeria tracking numbers are 10 digits, e.g. 1234567890"]]);
    expect(errors({ carrier: "Other", carrierName: "Ikeja Dispatch", trackingNumber: "ID 42" })).toBeUndefined();
  });

  it("e-mails the courier's tracking link on shipping, and the refund when an admin cancels a paid order", () => {
    const order = { id: orderId, customerName: "Ada", customerEmail: "ada@example.ng", productName: "iPhone 12", warrantyDays: 30, totalAmount: 300_000_00 };
    const shipped = orderStatusEmail(PUBLIC_URL, order, { ...ship, status: "shipped" })!;
    expect(shipped.text).toContain("Track your parcel: https://giglogistics.com/track?waybill=GIGL-55012");
    expect(shipped.html).toContain('<a href="https://giglogistics.com/track?waybill=GIGL-55012">');
    const cancelled = orderStatusEmail(PUBLIC_URL, order, { orderId, status: "cancelled" }, { moneyTaken: true })!;
    expect(cancelled.subject).toBe(ORDER_EMAIL_TEXTS.cancelledSubject(orderNumberOf(orderId)));
    expect(cancelled.text).toContain(ORDER_EMAIL_TEXTS.refunding(300_000_00));
  });

  it("writes the estimated delivery as a British date", () => {
    expect(formatDeliveryDate("2026-12-04")).toBe("Friday, December 4, 2026");
  });

  it("offers vendors no cancel, and needs nothing more for processing or delivered", () => {
    expect(vendorOrderMoveSchema.safeParse({ orderId, status: "cancelled" }).error?.issues[0]?.message).toBe(ORDER_STATUS_TEXTS.chooseAction);
    expect(vendorOrderMoveSchema.parse({ orderId, status: "processing", carrier: "DHL Nigeria" })).toEqual({ orderId, status: "processing", carrier: undefined });
  });
});

describe.each(TEST_ENGINES)("order moves (%s)", (engine) => {
  const database = useDatabaseFor(engine);
  let shop: Shop;
  let other: Shop;
  const mailer = recordingMailer();
  const admin = { userId: `admin-${engine}`, email: `admin-${engine}@example.ng`, role: "admin" as const };
  let buyers = 0;

  beforeAll(async () => {
    shop = await openShop(database().db, engine);
    other = await openShop(database().db, `${engine}-other`);
    await insertPerson(database().db, admin.userId, "admin");
    await database().query("update products set stock_quantity = 50");
  });

  const deps = () => ({ db: database().db, mailer, publicUrl: PUBLIC_URL });
  const vendor = () => ({ userId: shop.vendorUserId, email: `${shop.vendorUserId}@example.ng`, role: "vendor" as const });
  const otherVendor = () => ({ userId: other.vendorUserId, email: `${other.vendorUserId}@example.ng`, role: "vendor" as const });
  const one = async <T>(text: string, params: unknown[] = []) => (await database().query<T>(text, params))[0] as T;
  const statusOf = async (orderId: string) => (await one<{ status: string }>("select status from orders where id = $1", [orderId])).status;
  const historyOf = (orderId: string) =>
    database().query<{ status: string; actor_id: string | null; actor_role: string | null; note: string | null }>(
      "select status, actor_id, actor_role, note from order_status_history where order_id = $1 order by id",
      [orderId],
    );
  const notesOf = (userId: string) => database().query<{ title: string; message: string }>("select title, message from notifications where user_id = $1 order by created_at, id", [userId]);

  /** An order of a fresh buyer for the shop's first phone, in the given status. */
  async function placeOrder(status: OrderStatus, seller: Shop = shop, db = database()) {
    const buyer = await insertPerson(db.db, `buyer-${engine}-${++buyers}-${Date.now()}`);
    const [order] = await db.db
      .insert(orders)
      .values({
        ...SHIPPING,
        customerId: buyer.userId,
        customerEmail: buyer.email,
        productId: seller.phones[0],
        vendorId: seller.vendorId,
        quantity: 1,
        unitPrice: 300_000_00,
        totalAmount: 300_000_00,
        status,
      })
      .returning({ id: orders.id });
    return { orderId: order!.id, buyer };
  }

  it("lets a vendor prepare and ship their own order and its buyer confirm it: stamped, recorded as each one's, the buyer told and e-mailed each time", async () => {
    const { orderId, buyer } = await placeOrder("paid");
    const sentBefore = mailer.sent.length;
    await moveOwnOrder(deps(), vendor(), { orderId, status: "processing" });
    const eta = inDays(4);
    await moveOwnOrder(deps(), vendor(), { orderId, status: "shipped", carrier: "Red Star Express", trackingNumber: "RSX-7788", estimatedDeliveryDate: eta });
    expect(await one("select carrier, tracking_number, estimated_delivery_date::text eta, shipped_at is not null shipped, delivered_at from orders where id = $1", [orderId]))
      .toEqual({ carrier: "Red Star Express", tracking_number: "RSX-7788", eta, shipped: true, delivered_at: null });
    await expect(moveOwnOrder(deps(), vendor(), { orderId, status: "delivered" })).rejects.toMatchObject({ status: 403, message: ORDER_STATUS_TEXTS.vendorCannotDeliver });
    await confirmReceived(deps(), buyer, orderId);
    expect(await one("select status, delivered_at is not null delivered from orders where id = $1", [orderId])).toEqual({ status: "delivered", delivered: true });

    expect(await historyOf(orderId)).toEqual([
      { status: "processing", actor_id: shop.vendorUserId, actor_role: "vendor", note: null },
      { status: "shipped", actor_id: shop.vendorUserId, actor_role: "vendor", note: "Tracking number RSX-7788 · Red Star Express" },
      { status: "delivered", actor_id: buyer.userId, actor_role: "buyer", note: null },
    ]);
    expect((await notesOf(buyer.userId)).map((n) => n.title)).toEqual(["Order processing", "Order shipped", "Order delivered"]);
    expect((await notesOf(buyer.userId))[1]!.message).toBe(
      `Order #${orderNumberOf(orderId)} (iPhone 12 ${engine}): Your order is on the way. Red Star Express, tracking number RSX-7788. Estimated delivery ${formatDeliveryDate(eta)}.`,
    );
    expect(await one("select count(*)::int n from live_events where user_id = $1 and kind = 'order.updated'", [buyer.userId])).toEqual({ n: 3 });

    const number = orderNumberOf(orderId);
    const sent = mailer.sent.slice(sentBefore);
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      [buyer.email, ORDER_EMAIL_TEXTS.processingSubject(number)],
      [buyer.email, ORDER_EMAIL_TEXTS.shippedSubject(number)],
      [buyer.email, ORDER_EMAIL_TEXTS.deliveredSubject(number)],
    ]);
    for (const message of sent) {
      expect(message.text).toContain(`Order #${number}`);
      expect(message.text).toContain(`${PUBLIC_URL}/orders`);
      expect(message.html).toContain(`href="${PUBLIC_URL}/orders"`);
    }
    expect(sent[1]!.text).toContain("Courier: Red Star Express");
    expect(sent[1]!.text).toContain("Tracking number: RSX-7788");
    expect(sent[1]!.html).toContain("RSX-7788");
    expect(sent[2]!.text).toContain("Your 30-day warranty runs from today.");
  });

  it("answers 'Order not found' for another vendor's order, and refuses cancels and moves the status does not allow", async () => {
    const { orderId } = await placeOrder("paid");
    await expect(moveOwnOrder(deps(), otherVendor(), { orderId, status: "processing" })).rejects.toMatchObject({ status: 404, message: ORDER_STATUS_TEXTS.notFound });
    await expect(moveOwnOrder(deps(), vendor(), { orderId, status: "cancelled" })).rejects.toMatchObject({ status: 403 });
    await expect(moveOwnOrder(deps(), vendor(), { orderId, status: "delivered" })).rejects.toMatchObject({ status: 403, message: ORDER_STATUS_TEXTS.vendorCannotDeliver });
    await expect(moveOwnOrder(deps(), { ...vendor(), role: "customer" }, { orderId, status: "processing" })).rejects.toMatchObject({ status: 403 });
    const pending = await placeOrder("pending");
    await expect(moveOwnOrder(deps(), vendor(), { orderId: pending.orderId, status: "processing" })).rejects.toMatchObject({ status: 409 });
    expect(await statusOf(orderId)).toBe("paid");
    expect(await historyOf(orderId)).toEqual([]);
  });

  it("moves once when two presses arrive together: one history entry, one notification, one e-mail", async () => {
    const { orderId, buyer } = await placeOrder("paid");
    const sentBefore = mailer.sent.length;
    const results = await Promise.allSettled([
      moveOwnOrder(deps(), vendor(), { orderId, status: "processing" }),
      moveOwnOrder(deps(), vendor(), { orderId, status: "processing" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    expect(await historyOf(orderId)).toHaveLength(1);
    expect(await notesOf(buyer.userId)).toHaveLength(1);
    expect(mailer.sent.length - sentBefore).toBe(1);
  });

  it("lets only the order's buyer say 'I received my phone', once it has shipped", async () => {
    const { orderId, buyer } = await placeOrder("shipped");
    const stranger = await insertPerson(database().db, `stranger-${engine}-${Date.now()}`);
    await expect(confirmReceived(deps(), stranger, orderId)).rejects.toMatchObject({ status: 404, message: ORDER_STATUS_TEXTS.notFound });
    await confirmReceived(deps(), buyer, orderId);
    expect(await historyOf(orderId)).toEqual([{ status: "delivered", actor_id: buyer.userId, actor_role: "buyer", note: null }]);
    await expect(confirmReceived(deps(), buyer, orderId)).rejects.toMatchObject({ status: 409 });
    const paid = await placeOrder("paid");
    await expect(confirmReceived(deps(), paid.buyer, paid.orderId)).rejects.toMatchObject({ status: 409, message: ORDER_STATUS_TEXTS.refused("paid", "delivered") });
  });

  it("records the admin as the mover of the admin's changes", async () => {
    const { orderId } = await placeOrder("paid");
    await changeOrderStatus(deps(), admin, { orderId, status: "shipped", carrier: "DHL Nigeria", trackingNumber: "1234567890", estimatedDeliveryDate: inDays(2) });
    expect(await historyOf(orderId)).toEqual([{ status: "shipped", actor_id: admin.userId, actor_role: "admin", note: "Tracking number 1234567890 · DHL Nigeria" }]);
  });

  it("e-mails the buyer when an admin cancels their order, through the outbox", async () => {
    const { orderId, buyer } = await placeOrder("processing");
    const outbox = createMailer({ db: database().db, from: "shop@tokunbo.example" });
    const change = { orderId, status: "cancelled" as const };
    await changeOrderStatus({ ...deps(), mailer: outbox }, admin, change);
    const written = await database().query<{ subject: string; text_body: string; html_body: string }>(
      "select subject, text_body, html_body from email_outbox where to_address = $1", [buyer.email],
    );
    const number = orderNumberOf(orderId);
    expect(written.map((row) => row.subject)).toEqual([ORDER_EMAIL_TEXTS.cancelledSubject(number)]);
    expect(written[0]!.text_body).toContain(`Order #${number}: iPhone 12 ${engine}.`);
    expect(written[0]!.text_body).toContain(ORDER_EMAIL_TEXTS.cancelledByShop);
    expect(written[0]!.text_body).toContain(ORDER_EMAIL_TEXTS.nothingToRefund);
    await outbox.idle();
  });

  it("delivers orders shipped longer ago than the configured days, automatically, and tells the buyer so", async () => {
    await database().query("insert into admin_pricing_config (id, auto_deliver_after_days) values (1, 10) on conflict (id) do update set auto_deliver_after_days = 10");
    const late = await placeOrder("shipped");
    const recent = await placeOrder("shipped");
    await database().query("update orders set shipped_at = now() - interval '11 days' where id = $1", [late.orderId]);
    await database().query("update orders set shipped_at = now() - interval '9 days' where id = $1", [recent.orderId]);
    const sentBefore = mailer.sent.length;
    expect(await deliverOverdueOrders(deps())).toBeGreaterThanOrEqual(1);
    expect(await statusOf(late.orderId)).toBe("delivered");
    expect(await statusOf(recent.orderId)).toBe("shipped");
    expect(await historyOf(late.orderId)).toEqual([{ status: "delivered", actor_id: null, actor_role: "system", note: null }]);
    expect(await notesOf(late.buyer.userId)).toEqual([{ title: AUTO_DELIVERED_TITLE, message: `Order #${orderNumberOf(late.orderId)} (iPhone 12 ${engine}): ${autoDeliveredNote(10)}` }]);
    const email = mailer.sent.slice(sentBefore).find((m) => m.to === late.buyer.email);
    expect(email?.subject).toBe(ORDER_EMAIL_TEXTS.deliveredSubject(orderNumberOf(late.orderId)));
    expect(email?.text).toContain(autoDeliveredNote(10));
    await database().query("update admin_pricing_config set auto_deliver_after_days = 14");
  });
});

describe.runIf(TEST_ENGINES.includes("postgres" as never))("the automatic delivery on two instances (postgres)", () => {
  let first: DatabaseHandle & { url?: string };
  let second: DatabaseHandle;
  let shop: Shop;

  beforeAll(async () => {
    first = await createDatabaseFor("postgres");
    second = await openDatabase({ databaseUrl: (first as { url: string }).url });
    shop = await openShop(first.db, "instances");
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const instance = (handle: DatabaseHandle) => ({ db: handle.db, mailer: createMailer({ db: handle.db, from: "shop@tokunbo.example" }), publicUrl: PUBLIC_URL });

  async function overdueOrders(count: number, tag: string): Promise<Array<{ orderId: string; email: string }>> {
    const placed = [];
    for (let i = 0; i < count; i++) {
      const buyer = await insertPerson(first.db, `auto-${tag}-${i}`);
      const [order] = await first.db
        .insert(orders)
        .values({
          ...SHIPPING, customerId: buyer.userId, customerEmail: buyer.email, productId: shop.phones[1], vendorId: shop.vendorId,
          quantity: 1, unitPrice: 150_000_00, totalAmount: 150_000_00, status: "shipped", shippedAt: daysAfter(new Date(), -20),
        })
        .returning({ id: orders.id });
      placed.push({ orderId: order!.id, email: buyer.email });
    }
    return placed;
  }

  async function expectDeliveredOnce(placed: Array<{ orderId: string; email: string }>) {
    for (const { orderId, email } of placed) {
      const [row] = await first.query<{ status: string; history: number; notes: number; emails: number }>(
        `select o.status,
           (select count(*)::int from order_status_history h where h.order_id = o.id) history,
           (select count(*)::int from notifications n where n.user_id = o.customer_id) notes,
           (select count(*)::int from email_outbox e where e.to_address = $2) emails
         from orders o where o.id = $1`,
        [orderId, email],
      );
      expect(row).toEqual({ status: "delivered", history: 1, notes: 1, emails: 1 });
    }
  }

  it("delivers each order once when both instances run the job at the same moment", async () => {
    const placed = await overdueOrders(6, "locked");
    const results = await Promise.all([runAutoDelivery(first, instance(first)), runAutoDelivery(second, instance(second))]);
    expect(results.filter((r) => r !== undefined).reduce((sum, n) => sum! + n!, 0)).toBe(6);
    await expectDeliveredOnce(placed);
  });

  it("delivers each order once even when both passes run past the lock", async () => {
    const placed = await overdueOrders(6, "unlocked");
    const [a, b] = await Promise.all([deliverOverdueOrders(instance(first)), deliverOverdueOrders(instance(second))]);
    expect(a + b).toBe(6);
    await expectDeliveredOnce(placed);
  });
});
