import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "../../db/client";
import { accounts, users } from "../../db/schema/accounts";
import { userActivities } from "../../db/schema/activity";
import { notifications } from "../../db/schema/notifications";
import { vendorBankAccounts } from "../../db/schema/payouts";
import { TEST_ENGINES, createDatabaseFor } from "../../tests/support/database";
import { FAKE_BANKS, fakeBankPayments } from "../../tests/support/fake-banks";
import { insertPerson, insertVendor, recordingMailer } from "../../tests/support/rows";
import { refusalOf } from "../../tests/support/refusal";
import { ACCESS_TEXTS, type Actor } from "../core/access";
import { PaymentProviderError } from "../payments/provider";
import { accountNameMismatch, getOwnBankAccount, listBanks, resolveBankAccount, saveBankAccount } from "./bank-accounts";
import { BANK_ACCOUNT_TEXTS as T, resolveBankSchema, saveBankSchema } from "./bank-validation";
import { HOUR_MS as HOUR } from "../../lib/lagos-time";

const GTB = { name: "Guaranty Trust Bank", code: "058" };

describe("the payout details form's schema", () => {
  it("takes ten digits, spaces removed, and a bank; refuses anything else with the form's words", () => {
    expect(resolveBankSchema.parse({ bankCode: "058", accountNumber: " 0123 456 789 " })).toEqual({ bankCode: "058", accountNumber: "0123456789" });
    for (const accountNumber of ["", "012345678", "01234567890", "0123-456789", "١٢٣٤٥٦٧٨٩٠", "abcdefghij"]) {
      const parsed = resolveBankSchema.safeParse({ bankCode: "058", accountNumber });
      expect(parsed.error?.issues[0]?.message, accountNumber).toBe(T.accountNumber);
    }
    for (const bankCode of ["", "   ", "05 8", "x".repeat(21), "<script>"]) {
      expect(resolveBankSchema.safeParse({ bankCode, accountNumber: "0123456789" }).error?.issues[0]?.message, bankCode).toBe(T.bank);
    }
    expect(resolveBankSchema.safeParse({}).error?.issues.map((issue) => issue.message)).toEqual([T.bank, T.accountNumber]);
  });

  it("reads an empty password as none and refuses one over 128 characters", () => {
    expect(saveBankSchema.parse({ bankCode: "058", accountNumber: "0123456789", password: "" }).password).toBeUndefined();
    expect(saveBankSchema.parse({ bankCode: "058", accountNumber: "0123456789", password: " a b " }).password).toBe(" a b ");
    expect(saveBankSchema.safeParse({ bankCode: "058", accountNumber: "0123456789", password: "x".repeat(129) }).error?.issues[0]?.message).toBe(T.password);
  });
});

describe("whether an account name matches the vendor", () => {
  it("looks for one shared word, ignoring case, accents, punctuation, short words and words like LTD", () => {
    expect(accountNameMismatch("ADEBAYO-OLUWASEUN", ["Ikeja Phones", "Adébáyọ̀ Oluwaseun"])).toBe(false);
    expect(accountNameMismatch("IKEJA PHONES LIMITED", ["Ikeja Phones Ltd", "Ngozi Eze"])).toBe(false);
    expect(accountNameMismatch("O'NEIL GADGETS", ["ONeil Gadgets", "Ada Obi"])).toBe(false);
    expect(accountNameMismatch("CHUKWUEMEKA OKAFOR", ["Ikeja Phones Ltd", "Ngozi Eze"])).toBe(true);
    expect(accountNameMismatch("XYZ VENTURES NIGERIA LIMITED", ["ABC Ventures Nigeria Limited", "Ngozi Eze"])).toBe(true);
    expect(accountNameMismatch("AB EZ ENTERPRISES", ["AB EZ Enterprises", "Ab Ez"])).toBe(true);
  });
});

describe("the list of banks", () => {
  it("is sorted by name and asked of Paystack once an hour per provider", async () => {
    const { provider, asked } = fakeBankPayments();
    const now = Date.parse("2026-11-25T10:00:00Z");
    expect((await listBanks({ payments: provider }, now)).map((bank) => bank.name)).toEqual(["Access Bank", "Guaranty Trust Bank", "Zenith Bank"]);
    await listBanks({ payments: provider }, now + HOUR - 1);
    expect(asked.banks).toBe(1);
    await listBanks({ payments: provider }, now + HOUR + 1);
    expect(asked.banks).toBe(2);
    await listBanks({ payments: fakeBankPayments().provider }, now);
    expect(asked.banks).toBe(2);
  });

  it("says Paystack could not be reached, and asks again next time", async () => {
    let fail = true;
    const { provider } = fakeBankPayments({
      listBanks: async () => {
        if (fail) throw new PaymentProviderError("Gateway timeout", 504);
        return FAKE_BANKS;
      },
    });
    const refusal = await refusalOf(() => listBanks({ payments: provider }));
    expect([refusal.code, refusal.message]).toEqual(["unavailable", T.banksUnavailable]);
    fail = false;
    expect(await listBanks({ payments: provider })).toHaveLength(3);
  });
});

describe.each(TEST_ENGINES)("payout bank accounts (%s)", (engine) => {
  let database: DatabaseHandle;
  const mailer = recordingMailer();
  const publicUrl = "https://tokunbo.example";
  const now = new Date("2026-11-25T10:00:00Z");
  let payments = fakeBankPayments();
  const deps = () => ({ db: database.db, payments: payments.provider, mailer, publicUrl });
  const seller = { userId: `bank-seller-${engine}`, email: `bank-seller-${engine}@example.ng`, role: "vendor" as const };
  const otherSeller = { userId: `bank-other-${engine}`, email: `bank-other-${engine}@example.ng`, role: "vendor" as const };
  const pendingSeller = { userId: `bank-pending-${engine}`, email: `bank-pending-${engine}@example.ng`, role: "vendor" as const };
  const buyer = { userId: `bank-buyer-${engine}`, email: `bank-buyer-${engine}@example.ng`, role: "customer" as const };
  const admin = { userId: `bank-admin-${engine}`, email: `bank-admin-${engine}@example.ng`, role: "admin" as const };
  let vendorId: string;
  let otherVendorId: string;
  let pendingVendorId: string;

  async function withPassword(db: Database, userId: string, password: string) {
    await db.insert(accounts).values({ id: randomUUID(), accountId: userId, providerId: "credential", userId, password: await hashPassword(password) });
  }

  const accountsOf = (id: string) => database.db.select().from(vendorBankAccounts).where(eq(vendorBankAccounts.vendorId, id)).orderBy(vendorBankAccounts.createdAt);
  const noticesOf = (userId: string) => database.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt));
  const save = (who: Actor, accountNumber: string, password?: string, at = now) => saveBankAccount(deps(), who, { bankCode: GTB.code, accountNumber, password }, at);

  beforeAll(async () => {
    database = await createDatabaseFor(engine);
    const db = database.db;
    for (const person of [seller, otherSeller, pendingSeller]) await insertPerson(db, person.userId, "vendor");
    await insertPerson(db, buyer.userId);
    await insertPerson(db, admin.userId, "admin");
    await db.update(users).set({ name: "Adebayo Oluwaseun" }).where(eq(users.id, seller.userId));
    await db.update(users).set({ name: "Ngozi Eze" }).where(eq(users.id, otherSeller.userId));
    await withPassword(db, seller.userId, "seller-pass-1");
    await withPassword(db, otherSeller.userId, "other-pass-2");
    vendorId = (await insertVendor(db, seller.userId, `Ikeja Phones Ltd ${engine}`)).id;
    otherVendorId = (await insertVendor(db, otherSeller.userId, `Wuse Mobile ${engine}`)).id;
    pendingVendorId = (await insertVendor(db, pendingSeller.userId, `Pending Phones ${engine}`, "pending")).id;
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(() => {
    payments = fakeBankPayments();
    mailer.sent.length = 0;
  });

  it("resolves an account's name for the vendor to confirm", async () => {
    expect(await resolveBankAccount(deps(), seller, { bankCode: GTB.code, accountNumber: "0123456789" })).toEqual({ accountName: "ADEBAYO OLUWASEUN", nameMismatch: false });
    expect(await resolveBankAccount(deps(), seller, { bankCode: GTB.code, accountNumber: "0345678912" })).toEqual({ accountName: "CHUKWUEMEKA OKAFOR", nameMismatch: true });
  });

  it("refuses an account Paystack cannot resolve, and a bank not in Paystack's list", async () => {
    const unknown = await refusalOf(() => resolveBankAccount(deps(), seller, { bankCode: GTB.code, accountNumber: "0999999999" }));
    expect([unknown.code, unknown.message, unknown.fieldErrors]).toEqual(["invalid", T.accountNotFound, { accountNumber: T.accountNotFound }]);
    const bank = await refusalOf(() => resolveBankAccount(deps(), seller, { bankCode: "999", accountNumber: "0123456789" }));
    expect([bank.code, bank.message]).toEqual(["invalid", T.bank]);
    payments = fakeBankPayments({ resolveAccount: () => Promise.reject(new PaymentProviderError("fetch failed", null)) });
    const down = await refusalOf(() => resolveBankAccount(deps(), seller, { bankCode: GTB.code, accountNumber: "0123456789" }));
    expect([down.code, down.message]).toEqual(["unavailable", T.paystackUnreachable]);
    payments = fakeBankPayments();
    expect(await refusalOf(() => save(seller, "0999999999"))).toMatchObject({ code: "invalid", message: T.accountNotFound });
    expect(await accountsOf(vendorId)).toEqual([]);
  });

  it("saves a first account without a password or a hold, with the name Paystack resolved", async () => {
    const saved = await save(seller, "0123456789");
    expect(saved).toEqual({
      changed: true,
      replaced: false,
      account: { bankCode: GTB.code, bankName: GTB.name, accountNumber: "****6789", accountName: "ADEBAYO OLUWASEUN", nameMismatch: false, heldUntil: null },
    });
    const [row] = await accountsOf(vendorId);
    expect(row).toMatchObject({ accountNumber: "0123456789", recipientCode: "RCP_0123456789", isTest: true, payoutsHeldUntil: null, replacedAt: null });
    expect(payments.asked.recipients).toEqual([{ name: "ADEBAYO OLUWASEUN", accountNumber: "0123456789", bankCode: GTB.code, metadata: { vendor_id: vendorId } }]);
    const [activity] = await database.db.select().from(userActivities).where(eq(userActivities.userId, seller.userId)).orderBy(desc(userActivities.createdAt)).limit(1);
    expect(activity).toMatchObject({ userType: "vendor", activityType: "bank_account_added" });
    expect(JSON.stringify(activity)).not.toContain("0123456789");
    expect(activity!.activityDescription).toContain("****6789");
    expect(mailer.sent).toEqual([]);
    expect(await getOwnBankAccount(database.db, seller, now)).toEqual(saved.account);
  });

  it("changes nothing when the current account is sent again", async () => {
    const before = await accountsOf(vendorId);
    expect(await save(seller, "0123456789")).toMatchObject({ changed: false });
    expect(await accountsOf(vendorId)).toEqual(before);
    expect(payments.asked.recipients).toEqual([]);
  });

  it("asks for the right password to change it, and a wrong or missing one changes nothing", async () => {
    const before = await accountsOf(vendorId);
    const noticesBefore = await noticesOf(seller.userId);
    for (const password of [undefined, "wrong-pass", "other-pass-2"]) {
      const refusal = await refusalOf(() => save(seller, "0234567891", password));
      expect([refusal.code, refusal.message, refusal.fieldErrors], String(password)).toEqual(["invalid", T.wrongPassword, { password: T.wrongPassword }]);
    }
    expect(await accountsOf(vendorId)).toEqual(before);
    expect(await noticesOf(seller.userId)).toEqual(noticesBefore);
    expect(payments.asked.recipients).toEqual([]);
    expect(mailer.sent).toEqual([]);
  });

  it("replaces the account on a change, holds the next payout for a day and tells the vendor by e-mail and notice", async () => {
    const later = new Date(now.getTime() + 2 * HOUR);
    const saved = await save(seller, "0234567891", "seller-pass-1", later);
    const heldUntil = new Date(later.getTime() + 24 * HOUR);
    expect(saved).toMatchObject({ changed: true, replaced: true, account: { accountNumber: "****7891", accountName: "ADEBAYO O. OLUWASEUN", heldUntil: heldUntil.toISOString() } });
    const [old, current] = await accountsOf(vendorId);
    expect(old).toMatchObject({ accountNumber: "0123456789", replacedAt: later });
    expect(current).toMatchObject({ accountNumber: "0234567891", replacedAt: null, payoutsHeldUntil: heldUntil });

    expect(mailer.sent.map((email) => email.to).sort()).toEqual([`${seller.userId}@example.ng`, `${seller.userId}@shop.ng`]);
    const [email] = mailer.sent;
    expect(email!.subject).toBe("Your payout bank account was changed");
    for (const fact of [GTB.name, "****7891", "ADEBAYO O. OLUWASEUN", "Nov 26, 2026, 1:00 PM (Lagos time)", "If this was not you, contact us at once"]) {
      expect(email!.text).toContain(fact);
    }
    expect(email!.text).not.toContain("0234567891");
    const [notice] = await noticesOf(seller.userId);
    expect(notice).toMatchObject({ type: "warning", title: T.changedTitle });
    expect(notice!.message).toContain("Guaranty Trust Bank ****7891");
    const [activity] = await database.db.select().from(userActivities).where(eq(userActivities.userId, seller.userId)).orderBy(desc(userActivities.createdAt)).limit(1);
    expect(activity).toMatchObject({ activityType: "bank_account_changed" });
    expect(await getOwnBankAccount(database.db, seller, later)).toMatchObject({ heldUntil: heldUntil.toISOString() });
    expect(await getOwnBankAccount(database.db, seller, new Date(heldUntil.getTime() + 1))).toMatchObject({ heldUntil: null });
  });

  it("flags a name matching neither the business nor the owner, and tells every admin", async () => {
    const saved = await save(seller, "0345678912", "seller-pass-1");
    expect(saved.account).toMatchObject({ nameMismatch: true, accountName: "CHUKWUEMEKA OKAFOR" });
    const [notice] = await noticesOf(admin.userId);
    expect(notice).toMatchObject({
      type: "warning",
      title: "Bank account name differs",
      message: `Ikeja Phones Ltd ${engine}: the account Guaranty Trust Bank ****8912 is in the name of CHUKWUEMEKA OKAFOR.`,
    });
  });

  it("keeps each vendor to their own account", async () => {
    expect(await getOwnBankAccount(database.db, otherSeller)).toBeNull();
    await save(otherSeller, "0456789123");
    const mine = await accountsOf(vendorId);
    // The other vendor's change needs their own password, not this vendor's.
    expect(await refusalOf(() => save(otherSeller, "0567891234", "seller-pass-1"))).toMatchObject({ message: T.wrongPassword });
    await save(otherSeller, "0567891234", "other-pass-2");
    expect(await accountsOf(vendorId)).toEqual(mine);
    expect((await getOwnBankAccount(database.db, otherSeller))?.accountNumber).toBe("****1234");
    expect((await getOwnBankAccount(database.db, seller))?.accountNumber).toBe("****8912");
    expect(await accountsOf(otherVendorId)).toHaveLength(2);
  });

  it("refuses buyers, admins and vendors not yet approved", async () => {
    for (const actor of [buyer, admin]) {
      for (const call of [
        () => resolveBankAccount(deps(), actor, { bankCode: GTB.code, accountNumber: "0123456789" }),
        () => save(actor, "0123456789"),
        () => getOwnBankAccount(database.db, actor),
      ]) {
        expect(await refusalOf(call)).toMatchObject({ code: "forbidden", message: ACCESS_TEXTS.forbidden });
      }
    }
    for (const call of [() => resolveBankAccount(deps(), pendingSeller, { bankCode: GTB.code, accountNumber: "0123456789" }), () => save(pendingSeller, "0123456789")]) {
      expect(await refusalOf(call)).toMatchObject({ code: "forbidden", message: T.notApproved });
    }
    expect(await accountsOf(pendingVendorId)).toEqual([]);
    expect(payments.asked.recipients).toEqual([]);
  });
});
