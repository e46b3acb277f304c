import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "better-auth/crypto";
import { accounts, orders, products, users, vendorBankAccounts, vendorPreapprovalSubmissions, vendors, warrantyClaims } from "../../db/schema";
import { TEST_ENGINES } from "../../tests/support/database";
import { filesUnder } from "../../tests/support/files";
import { useDatabaseFor, useTempDir } from "../../tests/support/lifecycle";
import { creditAvailable } from "../../tests/support/payouts";
import { PRIVATE_PASSWORD, buildPrivateBuyer, markersOf } from "../../tests/support/privacy";
import { insertListing, insertPerson, insertVendor } from "../../tests/support/rows";
import { SHIPPING, type Shop, openShop } from "../../tests/support/shop";
import { Refusal } from "../core/refusal";
import { type FileStorage, createLocalStorage } from "../media/storage";
import { type UploadFolder, storeUploadedImages } from "../media/uploads";
import { renditionKeys } from "../media/variants";
import { type AccountDeletionDeps, deleteAccount, deletedEmailOf } from "./deletion";
import { PRIVACY_TEXTS } from "./texts";

/** Each test vendor's own account number, so a search finds only that vendor's. */
const ACCOUNT_NUMBERS: Record<string, string> = { open: "1111111111", balance: "2222222222", done: "3333333333", papers: "4444444444" };
const CONFIRMED = { password: PRIVATE_PASSWORD, confirmation: PRIVACY_TEXTS.confirmationWord };

describe.each(TEST_ENGINES)("deleting an account (%s)", (engine) => {
  const database = useDatabaseFor(engine);
  let shop: Shop;

  beforeAll(async () => {
    shop = await openShop(database().db, `privacy-${engine}`);
  });

  const uploadsDir = useTempDir("tokunbo-deletion-");
  /** The storage the deletion is handed; a file it fails to delete fails the test unless `logError` is replaced. */
  const deps = (replaced: Partial<AccountDeletionDeps> = {}): AccountDeletionDeps => ({
    db: database().db,
    storage: createLocalStorage(uploadsDir()),
    logError: (message, error) => expect.fail(`${message}: ${String(error)}`),
    ...replaced,
  });

  const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => database().query<T>(text, params);

  /** Every text, varchar, jsonb and text[] column of every table, with the rows holding `value`. */
  async function whereFound(value: string): Promise<string[]> {
    const columns = await q<{ table_name: string; column_name: string }>(
      `select c.table_name, c.column_name from information_schema.columns c
         join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
        where c.table_schema = 'public' and (c.data_type in ('text', 'character varying', 'jsonb', 'json') or c.udt_name in ('_text', '_varchar'))`,
    );
    expect(columns.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const { table_name, column_name } of columns) {
      const [row] = await q<{ n: string | number }>(`select count(*) as n from "${table_name}" where position(lower($1) in lower("${column_name}"::text)) > 0`, [value]);
      if (Number(row!.n) > 0) found.push(`${table_name}.${column_name}`);
    }
    return found;
  }

  async function money(vendorId: string) {
    const [totals] = await q<{ orders: string; payments: string }>(
      `select (select sum(total_amount) from orders where vendor_id = $1)::text as orders,
              (select sum(amount) from payments where id in (select payment_id from orders where vendor_id = $1))::text as payments`,
      [vendorId],
    );
    const ledger = await q<{ bucket: string; total: string; n: string }>(
      "select bucket, sum(amount)::text as total, count(*)::text as n from vendor_ledger_entries where vendor_id = $1 group by bucket order by bucket",
      [vendorId],
    );
    return { totals, ledger };
  }

  async function refusal(run: Promise<unknown>): Promise<Refusal> {
    const error = await run.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Refusal);
    return error as Refusal;
  }

  it("removes every personal value from every table, and leaves order totals, payments and the vendor ledger as they were", async () => {
    const buyer = await buildPrivateBuyer(database().db, shop, engine);
    const bystander = await insertPerson(database().db, `bystander-${engine}`);
    await database().db.insert(orders).values({
      ...SHIPPING, customerId: bystander.userId, customerEmail: bystander.email, productId: shop.phones[0], vendorId: shop.vendorId,
      quantity: 1, unitPrice: 300_000_00, totalAmount: 300_000_00, status: "delivered",
    });
    for (const value of Object.values(buyer.markers)) expect(await whereFound(value), value).not.toEqual([]);
    const before = await money(shop.vendorId);

    await deleteAccount(deps(), buyer.userId, CONFIRMED);

    for (const value of Object.values(buyer.markers)) expect(await whereFound(value), value).toEqual([]);
    expect(await money(shop.vendorId)).toEqual(before);
    const [user] = await database().db.select().from(users).where(eq(users.id, buyer.userId));
    expect(user).toMatchObject({ email: deletedEmailOf(buyer.userId), name: PRIVACY_TEXTS.deletedName });
    expect(user!.deletedAt).toBeInstanceOf(Date);
    const kept = await database().db.select({ status: orders.status, total: orders.totalAmount }).from(orders).where(eq(orders.customerId, buyer.userId));
    expect(kept).toHaveLength(2);
    const [claim] = await q<{ description: string; photos: string[]; status: string }>("select description, photos, status from warranty_claims where id = $1", [buyer.claimId]);
    expect(claim).toEqual({ description: PRIVACY_TEXTS.claimRemoved, photos: [], status: "resolved" });
    const [review] = await q<{ rating: number; comment: string | null }>("select rating, comment from reviews where customer_id = $1", [buyer.userId]);
    expect(review).toEqual({ rating: 5, comment: null });
    for (const table of ["sessions", "accounts", "saved_addresses", "wishlist_items", "stock_alerts", "notifications", "user_roles"]) {
      const [row] = await q<{ n: string | number }>(`select count(*) as n from ${table} where user_id = $1`, [buyer.userId]);
      expect(Number(row!.n), table).toBe(0);
    }
    // Someone else's order with the same vendor is untouched.
    const [other] = await q<{ customer_name: string; shipping_address: string }>("select customer_name, shipping_address from orders where customer_id = $1", [bystander.userId]);
    expect(other).toEqual({ customer_name: SHIPPING.customerName, shipping_address: SHIPPING.shippingAddress });
  });

  it("refuses a wrong password or confirmation word and changes nothing", async () => {
    const buyer = await buildPrivateBuyer(database().db, shop, `${engine}-kept`);
    expect((await refusal(deleteAccount(deps(), buyer.userId, { ...CONFIRMED, password: "not-the-password" }))).fieldErrors).toEqual({ password: PRIVACY_TEXTS.wrongPassword });
    expect((await refusal(deleteAccount(deps(), buyer.userId, { ...CONFIRMED, confirmation: "delete" }))).fieldErrors).toEqual({ confirmation: PRIVACY_TEXTS.confirmationMismatch });
    expect((await refusal(deleteAccount(deps(), buyer.userId, { confirmation: "DELETE" }))).fieldErrors).toEqual({ password: PRIVACY_TEXTS.passwordRequired });
    const [user] = await database().db.select({ email: users.email, deletedAt: users.deletedAt }).from(users).where(eq(users.id, buyer.userId));
    expect(user).toEqual({ email: markersOf(`${engine}-kept`).email, deletedAt: null });
  });

  /** A vendor user with a password, an approved shop, one listing and a bank account. */
  async function vendorWithPassword(tag: string) {
    const person = await insertPerson(database().db, `vendor-${tag}-${engine}`, "vendor");
    await database().db.insert(accounts).values({ id: `acc-${person.userId}`, accountId: person.userId, providerId: "credential", userId: person.userId, password: await hashPassword(PRIVATE_PASSWORD) });
    const vendor = await insertVendor(database().db, person.userId, `Deletable ${tag} ${engine}`);
    const productId = await insertListing(database().db, vendor.id, `Galaxy ${tag} ${engine}`, { status: "approved", finalPrice: 200_000_00 });
    await database().db.insert(vendorBankAccounts).values({ vendorId: vendor.id, bankCode: "058", bankName: "Guaranty Trust Bank", accountNumber: ACCOUNT_NUMBERS[tag] ?? "9999999999", accountName: `Quentina Bankholder ${tag}`, recipientCode: `RCP_${tag}` });
    return { ...person, vendorId: vendor.id, productId };
  }

  async function snapshot(userId: string, vendorId: string) {
    const [user] = await database().db.select({ email: users.email, name: users.name, deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId));
    const [vendor] = await database().db.select().from(vendors).where(eq(vendors.id, vendorId));
    const logins = await database().db.select({ id: accounts.id }).from(accounts).where(eq(accounts.userId, userId));
    return { user, vendor, logins };
  }

  it("refuses a vendor with open orders, saying how many, and changes nothing", async () => {
    const seller = await vendorWithPassword("open");
    const buyer = await insertPerson(database().db, `open-buyer-${engine}`);
    await database().db.insert(orders).values(["paid", "shipped"].map((status) => ({
      ...SHIPPING, customerId: buyer.userId, customerEmail: buyer.email, productId: seller.productId, vendorId: seller.vendorId,
      quantity: 1, unitPrice: 200_000_00, totalAmount: 200_000_00, status: status as "paid" | "shipped",
    })));
    const before = await snapshot(seller.userId, seller.vendorId);
    const refused = await refusal(deleteAccount(deps(), seller.userId, CONFIRMED));
    expect(refused.code).toBe("conflict");
    expect(refused.message).toBe("You have 2 open orders from buyers that are not yet delivered, cancelled or refunded.");
    expect(await snapshot(seller.userId, seller.vendorId)).toEqual(before);
  });

  it("refuses a vendor whose balance is not paid out, saying how much, and changes nothing", async () => {
    const seller = await vendorWithPassword("balance");
    await creditAvailable(database().db, seller.vendorId, 50_000_00);
    const before = await snapshot(seller.userId, seller.vendorId);
    const refused = await refusal(deleteAccount(deps(), seller.userId, CONFIRMED));
    expect(refused.message).toBe("Your balance of ₦50,000 must be paid out first.");
    expect(await snapshot(seller.userId, seller.vendorId)).toEqual(before);
  });

  it("deletes a vendor with nothing open: contact details and bank holder replaced, listings off sale, the business name kept", async () => {
    const seller = await vendorWithPassword("done");
    await database().db.insert(vendorPreapprovalSubmissions).values({ vendorId: seller.vendorId, submissionData: { id_number: "Quentina ID 55501" } });
    await deleteAccount(deps(), seller.userId, CONFIRMED);
    for (const value of [seller.email, `${seller.userId}@shop.ng`, "Quentina Bankholder done", "Quentina ID 55501", ACCOUNT_NUMBERS.done!]) {
      expect(await whereFound(value), value).toEqual([]);
    }
    const [vendor] = await database().db.select().from(vendors).where(eq(vendors.id, seller.vendorId));
    expect(vendor).toMatchObject({ businessName: `Deletable done ${engine}`, contactPhone: PRIVACY_TEXTS.removed, businessAddress: PRIVACY_TEXTS.removed });
    const [bank] = await database().db.select().from(vendorBankAccounts).where(eq(vendorBankAccounts.vendorId, seller.vendorId));
    expect(bank).toMatchObject({ accountNumber: "0000000000", accountName: PRIVACY_TEXTS.deletedBankAccountName });
    const [product] = await database().db.select({ isLive: products.isLive }).from(products).where(eq(products.id, seller.productId));
    expect(product!.isLive).toBe(false);
  });

  it("refuses a buyer whose order is still on its way", async () => {
    const buyer = await buildPrivateBuyer(database().db, shop, `${engine}-waiting`);
    await database().db.update(orders).set({ status: "shipped" }).where(eq(orders.id, buyer.orderIds[0]!));
    const refused = await refusal(deleteAccount(deps(), buyer.userId, CONFIRMED));
    expect(refused.message).toBe("You have 1 open order that is not yet delivered, cancelled or refunded. Wait until it is finished.");
  });

  it("refuses the last super admin, and lets one go when another remains", async () => {
    const first = await insertPerson(database().db, `super-one-${engine}`, "super_admin");
    await database().db.insert(accounts).values({ id: `acc-${first.userId}`, accountId: first.userId, providerId: "credential", userId: first.userId, password: await hashPassword(PRIVATE_PASSWORD) });
    expect((await refusal(deleteAccount(deps(), first.userId, CONFIRMED))).message).toBe(PRIVACY_TEXTS.lastSuperAdmin);
    await insertPerson(database().db, `super-two-${engine}`, "super_admin");
    await deleteAccount(deps(), first.userId, CONFIRMED);
    const [user] = await database().db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, first.userId));
    expect(user!.deletedAt).toBeInstanceOf(Date);
  });
  /** `count` photos stored in folder the way the upload pipeline stores them; their URLs. */
  async function upload(storage: FileStorage, folder: UploadFolder, count: number): Promise<string[]> {
    const bytes = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#2a6f97" } }).jpeg().toBuffer();
    const stored = await storeUploadedImages(storage, folder, Array.from({ length: count }, (_, i) => ({ name: `photo-${i}.jpg`, bytes })));
    return stored.map((file) => file.url);
  }

  /** Every file stored for these URLs: the original and its renditions. */
  const filesOf = (urls: readonly string[]) => urls.flatMap((url) => [url.replace("/uploads/", ""), ...renditionKeys(url.replace("/uploads/", ""))]);

  it("removes the buyer's claim photos and the vendor's pre-approval documents from storage, and nobody else's files", async () => {
    const { storage } = deps();
    const buyer = await buildPrivateBuyer(database().db, shop, `${engine}-photos`);
    const otherBuyer = await buildPrivateBuyer(database().db, shop, `${engine}-other-photos`);
    const seller = await vendorWithPassword("papers");
    const buyerPhotos = await upload(storage, "claims", 2);
    const otherPhotos = await upload(storage, "claims", 1);
    const sellerPapers = await upload(storage, "preapproval", 2);
    const otherPapers = await upload(storage, "preapproval", 1);
    const listingPhotos = await upload(storage, "products", 1);
    await database().db.update(warrantyClaims).set({ photos: buyerPhotos }).where(eq(warrantyClaims.id, buyer.claimId));
    await database().db.update(warrantyClaims).set({ photos: otherPhotos }).where(eq(warrantyClaims.id, otherBuyer.claimId));
    await database().db.insert(vendorPreapprovalSubmissions).values([
      { vendorId: seller.vendorId, submissionData: { id_card: sellerPapers[0]!, utility_bill: sellerPapers[1]!, id_number: "Quentina ID 66602" } },
      { vendorId: shop.vendorId, submissionData: { id_card: otherPapers[0]! } },
    ]);
    await database().db.update(products).set({ images: listingPhotos }).where(eq(products.id, seller.productId));
    const before = await filesUnder(uploadsDir());
    const gone = filesOf([...buyerPhotos, ...sellerPapers]);
    expect(before).toEqual(expect.arrayContaining([...gone, ...filesOf([...otherPhotos, ...otherPapers, ...listingPhotos])]));

    await deleteAccount(deps(), buyer.userId, CONFIRMED);
    await deleteAccount(deps(), seller.userId, CONFIRMED);

    const after = await filesUnder(uploadsDir());
    expect(after.sort()).toEqual(before.filter((file) => !gone.includes(file)).sort());
    const [product] = await database().db.select({ images: products.images }).from(products).where(eq(products.id, seller.productId));
    expect(product!.images).toEqual(listingPhotos);
  });

  it("deletes the account even when a file cannot be deleted, and logs that file", async () => {
    const buyer = await buildPrivateBuyer(database().db, shop, `${engine}-stuck`);
    const local = deps().storage;
    const [photo] = await upload(local, "claims", 1);
    await database().db.update(warrantyClaims).set({ photos: [photo!] }).where(eq(warrantyClaims.id, buyer.claimId));
    const unreachable: FileStorage = { ...local, delete: () => Promise.reject(new Error("bucket unreachable")) };
    const logged: string[] = [];

    await deleteAccount(deps({ storage: unreachable, logError: (message) => void logged.push(message) }), buyer.userId, CONFIRMED);

    expect(logged).toEqual([`Deleting the private file ${photo!.replace("/uploads/", "")} of a deleted account failed`]);
    const [user] = await database().db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, buyer.userId));
    expect(user!.deletedAt).toBeInstanceOf(Date);
    const [claim] = await database().db.select({ photos: warrantyClaims.photos }).from(warrantyClaims).where(eq(warrantyClaims.id, buyer.claimId));
    expect(claim!.photos).toEqual([]);
  });
});
