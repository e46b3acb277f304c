import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client";
import { vendorBankAccounts, vendorLedgerEntries } from "../db/schema/payouts";
import { ACCESS_TEXTS } from "../domain/core/access";
import { PaymentProviderError } from "../domain/payments/provider";
import { BANK_ACCOUNT_TEXTS as T } from "../domain/payouts/bank-validation";
import { RESOLVE_BANK_LIMIT } from "../domain/payouts/bank-accounts";
import { PASSWORD_CONFIRMATION_ATTEMPTS } from "../domain/accounts/password-confirmation";
import { fileStorageFor } from "../domain/media/storage-config";
import { deleteAccount } from "../domain/privacy/deletion";
import { PRIVACY_TEXTS } from "../domain/privacy/texts";
import { PAYOUT_FORM_TEXTS } from "../domain/payouts/validation";
import type { Answer, Failure } from "../app/ui/answer";
import type { BankExtra } from "../app/server/bank-forms.server";
import { type TestApp, postAction, postForm, startTestApp } from "../tests/support/app";
import { TEST_ENGINES, createDatabaseFor } from "../tests/support/database";
import { FAKE_BANKS, fakeBankPayments } from "../tests/support/fake-banks";
import { WORLD_PASSWORD, addPerson, addSeller, openSession } from "../tests/security/world";

/** The text a reader sees: React escapes quotes in HTML. */
/** A bank form's answer, read on either side (a success has no field errors). */
type BankAnswer = Answer<BankExtra> & Partial<Pick<Failure, "fieldErrors">>;

const readable = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&#39;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

/** The Earnings tab, its statements and its payout details form from the outside, with a fake Paystack. */
describe.each(TEST_ENGINES)("vendor earnings over HTTP (%s)", (engine) => {
  let database: DatabaseHandle;
  let app: TestApp;
  let banksDown = true;
  const payments = fakeBankPayments({
    listBanks: async () => {
      if (banksDown) throw new PaymentProviderError("Service unavailable", 503);
      return FAKE_BANKS;
    },
  });
  const cookie = { seller: "", rival: "", newcomer: "", customer: "", admin: "" };
  let sellerVendorId: string;

  beforeAll(async () => {
    database = await createDatabaseFor(engine);
    app = await startTestApp(database, {}, { payments: payments.provider });
    const db = database.db;
    const tag = randomBytes(3).toString("hex");
    const seller = await addSeller(db, "earner", tag);
    const rival = await addSeller(db, "rival", tag);
    sellerVendorId = seller.vendorId;
    await db.insert(vendorLedgerEntries).values([
      { vendorId: seller.vendorId, kind: "adjustment", bucket: "available", amount: 12_345_00, note: "Opening balance from the old shop", createdAt: new Date("2026-11-10T10:00:00Z") },
      { vendorId: rival.vendorId, kind: "adjustment", bucket: "available", amount: 99_999_00, note: "Rival money", createdAt: new Date("2026-11-12T10:00:00Z") },
    ]);
    const people = { seller, rival, newcomer: await addSeller(db, "newcomer", tag), customer: await addPerson(db, "buyer"), admin: await addPerson(db, "boss", "admin") };
    for (const [name, person] of Object.entries(people)) cookie[name as keyof typeof cookie] = await openSession(db, person);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const earningsPage = async (who: string) => {
    const response = await fetch(`${app.base}/vendor-dashboard?tab=earnings`, { headers: { Cookie: who, Accept: "text/html" } });
    return { status: response.status, text: readable(await response.text()) };
  };
  const statement = (query: string, who = cookie.seller) => fetch(`${app.base}/vendor-dashboard/statement${query}`, { headers: who ? { Cookie: who } : {} });
  const bankFields = (intent: string, accountNumber: string, extra: Record<string, string> = {}) => ({ intent, bankCode: "058", accountNumber, ...extra });
  const currentAccounts = () => database.db.select().from(vendorBankAccounts).where(eq(vendorBankAccounts.vendorId, sellerVendorId));

  it("shows the balances, entries and statements, and keeps the bank form closed while Paystack's banks cannot be read", async () => {
    const { status, text } = await earningsPage(cookie.seller);
    expect(status).toBe(200);
    for (const shown of [
      "Sold, within the 30-day warranty", "On its way", "Paid out", "Next payout: ", "Payouts are sent when your available balance reaches ₦5,000",
      "₦12,345", "Opening balance from the old shop", "Statement for November 2026", 'href="/vendor-dashboard/statement?month=2026-11"', T.banksUnavailable,
    ]) {
      expect(text).toContain(shown);
    }
    expect(text).not.toContain("Rival money");
    expect(text).toMatch(/<fieldset disabled=""/);
  });

  it("shows an empty state to a vendor without earnings, and Paystack's banks in the form", async () => {
    banksDown = false;
    const { text } = await earningsPage(cookie.newcomer);
    expect(text).toContain("No earnings yet. Sales appear here once paid.");
    expect(text).toContain("No statements yet");
    expect(text).toContain('<option value="058">Guaranty Trust Bank</option>');
    expect(text).not.toContain(T.banksUnavailable);
  });

  it("downloads the vendor's own statement as CSV", async () => {
    const response = await statement("?month=2026-11");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="tokunbo-statement-2026-11.csv"');
    const csv = await response.text();
    expect(csv).toContain("Opening balance from the old shop");
    expect(csv).toContain("12345.00");
    expect(csv).not.toContain("Rival money");
  });

  it("refuses a bad month with 400, and anyone but a vendor", async () => {
    for (const query of ["?month=2026-13", "?month=", "?month=26-11", "?month=2026-11-01", "", "?month=%E2%80%AE"]) {
      const response = await statement(query);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toEqual({ error: PAYOUT_FORM_TEXTS.month });
    }
    expect((await statement("?month=2026-11", "")).status).toBe(401);
    for (const who of [cookie.customer, cookie.admin]) {
      const response = await statement("?month=2026-11", who);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: ACCESS_TEXTS.forbidden });
    }
  });

  it("checks an account without scripts: the page comes back with the name to confirm", async () => {
    const response = await postForm(app.base, "/vendor-dashboard?tab=earnings", bankFields("resolve-bank", "0123 456 789"), { cookie: cookie.seller });
    expect(response.status).toBe(200);
    const text = readable(await response.text());
    expect(text).toContain("Account name: ADEBAYO OLUWASEUN");
    expect(text).toContain('name="intent" value="save-bank"');
    expect(text).toContain('name="accountNumber" value="0123456789"');
    expect(text).toContain("Save bank account");
    expect(text).not.toContain('name="password"');
  });

  it("answers bad or unknown account numbers with the message beside the field, keeping what was typed", async () => {
    const bad = await postAction<BankAnswer>(app.base, "/vendor-dashboard?tab=earnings", bankFields("resolve-bank", "12345"), cookie.seller);
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors).toEqual({ accountNumber: T.accountNumber });
    const unknown = await postForm(app.base, "/vendor-dashboard?tab=earnings", bankFields("resolve-bank", "0999999999"), { cookie: cookie.seller });
    expect(unknown.status).toBe(400);
    const text = readable(await unknown.text());
    expect(text).toContain(T.accountNotFound);
    expect(text).toContain('value="0999999999"');
    expect(await currentAccounts()).toEqual([]);
  });

  it("saves a first account, then changes it only with the password, holding the next payout", async () => {
    const first = await postAction<BankAnswer>(app.base, "/vendor-dashboard?tab=earnings", bankFields("save-bank", "0123456789"), cookie.seller);
    expect([first.status, first.data.saved, first.data.message]).toEqual([200, true, T.added]);
    expect(payments.asked.recipients.at(-1)).toMatchObject({ name: "ADEBAYO OLUWASEUN", metadata: { vendor_id: sellerVendorId } });

    const withoutPassword = await postAction<BankAnswer>(app.base, "/vendor-dashboard?tab=earnings", bankFields("save-bank", "0234567891"), cookie.seller);
    expect(withoutPassword.status).toBe(400);
    expect(withoutPassword.data.fieldErrors).toEqual({ password: T.wrongPassword });
    expect(await currentAccounts()).toHaveLength(1);

    const changed = await postForm(app.base, "/vendor-dashboard?tab=earnings", bankFields("save-bank", "0234567891", { password: WORLD_PASSWORD }), { cookie: cookie.seller });
    expect(changed.status).toBe(200);
    const text = readable(await changed.text());
    expect(text).toContain(T.changed);
    expect(text).toContain("Guaranty Trust Bank ****7891");
    expect(text).toContain("Held until ");
    const rows = await currentAccounts();
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.replacedAt === null)?.payoutsHeldUntil).not.toBeNull();

    expect((await earningsPage(cookie.seller)).text).toContain("Change bank account");
    const confirm = await postForm(app.base, "/vendor-dashboard?tab=earnings", bankFields("resolve-bank", "0345678912"), { cookie: cookie.seller });
    expect(readable(await confirm.text())).toContain('name="password"');
    expect((await earningsPage(cookie.rival)).text).not.toContain("ADEBAYO");
  });

  it("stops guessing the password that guards the payout account: after 5 wrong ones even the right one waits, and deleting the account counts the same guesses", async () => {
    banksDown = false;
    const guesser = await addSeller(database.db, "guesser", randomBytes(3).toString("hex"));
    const session = await openSession(database.db, guesser);
    const accountsOf = () => database.db.select().from(vendorBankAccounts).where(eq(vendorBankAccounts.vendorId, guesser.vendorId));
    expect((await postAction(app.base, "/vendor-dashboard?tab=earnings", bankFields("save-bank", "0123456789"), session)).status).toBe(200);
    for (let guess = 1; guess <= PASSWORD_CONFIRMATION_ATTEMPTS.max; guess++) {
      const wrong = await postAction<BankAnswer>(app.base, "/vendor-dashboard?tab=earnings", bankFields("save-bank", "0234567891", { password: `guess-${guess}-of-many` }), session);
      expect([wrong.status, wrong.data.fieldErrors]).toEqual([400, { password: T.wrongPassword }]);
    }
    const limited = await postForm(app.base, "/vendor-dashboard?tab=earnings", bankFields("save-bank", "0234567891", { password: WORLD_PASSWORD }), { cookie: session });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(readable(await limited.text())).toContain("Too many attempts. Please try again in 15 minutes.");
    expect((await accountsOf()).map((row) => row.accountNumber)).toEqual(["0123456789"]);
    await expect(deleteAccount({ db: database.db, storage: fileStorageFor(app.config), logError: () => {} }, guesser.userId, { password: WORLD_PASSWORD, confirmation: PRIVACY_TEXTS.confirmationWord }))
      .rejects.toThrow("Too many attempts. Please try again in 15 minutes.");
  });

  it("limits account look-ups to 20 per vendor in 10 minutes, saying when to try again; other vendors still look up", async () => {
    banksDown = false;
    const looker = await addSeller(database.db, "looker", randomBytes(3).toString("hex"));
    const session = await openSession(database.db, looker);
    for (let i = 0; i < RESOLVE_BANK_LIMIT.max; i++) {
      expect((await postAction(app.base, "/vendor-dashboard?tab=earnings", bankFields("resolve-bank", "0123456789"), session)).status, `look-up ${i + 1}`).toBe(200);
    }
    const asked = payments.asked.resolves.length;
    const refused = await postAction<BankAnswer>(app.base, "/vendor-dashboard?tab=earnings", bankFields("resolve-bank", "0123456789"), session);
    expect([refused.status, refused.data.detail]).toEqual([429, T.tooManyChecks(10)]);
    const page = await postForm(app.base, "/vendor-dashboard?tab=earnings", bankFields("resolve-bank", "0123456789"), { cookie: session });
    expect(page.status).toBe(429);
    expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(500);
    expect(readable(await page.text())).toContain(T.tooManyChecks(10));
    expect(payments.asked.resolves.length).toBe(asked);
    expect((await postAction(app.base, "/vendor-dashboard?tab=earnings", bankFields("resolve-bank", "0123456789"), cookie.rival)).status).toBe(200);
  });

  it("refuses the bank intents to anyone but a vendor", async () => {
    for (const intent of ["resolve-bank", "save-bank"]) {
      expect((await postAction(app.base, "/vendor-dashboard?tab=earnings", bankFields(intent, "0345678912"))).status).toBe(401);
      for (const who of [cookie.customer, cookie.admin]) {
        expect((await postAction(app.base, "/vendor-dashboard?tab=earnings", bankFields(intent, "0345678912"), who)).status).toBe(403);
      }
    }
    expect((await currentAccounts()).map((row) => row.accountNumber)).not.toContain("0345678912");
  });
});
