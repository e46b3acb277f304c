import { beforeAll, describe, expect, it } from "vitest";
import { TEST_ENGINES } from "../../tests/support/database";
import { useDatabaseFor } from "../../tests/support/lifecycle";
import { orders } from "../../db/schema/orders";
import { insertListing, insertPerson, insertVendor } from "../../tests/support/rows";
import { recordUploadedImages } from "./photos";
import { createProduct, deleteProduct, getManagedProduct, listManagedProducts, updateProduct } from "./management";
import { type ProductFormInput, productFormSchema } from "./management-validation";

const IMAGE_A = `/uploads/products/${"a".repeat(32)}.webp`;
const IMAGE_B = `/uploads/products/${"b".repeat(32)}.webp`;
const IMAGE_OF_ADMIN = `/uploads/products/${"c".repeat(32)}.webp`;

function form(mode: "add" | "edit", values: Record<string, unknown> = {}): ProductFormInput {
  return productFormSchema(mode).parse({
    name: "iPhone 13 Pro",
    brand: "Apple",
    model: "iPhone 13 Pro",
    storage: "256GB",
    grade: "A",
    suggestedPrice: "520,000",
    stockQuantity: "2",
    color: "Sierra Blue",
    description: "",
    images: [IMAGE_A, IMAGE_B],
    ...values,
  });
}

describe("the product form schema", () => {
  it("reads naira as kobo, blanks as nothing, and enforces the stock minimum per mode", () => {
    const parsed = form("add", { finalPrice: "", status: "" });
    expect(parsed).toMatchObject({ suggestedPrice: 52_000_000, stockQuantity: 2, description: null, finalPrice: undefined, status: undefined });
    expect(productFormSchema("add").safeParse({ ...parsed, suggestedPrice: "1", stockQuantity: "0" }).error?.issues[0]?.message).toBe(
      "Stock quantity must be at least 1",
    );
    expect(form("edit", { stockQuantity: "0" }).stockQuantity).toBe(0);
  });

  it("refuses a sixth image with the documented message", () => {
    const six = Array.from({ length: 6 }, (_, i) => `/uploads/products/${String(i).repeat(32)}.webp`);
    const result = productFormSchema("add").safeParse({ ...form("add"), suggestedPrice: "1", stockQuantity: "1", images: six });
    expect(result.error?.issues.map((i) => i.message)).toContain("Maximum 5 images allowed");
  });
});

describe.each(TEST_ENGINES)("product management (%s)", (engine) => {
  const database = useDatabaseFor(engine);
  const admin = { userId: "admin-1", email: "admin-1@example.ng", role: "admin" as const };
  const sellerA = { userId: "seller-a", email: "seller-a@example.ng", role: "vendor" as const };
  const sellerB = { userId: "seller-b", email: "seller-b@example.ng", role: "vendor" as const };
  const customer = { userId: "buyer-1", email: "buyer-1@example.ng", role: "customer" as const };
  let vendorA: string;
  let vendorB: string;
  let productOfB: string;

  beforeAll(async () => {
    const db = database().db;
    for (const person of [admin, sellerA, sellerB, customer]) await insertPerson(db, person.userId, person.role);
    vendorA = (await insertVendor(db, "seller-a", "Ikeja Gadget Hub")).id;
    vendorB = (await insertVendor(db, "seller-b", "Wuse Mobile World")).id;
    await recordUploadedImages(db, "seller-a", [IMAGE_A, IMAGE_B]);
    await recordUploadedImages(db, "admin-1", [IMAGE_OF_ADMIN]);
    productOfB = await insertListing(db, vendorB, "Galaxy S21", { brand: "Samsung", status: "approved", finalPrice: 280_000_00 });
    await insertListing(db, vendorB, "Pixel 6", { brand: "Google", status: "pending" });
    await insertListing(db, vendorB, "Pixel 7", { brand: "Google", status: "approved", finalPrice: 310_000_00, isLive: false });
  });

  it("a vendor's new listing starts pending, with no final price, on their own record", async () => {
    const saved = await createProduct(database().db, sellerA, form("add"));
    expect(saved).toMatchObject({ status: "pending", finalPrice: null });
    const product = await getManagedProduct(database().db, sellerA, saved.id);
    expect(product).toMatchObject({ vendorId: vendorA, images: [IMAGE_A, IMAGE_B], suggestedPrice: 52_000_000, isLive: true });
  });

  it("refuses a vendor who sends a final price or a status, on add and on edit", async () => {
    await expect(createProduct(database().db, sellerA, form("add", { finalPrice: "1" }))).rejects.toMatchObject({ status: 403 });
    const own = (await listManagedProducts(database().db, sellerA)).items[0]!;
    await expect(updateProduct(database().db, sellerA, own.id, form("edit", { status: "approved" }))).rejects.toMatchObject({ status: 403 });
    await expect(updateProduct(database().db, sellerA, own.id, form("edit", { finalPrice: "999999" }))).rejects.toMatchObject({ status: 403 });
    expect(await getManagedProduct(database().db, sellerA, own.id)).toMatchObject({ status: "pending", finalPrice: null });
  });

  it("another vendor's product is 'not found' to read, edit or delete", async () => {
    await expect(getManagedProduct(database().db, sellerA, productOfB)).rejects.toMatchObject({ status: 404 });
    await expect(updateProduct(database().db, sellerA, productOfB, form("edit"))).rejects.toMatchObject({ status: 404 });
    await expect(deleteProduct(database().db, sellerA, productOfB)).rejects.toMatchObject({ status: 404 });
    expect((await getManagedProduct(database().db, admin, productOfB)).name).toBe("Galaxy S21");
  });

  it("refuses image addresses that the upload endpoint did not make", async () => {
    await expect(createProduct(database().db, sellerA, form("add", { images: ["/uploads/products/demo/x.webp"] }))).rejects.toMatchObject({ status: 400 });
  });

  it("lists by role: the public sees listed phones only (approved, live, in stock), a vendor their own, an admin everything", async () => {
    const names = async (actor: Parameters<typeof listManagedProducts>[1], query = {}) =>
      (await listManagedProducts(database().db, actor, query)).items.map((p) => p.name).sort();
    expect(await names(null)).toEqual(["Galaxy S21"]);
    expect(await names(customer)).toEqual(["Galaxy S21"]);
    await database().query("update products set stock_quantity = 0 where name = 'Galaxy S21'");
    expect(await names(null)).toEqual([]);
    await database().query("update products set stock_quantity = 1 where name = 'Galaxy S21'");
    expect(await names(sellerA)).toEqual(["iPhone 13 Pro"]);
    expect(await names(sellerB)).toEqual(["Galaxy S21", "Pixel 6", "Pixel 7"]);
    expect(await names(admin)).toEqual(["Galaxy S21", "Pixel 6", "Pixel 7", "iPhone 13 Pro"]);
    expect(await names(admin, { status: "pending" })).toEqual(["Pixel 6", "iPhone 13 Pro"]);
    expect(await names(admin, { q: "PIXEL" })).toEqual(["Pixel 6", "Pixel 7"]);
    expect(await names(admin, { q: "100%" })).toEqual([]);
  });

  it("an admin adds for a chosen approved vendor, approved and priced; and sets price and status on edit", async () => {
    await expect(createProduct(database().db, admin, form("add"))).rejects.toMatchObject({ status: 400, message: "Please choose an approved vendor" });
    const saved = await createProduct(database().db, admin, form("add", { vendorId: vendorB, name: "iPhone 14", images: [IMAGE_OF_ADMIN] }));
    expect(saved).toMatchObject({ status: "approved", finalPrice: 52_000_000 });
    const edited = await updateProduct(
      database().db, admin, saved.id, form("edit", { name: "iPhone 14", images: [IMAGE_OF_ADMIN], finalPrice: "499,999.50", status: "rejected" }),
    );
    expect(edited).toEqual({ id: saved.id, status: "rejected", finalPrice: 49_999_950, backToReview: false });
    const [note] = await database().query<{ title: string }>("select title from notifications where user_id = 'seller-b' order by created_at desc limit 1");
    expect(note?.title).toBe("Product not approved");
  });

  it("stock 0 on edit makes the phone sold out, leaving the vendor's switch as it was", async () => {
    const own = (await listManagedProducts(database().db, sellerA)).items[0]!;
    await updateProduct(database().db, sellerA, own.id, form("edit", { stockQuantity: "0" }));
    expect(await getManagedProduct(database().db, sellerA, own.id)).toMatchObject({ stockQuantity: 0, isLive: own.isLive });
  });

  it("deletes a vendor's own listing; an ordered phone cannot be deleted", async () => {
    const own = (await listManagedProducts(database().db, sellerA)).items[0]!;
    await deleteProduct(database().db, sellerA, own.id);
    await expect(getManagedProduct(database().db, sellerA, own.id)).rejects.toMatchObject({ status: 404 });

    await database().db.insert(orders).values({
      customerId: "buyer-1", productId: productOfB, vendorId: vendorB, customerName: "Ada Obi", customerEmail: "ada@example.ng",
      customerPhone: "+2348030000000", shippingAddress: "1 Marina", city: "Lagos", state: "Lagos", quantity: 1, unitPrice: 280_000_00, totalAmount: 280_000_00,
    });
    await expect(deleteProduct(database().db, admin, productOfB)).rejects.toMatchObject({ status: 409 });
  });

  it("customers cannot add", async () => {
    await expect(createProduct(database().db, customer, form("add"))).rejects.toMatchObject({ status: 403 });
  });
});
