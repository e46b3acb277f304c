import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { createPostgresTestDatabase } from "../../tests/support/database";
import { insertListing, insertPerson, insertVendor } from "../../tests/support/rows";
import { products } from "../../db/schema/catalog";
import { countSales } from "./stock";

/*
 * Two payments for the same phones, fulfilled at once on PostgreSQL: each counts its sales while
 * the other holds one of the phones. Locking in one order makes the second wait instead of
 * deadlocking. (The embedded database runs one transaction at a time, so it cannot deadlock.)
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("counting sales of the same phones at once", () => {
  let database: DatabaseHandle;
  let first: string;
  let second: string;
  let vendorId: string;

  beforeAll(async () => {
    database = (await createPostgresTestDatabase())!;
    const { userId } = await insertPerson(database.db, "stock-seller", "vendor");
    vendorId = (await insertVendor(database.db, userId, "Ikeja Phones")).id;
    // Stored in the reverse of id order, so a scan meets the later id first.
    second = await insertListing(database.db, vendorId, "iPhone 13", { id: "ffffffff-0000-4000-8000-000000000000" });
    first = await insertListing(database.db, vendorId, "iPhone 12", { id: "00000000-0000-4000-8000-000000000000" });
  });
  afterAll(async () => {
    await database.close();
  });

  const sale = (productId: string) => ({ productId, vendorId, quantity: 1, totalAmount: 300_000_00 });

  it("waits its turn instead of deadlocking", async () => {
    let holdingFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (holdingFirst = resolve));
    let releaseFirst!: () => void;
    const release = new Promise<void>((resolve) => (releaseFirst = resolve));

    const one = database.db.transaction(async (tx) => {
      await countSales(tx, [sale(first)], 1);
      holdingFirst();
      await release;
      await countSales(tx, [sale(second)], 1);
    });
    await firstHeld;
    // Listed second-phone first: unordered, it would lock the second phone, then wait for the first.
    const other = database.db.transaction((tx) => countSales(tx, [sale(second), sale(first)], 1));
    await new Promise((resolve) => setTimeout(resolve, 200));
    releaseFirst();

    await expect(Promise.all([one, other])).resolves.toBeDefined();
    const counted = await database.db.select({ unitsSold: products.unitsSold }).from(products).where(inArray(products.id, [first, second]));
    expect(counted.map((row) => row.unitsSold)).toEqual([2, 2]);
    const [seller] = await database.db.query.vendors.findMany({ where: (v) => eq(v.id, vendorId) });
    expect(seller?.totalSales).toBe(4 * 300_000_00);
  });
});
