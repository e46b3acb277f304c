import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { TEST_ENGINES, createDatabaseFor } from "../../tests/support/database";
import { orders } from "../orders/schema";
import { getOwnVendor, listOwnProducts, listVendorOrders, updateVendorProfile } from "./dashboard";
import { insertListing, insertPerson, insertVendor } from "./testing";

describe.each(TEST_ENGINES)("vendor dashboard (%s)", (engine) => {
  let database: DatabaseHandle;
  const sellerA = { userId: "seller-a" };
  let vendorA: string;
  let vendorB: string;

  beforeAll(async () => {
    database = await createDatabaseFor(engine);
    const db = database.db;
    await insertPerson(db, "seller-a", "vendor");
    await insertPerson(db, "seller-b", "vendor");
    await insertPerson(db, "buyer");
    vendorA = (await insertVendor(db, "seller-a", "Ikeja Gadget Hub")).id;
    vendorB = (await insertVendor(db, "seller-b", "Wuse Mobile World")).id;
    await database.query("update vendors set commission_rate = 12.5 where id = $1", [vendorA]);
    const phoneA = await insertListing(db, vendorA, "iPhone 12", { status: "approved", finalPrice: 333_333_33, images: ["/uploads/products/a.webp"] });
    const phoneB = await insertListing(db, vendorB, "Galaxy S21", { brand: "Samsung", status: "approved", finalPrice: 280_000_00 });
    const order = (productId: string, vendorId: string, status: "pending" | "paid", quantity: number, unitPrice: number) => ({
      customerId: "buyer", productId, vendorId, customerName: "Ada Obi", customerEmail: "ada@example.ng", customerPhone: "+2348030000000",
      shippingAddress: "1 Marina", city: "Lagos", state: "Lagos", deliveryNotes: "Call on arrival", quantity, unitPrice, totalAmount: unitPrice * quantity, status,
    });
    await db.insert(orders).values([
      order(phoneA, vendorA, "paid", 2, 333_333_33),
      order(phoneA, vendorA, "pending", 1, 333_333_33),
      order(phoneB, vendorB, "paid", 1, 280_000_00),
    ]);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("lists only the vendor's own orders, with the commission at their rate and their net", async () => {
    const list = await listVendorOrders(database.db, sellerA);
    expect(list).toHaveLength(2);
    expect(list.every((o) => o.product.name === "iPhone 12")).toBe(true);
    const paid = list.find((o) => o.status === "paid")!;
    // 12.5% of ₦666,666.66 = ₦83,333.3325 → ₦83,333.33; the vendor keeps ₦583,333.33.
    expect(paid).toMatchObject({ totalAmount: 666_666_66, commission: 8_333_333, netAmount: 58_333_333, orderNumber: paid.id.slice(-8) });
    expect(paid.shipTo).toMatchObject({ customerName: "Ada Obi", city: "Lagos", deliveryNotes: "Call on arrival" });
    expect(list.find((o) => o.status === "pending")?.shipTo).toBeNull();
  });

  it("lists the vendor's own products with the cover image", async () => {
    const own = await listOwnProducts(database.db, vendorA);
    expect(own.map((p) => [p.name, p.image])).toEqual([["iPhone 12", "/uploads/products/a.webp"]]);
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
