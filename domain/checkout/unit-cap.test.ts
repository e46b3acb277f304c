import { beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../lib/constants";
import { TEST_ENGINES } from "../../tests/support/database";
import { insertListing, recordingMailer } from "../../tests/support/rows";
import { SHIPPING, buyerWithCart, useShopWithPayments } from "../../tests/support/shop";
import { Refusal } from "../core/refusal";
import { placeOrder } from "../flows/place-order";

const CAP_MESSAGE = "Up to 10 phones per order: you have chosen 11. Untick or remove 1 phone to place this order.";

describe.each(TEST_ENGINES)("the most phones one checkout holds (%s)", (engine) => {
  const { database, provider, shop, q } = useShopWithPayments(engine);
  const deps = () => ({ db: database().db, payments: provider(), mailer: recordingMailer(), publicUrl: "https://tokunbo.example" });
  /** Three listed phones with 5 units each: 15 units for sale. */
  let phones: string[] = [];
  let buyers = 0;

  beforeAll(async () => {
    phones = [];
    for (const name of ["Galaxy S21", "Pixel 8", "iPhone 13"]) {
      phones.push(await insertListing(database().db, shop().vendorId, `${name} ${engine}`, { status: "approved", finalPrice: 200_000_00, stockQuantity: 5 }));
    }
  });

  const newBuyer = () => buyerWithCart(database().db, `cap-${engine}-${++buyers}`, []);
  const checkout = (buyer: Awaited<ReturnType<typeof newBuyer>>, quantities: number[], buyNow = false) =>
    placeOrder(deps(), buyer, { items: quantities.map((quantity, i) => ({ productId: phones[i]!, quantity })), shipping: SHIPPING, buyNow });
  const stock = async () => (await q<{ s: number }>("select stock_quantity as s from products where id = any($1::uuid[]) order by name", [phones])).map((r) => r.s);
  const ordersOf = (userId: string) => q<{ status: string }>("select status from orders where customer_id = $1", [userId]);
  const reset = () => q("update products set stock_quantity = 5 where id = any($1::uuid[])", [phones]);

  it("is 10, beside the per-line limit of 5", () => {
    expect([LIMITS.maxUnitsPerCheckout, LIMITS.maxUnitsPerLine]).toEqual([10, 5]);
  });

  it("refuses 11 phones with the limit and what to remove, reserving nothing and keeping the buyer's older checkout", async () => {
    await reset();
    const buyer = await newBuyer();
    const older = await checkout(buyer, [1]);
    const stockBefore = await stock();

    const refusal = await checkout(buyer, [5, 5, 1]).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(Refusal);
    expect(refusal).toMatchObject({ code: "invalid", status: 400, message: CAP_MESSAGE });

    expect(await stock()).toEqual(stockBefore);
    expect((await ordersOf(buyer.userId)).map((o) => o.status)).toEqual(["pending"]);
    const payments = await q<{ payment_reference: string; released_at: Date | null }>("select payment_reference, released_at from payments where customer_id = $1", [buyer.userId]);
    expect(payments).toEqual([{ payment_reference: older.reference, released_at: null }]);
  });

  it("places 10 phones across lines, reserving all 10", async () => {
    await reset();
    const buyer = await newBuyer();
    const placed = await checkout(buyer, [5, 4, 1]);
    expect(placed.orderIds).toHaveLength(3);
    expect(placed.amount).toBe(10 * 200_000_00);
    expect((await stock()).reduce((sum, s) => sum + s, 0)).toBe(15 - 10);
  });

  it("counts a second checkout of the same buyer on its own: it replaces the first, so one buyer never holds more than 10", async () => {
    await reset();
    const buyer = await newBuyer();
    await checkout(buyer, [5, 5]);
    await checkout(buyer, [1, 1, 5]);
    const held = await q<{ units: number }>("select coalesce(sum(quantity), 0)::int as units from orders where customer_id = $1 and status = 'pending'", [buyer.userId]);
    expect(held[0]!.units).toBe(7);
    expect((await stock()).reduce((sum, s) => sum + s, 0)).toBe(15 - 7);
  });
});
