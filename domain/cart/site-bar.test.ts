import { describe, expect, it } from "vitest";
import { TEST_ENGINES } from "../../tests/support/database";
import { useDatabaseFor } from "../../tests/support/lifecycle";
import { insertListing, insertPerson, insertVendor } from "../../tests/support/rows";
import { cart } from "../../db/schema/cart";
import { notifications } from "../../db/schema/notifications";
import { publishLiveEvent } from "../live/events";
import { siteBarCounts } from "./site-bar";

describe.each(TEST_ENGINES)("the site bar's counts on %s", (engine) => {
  const database = useDatabaseFor(engine);

  it("counts the units in the cart, the unread notifications and the newest live event of that user only", async () => {
    const { db } = database();
    const buyer = await insertPerson(db, "bar-buyer");
    const other = await insertPerson(db, "bar-other");
    expect(await siteBarCounts(db, buyer.userId)).toEqual({ cartCount: 0, unreadNotifications: 0, liveAfter: 0 });
    const vendor = await insertVendor(db, (await insertPerson(db, "bar-vendor", "vendor")).userId, "Bar Phones");
    const [a, b] = [await insertListing(db, vendor.id, "Phone A"), await insertListing(db, vendor.id, "Phone B")];
    await db.insert(cart).values([
      { customerId: buyer.userId, productId: a, quantity: 2 },
      { customerId: buyer.userId, productId: b, quantity: 1 },
      { customerId: other.userId, productId: a, quantity: 4 },
    ]);
    await db.insert(notifications).values([
      { userId: buyer.userId, type: "order", title: "Paid", message: "Your order is paid", read: false },
      { userId: buyer.userId, type: "order", title: "Shipped", message: "On its way", read: true },
      { userId: other.userId, type: "order", title: "Paid", message: "Yours too", read: false },
    ]);
    await publishLiveEvent(db, other.userId, { kind: "cart.updated", count: 1 });
    await publishLiveEvent(db, buyer.userId, { kind: "cart.updated", count: 1 });
    const [newest] = await database().query<{ id: number }>("select max(id)::int as id from live_events where user_id = $1", [buyer.userId]);
    expect(await siteBarCounts(db, buyer.userId)).toEqual({ cartCount: 3, unreadNotifications: 1, liveAfter: newest!.id });
  });
});
