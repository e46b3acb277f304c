/**
 * Fulfilling a payment costs the same number of statements for two orders from two vendors as
 * for ten orders from five: sales, notifications and live events are written in batches.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { TEST_ENGINES } from "../../tests/support/database";
import { type RunningStandin, startPaystackStandin } from "../../tests/support/paystack-standin";
import { type CountedDatabase, openCountedDatabase, statementGrowth } from "../../tests/support/query-counter";
import { placeOrder } from "../flows/place-order";
import { insertListing, insertPerson, insertVendor, recordingMailer } from "../../tests/support/rows";
import { fulfilPayment } from "../flows/fulfil-payment";
import { createPaystackClient } from "./paystack-client";
import type { PaymentProvider } from "./provider";
import { SHIPPING, buyerWithCart, payOnHostedPage } from "../../tests/support/shop";

describe.each(TEST_ENGINES)("statements of a fulfilment, few orders against many (%s)", (engine) => {
  let counted: CountedDatabase;
  let database: DatabaseHandle;
  let standin: RunningStandin;
  let provider: PaymentProvider;
  const deps = () => ({ db: database.db, payments: provider, mailer: recordingMailer(), publicUrl: "https://tokunbo.example" });

  beforeAll(async () => {
    counted = await openCountedDatabase(engine);
    database = counted.database;
    standin = await startPaystackStandin();
    provider = createPaystackClient({ baseUrl: standin.baseUrl, secretKey: standin.secretKey });
  });
  afterAll(async () => {
    await standin?.close();
    await database?.close();
  });

  /** Phones from `vendorCount` vendors, bought by one buyer and paid; answers the statements of the fulfilment. */
  async function fulfilmentStatements(tag: string, phoneCount: number, vendorCount: number): Promise<string[]> {
    const vendorIds: string[] = [];
    for (let v = 0; v < vendorCount; v++) {
      const owner = await insertPerson(database.db, `vendor-${tag}-${v}`, "vendor");
      vendorIds.push((await insertVendor(database.db, owner.userId, `Shop ${tag} ${v}`)).id);
    }
    const phones: string[] = [];
    for (let p = 0; p < phoneCount; p++) {
      phones.push(await insertListing(database.db, vendorIds[p % vendorCount]!, `Pixel ${p} ${tag}`, { status: "approved", finalPrice: 100_000_00 + p }));
    }
    const lines = phones.map((productId) => ({ productId, quantity: 1 }));
    const buyer = await buyerWithCart(database.db, `buyer-${tag}`, lines);
    const placed = await placeOrder(deps(), buyer, { items: lines, shipping: SHIPPING });
    await payOnHostedPage(placed.authorizationUrl, "approved");
    const transaction = await provider.verify(placed.reference);
    if (!transaction) throw new Error(`The provider does not know ${placed.reference}`);

    let outcome: Awaited<ReturnType<typeof fulfilPayment>> | undefined;
    const statements = await counted.statementsDuring(async () => {
      outcome = await fulfilPayment(deps(), placed.reference, transaction);
    });
    expect(outcome).toMatchObject({ outcome: "fulfilled", orderCount: phoneCount });
    return statements;
  }

  it("sends as many statements for ten orders from five vendors as for two from two", async () => {
    const few = await fulfilmentStatements("few", 2, 2);
    const many = await fulfilmentStatements("many", 10, 5);
    expect(statementGrowth("fulfilment", few, many)).toBeNull();
  });
});
