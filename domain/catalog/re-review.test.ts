import { beforeAll, describe, expect, it } from "vitest";
import { TEST_ENGINES } from "../../tests/support/database";
import { useDatabaseFor } from "../../tests/support/lifecycle";
import { insertListing, insertPerson, insertVendor } from "../../tests/support/rows";
import { createProduct, getManagedProduct, updateProduct } from "./management";
import { type ProductFormInput, productFormSchema } from "./management-validation";
import { recordUploadedImages } from "./photos";

const photo = (c: string) => `/uploads/products/${c.repeat(32)}.webp`;
const FRONT = photo("1");
const BACK = photo("2");
const SIDE = photo("3");
const OTHER_VENDORS = photo("4");
const ADMINS = photo("5");
const NEVER_UPLOADED = photo("6");

/** The approved listing every test starts from, as its edit form sends it back unchanged. */
const APPROVED = {
  name: "iPhone 12 Pro",
  brand: "Apple",
  model: "iPhone 12 Pro",
  storage: "128GB",
  color: "Graphite",
  grade: "A",
  suggestedPrice: "400000",
  stockQuantity: "3",
  description: "Battery health 91%",
  images: [FRONT, BACK],
} as const;

function edit(values: Record<string, unknown> = {}): ProductFormInput {
  return productFormSchema("edit").parse({ ...APPROVED, images: [...APPROVED.images], ...values });
}

describe.each(TEST_ENGINES)("approval covers what was approved (%s)", (engine) => {
  const database = useDatabaseFor(engine);
  const seller = { userId: "seller", email: "seller@example.ng", role: "vendor" as const };
  const rival = { userId: "rival", email: "rival@example.ng", role: "vendor" as const };
  const admin = { userId: "admin", email: "admin@example.ng", role: "admin" as const };
  let vendorId: string;

  beforeAll(async () => {
    const db = database().db;
    for (const person of [seller, rival, admin]) await insertPerson(db, person.userId, person.role);
    vendorId = (await insertVendor(db, "seller", "Ikeja Gadget Hub")).id;
    await insertVendor(db, "rival", "Wuse Mobile World");
    await recordUploadedImages(db, "seller", [FRONT, BACK, SIDE]);
    await recordUploadedImages(db, "rival", [OTHER_VENDORS]);
    await recordUploadedImages(db, "admin", [ADMINS]);
  });

  async function approvedListing(): Promise<string> {
    return insertListing(database().db, vendorId, APPROVED.name, {
      model: APPROVED.model,
      storage: APPROVED.storage,
      color: APPROVED.color,
      description: APPROVED.description,
      suggestedPrice: 400_000_00,
      stockQuantity: 3,
      images: [FRONT, BACK],
      status: "approved",
      finalPrice: 380_000_00,
      comparePrice: 400_000_00,
    });
  }

  async function stateOf(id: string) {
    const [row] = await database().query<{ status: string; final_price: string | null; compare_price: string | null }>(
      "select status, final_price::text, compare_price::text from products where id = $1",
      [id],
    );
    return row;
  }

  async function notesOf(userId: string) {
    return database().query<{ title: string; message: string }>("select title, message from notifications where user_id = $1 order by created_at", [userId]);
  }

  const identityEdits: Array<[string, Record<string, unknown>]> = [
    ["name", { name: "iPhone 12 Pro (boxed)" }],
    ["brand", { brand: "Samsung" }],
    ["model", { model: "iPhone 12 Pro Max" }],
    ["storage", { storage: "256GB" }],
    ["colour", { color: "Gold" }],
    ["colour removed", { color: "" }],
    ["grade", { grade: "B" }],
    ["suggested price", { suggestedPrice: "420000" }],
    ["photos added", { images: [FRONT, BACK, SIDE] }],
    ["photos removed", { images: [FRONT] }],
    ["photos reordered", { images: [BACK, FRONT] }],
    ["photo swapped", { images: [FRONT, SIDE] }],
  ];

  it.each(identityEdits)("a vendor's change of the %s sends the listing back to review, out of the shop, and says why", async (_field, change) => {
    const id = await approvedListing();
    const before = (await notesOf("seller")).length;
    const saved = await updateProduct(database().db, seller, id, edit(change));
    expect(saved).toEqual({ id, status: "pending", finalPrice: null, backToReview: true });
    expect(await stateOf(id)).toEqual({ status: "pending", final_price: null, compare_price: null });
    const notes = await notesOf("seller");
    expect(notes).toHaveLength(before + 1);
    expect(notes.at(-1)).toEqual({
      title: "Listing back in review",
      message: `${(change.name as string | undefined) ?? APPROVED.name}: changes to an approved listing go back to review. It is out of the shop until our team approves it again.`,
    });
    expect((await getManagedProduct(database().db, admin, id)).status).toBe("pending");
  });

  const keptEdits: Array<[string, Record<string, unknown>]> = [
    ["nothing", {}],
    ["the stock", { stockQuantity: "7" }],
    ["the stock, to 0", { stockQuantity: "0" }],
    ["the description", { description: "Battery health 95%, new screen protector" }],
    ["the description, removed", { description: "" }],
  ];

  it.each(keptEdits)("a vendor's change of %s keeps the listing approved at its price", async (_field, change) => {
    const id = await approvedListing();
    const before = (await notesOf("seller")).length;
    const saved = await updateProduct(database().db, seller, id, edit(change));
    expect(saved).toEqual({ id, status: "approved", finalPrice: 380_000_00, backToReview: false });
    expect(await stateOf(id)).toEqual({ status: "approved", final_price: "38000000", compare_price: "40000000" });
    expect(await notesOf("seller")).toHaveLength(before);
  });

  it("a pending listing edited by its vendor stays pending, without a notice", async () => {
    const id = await insertListing(database().db, vendorId, APPROVED.name, { images: [FRONT], status: "pending" });
    const saved = await updateProduct(database().db, seller, id, edit({ name: "iPhone 12 Pro 128GB" }));
    expect(saved).toMatchObject({ status: "pending", backToReview: false });
  });

  it("an admin's edit of identity fields is not re-reviewed", async () => {
    const id = await approvedListing();
    const saved = await updateProduct(database().db, admin, id, edit({ name: "iPhone 12 Pro 128GB", images: [BACK, FRONT, ADMINS] }));
    expect(saved).toEqual({ id, status: "approved", finalPrice: 380_000_00, backToReview: false });
    expect(await stateOf(id)).toEqual({ status: "approved", final_price: "38000000", compare_price: "40000000" });
  });

  it("an admin approving in the edit dialog sets no comparison price: the vendor's suggestion never becomes a 'Was' price", async () => {
    const id = await approvedListing();
    await updateProduct(database().db, seller, id, edit({ suggestedPrice: "410000" }));
    const saved = await updateProduct(database().db, admin, id, edit({ suggestedPrice: "410000", status: "approved", finalPrice: "395000" }));
    expect(saved).toMatchObject({ status: "approved", finalPrice: 395_000_00 });
    expect(await stateOf(id)).toEqual({ status: "approved", final_price: "39500000", compare_price: null });
  });

  describe("photos must be the vendor's own uploads", () => {
    async function refusedAndUnchanged(save: () => Promise<unknown>, id?: string) {
      const [before] = await database().query<{ n: number }>("select count(*)::int as n from products");
      const snapshot = id ? await database().query("select * from products where id = $1", [id]) : null;
      await expect(save()).rejects.toMatchObject({
        status: 400,
        message: "A listing can only show photos uploaded for it by its vendor. Please upload the photo again.",
        fieldErrors: { images: "A listing can only show photos uploaded for it by its vendor. Please upload the photo again." },
      });
      const [after] = await database().query<{ n: number }>("select count(*)::int as n from products");
      expect(after).toEqual(before);
      if (id) expect(await database().query("select * from products where id = $1", [id])).toEqual(snapshot);
    }

    it("refuses another vendor's upload and a never-uploaded address on add, writing nothing", async () => {
      const add = (images: string[]) => productFormSchema("add").parse({ ...APPROVED, images });
      await refusedAndUnchanged(() => createProduct(database().db, seller, add([FRONT, OTHER_VENDORS])));
      await refusedAndUnchanged(() => createProduct(database().db, seller, add([NEVER_UPLOADED])));
      await refusedAndUnchanged(() => createProduct(database().db, seller, add([ADMINS])));
    });

    it("refuses them on edit, leaving the listing as it was", async () => {
      const id = await approvedListing();
      await refusedAndUnchanged(() => updateProduct(database().db, seller, id, edit({ images: [FRONT, OTHER_VENDORS] })), id);
      await refusedAndUnchanged(() => updateProduct(database().db, seller, id, edit({ images: [NEVER_UPLOADED] })), id);
      // Another vendor's listing is not theirs to find, let alone edit.
      await expect(updateProduct(database().db, rival, id, edit({ images: [OTHER_VENDORS] }))).rejects.toMatchObject({ status: 404 });
      expect(await stateOf(id)).toEqual({ status: "approved", final_price: "38000000", compare_price: "40000000" });
    });

    it("lets an admin use their own uploads or the vendor's, not another vendor's", async () => {
      const id = await approvedListing();
      await expect(updateProduct(database().db, admin, id, edit({ images: [ADMINS, SIDE] }))).resolves.toMatchObject({ status: "approved" });
      await refusedAndUnchanged(() => updateProduct(database().db, admin, id, edit({ images: [OTHER_VENDORS] })), id);
    });

    it("keeps photos already on the listing usable, whoever uploaded them", async () => {
      const id = await insertListing(database().db, vendorId, APPROVED.name, { images: [OTHER_VENDORS], status: "pending" });
      await expect(updateProduct(database().db, seller, id, edit({ images: [OTHER_VENDORS] }))).resolves.toMatchObject({ status: "pending" });
    });
  });
});
