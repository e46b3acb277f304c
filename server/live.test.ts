import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client";
import { seedDemoShop } from "../tests/support/demo-images";
import { DEMO_PASSWORD } from "../db/seed/demo-accounts";
import type { Viewer } from "../domain/accounts/viewer";
import { notify } from "../domain/notifications/service";
import { TEST_AUTH_SECRET, loaderData, postAction, postForm, signInAs } from "../tests/support/app";
import { TEST_ENGINES, createDatabaseFor, createPostgresTestDatabase } from "../tests/support/database";
import { type DemoApp, startDemoApp } from "../tests/support/demo-app";
import { type EventStreamClient, openEventStream } from "../tests/support/event-stream";
import { createLiveApi } from "./live-api";
import { createLiveHub } from "./live-hub";
import { createLogger } from "./logger";
import { loadConfig } from "./config";

const CUSTOMER = "customer@tokunbo.test";
const VENDOR = "vendor@tokunbo.test";
const ADMIN = "admin@tokunbo.test";

async function userIdOf(database: DatabaseHandle, email: string): Promise<string> {
  const [row] = await database.query<{ id: string }>("select id from users where email = $1", [email]);
  return row!.id;
}

async function anyProductId(database: DatabaseHandle): Promise<string> {
  const [row] = await database.query<{ id: string }>(
    "select id from products where status = 'approved' and is_live and stock_quantity > 0 order by created_at limit 1",
  );
  return row!.id;
}

function addToCart(base: string, cookie: string, productId: string) {
  return fetch(`${base}/cart/items`, {
    method: "POST",
    headers: { Cookie: cookie, Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ productId, quantity: "1" }),
  });
}

const cartEvent = (event: { data: unknown }) => (event.data as { kind: string }).kind === "cart.updated";

describe.each(TEST_ENGINES)("the live event stream (%s)", (engine) => {
  let database: DatabaseHandle;
  let app: DemoApp;
  let customer: string;
  let vendor: string;
  const streams: EventStreamClient[] = [];
  const open = async (cookie: string, headers: Record<string, string> = {}, query = "") => {
    const stream = await openEventStream(`${app.base}/api/events${query}`, { Cookie: cookie, ...headers });
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    app = await startDemoApp(engine);
    database = app.database;
    customer = await signInAs(app.base, CUSTOMER, DEMO_PASSWORD);
    vendor = await signInAs(app.base, VENDOR, DEMO_PASSWORD);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await app?.close();
  });

  it("refuses a visitor who is not signed in", async () => {
    const response = await fetch(`${app.base}/api/events`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: expect.any(String) });
  });

  it("carries the user's cart changes and notifications, and nobody else's", async () => {
    const mine = await open(customer);
    const theirs = await open(vendor);
    expect(mine.status).toBe(200);

    expect((await addToCart(app.base, customer, await anyProductId(database))).status).toBe(200);
    const cart = await mine.waitFor(cartEvent);
    expect(cart.data).toEqual({ kind: "cart.updated", count: expect.any(Number) });

    const customerId = await userIdOf(database, CUSTOMER);
    const created = await database.db.transaction((tx) => notify(tx, customerId, "order", "Order shipped", "Your phone is on its way."));
    const arrived = await mine.waitFor((e) => (e.data as { kind: string }).kind === "notification.created");
    expect(arrived.data).toMatchObject({ notification: created, unread: expect.any(Number) });

    const read = await postAction(app.base, "/notifications", { intent: "read", id: created.id }, customer);
    expect(read.status).toBe(200);
    await mine.waitFor((e) => (e.data as { kind: string }).kind === "notification.updated");

    // The vendor's stream was open all along and saw none of it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(theirs.events).toEqual([]);
  });

  it("resumes after a drop from the last event id without losing or repeating events", async () => {
    const first = await open(customer);
    const productId = await anyProductId(database);
    await addToCart(app.base, customer, productId);
    const seen = await first.waitFor(cartEvent);
    first.close();

    const { lines } = await loaderData<{ lines: Array<{ id: string }> }>(app.base, "/cart", "checkout/routes/cart", customer);
    await postAction(app.base, "/cart", { intent: "remove", itemId: lines[0]!.id }, customer);
    await postAction(app.base, "/cart", { intent: "clear" }, customer);

    const resumed = await open(customer, { "Last-Event-ID": String(seen.id) });
    await resumed.waitFor((e) => (e.data as { count: number }).count === 0 && e.id > seen.id + 1);
    expect(resumed.events.map((e) => e.id)).toEqual([...resumed.events.map((e) => e.id)].sort((a, b) => a - b));
    expect(resumed.events.every((e) => e.id > seen.id)).toBe(true);
    expect(resumed.events).toHaveLength(2);
  });

  it("closes the user's open streams within seconds of signing out everywhere, and only theirs", async () => {
    const laptop = await signInAs(app.base, "ngozi.eze@tokunbo.test", DEMO_PASSWORD);
    const phone = await signInAs(app.base, "ngozi.eze@tokunbo.test", DEMO_PASSWORD);
    const onLaptop = await open(laptop);
    const someoneElse = await open(vendor);
    expect(onLaptop.status).toBe(200);

    expect((await postForm(app.base, "/auth/sign-out", {}, { cookie: phone })).status).toBe(302);
    await expect.poll(() => onLaptop.ended, { timeout: 5000 }).toBe(true);
    expect(someoneElse.ended).toBe(false);
  });

  it("closes the user's open streams within seconds of a password reset", async () => {
    const email = "fatima.bello@tokunbo.test";
    const session = await signInAs(app.base, email, DEMO_PASSWORD);
    const stream = await open(session);
    expect(stream.status).toBe(200);

    await postForm(app.base, "/auth", { intent: "forgot", email });
    const resetLink = async () => {
      const [mail] = await database.query<{ text_body: string }>("select text_body from email_outbox where to_address = $1", [email]);
      return mail?.text_body.match(/https?:\/\/\S+/)?.[0];
    };
    await expect.poll(resetLink).toContain("token=");
    const token = new URL((await resetLink())!).searchParams.get("token")!;
    const reset = await postForm(app.base, "/auth/reset-password", { token, password: "a-new-pass-9", confirmPassword: "a-new-pass-9" });
    expect(reset.status).toBe(302);
    await expect.poll(() => stream.ended, { timeout: 5000 }).toBe(true);
  });

  it("starts a fresh stream at the newest event, and ignores a malformed cursor", async () => {
    const fresh = await open(customer, { "Last-Event-ID": "not-a-number" });
    const later = await open(customer, {}, "?after=-5");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fresh.status).toBe(200);
    expect(later.status).toBe(200);
    expect(fresh.events).toEqual([]);
    expect(later.events).toEqual([]);
  });
});

describe("the stream's heartbeat", () => {
  it("sends a comment line at every interval so proxies keep the stream open", async () => {
    const database = await createDatabaseFor("pglite");
    const config = loadConfig({ LOG_LEVEL: "silent", AUTH_SECRET: TEST_AUTH_SECRET });
    const logger = createLogger(config);
    const hub = createLiveHub(database, logger);
    await database.query("insert into users (id, name, email) values ('ada', 'Ada', 'ada@example.com')");
    const app = express();
    app.use((_req, res, next) => {
      res.locals.getViewer = async () => ({ userId: "ada", email: "ada@example.com", fullName: "Ada", role: "customer" }) satisfies Viewer;
      next();
    });
    const timing = { heartbeatMs: 50, retryMs: 3000, sessionCheckMs: 60_000 };
    app.use("/api", createLiveApi({ accounts: { db: database.db, auth: undefined as never }, hub, logger, timing }));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as { port: number };
    const stream = await openEventStream(`http://127.0.0.1:${port}/api/events`, {});
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stream.comments).toBeGreaterThanOrEqual(3);
    stream.close();
    await hub.close();
    await new Promise((resolve) => server.close(resolve));
    await database.close();
  });
});

/** Two real server processes on one PostgreSQL database, as behind a load balancer. */
describe.runIf(process.env.TEST_DATABASE_URL)("live events across two app instances (postgres)", () => {
  let database: DatabaseHandle & { url: string };
  let uploadsDir: string;
  const instances: Array<{ base: string; process: ChildProcess; dataDir: string }> = [];
  const streams: EventStreamClient[] = [];

  const freePort = () =>
    new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });

  async function startInstance() {
    const port = await freePort();
    const dataDir = await mkdtemp(path.join(tmpdir(), "tokunbo-instance-"));
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(path.resolve("node_modules/.bin/tsx"), ["server/main.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PAYMENTS_MODE: "sandbox",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        AUTH_SECRET: TEST_AUTH_SECRET,
        PUBLIC_URL: base,
        DEMO_DATA: "false",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    instances.push({ base, process: child, dataDir });
    for (let attempt = 0; attempt < 300; attempt++) {
      const healthy = await fetch(`${base}/healthz`).then((r) => r.ok).catch(() => false);
      if (healthy) return base;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`instance on ${base} did not start`);
  }

  beforeAll(async () => {
    database = (await createPostgresTestDatabase())!;
    uploadsDir = await mkdtemp(path.join(tmpdir(), "tokunbo-live-pg-"));
    await seedDemoShop(database.db, { uploadsDir });
  }, 60_000);
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await Promise.all(
      instances.map(
        (instance) =>
          new Promise<void>((resolve) => {
            instance.process.once("exit", () => resolve());
            instance.process.kill("SIGTERM");
          }),
      ),
    );
    for (const instance of instances) await rm(instance.dataDir, { recursive: true, force: true });
    await database?.close();
    await rm(uploadsDir, { recursive: true, force: true });
  });

  it("a change made through instance A reaches a stream on instance B, and only its user's", async () => {
    const [a, b] = await Promise.all([startInstance(), startInstance()]);
    const admin = await signInAs(a!, ADMIN, DEMO_PASSWORD);
    const customer = await signInAs(b!, CUSTOMER, DEMO_PASSWORD);
    const vendor = await signInAs(b!, VENDOR, DEMO_PASSWORD);

    const customerOnB = await openEventStream(`${b}/api/events`, { Cookie: customer });
    const vendorOnB = await openEventStream(`${b}/api/events`, { Cookie: vendor });
    streams.push(customerOnB, vendorOnB);
    expect(customerOnB.status).toBe(200);

    // The admin moves one of the customer's paid orders on instance A.
    const customerId = await userIdOf(database, CUSTOMER);
    const [order] = await database.query<{ id: string }>("select id from orders where customer_id = $1 and status = 'paid' limit 1", [customerId]);
    const moved = await fetch(`${a}/admin/orders`, {
      method: "POST",
      headers: { Cookie: admin, Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ orderId: order!.id, status: "processing" }),
      redirect: "manual",
    });
    expect(moved.status).toBeLessThan(400);

    const started = Date.now();
    const notification = await customerOnB.waitFor((e) => (e.data as { kind: string }).kind === "notification.created", 2000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(notification.data).toMatchObject({ notification: { type: "order", read: false } });
    await customerOnB.waitFor((e) => (e.data as { kind: string; orderId?: string }).kind === "order.updated" && (e.data as { orderId: string }).orderId === order!.id);

    // The customer drops off; a cart change made through A meanwhile is there on reconnecting to B.
    const lastSeen = customerOnB.events.at(-1)!.id;
    customerOnB.close();
    expect((await addToCart(a!, customer, await anyProductId(database))).status).toBe(200);
    const resumed = await openEventStream(`${b}/api/events`, { Cookie: customer, "Last-Event-ID": String(lastSeen) });
    streams.push(resumed);
    await resumed.waitFor(cartEvent);
    expect(resumed.events.every((e) => e.id > lastSeen)).toBe(true);

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(vendorOnB.events).toEqual([]);
  }, 60_000);

  it("signing out everywhere through instance A closes the user's stream on instance B within seconds", async () => {
    const [a, b] = await Promise.all([startInstance(), startInstance()]);
    const onB = await signInAs(b!, "ngozi.eze@tokunbo.test", DEMO_PASSWORD);
    const onA = await signInAs(a!, "ngozi.eze@tokunbo.test", DEMO_PASSWORD);
    const stream = await openEventStream(`${b}/api/events`, { Cookie: onB });
    const vendorStream = await openEventStream(`${b}/api/events`, { Cookie: await signInAs(b!, VENDOR, DEMO_PASSWORD) });
    streams.push(stream, vendorStream);
    expect(stream.status).toBe(200);

    const started = Date.now();
    expect((await postForm(a!, "/auth/sign-out", {}, { cookie: onA })).status).toBe(302);
    await expect.poll(() => stream.ended, { timeout: 5000 }).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(vendorStream.ended).toBe(false);
  }, 60_000);
});
