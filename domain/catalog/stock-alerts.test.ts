import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { emailOutbox } from "../../db/schema/mail";
import { notifications } from "../../db/schema/notifications";
import { stockAlerts } from "../../db/schema/buyers";
import { TEST_ENGINES, createDatabaseFor } from "../../tests/support/database";
import { insertListing, insertPerson, insertVendor } from "../../tests/support/rows";
import { recordUploadedImages } from "./photos";
import { updateProduct } from "./management";
import { productFormSchema } from "./management-validation";
import { setProductLive } from "./vendor-listings";
import { reserveStock, restoreStock } from "./stock";
import { cancelStockAlert, isWaitingForStock, subscribeToStockAlert } from "./stock-alerts";

const IMAGE = `/uploads/products/${"e".repeat(32)}.webp`;
const SELLER = { userId: "sa-seller", email: "sa-seller@example.ng", fullName: null, role: "vendor" as const };

/** The vendor's edit of the listing as inserted, changing only its stock. */
function stockEdit(model: string, stock: number) {
  return productFormSchema("edit").parse({
    name: model, brand: "Apple", model, storage: "128GB", grade: "A",
    suggestedPrice: "300,000", stockQuantity: String(stock), color: "", description: "", images: [IMAGE],
  });
}

describe.each(TEST_ENGINES)("'Notify me when available' (%s)", (engine) => {
  let database: DatabaseHandle;
  let vendorId: string;
  let phones = 0;
  let people = 0;

  beforeAll(async () => {
    database = await createDatabaseFor(engine);
    await insertPerson(database.db, SELLER.userId, "vendor");
    vendorId = (await insertVendor(database.db, SELLER.userId, "Alaba Phones")).id;
    await recordUploadedImages(database.db, SELLER.userId, [IMAGE]);
  });
  afterAll(async () => {
    await database?.close();
  });

  async function soldOutPhone(): Promise<{ id: string; model: string }> {
    const model = `iPhone ${++phones}`;
    const id = await insertListing(database.db, vendorId, model, { status: "approved", finalPrice: 450_000_00, stockQuantity: 0, images: [IMAGE] });
    return { id, model };
  }
  async function buyers(count: number): Promise<Array<{ userId: string; email: string }>> {
    return Promise.all(Array.from({ length: count }, () => insertPerson(database.db, `sa-buyer-${++people}`)));
  }
  async function told(userId: string) {
    const notes = await database.db.select({ message: notifications.message }).from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.title, "Back in stock")));
    return notes.length;
  }
  async function mailed(email: string) {
    const mails = await database.db.select({ subject: emailOutbox.subject }).from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    return mails.filter((m) => m.subject.startsWith("Back in stock: ")).length;
  }

  it("subscribes only on a sold-out phone with a public page, and cancels only one's own", async () => {
    const phone = await soldOutPhone();
    const inStock = await insertListing(database.db, vendorId, "iPhone in stock", { status: "approved", finalPrice: 1 });
    const pending = await insertListing(database.db, vendorId, "iPhone pending", { stockQuantity: 0 });
    const [ada, bola] = await buyers(2);
    await expect(subscribeToStockAlert(database.db, ada!.userId, inStock)).rejects.toMatchObject({ status: 409, message: "This phone is in stock: you can buy it now." });
    await expect(subscribeToStockAlert(database.db, ada!.userId, pending)).rejects.toMatchObject({ status: 404, message: "This phone is no longer available." });
    await subscribeToStockAlert(database.db, ada!.userId, phone.id);
    await subscribeToStockAlert(database.db, ada!.userId, phone.id);
    await cancelStockAlert(database.db, bola!.userId, phone.id);
    expect(await isWaitingForStock(database.db, ada!.userId, phone.id)).toBe(true);
    expect(await isWaitingForStock(database.db, bola!.userId, phone.id)).toBe(false);
    await cancelStockAlert(database.db, ada!.userId, phone.id);
    expect(await isWaitingForStock(database.db, ada!.userId, phone.id)).toBe(false);
  });

  it("tells the subscriber by notification and e-mail, with the phone's link, when the vendor restocks", async () => {
    const phone = await soldOutPhone();
    const [ada] = await buyers(1);
    await subscribeToStockAlert(database.db, ada!.userId, phone.id);
    await updateProduct(database.db, SELLER, phone.id, stockEdit(phone.model, 2), {}, { publicUrl: "https://tokunbo.example" });
    const [note] = await database.db.select().from(notifications).where(eq(notifications.userId, ada!.userId));
    expect(note).toMatchObject({ type: "product", title: "Back in stock", message: `Apple ${phone.model} 128GB is back in stock at ₦450,000.` });
    const [mail] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, ada!.email));
    expect(mail?.subject).toBe(`Back in stock: Apple ${phone.model} 128GB`);
    expect(mail?.textBody).toContain(`See the phone: https://tokunbo.example/product/${phone.id}`);
    const [alert] = await database.db.select().from(stockAlerts).where(eq(stockAlerts.userId, ada!.userId));
    expect(alert?.notifiedAt).not.toBeNull();
  });

  it("waits while the restocked phone is hidden, and answers when it is switched back on", async () => {
    const phone = await soldOutPhone();
    const [ada] = await buyers(1);
    await subscribeToStockAlert(database.db, ada!.userId, phone.id);
    await setProductLive(database.db, SELLER, { productId: phone.id, isLive: false });
    await updateProduct(database.db, SELLER, phone.id, stockEdit(phone.model, 1));
    expect(await told(ada!.userId)).toBe(0);
    await setProductLive(database.db, SELLER, { productId: phone.id, isLive: true });
    expect(await told(ada!.userId)).toBe(1);
    expect(await mailed(ada!.email)).toBe(1);
  });

  it("answers once when two restocks commit at once", async () => {
    const phone = await soldOutPhone();
    const [ada] = await buyers(1);
    await subscribeToStockAlert(database.db, ada!.userId, phone.id);
    await Promise.all([
      database.db.transaction((tx) => restoreStock(tx, phone.id, 1)),
      database.db.transaction((tx) => restoreStock(tx, phone.id, 2)),
    ]);
    expect(await told(ada!.userId)).toBe(1);
    expect(await mailed(ada!.email)).toBe(1);
  });

  type Step = { kind: "set"; stock: number } | { kind: "sell" } | { kind: "cancel" };
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ kind: fc.constant("set" as const), stock: fc.constantFrom(0, 0, 1, 3) }),
    fc.record({ kind: fc.constant("sell" as const) }),
    fc.record({ kind: fc.constant("cancel" as const) }),
  );

  it("tells each subscriber exactly once, however the stock moves, and never before it first returns", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 7 }), fc.integer({ min: 1, max: 3 }), async (steps, subscribers) => {
        const phone = await soldOutPhone();
        const waiting = await buyers(subscribers);
        for (const buyer of waiting) await subscribeToStockAlert(database.db, buyer.userId, phone.id);
        let stock = 0;
        let sold = 0;
        let returned = false;
        for (const s of steps) {
          if (s.kind === "set") {
            await updateProduct(database.db, SELLER, phone.id, stockEdit(phone.model, s.stock));
            stock = s.stock;
          } else if (s.kind === "sell") {
            const reserved = await database.db.transaction((tx) => reserveStock(tx, phone.id, 1));
            expect(reserved !== null).toBe(stock > 0);
            if (reserved) [stock, sold] = [stock - 1, sold + 1];
          } else if (sold > 0) {
            await database.db.transaction((tx) => restoreStock(tx, phone.id, 1));
            [stock, sold] = [stock + 1, sold - 1];
          }
          returned ||= stock > 0;
          for (const buyer of waiting) {
            expect(await told(buyer.userId)).toBe(returned ? 1 : 0);
            expect(await mailed(buyer.email)).toBe(returned ? 1 : 0);
          }
        }
      }),
      { numRuns: 12 },
    );
  });
});
