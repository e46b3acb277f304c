import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { notifications } from "../../db/schema/notifications";
import { wishlistItems } from "../../db/schema/buyers";
import { products } from "../../db/schema/catalog";
import { TEST_ENGINES } from "../../tests/support/database";
import { useDatabaseFor } from "../../tests/support/lifecycle";
import { insertListing, insertPerson, insertVendor } from "../../tests/support/rows";
import { updateProduct } from "./management";
import { productFormSchema } from "./management-validation";
import { approveProduct } from "./moderation";
import { addToWishlist, listWishlist, removeFromWishlist, wishedProductIds } from "./wishlist";

const IMAGE = `/uploads/products/${"d".repeat(32)}.webp`;
const admin = { userId: "wl-admin", email: "wl-admin@example.ng", role: "admin" as const };

/** The admin's edit form for the listing as inserted, at `finalPrice` naira. */
function adminEdit(finalPrice: string) {
  return productFormSchema("edit").parse({
    name: "iPhone 13", brand: "Apple", model: "iPhone 13", storage: "128GB", grade: "A",
    suggestedPrice: "300,000", stockQuantity: "3", color: "", description: "", images: [IMAGE], finalPrice,
  });
}

describe.each(TEST_ENGINES)("the wishlist (%s)", (engine) => {
  const database = useDatabaseFor(engine);
  let vendorId: string;
  let phone: string;
  let hidden: string;

  beforeAll(async () => {
    const db = database().db;
    await insertPerson(db, admin.userId, "admin");
    await insertPerson(db, "wl-ada");
    await insertPerson(db, "wl-bola");
    await insertPerson(db, "wl-seller", "vendor");
    vendorId = (await insertVendor(db, "wl-seller", "Ikeja Phones")).id;
    phone = await insertListing(db, vendorId, "iPhone 13", { status: "approved", finalPrice: 480_000_00, images: [IMAGE] });
    hidden = await insertListing(db, vendorId, "iPhone 12", { status: "approved", finalPrice: 300_000_00, isLive: false });
  });

  const priceDrops = (userId: string) =>
    database().db
      .select({ message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.title, "Price drop"), eq(notifications.type, "product")));
  const lastSeen = async (userId: string) =>
    (await database().db.select({ price: wishlistItems.lastSeenPrice }).from(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, phone))))[0]?.price;

  it("saves a shown phone once, at its price, for its buyer alone", async () => {
    await addToWishlist(database().db, "wl-ada", phone);
    await addToWishlist(database().db, "wl-ada", phone);
    expect(await wishedProductIds(database().db, "wl-ada")).toEqual([phone]);
    expect(await wishedProductIds(database().db, "wl-bola")).toEqual([]);
    expect(await lastSeen("wl-ada")).toBe(480_000_00);
    const [entry] = await listWishlist(database().db, "wl-ada");
    expect(entry).toMatchObject({ productId: phone, name: "iPhone 13", price: 480_000_00, stockQuantity: 3, available: true });
  });

  it("refuses a phone without a public page, and one that does not exist", async () => {
    await expect(addToWishlist(database().db, "wl-bola", hidden)).rejects.toMatchObject({ status: 404, message: "This phone is no longer available." });
    await expect(addToWishlist(database().db, "wl-bola", "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ status: 404 });
    expect(await wishedProductIds(database().db, "wl-bola")).toEqual([]);
  });

  it("removes only from the remover's own list", async () => {
    await addToWishlist(database().db, "wl-bola", phone);
    await removeFromWishlist(database().db, "wl-bola", phone);
    expect(await wishedProductIds(database().db, "wl-bola")).toEqual([]);
    expect(await wishedProductIds(database().db, "wl-ada")).toEqual([phone]);
    await addToWishlist(database().db, "wl-bola", phone);
  });

  it("keeps a phone taken down as no longer available", async () => {
    await addToWishlist(database().db, "wl-ada", hidden).catch(() => undefined);
    await database().db.update(products).set({ isLive: true }).where(eq(products.id, hidden));
    await addToWishlist(database().db, "wl-ada", hidden);
    await database().db.update(products).set({ isLive: false }).where(eq(products.id, hidden));
    const entries = await listWishlist(database().db, "wl-ada");
    expect(entries.map((e) => [e.name, e.available])).toEqual([["iPhone 12", false], ["iPhone 13", true]]);
    await removeFromWishlist(database().db, "wl-ada", hidden);
  });

  it("tells each wisher of a price drop once, stays silent on a rise, and tells again below the lowest price seen", async () => {
    await updateProduct(database().db, admin, phone, adminEdit("450,000"));
    const first = "Price drop: Apple iPhone 13 128GB is now ₦450,000 (was ₦480,000)";
    expect(await priceDrops("wl-ada")).toEqual([{ message: first }]);
    expect(await priceDrops("wl-bola")).toEqual([{ message: first }]);
    expect(await lastSeen("wl-ada")).toBe(450_000_00);

    await updateProduct(database().db, admin, phone, adminEdit("450,000"));
    await updateProduct(database().db, admin, phone, adminEdit("470,000"));
    expect(await priceDrops("wl-ada")).toHaveLength(1);
    expect(await lastSeen("wl-ada")).toBe(450_000_00);
    await updateProduct(database().db, admin, phone, adminEdit("460,000"));
    expect(await priceDrops("wl-ada")).toHaveLength(1);

    await updateProduct(database().db, admin, phone, adminEdit("440,000"));
    expect((await priceDrops("wl-ada")).map((n) => n.message)).toContain("Price drop: Apple iPhone 13 128GB is now ₦440,000 (was ₦450,000)");
    expect(await priceDrops("wl-bola")).toHaveLength(2);
  });

  it("announces a lower price set by an approval", async () => {
    // The markup prices ₦300,000 suggested at ₦330,000 by default: below the ₦440,000 last seen.
    await approveProduct(database().db, admin, phone, { source: "none" });
    const [updated] = await database().db.select({ finalPrice: products.finalPrice }).from(products).where(eq(products.id, phone));
    const now = `₦${(updated!.finalPrice! / 100).toLocaleString("en-US")}`;
    expect((await priceDrops("wl-ada")).map((n) => n.message)).toContain(`Price drop: Apple iPhone 13 128GB is now ${now} (was ₦440,000)`);
    expect(await priceDrops("wl-ada")).toHaveLength(3);
  });
});
