import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { TEST_ENGINES, createDatabaseFor } from "../../tests/support/database";
import type { OrderStatus, PaymentStatus } from "../../lib/constants";
import { orders } from "../../db/schema/orders";
import { payments } from "../../db/schema/payments";
import { getOwnVendor, listOwnProducts, listVendorOrders, summariseVendorOrders, updateVendorProfile } from "./dashboard";
import { insertListing, insertPerson, insertVendor } from "../../tests/support/rows";

/** Every buyer detail an order holds; none may reach a vendor before the order is paid. */
const BUYER = {
  customerName: "Ada Obi",
  customerEmail: "ada.obi@example.ng",
  customerPhone: "+2348030000000",
  shippingAddress: "1 Marina Road",
  city: "Lagos Island",
  state: "Lagos",
  deliveryNotes: "Call on arrival",
};

describe.each(TEST_ENGINES)("vendor dashboard (%s)", (engine) => {
  let database: DatabaseHandle;
  const sellerA = { userId: "seller-a" };
  let vendorA: string;
  let vendorB: string;
  let phoneA: string;
  const orderIds: Partial<Record<string, string>> = {};

  async function placeOrder(label: string, productId: string, vendorId: string, status: OrderStatus, quantity: number, unitPrice: number,
    payment?: { status: PaymentStatus; isTest?: boolean }, extra: Partial<typeof orders.$inferInsert> = {}) {
    const [order] = await database.db
      .insert(orders)
      // Checkout copies the vendor's rate onto the order: vendor A's is 12.5%.
      .values({ customerId: "buyer", productId, vendorId, ...BUYER, quantity, unitPrice, totalAmount: unitPrice * quantity, status, commissionRate: vendorId === vendorA ? 12.5 : 10, ...extra })
      .returning({ id: orders.id });
    if (payment) {
      const [row] = await database.db
        .insert(payments)
        .values({
          customerId: "buyer", orderId: order!.id, paymentReference: `ref-${label}-${engine}`, amount: unitPrice * quantity,
          status: payment.status, isTest: payment.isTest ?? false, paidAt: payment.status === "successful" ? new Date() : null,
        })
        .returning({ id: payments.id });
      await database.query("update orders set payment_id = $1 where id = $2", [row!.id, order!.id]);
    }
    orderIds[label] = order!.id;
  }

  beforeAll(async () => {
    database = await createDatabaseFor(engine);
    const db = database.db;
    await insertPerson(db, "seller-a", "vendor");
    await insertPerson(db, "seller-b", "vendor");
    await insertPerson(db, "buyer");
    vendorA = (await insertVendor(db, "seller-a", "Ikeja Gadget Hub")).id;
    vendorB = (await insertVendor(db, "seller-b", "Wuse Mobile World")).id;
    await database.query("update vendors set commission_rate = 12.5, total_sales = 999999999 where id = $1", [vendorA]);
    phoneA = await insertListing(db, vendorA, "iPhone 12", { status: "approved", finalPrice: 333_333_33, images: ["/uploads/products/a.webp"] });
    const phoneB = await insertListing(db, vendorB, "Galaxy S21", { brand: "Samsung", status: "approved", finalPrice: 280_000_00 });
    await placeOrder("paid", phoneA, vendorA, "paid", 2, 333_333_33, { status: "successful", isTest: true }, { warrantyDays: 45 });
    await placeOrder("shipped", phoneA, vendorA, "shipped", 1, 100_000_01, { status: "successful" });
    await placeOrder("pending", phoneA, vendorA, "pending", 1, 333_333_33, { status: "pending" });
    await placeOrder("failed", phoneA, vendorA, "pending", 1, 333_333_33, { status: "failed", isTest: true });
    await placeOrder("cancelled", phoneA, vendorA, "cancelled", 1, 333_333_33);
    await placeOrder("other vendor", phoneB, vendorB, "paid", 1, 280_000_00, { status: "successful" });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("lists only the vendor's own orders, with the commission at their rate and their net", async () => {
    const list = await listVendorOrders(database.db, sellerA);
    expect(list).toHaveLength(5);
    expect(list.every((o) => o.product.name === "iPhone 12")).toBe(true);
    const paid = list.find((o) => o.id === orderIds.paid)!;
    // 12.5% of ₦666,666.66 = ₦83,333.3325 → ₦83,333.33; the vendor keeps ₦583,333.33.
    expect(paid).toMatchObject({ totalAmount: 666_666_66, commission: 8_333_333, netAmount: 58_333_333, orderNumber: paid.id.slice(-8) });
    expect(paid.shipTo).toEqual(BUYER);
  });

  it("sends no buyer contact detail for an order that is not paid: not the name, phone, e-mail, address, city, state or notes", async () => {
    const list = await listVendorOrders(database.db, sellerA);
    for (const label of ["pending", "failed", "cancelled"]) {
      const order = list.find((o) => o.id === orderIds[label])!;
      expect(order, label).toMatchObject({ isPaid: false, shipTo: null });
      const payload = JSON.stringify(order);
      for (const detail of Object.values(BUYER)) expect(payload, `${label}: ${detail}`).not.toContain(detail);
    }
    for (const label of ["paid", "shipped"]) expect(list.find((o) => o.id === orderIds[label])?.shipTo, label).toEqual(BUYER);
  });

  it("marks a declined payment 'Payment failed' and test money 'Test', and gives the order's own warranty", async () => {
    const byLabel = Object.fromEntries((await listVendorOrders(database.db, sellerA)).map((o) => [o.id, o]));
    const flags = (label: string) => {
      const order = byLabel[orderIds[label]!]!;
      return { paymentFailed: order.paymentFailed, isTest: order.isTest, warrantyDays: order.warrantyDays };
    };
    expect(flags("paid")).toEqual({ paymentFailed: false, isTest: true, warrantyDays: 45 });
    expect(flags("failed")).toEqual({ paymentFailed: true, isTest: true, warrantyDays: 30 });
    expect(flags("pending")).toEqual({ paymentFailed: false, isTest: false, warrantyDays: 30 });
    expect(flags("cancelled")).toEqual({ paymentFailed: false, isTest: false, warrantyDays: 30 });
    expect(JSON.stringify(Object.values(byLabel))).not.toContain("warrantyType");
  });

  it("counts only paid (and later) orders in the earnings, the counts and the total sales", async () => {
    const vendor = (await getOwnVendor(database.db, "seller-a"))!;
    // Paid ₦666,666.66 keeps ₦583,333.33; shipped ₦100,000.01 less 12.5% (₦12,500.00) keeps ₦87,500.01.
    expect(await summariseVendorOrders(database.db, vendor)).toEqual({ toShip: 1, paidOrders: 2, earned: 58_333_333 + 8_750_001 });
    expect(vendor.totalSales).toBe(666_666_66 + 100_000_01);
    expect((await getOwnVendor(database.db, "seller-b"))!.totalSales).toBe(280_000_00);
  });

  it("lists the vendor's own products with the cover image", async () => {
    const own = await listOwnProducts(database.db, vendorA);
    expect(own.map((p) => [p.id, p.name, p.image])).toEqual([[phoneA, "iPhone 12", "/uploads/products/a.webp"]]);
  });

  it("updates the business details and nothing else", async () => {
    const updated = await updateVendorProfile(database.db, sellerA, {
      businessName: "Ikeja Gadget Hub Ltd",
      contactEmail: "hello@ikejagadgets.ng",
      contactPhone: "+2348031234500",
      businessAddress: "Shop 24, Otigba Street, Ikeja",
    });
    expect(updated).toMatchObject({ businessName: "Ikeja Gadget Hub Ltd", status: "approved", verified: true });
    expect((await getOwnVendor(database.db, "seller-b"))?.businessName).toBe("Wuse Mobile World");
    await expect(updateVendorProfile(database.db, { userId: "buyer" }, { ...updated })).rejects.toMatchObject({ status: 404 });
    await expect(listVendorOrders(database.db, { userId: "buyer" })).rejects.toMatchObject({ status: 404 });
  });
});
