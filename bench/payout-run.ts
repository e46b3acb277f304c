/**
 * A weekly payout run at scale: many vendors with bank accounts and money available, paid by one
 * run through the Paystack stand-in over HTTP (bulk transfers), on a fresh PostgreSQL database.
 * Then the same run again, which must pay no one twice. `tsx bench/payout-run.ts` runs it alone.
 */
import { createPaystackClient } from "../domain/payments/paystack-client";
import { runPayouts } from "../domain/flows/run-payouts";
import { reconcilePayouts } from "../domain/payouts/transfers";
import { createPostgresTestDatabase } from "../tests/support/database";
import { startPaystackStandin } from "../tests/support/paystack-standin";
import { creditAvailable, giveBankAccount } from "../tests/support/payouts";
import { insertPerson, insertVendor, recordingMailer } from "../tests/support/rows";

export interface PayoutRunResult {
  vendors: number;
  /** Creating the payouts and handing them to Paystack. */
  runSeconds: number;
  payoutsPerSecond: number;
  /** From the start of the run until every payout was marked paid (transfer settled and verified). */
  paidSeconds: number;
  /** A second run in the same week. */
  repeatSeconds: number;
  /** Payouts beyond one per vendor, and transfers at Paystack beyond one per vendor: both must be 0. */
  duplicatePayouts: number;
  duplicateTransfers: number;
  /** Kobo the ledger and the payouts disagree on: must be 0. */
  unbalanced: number;
}

const BALANCE = 125_000_00;

export async function measurePayoutRun(vendorCount: number): Promise<PayoutRunResult> {
  const database = await createPostgresTestDatabase();
  if (!database) throw new Error("The payout benchmark needs TEST_DATABASE_URL (PostgreSQL)");
  const standin = await startPaystackStandin({ onError: () => {} });
  try {
    const payments = createPaystackClient({ baseUrl: standin.baseUrl, secretKey: standin.secretKey });
    for (let i = 0; i < vendorCount; i++) {
      const user = await insertPerson(database.db, `bench-payee-${i}`, "vendor");
      const vendor = await insertVendor(database.db, user.userId, `Bench Payee ${i}`);
      await giveBankAccount(database.db, payments, vendor.id, i % 2 === 0 ? "adebayo" : "chioma");
      await creditAvailable(database.db, vendor.id, BALANCE);
    }
    const deps = { db: database.db, payments, mailer: recordingMailer(), publicUrl: "https://tokunbo.example" };
    const now = new Date();
    const started = performance.now();
    const run = await runPayouts(deps, { startedBy: null, now });
    const runSeconds = (performance.now() - started) / 1000;
    for (;;) {
      await standin.webhooksIdle();
      await reconcilePayouts(deps, new Date(Date.now() + 10 * 60_000));
      const [left] = await database.query<{ n: number }>("select count(*)::int n from vendor_payouts where status <> 'paid'");
      if (left!.n === 0) break;
    }
    const paidSeconds = (performance.now() - started) / 1000;
    const repeatStarted = performance.now();
    await runPayouts(deps, { startedBy: null, now });
    const repeatSeconds = (performance.now() - repeatStarted) / 1000;
    const [counts] = await database.query<{ payouts: number; vendors: number; unbalanced: string }>(
      `select count(*)::int payouts, count(distinct vendor_id)::int vendors,
              (select coalesce(sum(abs(e.amount + p.amount)), 0)::text from vendor_ledger_entries e join vendor_payouts p on p.id = e.payout_id where e.kind = 'payout') unbalanced
       from vendor_payouts`,
    );
    const transfers = standin.store.transfers();
    return {
      vendors: vendorCount,
      runSeconds,
      payoutsPerSecond: run.payouts / runSeconds,
      paidSeconds,
      repeatSeconds,
      duplicatePayouts: counts!.payouts - counts!.vendors,
      duplicateTransfers: transfers.length - new Set(transfers.map((t) => t.reference)).size + Math.max(0, transfers.length - vendorCount),
      unbalanced: Number(counts!.unbalanced),
    };
  } finally {
    await standin.close();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measurePayoutRun(Number(process.argv[2] ?? 1000));
  console.info(JSON.stringify(result, null, 2));
}
