import { describe, expect, it } from "vitest";
import { TEST_ENGINES } from "../../tests/support/database";
import { creditAvailable, deliveredSale, giveBankAccount } from "../../tests/support/payouts";
import { insertListing, insertPerson, insertVendor } from "../../tests/support/rows";
import { useShopWithPayments } from "../../tests/support/shop";
import { Refusal } from "../core/refusal";
import { balancesOf, vendorNet } from "../ledger/ledger";
import { createPayout, startPayoutRun } from "../flows/run-payouts";
import { DAY_MS } from "../../lib/lagos-time";

const WEEK_MS = 7 * DAY_MS;

/** Payouts created at the same moment for one vendor, under different keys: the balance is paid once, whatever the order. */
describe.each(TEST_ENGINES)("payouts created at the same moment (%s)", (engine) => {
  const { database, standin, provider, q, deps } = useShopWithPayments(engine);
  const admin = { userId: `admin-races-${engine}`, email: `admin-races-${engine}@example.ng`, role: "admin" as const };
  let vendors = 0;

  async function payee() {
    const n = ++vendors;
    if (n === 1) await insertPerson(database().db, admin.userId, "admin");
    const user = await insertPerson(database().db, `race-payee-${engine}-${n}`, "vendor");
    const vendor = await insertVendor(database().db, user.userId, `Race payee ${engine} ${n}`);
    const bankAccountId = await giveBankAccount(database().db, provider(), vendor.id, "adebayo");
    return { ...vendor, bankAccountId };
  }

  const paidOut = async (vendorId: string) =>
    (await q<{ n: number; total: string | null }>("select count(*)::int n, sum(amount)::text total from vendor_payouts where vendor_id = $1", [vendorId]))[0]!;

  it("pays a ₦342,000 balance once when 50 runs and retries of different weeks create payouts at once, and never below zero", async () => {
    const vendor = await payee();
    await creditAvailable(database().db, vendor.id, 342_000_00);
    const [run] = await q<{ id: string }>("insert into payout_runs (period, finished_at) values ('2026-W30', now()) returning id");
    // This week's run (attempt 1, the minimum) and retries of older weeks (later attempts, any amount).
    const creations = Array.from({ length: 50 }, (_, i) => {
      const retry = i % 2 === 1;
      const period = `2026-W${String(20 + (i % 25)).padStart(2, "0")}`;
      return createPayout(deps(), { vendorId: vendor.id, bankAccountId: vendor.bankAccountId, runId: run!.id, period, attempt: retry ? 2 + (i % 3) : 1, minimum: retry ? 1 : 5_000_00 });
    });
    const created = (await Promise.all(creations)).filter((payout) => payout !== null);
    expect(created).toHaveLength(1);
    expect(created[0]!.amount).toBe(342_000_00);
    expect(await paidOut(vendor.id)).toEqual({ n: 1, total: "34200000" });
    expect(await balancesOf(database().db, vendor.id)).toEqual({ pending: 0, available: 0 });
  });

  it("7 payout runs started at the same moment all answer, release each order once and pay the vendor once", async () => {
    const vendor = await payee();
    const phone = await insertListing(database().db, vendor.id, `Race phone ${engine}`, { status: "approved", finalPrice: 200_000_00 });
    const buyer = await insertPerson(database().db, `race-buyer-${engine}`);
    const totals = [200_000_00, 150_000_00, 90_000_00];
    for (const [i, total] of totals.entries()) {
      await deliveredSale(database().db, { vendorId: vendor.id, productId: phone, buyerId: buyer.userId, reference: `pay_race_${engine}_${i}`, total });
    }
    await q("update payout_runs set finished_at = now() where finished_at is null");
    const now = new Date(Date.now() + 2 * WEEK_MS);
    const starts = await Promise.allSettled(Array.from({ length: 7 }, () => startPayoutRun(deps(), admin, now)));
    const failures = starts.flatMap((start) => (start.status === "rejected" ? [start.reason as unknown] : []));
    expect(failures.filter((reason) => !(reason instanceof Refusal))).toEqual([]);
    expect(starts.filter((start) => start.status === "fulfilled").length).toBeGreaterThanOrEqual(1);
    await standin().webhooksIdle();

    const net = totals.reduce((sum, total) => sum + vendorNet({ totalAmount: total, commissionRate: 10 }), 0);
    expect(await q("select order_id, count(*)::int n from vendor_ledger_entries where vendor_id = $1 and kind = 'release' group by order_id having count(*) <> 2", [vendor.id])).toEqual([]);
    expect(await paidOut(vendor.id)).toEqual({ n: 1, total: String(net) });
    expect(await balancesOf(database().db, vendor.id)).toEqual({ pending: 0, available: 0 });
  });
});
