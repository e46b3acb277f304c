/**
 * Checkout under contention: many signed-in buyers, each with the same phone in the cart, press
 * Place Order at the same moment through the running app, for fewer units than buyers. Every
 * checkout reserves stock and asks the payment provider (the stand-in) for its page.
 */
import pg from "pg";
import { checkoutForm } from "../app/checkout/checkout-form-data";
import { CHECKOUT_TEXTS } from "../domain/checkout/texts";
import { SHIPPING } from "../tests/support/shipping";
import { signInBuyers } from "./sessions";

export interface ContentionResult {
  buyers: number;
  units: number;
  reserved: number;
  refused: number;
  /** Anything but a reservation or the out-of-stock refusal. */
  errors: number;
  /** Reservations over the time until the last of them was answered. */
  reservationsPerSecond: number;
  /** Every answer, reservation or refusal, over the time until the last one. */
  answersPerSecond: number;
  /** Units ordered beyond the stock there was: must be 0. */
  oversold: number;
  /** Units neither in an order nor back in stock (or counted twice): must be 0. */
  unaccounted: number;
  seconds: number;
}

const PHONE_NAME = "iPhone 13 contention";


export async function measureCheckoutContention(options: {
  base: string;
  databaseUrl: string;
  authSecret: string;
  buyers: number;
  units: number;
}): Promise<ContentionResult> {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 4 });
  try {
    const productId = await listPhone(pool, options.units);
    const cookies = await buyersWithThePhone(pool, options.buyers, productId, options.authSecret);
    const started = performance.now();
    const answers = await Promise.all(cookies.map((cookie) => placeOrder(options.base, cookie, productId, started)));
    const seconds = Math.max(...answers.map((a) => a.seconds));
    const reservations = answers.filter((a) => a.status === 302);
    const reserved = reservations.length;
    const refused = answers.filter((a) => a.status === 409 && a.error === CHECKOUT_TEXTS.outOfStock([PHONE_NAME])).length;
    return {
      buyers: options.buyers,
      units: options.units,
      reserved,
      refused,
      errors: answers.length - reserved - refused,
      reservationsPerSecond: reserved / Math.max(...reservations.map((a) => a.seconds), Number.EPSILON),
      answersPerSecond: answers.length / seconds,
      ...(await stockOutcome(pool, productId, options.units)),
      seconds,
    };
  } finally {
    await pool.end();
  }
}

/** A live, approved phone with `units` in stock from an approved vendor. */
async function listPhone(pool: pg.Pool, units: number): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `insert into products (vendor_id, name, brand, model, storage, grade, suggested_price, final_price, stock_quantity, status)
     select id, $1, 'Apple', 'iPhone 13', '128GB', 'A', 50000000, 55000000, $2, 'approved'
     from vendors where status = 'approved' order by created_at limit 1
     returning id`,
    [PHONE_NAME, units],
  );
  return rows[0]!.id;
}

/** Buyers signed in, each with the phone in their cart. */
async function buyersWithThePhone(pool: pg.Pool, count: number, productId: string, secret: string): Promise<string[]> {
  const buyers = await signInBuyers(pool, { count, secret, idPrefix: "bench-buyer", name: "Contention Buyer" });
  await pool.query(`insert into cart (customer_id, product_id, quantity) select id, $2, 1 from unnest($1::text[]) as id`, [buyers.ids, productId]);
  return buyers.cookies;
}

interface Answer {
  status: number;
  error?: string;
  /** Since all buyers pressed the button. */
  seconds: number;
}

/** Place Order as the checkout page's form sends it: a reservation is the redirect to the payment page. */
async function placeOrder(base: string, cookie: string, productId: string, started: number): Promise<Answer> {
  const seconds = () => (performance.now() - started) / 1000;
  try {
    const response = await fetch(`${base}/checkout`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html", Cookie: cookie, Origin: base },
      body: checkoutForm([{ productId, quantity: 1 }], SHIPPING),
      redirect: "manual",
    });
    const page = await response.text();
    const outOfStock = CHECKOUT_TEXTS.outOfStock([PHONE_NAME]);
    return { status: response.status, error: page.includes(outOfStock) ? outOfStock : undefined, seconds: seconds() };
  } catch {
    return { status: 0, seconds: seconds() };
  }
}

async function stockOutcome(pool: pg.Pool, productId: string, units: number): Promise<Pick<ContentionResult, "oversold" | "unaccounted">> {
  const { rows } = await pool.query<{ ordered: string; stock: number }>(
    `select p.stock_quantity as stock, (select coalesce(sum(quantity), 0) from orders where product_id = p.id and status <> 'cancelled') as ordered
     from products p where p.id = $1`,
    [productId],
  );
  const ordered = Number(rows[0]!.ordered);
  const stock = rows[0]!.stock;
  return { oversold: Math.max(0, ordered - units), unaccounted: Math.abs(units - ordered - stock) };
}
