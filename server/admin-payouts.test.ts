import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatLagosDateTime } from "../lib/lagos-time";
import type { DatabaseHandle } from "../db/client";
import { payoutRuns, vendorBankAccounts } from "../db/schema";
import { ACCESS_TEXTS, type Actor } from "../domain/core/access";
import { PAYOUTS_CSV_HEADER, getPayoutsOverview, postAdjustment } from "../domain/payouts/admin-payouts";
import { payoutPeriodOf } from "../domain/payouts/period";
import { createPayout } from "../domain/flows/run-payouts";
import { PAYOUT_TEXTS } from "../domain/payouts/texts";
import { applyTransferOutcome } from "../domain/payouts/transfers";
import { COMMISSION_TEXTS, PAYOUT_ADMIN_TEXTS, PAYOUT_FORM_TEXTS } from "../domain/payouts/validation";
import { FORM_TEXTS } from "../app/server/forms.server";
import { type TestApp, startTestApp } from "../tests/support/app";
import { deliveredSale } from "../tests/support/payouts";
import { TEST_ENGINES, createDatabaseFor } from "../tests/support/database";
import { type World, buildWorld, signInAll } from "../tests/security/world";

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

/** The Payouts tab, its door and the commission intent of the vendors door, over HTTP. */
describe.each(TEST_ENGINES)("admin payouts and commission (%s)", (engine) => {
  let database: DatabaseHandle;
  let app: TestApp;
  let world: World;
  let cookies: Awaited<ReturnType<typeof signInAll>>;
  let admin: Actor;

  beforeAll(async () => {
    database = await createDatabaseFor(engine);
    app = await startTestApp(database);
    world = await buildWorld(database.db);
    cookies = await signInAll(app.base, world);
    admin = { userId: world.admin.userId, email: world.admin.email, role: "admin" };
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const one = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await database.query<T>(sql, params))[0] as T;
  const count = async (table: string) => (await one<{ n: number }>(`select count(*)::int n from ${table}`)).n;
  const post = (url: string, fields: Record<string, string>, cookie = cookies.admin) =>
    fetch(`${app.base}${url}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json", ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(fields),
    });
  const tab = async (name: string) => {
    const response = await fetch(`${app.base}/admin?tab=${name}`, { headers: { Cookie: cookies.admin } });
    expect(response.status).toBe(200);
    return (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
  };
  const balanceOf = async (vendorId: string) => (await getPayoutsOverview(database.db, admin)).balances.find((row) => row.vendorId === vendorId);
  const adjustment = (fields: Record<string, string> = {}) => ({
    intent: "adjust", vendorId: world.vendor.vendorId, direction: "credit", amountNaira: "1,500.50", reason: "Courier fee refunded", ...fields,
  });

  it("shows the next run, the vendors without bank details, no runs yet and the CSV link", async () => {
    const page = await tab("payouts");
    expect(page).toMatch(/>Payouts<\/a>/);
    expect(page).toContain(PAYOUT_ADMIN_TEXTS.nextRun);
    expect(page).toContain(PAYOUT_ADMIN_TEXTS.schedule("Friday", "₦5,000"));
    expect(page).toContain(PAYOUT_ADMIN_TEXTS.startConfirm("₦5,000"));
    expect(page).toContain(PAYOUT_ADMIN_TEXTS.withoutBank);
    expect(page).toContain(world.vendor.businessName);
    expect(page).toContain(PAYOUT_ADMIN_TEXTS.noRuns);
    expect(page).toContain('href="/admin/export/payouts"');
  });

  it("start with no vendor due: the run finishes, says so, is logged and listed as started by the admin", async () => {
    const [runs, activities] = [await count("payout_runs"), await count("user_activities where activity_type = 'payout_run'")];
    const response = await post("/admin/payouts", { intent: "start" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, message: "Payout run finished: no vendor was due a payout" });
    expect(await count("payout_runs where finished_at is not null")).toBe(runs + 1);
    expect(await count("vendor_payouts")).toBe(0);
    expect(await count("user_activities where activity_type = 'payout_run'")).toBe(activities + 1);
    const page = await tab("payouts");
    expect(page).toContain(`Started by ${world.admin.email}`);
    expect(page).toContain(PAYOUT_ADMIN_TEXTS.noPayouts);
    expect(page).not.toContain(PAYOUT_ADMIN_TEXTS.noRuns);
  });

  it("adjust credits and debits the available balance, shown in the overview's balances", async () => {
    const credit = await post("/admin/payouts", adjustment());
    expect(credit.status).toBe(200);
    expect(await credit.json()).toMatchObject({ ok: true, message: PAYOUT_TEXTS.adjustmentPosted });
    expect(await balanceOf(world.vendor.vendorId)).toMatchObject({ businessName: world.vendor.businessName, available: 150_050, pending: 0 });
    const debit = await post("/admin/payouts", adjustment({ direction: "debit", amountNaira: "500", reason: "Duplicate credit" }));
    expect(debit.status).toBe(200);
    expect((await balanceOf(world.vendor.vendorId))?.available).toBe(100_050);
    expect(await one("select activity_description d from user_activities where activity_type = 'payout_adjustment' order by created_at desc limit 1"))
      .toEqual({ d: `Debited ${world.vendor.businessName} ₦500: Duplicate credit` });
    const balance = (await tab("payouts")).split(`aria-label="Balance of ${world.vendor.businessName}"`)[1]?.split("</li>")[0];
    expect(balance).toContain(PAYOUT_ADMIN_TEXTS.owed("₦1,000.5", "₦0"));
  });

  it("refuses bad input with 400 and its message, an unknown vendor or payout with 404, and writes nothing", async () => {
    const before = [await count("vendor_ledger_entries"), await count("user_activities"), await count("vendor_payouts")];
    const cases: Array<[Record<string, string>, number, string]> = [
      [adjustment({ amountNaira: "0" }), 400, PAYOUT_FORM_TEXTS.amount],
      [adjustment({ amountNaira: "12.345" }), 400, PAYOUT_FORM_TEXTS.amount],
      [adjustment({ amountNaira: "-50" }), 400, PAYOUT_FORM_TEXTS.amount],
      [adjustment({ direction: "" }), 400, PAYOUT_FORM_TEXTS.direction],
      [adjustment({ reason: "ab" }), 400, PAYOUT_FORM_TEXTS.reason],
      [adjustment({ vendorId: "not-a-vendor" }), 400, PAYOUT_FORM_TEXTS.vendor],
      [adjustment({ vendorId: UNKNOWN_ID }), 404, PAYOUT_TEXTS.vendorNotFound],
      [{ intent: "retry", payoutId: "abc" }, 400, PAYOUT_FORM_TEXTS.payout],
      [{ intent: "retry" }, 400, PAYOUT_FORM_TEXTS.payout],
      [{ intent: "retry", payoutId: UNKNOWN_ID }, 404, PAYOUT_TEXTS.payoutNotFound],
      [{ intent: "pay-everyone" }, 400, FORM_TEXTS.unknownIntent],
      [{}, 400, FORM_TEXTS.unknownIntent],
    ];
    for (const [fields, status, message] of cases) {
      const response = await post("/admin/payouts", fields);
      expect(response.status, JSON.stringify(fields)).toBe(status);
      expect(((await response.json()) as { detail: string }).detail, JSON.stringify(fields)).toBe(message);
    }
    expect([await count("vendor_ledger_entries"), await count("user_activities"), await count("vendor_payouts")]).toEqual(before);
  });

  it("retry is refused for a payout that has not failed; a failed one shows its reason and 'Retry'", async () => {
    const payout = await pendingPayout();
    const before = await count("vendor_payouts");
    const refused = await post("/admin/payouts", { intent: "retry", payoutId: payout.id });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ ok: false, message: PAYOUT_ADMIN_TEXTS.retryFailed, detail: PAYOUT_TEXTS.notRetryable });
    expect(await count("vendor_payouts")).toBe(before);

    // What Paystack says of the transfer; sending it again goes through Paystack's transfer endpoints.
    const deps = { db: database.db, mailer: app.services.mailer, publicUrl: app.config.publicUrl };
    await applyTransferOutcome(deps, { reference: payout.reference, status: "failed", failureReason: "Account closed" });
    const [run] = (await getPayoutsOverview(database.db, admin)).runs.filter((r) => r.payouts.some((p) => p.id === payout.id));
    expect(run!.payouts[0]).toMatchObject({ status: "failed", statusLabel: "Failed", failureReason: "Account closed", canRetry: true, isTest: true });
    expect((await balanceOf(world.otherVendor.vendorId))?.available).toBe(1_000_000);
    const page = await tab("payouts");
    expect(page).toContain(`data-reference="${payout.reference}"`);
    expect(page).toContain("Account closed");
    expect(page).toContain(PAYOUT_ADMIN_TEXTS.retryConfirm(world.otherVendor.businessName));
    expect(page).toContain(">Test</span>");
  });

  it("answers 403 to a customer and a vendor, 401 signed out, on every payouts intent and the commission change, changing nothing", async () => {
    const payout = await one<{ id: string }>("select id from vendor_payouts limit 1");
    const doors: Array<[string, Record<string, string>]> = [
      ["/admin/payouts", { intent: "start" }],
      ["/admin/payouts", { intent: "retry", payoutId: payout.id }],
      ["/admin/payouts", adjustment()],
      ["/admin/vendors", { intent: "commission", vendorId: world.vendor.vendorId, rate: "0", reason: "I want to keep everything" }],
    ];
    const state = async () => [
      await count("payout_runs"), await count("vendor_payouts"), await count("vendor_ledger_entries"), await count("vendor_commission_changes"), await count("user_activities"),
      await one("select commission_rate::float r from vendors where id = $1", [world.vendor.vendorId]),
    ];
    const before = await state();
    for (const [url, fields] of doors) {
      for (const who of ["customer", "vendor"] as const) {
        const response = await post(url, fields, cookies[who]);
        expect(response.status, `${who} ${fields.intent}`).toBe(403);
        expect(await response.text()).toContain(ACCESS_TEXTS.forbidden);
      }
      expect((await post(url, fields, "")).status, `signed out ${fields.intent}`).toBe(401);
    }
    expect(await state()).toEqual(before);
    expect((await fetch(`${app.base}/admin/export/payouts`)).status).toBe(401);
    expect((await fetch(`${app.base}/admin/export/payouts`, { headers: { Cookie: cookies.vendor } })).status).toBe(403);
  });

  it("exports every payout as CSV", async () => {
    const response = await fetch(`${app.base}/admin/export/payouts`, { headers: { Cookie: cookies.admin } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="tokunbo-payouts-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await response.text()).replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines[0]).toBe(PAYOUTS_CSV_HEADER.join(","));
    expect(lines).toHaveLength(1 + (await count("vendor_payouts")));
    expect(lines[1]).toContain(`,${world.otherVendor.businessName},10000.00,Failed,`);
    // Times as the screens show them, in Lagos time; the test flag written 'Test' or blank, as every export writes it.
    const [newest] = await database.query<{ created_at: Date; is_test: boolean }>("select created_at, is_test from vendor_payouts order by created_at desc limit 1");
    expect(lines[1]!.startsWith(`"${formatLagosDateTime(newest!.created_at)}",`)).toBe(true);
    expect(lines[1]!.endsWith(newest!.is_test ? ",Test" : ",")).toBe(true);
    expect(lines.slice(1).every((line) => /,(Test)?$/.test(line))).toBe(true);
  });

  it("changes a vendor's commission from the Vendors tab: shown with its history; unchanged and bad input refused", async () => {
    const fields = { intent: "commission", vendorId: world.vendor.vendorId, rate: "8", reason: "Top seller this quarter" };
    const changed = await post("/admin/vendors", fields);
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ ok: true, message: COMMISSION_TEXTS.changed(world.vendor.businessName, 8) });
    const page = await tab("vendors&status=approved");
    expect(page).toContain(COMMISSION_TEXTS.current(8));
    expect(page).toContain(COMMISSION_TEXTS.history(1));
    expect(page).toContain(`10% → 8% · ${world.admin.email} · Top seller this quarter`);

    const before = await count("vendor_commission_changes");
    const cases: Array<[Record<string, string>, number, string]> = [
      [fields, 400, COMMISSION_TEXTS.unchanged(8)],
      [{ ...fields, rate: "100.5" }, 400, COMMISSION_TEXTS.rate],
      [{ ...fields, rate: "7.125" }, 400, COMMISSION_TEXTS.rate],
      [{ ...fields, rate: "" }, 400, COMMISSION_TEXTS.rate],
      [{ ...fields, rate: "9", reason: "no" }, 400, COMMISSION_TEXTS.reason],
      [{ ...fields, rate: "9", vendorId: UNKNOWN_ID }, 404, PAYOUT_TEXTS.vendorNotFound],
    ];
    for (const [sent, status, message] of cases) {
      const response = await post("/admin/vendors", sent);
      expect(response.status, JSON.stringify(sent)).toBe(status);
      expect(((await response.json()) as { detail: string }).detail).toBe(message);
    }
    expect(await count("vendor_commission_changes")).toBe(before);
  });

  it("answers 7 payout runs started at the same moment without a 500, releasing each delivered order once", async () => {
    const orderIds: string[] = [];
    for (const total of [120_000_00, 80_000_00]) {
      const reference = `pay_http_race_${engine}_${total}`;
      orderIds.push(await deliveredSale(database.db, { vendorId: world.vendor.vendorId, productId: world.vendor.productId, buyerId: world.customer.userId, reference, total }));
    }
    const starts = await Promise.all(Array.from({ length: 7 }, () => post("/admin/payouts", { intent: "start" })));
    const statuses = await Promise.all(starts.map(async (response) => [response.status, ((await response.json()) as { message: string }).message] as const));
    expect(statuses.filter(([status]) => status >= 500)).toEqual([]);
    expect(statuses.filter(([status]) => status === 200).length).toBeGreaterThanOrEqual(1);
    const releases = await database.query<{ n: number }>("select count(*)::int n from vendor_ledger_entries where kind = 'release' and order_id = any($1::uuid[]) group by order_id", [orderIds]);
    expect(releases).toEqual([{ n: 2 }, { n: 2 }]);
  });

  /** A payout of ₦10,000 to the other vendor's (test) bank account, asked for and not yet answered. */
  async function pendingPayout(): Promise<{ id: string; reference: string }> {
    const vendorId = world.otherVendor.vendorId;
    const [account] = await database.db
      .insert(vendorBankAccounts)
      .values({ vendorId, bankCode: "058", bankName: "GTBank", accountNumber: "0123456789", accountName: "OTHER VENDOR", recipientCode: "RCP_test_other", isTest: true })
      .returning({ id: vendorBankAccounts.id });
    const period = payoutPeriodOf(new Date());
    const [run] = await database.db.insert(payoutRuns).values({ period, startedBy: admin.userId, finishedAt: new Date() }).returning({ id: payoutRuns.id });
    await postAdjustment(database.db, admin, { vendorId, amount: 1_000_000, reason: "Opening balance" });
    const created = await createPayout({ db: database.db, payments: app.services.payments }, { vendorId, bankAccountId: account!.id, runId: run!.id, period, attempt: 1, minimum: 1 });
    const row = await one<{ reference: string }>("select reference from vendor_payouts where id = $1", [created!.id]);
    return { id: created!.id, reference: row.reference };
  }
});
