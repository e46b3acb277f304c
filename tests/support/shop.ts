/** A buyer, a vendor with phones, and paying on the stand-in's hosted page over HTTP, for payment tests. */
import { afterAll, beforeAll } from "vitest";
import type { Database, DatabaseHandle } from "../../db/client";
import { cart } from "../../db/schema/cart";
import { insertListing, insertPerson, insertVendor, recordingMailer } from "./rows";
import { TEST_CARDS } from "../../paystack-standin";
import { createPaystackClient } from "../../domain/payments/paystack-client";
import type { PaymentProvider } from "../../domain/payments/provider";
import { createDatabaseFor } from "./database";
import { type RunningStandin, startPaystackStandin } from "./paystack-standin";

export { SHIPPING } from "./shipping";

export interface Shop {
  vendorId: string;
  vendorUserId: string;
  /** Listed phones, approved and live: 300,000 naira and 150,000 naira, 3 units each. */
  phones: [string, string];
}

export async function openShop(db: Database, tag: string): Promise<Shop> {
  const vendorUser = await insertPerson(db, `vendor-${tag}`, "vendor");
  const vendor = await insertVendor(db, vendorUser.userId, `Shop ${tag}`);
  const first = await insertListing(db, vendor.id, `iPhone 12 ${tag}`, { status: "approved", finalPrice: 300_000_00 });
  const second = await insertListing(db, vendor.id, `Pixel 7 ${tag}`, { status: "approved", finalPrice: 150_000_00, brand: "Google" });
  return { vendorId: vendor.id, vendorUserId: vendorUser.userId, phones: [first, second] };
}

export async function buyerWithCart(db: Database, id: string, lines: { productId: string; quantity: number }[]) {
  const buyer = await insertPerson(db, id);
  if (lines.length > 0) await db.insert(cart).values(lines.map((line) => ({ customerId: buyer.userId, ...line })));
  return { userId: buyer.userId, email: buyer.email, clientIp: "192.0.2.1" };
}

/** Submits the hosted payment page as a browser would; answers the redirect's Location. */
export async function payOnHostedPage(authorizationUrl: string, how: "approved" | "declined" | "cancel"): Promise<string> {
  const fields: Record<string, string> = how === "cancel"
    ? { action: "cancel" }
    : { action: "pay", card_number: TEST_CARDS[how], expiry: "12/30", cvv: "123" };
  const response = await fetch(authorizationUrl, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });
  if (response.status !== 303) throw new Error(`The hosted page answered ${response.status}: ${await response.text()}`);
  return response.headers.get("location") ?? "";
}

type RecordingMailer = ReturnType<typeof recordingMailer>;

export interface ShopWithPayments {
  database: () => DatabaseHandle;
  standin: () => RunningStandin;
  provider: () => PaymentProvider;
  shop: () => Shop;
  /** Keeps every mail the flows send. */
  mailer: RecordingMailer;
  /** The shop's address, in the links its mails carry. */
  publicUrl: string;
  /** What the flows are handed: the database, the client, the mailer and the shop's address. */
  deps: () => { db: Database; payments: PaymentProvider; mailer: RecordingMailer; publicUrl: string };
  /** SQL over the database. */
  q: <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;
}

/**
 * For a describe block: a fresh database of the engine with a shop in it, and the Paystack
 * stand-in over HTTP with a client pointed at it; all closed after the block.
 */
export function useShopWithPayments(engine: "pglite" | "postgres"): ShopWithPayments {
  let database: DatabaseHandle | undefined;
  let standin: RunningStandin | undefined;
  let provider: PaymentProvider | undefined;
  let shop: Shop | undefined;
  beforeAll(async () => {
    database = await createDatabaseFor(engine);
    standin = await startPaystackStandin();
    provider = createPaystackClient({ baseUrl: standin.baseUrl, secretKey: standin.secretKey });
    shop = await openShop(database.db, engine);
  });
  afterAll(async () => {
    await standin?.close();
    await database?.close();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("useShopWithPayments() is read before its beforeAll ran");
    return value;
  };
  const mailer = recordingMailer();
  const publicUrl = "https://tokunbo.example";
  return {
    database: () => ready(database),
    standin: () => ready(standin),
    provider: () => ready(provider),
    shop: () => ready(shop),
    mailer,
    publicUrl,
    deps: () => ({ db: ready(database).db, payments: ready(provider), mailer, publicUrl }),
    q: (text, params = []) => ready(database).query(text, params),
  };
}
