import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { hashPassword } from "better-auth/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/client";
import { migrate } from "../../db/migrate";
import { SHIPPING, openShop } from "../support/shop";
import { insertListing, insertPersonWhoSignsIn } from "../support/rows";
import { checkoutForm } from "../../app/checkout/checkout-form-data";
import { loaderData, postAction, postForm, signInAs } from "../support/app";
import { type AppProcess, startAppProcess } from "../support/app-process";

/*
 * The embedded database (PGlite under DATA_DIR) survives SIGKILL in the middle of writes: the app
 * takes a burst of sign-ups, cart changes and checkouts, is killed once part of them has been
 * answered, and is started again on the same folder. Every write the app acknowledged is there,
 * the ones cut off are there whole or not at all, the folder opens, every table reads, and the app
 * answers /healthz and its pages.
 */

const APP_PORT = 3420;
const ROUNDS = 3;
const PASSWORD = "Crash-test-2026";
const STOCK = 40;
const LISTINGS = 30;

interface Acknowledged {
  signUps: string[];
  cartLines: Array<{ cookie: string; productId: string }>;
  /** The e-mail of the buyer of each checkout the app answered by sending them to pay. */
  checkouts: string[];
}

describe("the embedded database killed mid-write", () => {
  let dataDir: string;
  let app: AppProcess;
  let vendorId: string;
  let productIds: string[];
  const buyers: string[] = [];
  const acknowledged: Acknowledged = { signUps: [], cartLines: [], checkouts: [] };
  let writesTried = 0;
  /** Writes the app answered with a refusal rather than being cut off. */
  const refusals: string[] = [];

  const pgliteDir = () => path.join(dataDir, "db");
  const start = () => startAppProcess({ port: APP_PORT, dataDir });

  /** The shop, prepared in the folder before the app first opens it. */
  async function prepareShop() {
    const database = await openDatabase({ pgliteDir: pgliteDir() });
    try {
      await migrate(database);
      const shop = await openShop(database.db, "embedded");
      vendorId = shop.vendorId;
      const more = [];
      for (let i = 0; i < LISTINGS - 2; i++) more.push(await insertListing(database.db, vendorId, `Galaxy S${i} embedded`, { status: "approved", finalPrice: 250_000_00, brand: "Samsung" }));
      productIds = [...shop.phones, ...more];
      await database.query("update products set stock_quantity = $1 where vendor_id = $2", [STOCK, vendorId]);
      const passwordHash = await hashPassword(PASSWORD);
      for (let i = 0; i < 3; i++) {
        const { email } = await insertPersonWhoSignsIn(database.db, `embedded-buyer-${i}`, passwordHash);
        buyers.push(email);
      }
    } finally {
      await database.close();
    }
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "tokunbo-embedded-crash-"));
    await prepareShop();
    app = await start();
  });

  afterAll(async () => {
    await app?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    const { signUps, cartLines, checkouts } = acknowledged;
    console.info(
      `embedded database: ${ROUNDS} kills mid-write survived; ${writesTried} writes tried, acknowledged ${signUps.length} sign-ups, ${cartLines.length} cart changes, ${checkouts.length} checkouts`,
    );
  });

  const json = (response: Response) => response.json() as Promise<Record<string, unknown>>;

  /** One write of each kind per buyer and a few sign-ups, all at once; each resolves only if the app acknowledged it. */
  function burst(round: number, cookies: string[]): Array<Promise<void>> {
    const writes: Array<Promise<void>> = [];
    cookies.forEach((cookie, b) => {
      for (let line = 0; line < 3; line++) {
        const productId = productIds[(round * 9 + b * 3 + line) % productIds.length]!;
        writes.push(
          fetch(`${app.base}/cart/items`, {
            method: "POST",
            headers: { Cookie: cookie, Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ productId, quantity: "1" }),
          }).then(async (response) => {
            if (response.status === 200 && (await json(response)).ok) acknowledged.cartLines.push({ cookie, productId });
            else refusals.push(`cart ${response.status}`);
          }),
        );
      }
      writes.push(
        postAction(app.base, "/checkout", checkoutForm([{ productId: productIds[0]!, quantity: 1 }, { productId: productIds[1]!, quantity: 2 }], SHIPPING), cookie).then((placed) => {
          if (placed.status === 302) acknowledged.checkouts.push(buyers[b]!);
          else refusals.push(`checkout ${placed.status}: ${JSON.stringify(placed.data)}`);
        }),
      );
    });
    for (let i = 0; i < 4; i++) {
      const email = `signup-${round}-${i}-${randomUUID().slice(0, 6)}@example.ng`;
      const fields = { intent: "signup", fullName: `Ngozi ${"ABCDEFGHIJ"[round]}${"abcdefghij"[i]}`, email, password: PASSWORD, confirmPassword: PASSWORD };
      writes.push(postForm(app.base, "/auth", fields).then((response) => {
        if (response.status === 200) acknowledged.signUps.push(email);
        else refusals.push(`sign-up ${response.status}`);
      }));
    }
    writesTried += writes.length;
    return writes.map((write) => write.catch(() => {}));
  }

  /** Resolves once a third of the writes have been answered, checkouts (the longest) among them. */
  async function partlyAnswered(writes: Array<Promise<void>>): Promise<void> {
    const checkoutsBefore = acknowledged.checkouts.length;
    let done = 0;
    writes.forEach((write) => void write.then(() => done++));
    while (done < writes.length && (done < writes.length / 3 || acknowledged.checkouts.length === checkoutsBefore)) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  async function expectEveryAcknowledgedWrite(database: DatabaseHandle) {
    for (const email of acknowledged.signUps) {
      expect(await database.query("select id from users where email = $1", [email]), `signed up ${email}`).toHaveLength(1);
    }
    for (const email of new Set(acknowledged.checkouts)) {
      const payments = await database.query<{ amount: string; orders: string; fee: string }>(
        `select p.amount::text, p.delivery_fee::text as fee, (select coalesce(sum(total_amount), 0)::text from orders where payment_id = p.id) as orders
         from payments p join users u on u.id = p.customer_id where u.email = $1`,
        [email],
      );
      expect(payments.length, `checkouts of ${email}`).toBeGreaterThanOrEqual(acknowledged.checkouts.filter((buyer) => buyer === email).length);
      for (const payment of payments) expect(BigInt(payment.amount)).toBe(BigInt(payment.orders) + BigInt(payment.fee));
    }
    // Nothing half-written among the writes that were cut off: every payment has its orders, stock adds up.
    expect(await database.query("select payment_reference from payments p where not exists (select 1 from orders o where o.payment_id = p.id)")).toEqual([]);
    const stock = await database.query<{ accounted: number }>(
      `select p.stock_quantity + coalesce(sum(o.quantity) filter (where o.status <> 'cancelled'), 0)::int as accounted
       from products p left join orders o on o.product_id = p.id where p.vendor_id = $1 group by p.id`,
      [vendorId],
    );
    expect(new Set(stock.map((row) => row.accounted))).toEqual(new Set([STOCK]));
  }

  async function expectAppServes(cookies: string[]) {
    expect((await fetch(`${app.base}/healthz`)).status).toBe(200);
    for (const page of ["/", "/shop", `/product/${productIds[0]}`]) expect((await fetch(`${app.base}${page}`)).status, page).toBe(200);
    for (const cookie of cookies) {
      const { lines: cart } = await loaderData<{ lines: Array<{ product: { id: string } }> }>(app.base, "/cart", "checkout/routes/cart", cookie);
      const lines = cart.map((item) => item.product.id);
      const acked = acknowledged.cartLines.filter((line) => line.cookie === cookie).map((line) => line.productId);
      expect(lines).toEqual(expect.arrayContaining(acked));
    }
  }

  /** Between the kill and the restart the test opens the folder itself: it opens, every table reads, every acknowledged write is there. */
  async function expectFolderWhole() {
    const database = await openDatabase({ pgliteDir: pgliteDir() });
    try {
      const tables = await database.query<{ name: string }>("select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'");
      expect(tables.length).toBeGreaterThan(15);
      for (const { name } of tables) await database.query(`select count(*) from "${name}"`);
      await expectEveryAcknowledgedWrite(database);
    } finally {
      await database.close();
    }
  }

  it(`keeps every acknowledged write through ${ROUNDS} kills and opens whole each time`, async () => {
    const cookies: string[] = [];
    for (const email of buyers) cookies.push(await signInAs(app.base, email, PASSWORD));
    for (let round = 0; round < ROUNDS; round++) {
      const writes = burst(round, cookies);
      await partlyAnswered(writes);
      await app.kill();
      await Promise.all(writes);
      await expectFolderWhole();
      app = await start();
      await expectAppServes(cookies);
    }
    expect(refusals).toEqual([]);
    expect(acknowledged.checkouts.length).toBeGreaterThan(0);
    expect(acknowledged.cartLines.length).toBeGreaterThan(0);
    expect(acknowledged.signUps.length).toBeGreaterThan(0);
  });
});
