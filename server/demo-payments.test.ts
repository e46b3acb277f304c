import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client";
import { reconcilePayments } from "../domain/flows/reconcile-payments";
import { issueRefund } from "../domain/payments/refunds";
import type { PaymentProvider, ProviderTransaction } from "../domain/payments/provider";
import { type TestApp, TEST_AUTH_SECRET, startTestApp } from "../tests/support/app";
import { loadConfig } from "./config";
import { prepareDatabase } from "./database";
import { createLogger } from "./logger";

/** A fresh clone's demo shop in test mode: the stand-in knows every seeded payment. */
describe("the demo shop's payments in test mode", () => {
  let dataDir: string;
  let database: DatabaseHandle;
  let app: TestApp;
  const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => database.query<T>(text, params);
  const deps = (payments: PaymentProvider = app.services.payments) => ({ db: database.db, payments, mailer: app.services.mailer, publicUrl: app.config.publicUrl });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "tokunbo-demo-payments-"));
    const env = { DATA_DIR: dataDir, LOG_LEVEL: "silent", AUTH_SECRET: TEST_AUTH_SECRET };
    const config = loadConfig(env);
    database = await prepareDatabase(config, createLogger(config));
    app = await startTestApp(database, env);
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("refunds a seeded successful payment through the stand-in", async () => {
    const [payment] = await q<{ id: string }>("select id from payments where status = 'successful' and payment_gateway = 'paystack' order by created_at limit 1");
    const refund = await issueRefund(deps(), null, { paymentId: payment!.id, amount: 1_000_00, reason: "Scratched frame", idempotencyKey: "demo-refund" });
    expect(refund.status).toBe("pending");
    await app.services.paystackStandin!.idle();
    expect(await q("select status::text status from refunds where idempotency_key = 'demo-refund'")).toEqual([{ status: "processed" }]);
    expect(await q("select status::text status from payments where id = $1", [payment!.id])).toEqual([{ status: "partially_refunded" }]);
  });

  it("reconciles the seeded shop with no payment unknown to the stand-in", async () => {
    const pending = await q("select id from payments where status = 'pending'");
    expect(pending.length).toBeGreaterThan(0);
    const answers: (ProviderTransaction | null)[] = [];
    const provider = app.services.payments;
    const watched: PaymentProvider = { ...provider, verify: async (reference) => { const answer = await provider.verify(reference); answers.push(answer); return answer; } };
    const report = await reconcilePayments(deps(watched), new Date(Date.now() + 5 * 60_000));
    expect(report.checked).toBeGreaterThanOrEqual(pending.length);
    expect(report.unreachable).toBe(0);
    // Paystack answers 'Transaction reference not found' (a 400) for a payment it never saw.
    expect(answers.filter((answer) => answer === null)).toHaveLength(0);
    expect(answers.filter((answer) => answer?.status === "abandoned").length).toBe(pending.length);
  });
});
