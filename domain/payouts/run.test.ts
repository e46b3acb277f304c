import { describe, expect, it } from "vitest";
import { TEST_ENGINES } from "../../tests/support/database";
import { creditAvailable, giveBankAccount, type TestAccount } from "../../tests/support/payouts";
import { insertPerson, insertVendor } from "../../tests/support/rows";
import { useShopWithPayments } from "../../tests/support/shop";
import { Refusal } from "../core/refusal";
import { balancesOf } from "../ledger/ledger";
import { getVendorEarnings, vendorStatementCsv } from "./earnings";
import { getPayoutsOverview, postAdjustment } from "./admin-payouts";
import { payoutPeriodOf, payoutReference } from "./period";
import { createPayout, retryPayout, runPayouts, startPayoutRun } from "../flows/run-payouts";
import { PAYOUT_TEXTS } from "./texts";
import { applyTransferOutcome, finalizePayoutTransfer, reconcilePayouts, resendPayoutOtp, sendUnsentPayouts } from "./transfers";
import { TRANSFER_OTP } from "../../paystack-standin";
import { DAY_MS } from "../../lib/lagos-time";

const WEEK_MS = 7 * DAY_MS;
const MINUTE_MS = 60_000;

describe("payout references and periods", () => {
  it("names the Lagos ISO week, across the new year", () => {
    expect(payoutPeriodOf(new Date("2026-11-26T12:00:00Z"))).toBe("2026-W48");
    // 23:30 UTC on Sunday is already Monday in Lagos.
    expect(payoutPeriodOf(new Date("2026-11-29T23:30:00Z"))).toBe("2026-W49");
    expect(payoutPeriodOf(new Date("2027-01-01T12:00:00Z"))).toBe("2026-W53");
  });

  it("derives a reference Paystack accepts from vendor, period and attempt", () => {
    const reference = payoutReference("0f8fad5b-d9cb-469f-a165-70867728950e", "2026-W48", 2);
    expect(reference).toBe("payout_0f8fad5bd9cb469fa1657086_2026w48_2");
    expect(reference).toMatch(/^[a-z0-9_-]{16,50}$/);
  });
});

describe.each(TEST_ENGINES)("payout runs (%s)", (engine) => {
  const { database, standin, provider, mailer, q, deps } = useShopWithPayments(engine);
  const admin = { userId: `admin-payouts-${engine}`, email: `admin-payouts-${engine}@example.ng`, role: "admin" as const };
  let vendors = 0;
  /** Each test pays in its own week, so periods never meet. */
  let week = 0;
  const nextWeek = () => new Date(Date.parse("2026-12-04T10:00:00Z") + ++week * WEEK_MS);

  async function vendorWith(account: TestAccount | null, available: number) {
    const n = ++vendors;
    if (n === 1) await insertPerson(database().db, admin.userId, "admin");
    const user = await insertPerson(database().db, `payee-${engine}-${n}`, "vendor");
    const vendor = await insertVendor(database().db, user.userId, `Payee ${engine} ${n}`);
    if (account) await giveBankAccount(database().db, provider(), vendor.id, account);
    if (available !== 0) await creditAvailable(database().db, vendor.id, available);
    return { ...vendor, actor: { userId: user.userId, email: user.email, role: "vendor" as const } };
  }

  /** Waits for the stand-in to settle its transfers, then asks it about each pending payout, as reconciliation does. */
  async function settle(now: Date) {
    await standin().webhooksIdle();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await reconcilePayouts(deps(), new Date(now.getTime() + 10 * MINUTE_MS));
  }

  const payoutsOf = (vendorId: string) =>
    q<{ amount: string; status: string; reference: string; attempt: number }>("select amount::text amount, status, reference, attempt from vendor_payouts where vendor_id = $1 order by attempt", [vendorId]);
  const transfersAtPaystack = async (reference: string) => (await provider().verifyTransfer(reference)) ? 1 : 0;

  it("pays each vendor with a bank account its whole available balance once per week, and no one below the minimum", async () => {
    const paid = await vendorWith("adebayo", 120_000_00);
    const small = await vendorWith("chioma", 4_999_00);
    const noAccount = await vendorWith(null, 80_000_00);
    const now = nextWeek();
    const first = await runPayouts(deps(), { startedBy: null, now });
    const again = await runPayouts(deps(), { startedBy: null, now });
    expect(first.payouts).toBeGreaterThanOrEqual(1);
    expect(again.period).toBe(first.period);
    await settle(now);
    expect(await payoutsOf(paid.id)).toEqual([{ amount: "12000000", status: "paid", reference: payoutReference(paid.id, first.period, 1), attempt: 1 }]);
    expect(await payoutsOf(small.id)).toEqual([]);
    expect(await payoutsOf(noAccount.id)).toEqual([]);
    expect(await balancesOf(database().db, paid.id)).toEqual({ pending: 0, available: 0 });
    expect(mailer.sent.filter((m) => m.to === `${paid.userId}@shop.ng` && m.subject === "[Test] Payout of ₦120,000 sent")).toHaveLength(1);
    const overview = await getPayoutsOverview(database().db, admin, now);
    expect(overview.withoutBankAccount.map((v) => v.vendorId)).toContain(noAccount.id);
  });

  it("holds a vendor whose bank account changed within 24 hours", async () => {
    const held = await vendorWith("adebayo", 50_000_00);
    const now = nextWeek();
    await q("update vendor_bank_accounts set payouts_held_until = $2 where vendor_id = $1", [held.id, new Date(now.getTime() + 3_600_000)]);
    await runPayouts(deps(), { startedBy: null, now });
    expect(await payoutsOf(held.id)).toEqual([]);
    const later = new Date(now.getTime() + 2 * 3_600_000);
    await runPayouts(deps(), { startedBy: null, now: later });
    await settle(later);
    expect((await payoutsOf(held.id)).map((p) => p.status)).toEqual(["paid"]);
  });

  it("keeps the 24-hour hold after a bank change when an admin runs payouts as of a later day (the test clock)", async () => {
    const held = await vendorWith("adebayo", 50_000_00);
    const realNow = new Date();
    const heldUntil = new Date(realNow.getTime() + 24 * 3_600_000);
    await q("update vendor_bank_accounts set payouts_held_until = $2 where vendor_id = $1", [held.id, heldUntil]);
    const asOf = nextWeek();
    expect(asOf.getTime()).toBeGreaterThan(heldUntil.getTime());
    await startPayoutRun(deps(), admin, asOf, realNow);
    expect(await payoutsOf(held.id)).toEqual([]);
    const dayAfter = new Date(heldUntil.getTime() + 3_600_000);
    await startPayoutRun(deps(), admin, asOf, dayAfter);
    expect((await payoutsOf(held.id)).map((p) => p.amount)).toEqual(["5000000"]);
  });

  it("returns a failed transfer to the balance, alerts the admins, and a retry to a fixed account pays it", async () => {
    const vendor = await vendorWith("failing", 60_000_00);
    const now = nextWeek();
    await runPayouts(deps(), { startedBy: null, now });
    await settle(now);
    const [failed] = await payoutsOf(vendor.id);
    expect(failed?.status).toBe("failed");
    expect(await balancesOf(database().db, vendor.id)).toEqual({ pending: 0, available: 60_000_00 });
    const alerts = await q<{ message: string }>("select message from notifications where user_id = $1 and title = $2", [admin.userId, PAYOUT_TEXTS.failedTitle]);
    expect(alerts.map((a) => a.message)).toContain(PAYOUT_TEXTS.failedAdminMessage(`Payee ${engine} ${vendors}`, 60_000_00, "Account is dormant"));
    // The same failure reported again changes nothing.
    await applyTransferOutcome(deps(), { reference: failed!.reference, status: "failed", failureReason: "Account is dormant" });
    expect(await balancesOf(database().db, vendor.id)).toEqual({ pending: 0, available: 60_000_00 });

    const [payout] = await q<{ id: string }>("select id from vendor_payouts where reference = $1", [failed!.reference]);
    await giveBankAccount(database().db, provider(), vendor.id, "chioma");
    await expect(retryPayout(deps(), vendor.actor, payout!.id, now)).rejects.toThrow(Refusal);
    expect(await retryPayout(deps(), admin, payout!.id, now)).toEqual({ amount: 60_000_00 });
    await expect(retryPayout(deps(), admin, payout!.id, now)).rejects.toThrow(PAYOUT_TEXTS.notRetryable);
    await settle(now);
    expect((await payoutsOf(vendor.id)).map((p) => [p.attempt, p.status])).toEqual([[1, "failed"], [2, "paid"]]);
    expect(await balancesOf(database().db, vendor.id)).toEqual({ pending: 0, available: 0 });
  });

  it("holds a transfer Paystack wants an OTP for as 'Waiting for OTP' until an admin enters the right one, also inside a bulk run", async () => {
    const held = await vendorWith("otp", 70_000_00);
    const other = await vendorWith("adebayo", 30_000_00);
    const now = nextWeek();
    await runPayouts(deps(), { startedBy: null, now });
    await settle(now);
    expect((await payoutsOf(other.id)).map((p) => p.status)).toEqual(["paid"]);
    expect((await payoutsOf(held.id)).map((p) => p.status)).toEqual(["pending"]);
    const row = (await getPayoutsOverview(database().db, admin, now)).runs.flatMap((run) => run.payouts).find((p) => p.vendorId === held.id)!;
    expect(row).toMatchObject({ awaitingOtp: true, statusLabel: "Waiting for OTP" });
    const alerts = await q<{ message: string }>("select message from notifications where user_id = $1 and title = $2", [admin.userId, PAYOUT_TEXTS.otpTitle]);
    expect(alerts.map((a) => a.message).filter((m) => m === PAYOUT_TEXTS.otpAdminMessage(`Payee ${engine} ${vendors - 1}`, 70_000_00))).toHaveLength(1);

    await expect(finalizePayoutTransfer(deps(), held.actor, { payoutId: row.id, otp: TRANSFER_OTP })).rejects.toThrow(Refusal);
    await expect(finalizePayoutTransfer(deps(), admin, { payoutId: row.id, otp: "000000" })).rejects.toMatchObject({ status: 400, message: PAYOUT_TEXTS.otpRefused("Invalid OTP") });
    await expect(resendPayoutOtp(deps(), admin, row.id)).resolves.toBeUndefined();
    expect(await finalizePayoutTransfer(deps(), admin, { payoutId: row.id, otp: TRANSFER_OTP })).toEqual({ amount: 70_000_00 });
    await expect(finalizePayoutTransfer(deps(), admin, { payoutId: row.id, otp: TRANSFER_OTP })).rejects.toThrow(PAYOUT_TEXTS.notAwaitingOtp);
    await settle(now);
    expect((await payoutsOf(held.id)).map((p) => p.status)).toEqual(["paid"]);
    expect(await balancesOf(database().db, held.id)).toEqual({ pending: 0, available: 0 });
  });

  it("takes back a reversed payout after it was paid", async () => {
    const vendor = await vendorWith("reversed", 40_000_00);
    const now = nextWeek();
    await runPayouts(deps(), { startedBy: null, now });
    await settle(now);
    await settle(now);
    expect((await payoutsOf(vendor.id)).map((p) => p.status)).toEqual(["reversed"]);
    expect(await balancesOf(database().db, vendor.id)).toEqual({ pending: 0, available: 40_000_00 });
  });

  it("pays once when two runs go at the same time", async () => {
    const vendor = await vendorWith("musa", 75_000_00);
    const now = nextWeek();
    await q("update payout_runs set finished_at = now() where finished_at is null");
    const runs = await Promise.allSettled([runPayouts(deps(), { startedBy: null, now }), runPayouts(deps(), { startedBy: admin.userId, now })]);
    expect(runs.filter((r) => r.status === "fulfilled").length).toBeGreaterThanOrEqual(1);
    await runPayouts(deps(), { startedBy: null, now });
    await settle(now);
    expect((await payoutsOf(vendor.id)).map((p) => p.status)).toEqual(["paid"]);
    expect(await balancesOf(database().db, vendor.id)).toEqual({ pending: 0, available: 0 });
  });

  it("after a cut between asking Paystack and hearing back, verifies before sending again: one transfer", async () => {
    const vendor = await vendorWith("adebayo", 30_000_00);
    const now = nextWeek();
    const period = payoutPeriodOf(now);
    const [run] = await q<{ id: string }>("insert into payout_runs (period) values ($1) returning id", [period]);
    const [account] = await q<{ id: string; recipient_code: string }>("select id, recipient_code from vendor_bank_accounts where vendor_id = $1 and replaced_at is null", [vendor.id]);
    const created = await createPayout(deps(), { vendorId: vendor.id, bankAccountId: account!.id, runId: run!.id, period, attempt: 1, minimum: 1 });
    const reference = payoutReference(vendor.id, period, 1);
    // The process asked Paystack and died before it could write down the answer.
    await q("update vendor_payouts set requested_at = now() where reference = $1", [reference]);
    await provider().transfer({ amount: created!.amount, recipientCode: account!.recipient_code, reference, reason: "Tokunbo vendor payout" });
    await runPayouts(deps(), { startedBy: null, now });
    expect(await sendUnsentPayouts(deps())).toBe(0);
    await settle(now);
    expect(await transfersAtPaystack(reference)).toBe(1);
    expect((await payoutsOf(vendor.id)).map((p) => p.status)).toEqual(["paid"]);
  });

  it("starts from the admins only, and logs it", async () => {
    const vendor = await vendorWith("adebayo", 10_000_00);
    await expect(startPayoutRun(deps(), vendor.actor, nextWeek())).rejects.toThrow(Refusal);
    const summary = await startPayoutRun(deps(), admin, nextWeek());
    expect(summary.payouts).toBeGreaterThanOrEqual(1);
    expect(await q("select id from user_activities where activity_type = 'payout_run' and user_id = $1", [admin.userId])).not.toHaveLength(0);
  });

  it("shows each vendor only their own money, and the month's statement adds up", async () => {
    const mine = await vendorWith("adebayo", 25_000_00);
    const theirs = await vendorWith("chioma", 99_000_00);
    await postAdjustment(database().db, admin, { vendorId: mine.id, amount: -5_000_00, reason: "Returned packaging fee" });
    await expect(postAdjustment(database().db, mine.actor, { vendorId: mine.id, amount: 1_000_000_00, reason: "Mine now" })).rejects.toThrow(Refusal);
    const earnings = await getVendorEarnings(database().db, mine.actor);
    expect(earnings.available).toBe(20_000_00);
    expect(earnings.entries.map((e) => e.amount).sort((a, b) => a - b)).toEqual([-5_000_00, 25_000_00]);
    expect(earnings.entries.every((e) => e.amount !== 99_000_00)).toBe(true);
    expect((await getVendorEarnings(database().db, theirs.actor)).available).toBe(99_000_00);
    await expect(getVendorEarnings(database().db, admin)).rejects.toThrow(Refusal);

    const month = earnings.months[0]!;
    const { csv } = await vendorStatementCsv(database().db, mine.actor, month);
    const rows = csv.replace(/^\uFEFF/, "").trim().split("\r\n").slice(1).map((line) => line.split(","));
    const amountOf = (label: string, bucket: string) => Number(rows.find((r) => r[1] === label && r[3] === bucket)![4]);
    const moved = rows.filter((r) => !r[1]!.endsWith("balance") && r[3] === "available").reduce((sum, r) => sum + Number(r[4]), 0);
    expect(amountOf("Opening balance", "available") + moved).toBeCloseTo(amountOf("Closing balance", "available"), 2);
    expect(amountOf("Closing balance", "available")).toBe(20_000);
  });
});
