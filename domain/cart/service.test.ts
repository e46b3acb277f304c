import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { Refusal } from "../core/refusal";
import type { DatabaseHandle } from "../../db/client";
import { LIMITS } from "../../lib/constants";
import { TEST_ENGINES, createDatabaseFor } from "../../tests/support/database";
import { users } from "../../db/schema/accounts";
import { products } from "../../db/schema/catalog";
import { vendors } from "../../db/schema/vendors";
import { readLiveEvents } from "../live/events";
import { CART_TEXTS, addToCart, clearCart, countCartItems, listCart, removeCartItem, setCartQuantity, stockCapText, summarizeCart } from "./service";

describe.each(TEST_ENGINES)("adding to the cart (%s)", (engine) => {
  let database: DatabaseHandle;
  const buyer = { userId: "buyer-1" };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await createDatabaseFor(engine);
    const db = database.db;
    await db.insert(users).values([
      { id: "buyer-1", name: "Ada", email: "ada@example.com" },
      { id: "seller-1", name: "Seun", email: "seun@example.com" },
    ]);
    const [vendor] = await db
      .insert(vendors)
      .values({ userId: "seller-1", businessName: "Ikeja Gadget Hub", contactEmail: "s@example.com", contactPhone: "+2348031234567", businessAddress: "Ikeja", status: "approved", verified: true })
      .returning({ id: vendors.id });
    const phone = (name: string, extra: Partial<typeof products.$inferInsert>) => ({
      vendorId: vendor!.id, name, brand: "Apple", model: name, storage: "128GB", grade: "A" as const,
      suggestedPrice: 300_000_00, finalPrice: 330_000_00, stockQuantity: 3, status: "approved" as const, isLive: true, ...extra,
    });
    const rows = await db
      .insert(products)
      .values([
        phone("iPhone 12", {}),
        phone("iPhone 13", { stockQuantity: 0 }),
        phone("iPhone 14", { status: "pending", finalPrice: null }),
        phone("iPhone 15", { isLive: false }),
      ])
      .returning({ id: products.id, name: products.name });
    for (const row of rows) ids[row.name] = row.id;
  });
  afterAll(async () => {
    await database?.close();
  });

  it("adds a line, grows it on the next add, and counts the sum of quantities", async () => {
    expect(await addToCart(database.db, buyer, { productId: ids["iPhone 12"]!, quantity: 1 })).toEqual({ lineQuantity: 1, cappedAt: null, cartCount: 1 });
    expect(await addToCart(database.db, buyer, { productId: ids["iPhone 12"]!, quantity: 2 })).toEqual({ lineQuantity: 3, cappedAt: null, cartCount: 3 });
    const [lines] = await database.query<{ n: number }>("select count(*)::int n from cart where customer_id = 'buyer-1'");
    expect(lines?.n).toBe(1);
  });

  it("never holds more than the stock, and says where it stopped", async () => {
    expect(await addToCart(database.db, buyer, { productId: ids["iPhone 12"]!, quantity: 5 })).toEqual({ lineQuantity: 3, cappedAt: 3, cartCount: 3 });
    expect(await countCartItems(database.db, "buyer-1")).toBe(3);
  });

  it.each([
    ["iPhone 13", 409, CART_TEXTS.outOfStock],
    ["iPhone 14", 404, CART_TEXTS.unavailable],
    ["iPhone 15", 404, CART_TEXTS.unavailable],
  ])("refuses %s (%i)", async (name, status, message) => {
    const refused = await addToCart(database.db, buyer, { productId: ids[name]!, quantity: 1 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Refusal);
    expect(refused).toMatchObject({ status, message });
    expect(await countCartItems(database.db, "buyer-1")).toBe(3);
  });

  describe("changing the cart", () => {
    const other = { userId: "seller-1" };
    const lineOf = async (name: string) => (await listCart(database.db, buyer.userId)).find((l) => l.product.name === name)!;

    it("lists lines with their phone and sums price × quantity and quantities", async () => {
      const lines = await listCart(database.db, buyer.userId);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ quantity: 3, product: { name: "iPhone 12", price: 330_000_00, stock: 3, available: true, grade: "A" } });
      expect(summarizeCart(lines)).toEqual({ subtotal: 990_000_00, itemCount: 3 });
    });

    it("sets a quantity, caps it at the stock, and announces the new count", async () => {
      const line = await lineOf("iPhone 12");
      expect(await setCartQuantity(database.db, buyer, { itemId: line.id, quantity: 2 })).toEqual({ quantity: 2, cappedAt: null, cartCount: 2 });
      expect(await setCartQuantity(database.db, buyer, { itemId: line.id, quantity: 7 })).toEqual({ quantity: 3, cappedAt: 3, cartCount: 3 });
      const events = await readLiveEvents(database.db, buyer.userId, 0);
      expect(events.at(-1)?.event).toEqual({ kind: "cart.updated", count: 3 });
    });

    it("caps a line at the most one order takes of one phone, and says so", async () => {
      const line = await lineOf("iPhone 12");
      await database.db.update(products).set({ stockQuantity: 20 }).where(eq(products.id, line.product.id));
      const capped = await setCartQuantity(database.db, buyer, { itemId: line.id, quantity: 9 });
      expect(capped).toEqual({ quantity: LIMITS.maxUnitsPerLine, cappedAt: LIMITS.maxUnitsPerLine, cartCount: LIMITS.maxUnitsPerLine });
      expect(stockCapText(capped.cappedAt!)).toBe("Up to 5 per order: your cart now holds 5 of this phone.");
      expect(await addToCart(database.db, buyer, { productId: line.product.id, quantity: 2 })).toMatchObject({ lineQuantity: 5, cappedAt: 5 });
      expect(stockCapText(2)).toBe("Only 2 in stock: your cart now holds 2 of this phone.");
      await database.db.update(products).set({ stockQuantity: 3 }).where(eq(products.id, line.product.id));
      await setCartQuantity(database.db, buyer, { itemId: line.id, quantity: 3 });
    });

    it("never touches another buyer's line", async () => {
      const line = await lineOf("iPhone 12");
      await expect(setCartQuantity(database.db, other, { itemId: line.id, quantity: 1 })).rejects.toMatchObject({ status: 404 });
      await expect(removeCartItem(database.db, other, line.id)).rejects.toMatchObject({ status: 404 });
      expect(await countCartItems(database.db, buyer.userId)).toBe(3);
    });

    it("removes the line when the quantity is zero or less", async () => {
      const line = await lineOf("iPhone 12");
      expect(await setCartQuantity(database.db, buyer, { itemId: line.id, quantity: 0 })).toEqual({ quantity: null, cappedAt: null, cartCount: 0 });
      await expect(removeCartItem(database.db, buyer, line.id)).rejects.toBeInstanceOf(Refusal);
    });

    it("clears every line of the buyer only", async () => {
      await addToCart(database.db, buyer, { productId: ids["iPhone 12"]!, quantity: 1 });
      await addToCart(database.db, other, { productId: ids["iPhone 12"]!, quantity: 2 });
      await clearCart(database.db, buyer);
      expect(await countCartItems(database.db, buyer.userId)).toBe(0);
      expect(await countCartItems(database.db, other.userId)).toBe(2);
    });

    it("marks a line unavailable when its phone is hidden", async () => {
      await addToCart(database.db, buyer, { productId: ids["iPhone 12"]!, quantity: 1 });
      await database.query("update products set is_live = false where id = $1", [ids["iPhone 12"]]);
      expect((await lineOf("iPhone 12")).product.available).toBe(false);
      await database.query("update products set is_live = true where id = $1", [ids["iPhone 12"]]);
    });
  });
});
