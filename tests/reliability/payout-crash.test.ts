import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { hashPassword } from "better-auth/crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaystackClient } from "../../domain/payments/paystack-client";
import { postAction, signInAs } from "../support/app";
import { type AppProcess, startAppProcess } from "../support/app-process";
import { createPostgresTestDatabase } from "../support/database";
import { type RunningStandin, startPaystackStandin } from "../support/paystack-standin";
import { creditAvailable, giveBankAccount } from "../support/payouts";
import { insertPerson, insertPersonWhoSignsIn, insertVendor } from "../support/rows";
import { until } from "../support/until";
import { type HoldingProxy, startHoldingProxy } from "./holding-proxy";

/*
 * The app runs as its own production process on PostgreSQL and is killed with SIGKILL in the
 * middle of a payout run: while it writes the payouts, while Paystack has not yet received the
 * transfers, and after Paystack made them but before the app heard back. Started again, the run
 * resumes; each vendor must be paid exactly once, and every kobo must be where the ledger says.
 */

const APP_PORT = 3410;
const PAYSTACK_PROXY_PORT = 3411;
const PASSWORD = "Payout-crash-2026";
const BALANCE = 85_000_00;

type Db = Awaited<ReturnType<typeof createPostgresTestDatabase>> & {};

describe.runIf(process.env.TEST_DATABASE_URL)("a payout run killed half-way (postgres)", () => {
  let database: Db;
  let dataDir: string;
  let app: AppProcess;
  let standin: RunningStandin;
  let toPaystack: HoldingProxy;
  let holder: pg.Client;
  let adminCookie: string;
  let round = 0;

  const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => database.query<T>(text, params);
  const start = () =>
    startAppProcess({
      port: APP_PORT,
      dataDir,
      databaseUrl: database.url,
      env: { PAYSTACK_SECRET_KEY: standin.secretKey, PAYSTACK_BASE_URL: toPaystack.url },
    });
  const startRun = () => postAction<{ ok?: boolean; message?: string }>(app.base, "/admin/payouts", { intent: "start" }, adminCookie);

  beforeAll(async () => {
    database = (await createPostgresTestDatabase())!;
    dataDir = await mkdtemp(path.join(tmpdir(), "tokunbo-payout-crash-"));
    standin = await startPaystackStandin({ webhookUrl: `http://127.0.0.1:${APP_PORT}/api/webhooks/paystack`, onError: () => {} });
    toPaystack = await startHoldingProxy(standin.baseUrl, PAYSTACK_PROXY_PORT);
    holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    const admin = await insertPersonWhoSignsIn(database.db, `payout-crash-admin-${randomUUID().slice(0, 8)}`, await hashPassword(PASSWORD), "admin");
    app = await start();
    adminCookie = await signInAs(app.base, admin.email, PASSWORD);
  });

  afterAll(async () => {
    await app?.stop();
    await toPaystack?.close();
    await standin?.close();
    await holder?.end();
    await database?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** Three vendors with bank accounts and money available, the only ones due in this round. */
  async function dueVendors(): Promise<string[]> {
    round++;
    await q("update vendors set status = 'rejected', verified = false where status = 'approved'");
    const direct = createPaystackClient({ baseUrl: standin.baseUrl, secretKey: standin.secretKey });
    const ids: string[] = [];
    for (const [i, account] of (["adebayo", "chioma", "musa"] as const).entries()) {
      const user = await insertPerson(database.db, `payout-crash-${round}-${i}-${randomUUID().slice(0, 6)}`, "vendor");
      const vendor = await insertVendor(database.db, user.userId, `Crash Payee ${round}-${i}`);
      await giveBankAccount(database.db, direct, vendor.id, account);
      await creditAvailable(database.db, vendor.id, BALANCE);
      ids.push(vendor.id);
    }
    return ids;
  }


  /** Each vendor paid exactly once, at Paystack and in the books, with nothing left and nothing owed. */
  async function expectPaidOnce(vendorIds: string[]) {
    await until("every payout to be paid", async () => {
      const rows = await q<{ status: string }>("select status from vendor_payouts where vendor_id = any($1)", [vendorIds]);
      return rows.length === vendorIds.length && rows.every((row) => row.status === "paid");
    });
    for (const vendorId of vendorIds) {
      const payouts = await q<{ reference: string; amount: string }>("select reference, amount::text amount from vendor_payouts where vendor_id = $1", [vendorId]);
      expect(payouts).toHaveLength(1);
      expect(Number(payouts[0]!.amount)).toBe(BALANCE);
      const [account] = await q<{ recipient_code: string }>("select recipient_code from vendor_bank_accounts where vendor_id = $1 and replaced_at is null", [vendorId]);
      const atPaystack = standin.store.transfers().filter((transfer) => transfer.recipientCode === account!.recipient_code && transfer.reference === payouts[0]!.reference);
      expect(atPaystack.map((transfer) => [transfer.amount, transfer.status])).toEqual([[BALANCE, "success"]]);
      const [balance] = await q<{ available: string }>("select coalesce(sum(amount), 0)::text available from vendor_ledger_entries where vendor_id = $1 and bucket = 'available'", [vendorId]);
      expect(balance!.available).toBe("0");
    }
    expect(await q("select id from payout_runs where finished_at is null")).toEqual([]);
  }

  it("killed while writing the payouts: the restarted run pays everyone once", async () => {
    const vendorIds = await dueVendors();
    await holder.query("begin");
    await holder.query("lock table vendor_payouts in exclusive mode");
    const seen = startRun().catch((error: unknown) => error);
    const waiting = await until("the app to wait on the payouts table", async () =>
      (await q<{ pid: number }>("select pid from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%insert into \"vendor_payouts\"%'"))[0]?.pid);
    await app.kill();
    await q("select pg_terminate_backend($1)", [waiting]);
    await holder.query("rollback");
    expect(await seen).toBeInstanceOf(Error);
    app = await start();
    expect((await startRun()).status).toBe(200);
    await expectPaidOnce(vendorIds);
  });

  it.each(["request", "answer"] as const)("killed while Paystack is asked for the transfers (held at its %s): paid once", async (heldAt) => {
    const vendorIds = await dueVendors();
    const held = toPaystack.holdNext((request) => request.path.startsWith("/transfer"), heldAt);
    const seen = startRun().catch((error: unknown) => error);
    await held;
    await app.kill();
    toPaystack.dropHeld();
    expect(await seen).toBeInstanceOf(Error);
    app = await start();
    expect((await startRun()).status).toBe(200);
    await expectPaidOnce(vendorIds);
  });
});
