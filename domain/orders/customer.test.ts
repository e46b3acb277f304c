import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "../../db/client";
import * as schema from "../../db/schema";
import type { OrderStatus } from "../../lib/constants";
import { TEST_ENGINES, createDatabaseFor } from "../../tests/support/database";
import { reviews } from "../../db/schema/reviews";
import { insertListing, insertPerson, insertVendor } from "../../tests/support/rows";
import { countOrderTabs, getCustomerOrder, listCustomerOrders } from "./customer";
import { recordOrderStatus } from "./history";
import { orders } from "../../db/schema/orders";
import { HOUR_MS as HOUR } from "../../lib/lagos-time";

/** A second Drizzle over the same connection that counts the statements it sends. */
function countingDatabase(handle: DatabaseHandle): { db: Database; statements: () => number } {
  let count = 0;
  const logger = { logQuery: () => void count++ };
  const client = (handle.db as unknown as { $client: unknown }).$client;
  const db = handle.kind === "pglite"
    ? drizzlePglite(client as PGlite, { schema, logger })
    : drizzleNodePg(client as pg.Pool, { schema, logger });
  return { db: db as unknown as Database, statements: () => count };
}

const T0 = Date.parse("2026-11-01T09:00:00Z");

describe.each(TEST_ENGINES)("the buyer's orders (%s)", (engine) => {
  let database: DatabaseHandle;
  let vendorId: string;
  const phones: Record<string, string> = {};
  const placed: Record<string, string> = {};

  async function placeOrder(customerId: string, productId: string, status: OrderStatus, hoursAfterT0: number, extra: Partial<typeof orders.$inferInsert> = {}) {
    const [row] = await database.db
      .insert(orders)
      .values({
        customerId, productId, vendorId, customerName: "Ada Obi", customerEmail: `${customerId}@example.ng`, customerPhone: "+2348031234567",
        shippingAddress: "12 Allen Avenue", city: "Ikeja", state: "Lagos", quantity: 2, unitPrice: 250_000_00, totalAmount: 500_000_00, status,
        createdAt: new Date(T0 + hoursAfterT0 * HOUR), updatedAt: new Date(T0 + (hoursAfterT0 + 1) * HOUR), ...extra,
      })
      .returning({ id: orders.id });
    return row!.id;
  }

  beforeAll(async () => {
    database = await createDatabaseFor(engine);
    const db = database.db;
    await insertPerson(db, "ada");
    await insertPerson(db, "bola");
    await insertPerson(db, "seller", "vendor");
    vendorId = (await insertVendor(db, "seller", "Computer Village Hub")).id;
    phones.pixel = await insertListing(db, vendorId, "Pixel 7", { brand: "Google", model: "Pixel 7", grade: "B", images: ["/uploads/p/front.webp", "/uploads/p/back.webp"] });
    phones.iphone = await insertListing(db, vendorId, "iPhone 13", { model: "iPhone 13" });
    placed.delivered = await placeOrder("ada", phones.pixel, "delivered", 0, { trackingNumber: "GIGL-1234567", estimatedDeliveryDate: "2026-11-05", warrantyType: "premium_1month" });
    placed.shipped = await placeOrder("ada", phones.iphone, "shipped", 5, { trackingNumber: "RSX-7654321", estimatedDeliveryDate: "2026-11-09" });
    placed.cancelled = await placeOrder("ada", phones.iphone, "cancelled", 10);
    placed.pending = await placeOrder("ada", phones.pixel, "pending", 20);
    placed.bolas = await placeOrder("bola", phones.iphone, "paid", 30);
    await recordOrderStatus(db, [
      { orderId: placed.delivered, status: "pending" },
      { orderId: placed.delivered, status: "paid" },
      { orderId: placed.delivered, status: "shipped", note: "Tracking number GIGL-1234567" },
      { orderId: placed.delivered, status: "delivered" },
      { orderId: placed.shipped, status: "pending" },
    ]);
    await db.insert(reviews).values({ productId: phones.pixel, customerId: "ada", rating: 5 });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("lists only the buyer's own orders, newest first, with the phone, money, shipping and tab counts", async () => {
    const { orders: list, counts } = await listCustomerOrders(database.db, "ada");
    expect(list.map((o) => o.id)).toEqual([placed.pending, placed.cancelled, placed.shipped, placed.delivered]);
    expect(counts).toEqual({ all: 4, active: 2, delivered: 1 });
    const delivered = list.at(-1)!;
    expect(delivered).toMatchObject({
      orderNumber: placed.delivered!.slice(-8),
      status: "delivered",
      active: false,
      quantity: 2,
      unitPrice: 250_000_00,
      totalAmount: 500_000_00,
      warrantyType: "premium_1month",
      trackingNumber: "GIGL-1234567",
      estimatedDeliveryDate: "2026-11-05",
      createdAt: "2026-11-01T09:00:00.000Z",
      updatedAt: "2026-11-01T10:00:00.000Z",
      product: { id: phones.pixel, name: "Pixel 7", brand: "Google", model: "Pixel 7", grade: "B", image: "/uploads/p/front.webp" },
    });
    expect(list.map((o) => o.active)).toEqual([true, false, true, false]);
  });

  it("carries each order's status history, oldest first, with its notes", async () => {
    const { orders: list } = await listCustomerOrders(database.db, "ada");
    const byId = new Map(list.map((o) => [o.id, o]));
    expect(byId.get(placed.delivered!)!.history.map((h) => [h.status, h.note])).toEqual([
      ["pending", null], ["paid", null], ["shipped", "Tracking number GIGL-1234567"], ["delivered", null],
    ]);
    expect(byId.get(placed.shipped!)!.history.map((h) => h.status)).toEqual(["pending"]);
    expect(byId.get(placed.pending!)!.history).toEqual([]);
    expect(Date.parse(byId.get(placed.delivered!)!.history[0]!.at)).not.toBeNaN();
  });

  it("marks the phones the buyer has reviewed, on every order of that phone", async () => {
    const { orders: list } = await listCustomerOrders(database.db, "ada");
    expect(Object.fromEntries(list.map((o) => [o.id, o.reviewed]))).toEqual({
      [placed.delivered!]: true, [placed.pending!]: true, [placed.shipped!]: false, [placed.cancelled!]: false,
    });
    const { orders: bolas } = await listCustomerOrders(database.db, "bola");
    expect(bolas.map((o) => o.reviewed)).toEqual([false]);
  });

  it("reads a fixed number of statements however many orders there are (no query per order)", async () => {
    const few = countingDatabase(database);
    expect((await listCustomerOrders(few.db, "bola")).orders).toHaveLength(1);
    const many = countingDatabase(database);
    expect((await listCustomerOrders(many.db, "ada")).orders).toHaveLength(4);
    expect(many.statements()).toBe(few.statements());
    expect(many.statements()).toBe(2);
    const none = countingDatabase(database);
    expect(await listCustomerOrders(none.db, "nobody")).toEqual({ orders: [], counts: { all: 0, active: 0, delivered: 0 } });
  });

  it("finds one order only for its buyer: someone else's, a missing or a malformed id is null", async () => {
    const own = await getCustomerOrder(database.db, "ada", placed.delivered!);
    expect(own).toMatchObject({ id: placed.delivered, reviewed: true, product: { name: "Pixel 7" } });
    expect(own!.history).toHaveLength(4);
    expect(await getCustomerOrder(database.db, "ada", placed.bolas!)).toBeNull();
    expect(await getCustomerOrder(database.db, "bola", placed.delivered!)).toBeNull();
    expect(await getCustomerOrder(database.db, "ada", "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await getCustomerOrder(database.db, "ada", "not-an-id")).toBeNull();
    expect(await getCustomerOrder(database.db, "ada", "")).toBeNull();
  });
});

describe("countOrderTabs", () => {
  it("counts every order under All, the not delivered and not cancelled under Active, and the delivered", () => {
    const statuses: OrderStatus[] = ["pending", "paid", "processing", "shipped", "delivered", "delivered", "cancelled"];
    expect(countOrderTabs(statuses.map((status) => ({ status })))).toEqual({ all: 7, active: 4, delivered: 2 });
    expect(countOrderTabs([])).toEqual({ all: 0, active: 0, delivered: 0 });
  });
});
