import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { hashPassword } from "better-auth/crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAYMENT_TEXTS } from "../../domain/payments/texts";
import { type Shop, SHIPPING, openShop, payOnHostedPage } from "../support/shop";
import { PAYMENT_NOTICES } from "../../domain/payments/texts";
import { orderNumberOf } from "../../domain/orders/status";
import { insertPersonWhoSignsIn } from "../support/rows";
import { checkoutForm } from "../../app/checkout/checkout-form-data";
import { loaderData, postAction, signInAs } from "../support/app";
import { type AppProcess, startAppProcess } from "../support/app-process";
import { createPostgresTestDatabase } from "../support/database";
import { type RunningStandin, startPaystackStandin } from "../support/paystack-standin";
import { until } from "../support/until";
import { type HoldingProxy, type ProxiedRequest, startHoldingProxy } from "./holding-proxy";

/*
 * The app runs as its own production process on PostgreSQL and is killed with SIGKILL at points
 * inside checkout and payment fulfilment, then started again on the same database. The test stops
 * the app exactly where it wants without any hook in the app: it holds a lock from its own
 * connection that the app's transaction then waits on, or holds the app's call to Paystack (or
 * Paystack's webhook) in a proxy. After each restart, webhook retries, the return page and
 * reconciliation finish the work, and the shop's books must add up.
 */

const APP_PORT = 3400;
const PAYSTACK_PROXY_PORT = 3401;
const WEBHOOK_PROXY_PORT = 3402;
const STOCK = 50;
const PASSWORD = "Crash-test-2026";
/** Paystack retries a webhook after 1, 2, 4 and 8 seconds; the app is back well within that. */
const WEBHOOK_RETRY_DELAYS_MS = [1000, 2000, 4000, 8000];

type Db = Awaited<ReturnType<typeof createPostgresTestDatabase>> & {};

interface Buyer {
  userId: string;
  cookie: string;
}

/** Something the test holds so that the app's transaction waits on it, and how to see the app waiting. */
interface Lock {
  take: string[];
  release: string;
  /** The waiting statement, as pg_stat_activity shows it (ILIKE). */
  waiting: string;
}

const tableLock = (table: string): Lock => ({
  take: ["begin", `lock table ${table} in exclusive mode`],
  release: "rollback",
  waiting: `%insert into "${table}"%`,
});

/**
 * The vendor row: fulfilment counts the vendor's sales after the payment and orders are already
 * marked paid, locking the vendor rows (in id order) before it adds to them.
 */
const vendorRowLock = (vendorId: string): Lock => ({
  take: ["begin", `select 1 from vendors where id = '${vendorId}' for update`],
  release: "rollback",
  waiting: "%from \"vendors\" where id = any(%for update%",
});

/** The buyer's live-event lock, taken by releasing a reservation after its orders are cancelled and stock given back. */
const liveEventLock = (userId: string): Lock => ({
  take: [`select pg_advisory_lock(hashtext('live_events'), hashtext('${userId}'))`],
  release: `select pg_advisory_unlock(hashtext('live_events'), hashtext('${userId}'))`,
  waiting: "%pg_advisory_xact_lock%",
});

describe.runIf(process.env.TEST_DATABASE_URL)("killed inside checkout and payment fulfilment (postgres)", () => {
  let database: Db;
  let dataDir: string;
  let app: AppProcess;
  let shop: Shop;
  let standin: RunningStandin;
  let toPaystack: HoldingProxy;
  let toWebhook: HoldingProxy;
  let holder: pg.Client;
  let crashPointsSurvived = 0;

  const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => database.query<T>(text, params);
  const start = () =>
    startAppProcess({
      port: APP_PORT,
      dataDir,
      databaseUrl: database.url,
      env: { PAYSTACK_SECRET_KEY: standin.secretKey, PAYSTACK_BASE_URL: toPaystack.url, RECONCILE_EVERY_SECONDS: "1" },
    });

  beforeAll(async () => {
    database = (await createPostgresTestDatabase())!;
    dataDir = await mkdtemp(path.join(tmpdir(), "tokunbo-crash-"));
    shop = await openShop(database.db, "crash");
    await q("update products set stock_quantity = $1 where vendor_id = $2", [STOCK, shop.vendorId]);
    toWebhook = await startHoldingProxy(`http://127.0.0.1:${APP_PORT}`, WEBHOOK_PROXY_PORT);
    standin = await startPaystackStandin({ webhookUrl: `${toWebhook.url}/api/webhooks/paystack`, webhookRetryDelaysMs: WEBHOOK_RETRY_DELAYS_MS, onError: () => {} });
    toPaystack = await startHoldingProxy(standin.baseUrl, PAYSTACK_PROXY_PORT);
    holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    app = await start();
  });

  afterAll(async () => {
    await app?.stop();
    await toPaystack?.close();
    await toWebhook?.close();
    await standin?.close();
    await holder?.end();
    await database?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    console.info(`crash points survived on PostgreSQL: ${crashPointsSurvived}`);
  });

  async function newBuyer(): Promise<Buyer> {
    const { userId, email } = await insertPersonWhoSignsIn(database.db, `buyer-${randomUUID().slice(0, 8)}`, await hashPassword(PASSWORD));
    return { userId, cookie: await signInAs(app.base, email, PASSWORD) };
  }

  /** Place Order on the checkout page, as its script sends it. */
  const checkout = (buyer: Buyer, quantity = 2) =>
    postAction(app.base, "/checkout", checkoutForm([{ productId: shop.phones[0], quantity }, { productId: shop.phones[1], quantity: 1 }], SHIPPING), buyer.cookie);

  async function placeOrder(buyer: Buyer): Promise<{ reference: string; authorizationUrl: string }> {
    const placed = await checkout(buyer);
    expect(placed.status).toBe(302);
    const [payment] = await q<{ reference: string }>("select payment_reference reference from payments where customer_id = $1 order by created_at desc limit 1", [buyer.userId]);
    return { reference: payment!.reference, authorizationUrl: placed.redirect! };
  }

  async function paymentOf(reference: string) {
    const [payment] = await q<{ status: string; orders: Array<{ id: string; status: string }> }>(
      `select p.status, (select json_agg(json_build_object('id', o.id, 'status', o.status)) from orders o where o.payment_id = p.id) as orders
       from payments p where p.payment_reference = $1`,
      [reference],
    );
    return payment;
  }


  /** The app's database session waiting on the test's lock, with the statement it waits in. */
  const waitingBackend = (lock: Lock) =>
    until(`the app to wait on ${lock.waiting}`, async () => {
      const [row] = await q<{ pid: number }>(
        "select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid() and query ilike $1",
        [lock.waiting],
      );
      return row?.pid;
    });

  /**
   * Takes the lock, sets the app going, and SIGKILLs it while it waits on the lock. The waiting
   * statement is then cut off too, so it counts as never sent: a dead process sends nothing more,
   * and what it had not committed is rolled back. Resolves with what the caller of the app saw.
   */
  async function killWhileWaiting(lock: Lock, trigger: () => Promise<unknown>): Promise<unknown> {
    for (const statement of lock.take) await holder.query(statement);
    const seen = trigger().catch((error: unknown) => error);
    const pid = await waitingBackend(lock);
    await app.kill();
    await q("select pg_terminate_backend($1)", [pid]);
    await until("the killed app's session to end", async () => (await q("select 1 from pg_stat_activity where pid = $1", [pid])).length === 0);
    await holder.query(lock.release);
    crashPointsSurvived++;
    return seen;
  }

  /** Makes the payment and its orders look older, as if the restart came that long after the checkout (the reservation runs from the orders' placing). */
  const ageReservation = (reference: string, minutes: number) =>
    // One statement, so reconciliation never sees an old payment beside new orders.
    q(
      `with aged as (update payments set created_at = now() - make_interval(mins => $2), last_checked_at = null where payment_reference = $1 returning id)
       update orders set created_at = now() - make_interval(mins => $2) where payment_id in (select id from aged)`,
      [reference, minutes],
    );

  /** The reservation was given back (a failed payment alone may still hold its phones for 'Pay now'). */
  const released = async (reference: string) => (await q("select 1 from payments where payment_reference = $1 and released_at is not null", [reference])).length > 0;

  const about = (reference: string) => (request: ProxiedRequest) => request.body.includes(reference);
  const verifyOnReturnPage = async (buyer: Buyer, reference: string) =>
    (await postAction<{ check: { status: string; orderCount?: number; reasons?: string[] } }>(app.base, "/payment-success", { reference }, buyer.cookie)).data.check;

  async function buyerSees(buyer: Buyer, reference: string): Promise<string[]> {
    const { orders } = (await paymentOf(reference))!;
    const shown = (await loaderData<{ orders: Array<{ id: string; status: string }> }>(app.base, "/orders", "orders/routes/orders", buyer.cookie)).orders;
    return orders.map(({ id }) => shown.find((order) => order.id === id)!.status);
  }

  /** Everything that must hold in the shop's books after any crash, whatever happened. */
  async function expectBooksBalance() {
    const stock = await q<{ name: string; accounted: number; units_sold: number; paid_units: number }>(
      `select p.name, p.stock_quantity + coalesce(sum(o.quantity) filter (where o.status <> 'cancelled'), 0)::int as accounted,
              p.units_sold, coalesce(sum(o.quantity) filter (where o.status = 'paid'), 0)::int as paid_units
       from products p left join orders o on o.product_id = p.id where p.vendor_id = $1 group by p.id order by p.name`,
      [shop.vendorId],
    );
    for (const phone of stock) expect(phone).toEqual({ name: phone.name, accounted: STOCK, units_sold: phone.paid_units, paid_units: phone.paid_units });
    const [sales] = await q<{ total_sales: string; paid: string }>(
      "select v.total_sales::text, (select coalesce(sum(total_amount), 0)::text from orders where vendor_id = v.id and status = 'paid') as paid from vendors v where v.id = $1",
      [shop.vendorId],
    );
    expect(sales!.total_sales).toBe(sales!.paid);
    expect(await q("select order_id, status, count(*)::int from order_status_history group by 1, 2 having count(*) > 1")).toEqual([]);
    const paidOrdersWithoutHistory = await q("select o.id from orders o where o.status = 'paid' and not exists (select 1 from order_status_history h where h.order_id = o.id and h.status = 'paid')");
    expect(paidOrdersWithoutHistory).toEqual([]);
  }

  /** A payment whose fulfilment died before it committed: it and its orders still pending, and the books add up. */
  async function expectRolledBack(reference: string) {
    const payment = (await paymentOf(reference))!;
    expect(payment.status).toBe("pending");
    expect(payment.orders.map((o) => o.status)).toEqual(["pending", "pending"]);
    await expectBooksBalance();
  }

  /** A payment that crashed and recovered: paid once, told once, receipted once. */
  async function expectPaidOnce(buyer: Buyer, reference: string) {
    const payment = (await paymentOf(reference))!;
    expect(payment.status).toBe("successful");
    expect(payment.orders.map((o) => o.status)).toEqual(["paid", "paid"]);
    expect(await buyerSees(buyer, reference)).toEqual(["paid", "paid"]);
    const numbers = payment.orders.map((o) => orderNumberOf(o.id));
    const told = await q("select id from notifications where user_id = $1 and title = $2", [buyer.userId, PAYMENT_NOTICES.paidTitle]);
    expect(told).toHaveLength(1);
    for (const number of numbers) {
      expect(await q("select id from notifications where user_id = $1 and title = $2 and message like $3", [shop.vendorUserId, PAYMENT_NOTICES.vendorTitle, `Order #${number}:%`])).toHaveLength(1);
    }
    expect(await q("select id from user_activities where activity_type = 'order_paid' and metadata->>'payment_reference' = $1", [reference])).toHaveLength(1);
    expect(await q("select id from email_outbox where subject = $1", [`[Test] Your Tokunbo Phones receipt (${reference})`])).toHaveLength(1);
    await expectBooksBalance();
  }

  it("(1) inside checkout's reservation transaction: nothing was placed, stock is whole, and the buyer can check out again", async () => {
    const buyer = await newBuyer();
    const seen = await killWhileWaiting(tableLock("user_activities"), () => checkout(buyer));
    expect(seen).toBeInstanceOf(Error);
    app = await start();
    expect(await q("select id from payments where customer_id = $1", [buyer.userId])).toEqual([]);
    expect(await q("select id from orders where customer_id = $1", [buyer.userId])).toEqual([]);
    await expectBooksBalance();
    await placeOrder(buyer);
    await expectBooksBalance();
  });

  it.each(["request", "answer"] as const)(
    "(2) waiting for Paystack to make the payment page (held at its %s): the reservation stays for 30 minutes, then reconciliation gives it back once",
    async (heldAt) => {
      const buyer = await newBuyer();
      const held = toPaystack.holdNext((r) => r.path === "/transaction/initialize", heldAt);
      const answered = checkout(buyer).catch((error: unknown) => error);
      const { body } = await held;
      const reference = (JSON.parse(body) as { reference: string }).reference;
      await app.kill();
      crashPointsSurvived++;
      expect(await answered).toBeInstanceOf(Error);
      expect((await paymentOf(reference))!.status).toBe("pending");
      await expectBooksBalance();

      await ageReservation(reference, 3);
      app = await start();
      await until("reconciliation to check the payment", async () => (await q("select 1 from payments where payment_reference = $1 and last_checked_at is not null", [reference])).length > 0);
      expect((await paymentOf(reference))!.orders.map((o) => o.status)).toEqual(["pending", "pending"]);

      await ageReservation(reference, 31);
      await until("reconciliation to release the reservation", () => released(reference));
      expect(await buyerSees(buyer, reference)).toEqual(["cancelled", "cancelled"]);
      expect(await q("select id from notifications where user_id = $1 and title = $2", [buyer.userId, PAYMENT_NOTICES.expiredTitle])).toHaveLength(1);
      await expectBooksBalance();
    },
  );

  const FULFILMENT_CRASHES = [
    { confirmer: "webhook", waitingFor: "the vendor's sales" },
    { confirmer: "return page", waitingFor: "the vendor's sales" },
    { confirmer: "reconciliation", waitingFor: "the vendor's sales" },
    { confirmer: "webhook", waitingFor: "the receipt e-mail" },
  ] as const;

  it.each(FULFILMENT_CRASHES)(
    "(3) inside the fulfilment transaction started by the $confirmer, writing $waitingFor: rolled back whole, then paid exactly once",
    async ({ confirmer, waitingFor }) => {
      const buyer = await newBuyer();
      const { reference, authorizationUrl } = await placeOrder(buyer);
      if (confirmer !== "webhook") toWebhook.refuse(about(reference));
      const lock = waitingFor === "the receipt e-mail" ? tableLock("email_outbox") : vendorRowLock(shop.vendorId);
      await killWhileWaiting(lock, async () => {
        await payOnHostedPage(authorizationUrl, "approved");
        if (confirmer === "return page") await verifyOnReturnPage(buyer, reference);
        if (confirmer === "reconciliation") await ageReservation(reference, 3);
      });
      await expectRolledBack(reference);

      // Back up: Paystack's retries (unless refused), reconciliation and the buyer's return page all try at once.
      await ageReservation(reference, 3);
      app = await start();
      const returnPages = await Promise.all([verifyOnReturnPage(buyer, reference), verifyOnReturnPage(buyer, reference)]);
      expect(returnPages.map((page) => page.status)).toEqual(["successful", "successful"]);
      await until("the payment to be fulfilled", async () => (await paymentOf(reference))!.status === "successful");
      toWebhook.refuseNone();
      await standin.webhooksIdle();
      await expectPaidOnce(buyer, reference);
    },
  );

  it("(4) after fulfilment committed, before the webhook was answered: Paystack's retry and reconciliation do not fulfil it again", async () => {
    const buyer = await newBuyer();
    const { reference, authorizationUrl } = await placeOrder(buyer);
    const answered = toWebhook.holdNext(about(reference), "answer");
    await payOnHostedPage(authorizationUrl, "approved");
    await answered;
    await app.kill();
    toWebhook.dropHeld();
    crashPointsSurvived++;
    expect((await paymentOf(reference))!.status).toBe("successful");
    expect(toWebhook.exchanges.filter((e) => e.body.includes(reference)).map((e) => e.status)).not.toContain(200);

    await ageReservation(reference, 3);
    app = await start();
    await until("Paystack's retry to be answered", async () => toWebhook.exchanges.some((e) => e.body.includes(reference) && e.status === 200));
    expect(await verifyOnReturnPage(buyer, reference)).toMatchObject({ status: "successful", orderCount: 2 });
    await standin.webhooksIdle();
    await expectPaidOnce(buyer, reference);
  });

  it("(5) inside the release of an expired reservation: rolled back whole, then released once with the stock given back once", async () => {
    const buyer = await newBuyer();
    const { reference } = await placeOrder(buyer);
    await killWhileWaiting(liveEventLock(buyer.userId), () => ageReservation(reference, 31));
    await expectRolledBack(reference);

    // The job had noted its check before it died; the next comes a minute later, as if the restart did.
    await ageReservation(reference, 31);
    app = await start();
    await until("reconciliation to release the reservation", () => released(reference));
    expect(await buyerSees(buyer, reference)).toEqual(["cancelled", "cancelled"]);
    expect(await verifyOnReturnPage(buyer, reference)).toMatchObject({ status: "failed", reasons: [PAYMENT_TEXTS.reasonDeclined("The transaction was not completed"), PAYMENT_TEXTS.reasonNoLongerPayable] });
    expect(await q("select id from notifications where user_id = $1 and title = $2", [buyer.userId, PAYMENT_NOTICES.expiredTitle])).toHaveLength(1);
    await expectBooksBalance();
  });
  it.each(["request", "answer"] as const)(
    "(6) between a buyer's cancellation and its refund (the refund held at its %s): the cancellation kept its refund, and after the restart exactly one goes back",
    async (heldAt) => {
      const buyer = await newBuyer();
      const { reference, authorizationUrl } = await placeOrder(buyer);
      await payOnHostedPage(authorizationUrl, "approved");
      await until("the payment to be fulfilled", async () => (await paymentOf(reference))!.status === "successful");
      const orderId = (await paymentOf(reference))!.orders[0]!.id;
      const held = toPaystack.holdNext((r) => r.path === "/refund" && r.body.includes(reference), heldAt);
      const answered = postAction(app.base, "/orders", { intent: "cancel-paid-order", orderId, reason: "I changed my mind" }, buyer.cookie).catch((error: unknown) => error);
      await held;
      await app.kill();
      toPaystack.dropHeld();
      crashPointsSurvived++;
      await answered;
      const key = `cancel:${orderId}`;
      expect(await q("select o.status::text from orders o where o.id = $1", [orderId])).toEqual([{ status: "cancelled" }]);
      expect(await q("select status::text, provider_refund_id from refunds where idempotency_key = $1", [key])).toEqual([{ status: "pending", provider_refund_id: null }]);

      // Back up after reconciliation's grace period: it looks at Paystack first, then sends only what never arrived.
      await q("update refunds set updated_at = now() - interval '5 minutes' where idempotency_key = $1", [key]);
      app = await start();
      await until("reconciliation to number the refund", async () => (await q("select 1 from refunds where idempotency_key = $1 and provider_refund_id is not null", [key])).length > 0);
      await standin.webhooksIdle();
      expect(standin.store.byReference(reference)!.refunds).toHaveLength(1);
      expect(await q("select r.id from refunds r join payments p on p.id = r.payment_id where p.payment_reference = $1", [reference])).toHaveLength(1);
      expect(await q("select flagged_for_refund from payments where payment_reference = $1", [reference])).toEqual([{ flagged_for_refund: false }]);
    },
  );
  it("(7) inside a buyer's cancellation, writing its refund: a cancellation never stands without its refund, and cancelling again after the restart refunds once", async () => {
    const buyer = await newBuyer();
    const { reference, authorizationUrl } = await placeOrder(buyer);
    await payOnHostedPage(authorizationUrl, "approved");
    await until("the payment to be fulfilled", async () => (await paymentOf(reference))!.status === "successful");
    const orderId = (await paymentOf(reference))!.orders[0]!.id;
    const cancel = () => postAction(app.base, "/orders", { intent: "cancel-paid-order", orderId, reason: "I changed my mind" }, buyer.cookie);
    await killWhileWaiting(tableLock("refunds"), cancel);
    const [order] = await q<{ status: string }>("select status::text from orders where id = $1", [orderId]);
    const written = await q("select id from refunds where idempotency_key = $1", [`cancel:${orderId}`]);
    expect({ cancelled: order!.status === "cancelled", refundWritten: written.length === 1 }).toEqual({ cancelled: false, refundWritten: false });
    await expectBooksBalance();

    app = await start();
    expect((await cancel()).status).toBe(302);
    await until("the refund to be numbered", async () => (await q("select 1 from refunds where idempotency_key = $1 and provider_refund_id is not null", [`cancel:${orderId}`])).length > 0);
    await standin.webhooksIdle();
    expect(standin.store.byReference(reference)!.refunds).toHaveLength(1);
  });
});
