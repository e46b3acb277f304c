import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "./client";
import { migrate } from "./migrate";
import { TEST_ENGINES } from "../tests/support/database";
import { useDatabaseFor } from "../tests/support/lifecycle";

const EXPECTED_TABLES = [
  "accounts", "admin_pricing_config", "cart", "catalogue_version", "cms_content", "delivery_state_fees", "email_changes", "email_outbox", "live_events", "notifications", "order_return_events", "order_returns", "order_status_history", "orders", "payment_dispute_events", "payment_disputes", "payments", "payout_runs",
  "product_search_texts", "products", "profiles", "rate_limits", "refunds", "reviews", "saved_addresses", "sessions", "stock_alerts", "uploaded_images", "user_activities", "user_roles",
  "users", "vendor_bank_accounts", "vendor_commission_changes", "vendor_ledger_entries", "vendor_payouts", "vendor_preapproval_fields",
  "vendor_preapproval_submissions", "vendors", "verifications", "warranty_claim_events", "warranty_claims", "wishlist_items",
];

/** Tables, columns, constraints and indexes as the catalogue sees them: equal on both engines. */
async function describeSchema(handle: DatabaseHandle) {
  const columns = await handle.query<{ t: string; c: string; type: string; nullable: string; generated: string }>(
    `select table_name t, column_name c, data_type type, is_nullable nullable, is_generated generated
       from information_schema.columns where table_schema = 'public' order by 1, 2`,
  );
  const constraints = await handle.query<{ name: string; def: string }>(
    `select conname name, pg_get_constraintdef(oid) def from pg_constraint
      where connamespace = 'public'::regnamespace and contype in ('c', 'f', 'p', 'u') order by 1`,
  );
  const indexes = await handle.query<{ name: string; def: string }>(
    `select indexname name, indexdef def from pg_indexes where schemaname = 'public' order by 1`,
  );
  return { columns, constraints, indexes };
}

const schemas: Record<string, Awaited<ReturnType<typeof describeSchema>>> = {};

describe.each(TEST_ENGINES)("migrations on %s", (engine) => {
  const database = useDatabaseFor(engine);

  it("create every table of the data model", async () => {
    const rows = await database().query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' order by 1",
    );
    expect(rows.map((r) => r.table_name)).toEqual(EXPECTED_TABLES);
    schemas[engine] = await describeSchema(database());
  });

  it("apply again as a no-op", async () => {
    const before = await describeSchema(database());
    await migrate(database());
    expect(await describeSchema(database())).toEqual(before);
  });

  it("store money as bigint kobo", async () => {
    const money = await database().query<{ c: string; type: string }>(
      `select table_name || '.' || column_name c, data_type type from information_schema.columns
        where table_schema = 'public' and column_name in
          ('final_price','suggested_price','unit_price','total_amount','amount','delivery_fee','total_sales','fee','last_seen_price')
        order by 1`,
    );
    expect(money).toEqual([
      { c: "admin_pricing_config.delivery_fee", type: "bigint" },
      { c: "delivery_state_fees.fee", type: "bigint" },
      { c: "orders.total_amount", type: "bigint" },
      { c: "orders.unit_price", type: "bigint" },
      { c: "payment_disputes.amount", type: "bigint" },
      { c: "payments.amount", type: "bigint" },
      { c: "payments.delivery_fee", type: "bigint" },
      { c: "products.final_price", type: "bigint" },
      { c: "products.suggested_price", type: "bigint" },
      { c: "refunds.amount", type: "bigint" },
      { c: "vendor_ledger_entries.amount", type: "bigint" },
      { c: "vendor_payouts.amount", type: "bigint" },
      { c: "vendors.total_sales", type: "bigint" },
      { c: "wishlist_items.last_seen_price", type: "bigint" },
    ]);
  });

  describe("the database refuses what the specs forbid", () => {
    const userId = randomUUID();
    const vendorId = randomUUID();
    const productId = randomUUID();

    beforeAll(async () => {
      await database().query(`insert into users (id, name, email) values ($1, 'Ada Obi', $2)`, [userId, `${userId}@tokunbo.test`]);
      await database().query(
        `insert into vendors (id, user_id, business_name, contact_email, contact_phone, business_address, status, verified)
         values ($1, $2, 'Ikeja Gadget Hub', 'sales@ikeja.test', '+2348031234567', '12 Allen Avenue, Ikeja', 'approved', true)`,
        [vendorId, userId],
      );
      await database().query(
        `insert into products (id, vendor_id, name, brand, model, storage, grade, suggested_price, final_price, status)
         values ($1, $2, 'iPhone 12 Pro Max', 'Apple', 'iPhone 12 Pro Max', '256GB', 'A', 61000000, 61000000, 'approved')`,
        [productId, vendorId],
      );
    });

    const refused = async (sql: string, params: unknown[] = []) =>
      expect(database().query(sql, params)).rejects.toThrow();

    it("grades other than A, B, C", () =>
      refused(
        `insert into products (vendor_id, name, brand, model, storage, grade, suggested_price) values ($1,'x','Apple','x','64GB','D',100)`,
        [vendorId],
      ));
 it("brands and storage sizes outside the spec's lists", async () => {
      await refused(`update products set brand = 'Nokia' where id = $1`, [productId]);
      await refused(`update products set storage = '48GB' where id = $1`, [productId]);
    });
    it("approved products without a final price", () =>
      refused(`update products set final_price = null where id = $1`, [productId]));
    it("successful payments without a payment time", () =>
      refused(`insert into payments (customer_id, payment_reference, amount, status) values ($1, 'pay_1', 100, 'successful')`, [
        userId,
      ]));
    it("unknown product statuses", () => refused(`update products set status = 'live' where id = $1`, [productId]));
    it("negative stock", () => refused(`update products set stock_quantity = -1 where id = $1`, [productId]));
    it("more than five images", () =>
      refused(`update products set images = array['a','b','c','d','e','f'] where id = $1`, [productId]));
    it("products without a vendor", () =>
      refused(`insert into products (name, brand, model, storage, grade, suggested_price) values ('x','Apple','x','64GB','A',100)`));
    it("verified vendors that are not approved", () => refused(`update vendors set status = 'pending' where id = $1`, [vendorId]));
    it("ratings outside 1 to 5", async () => {
      await refused(`insert into reviews (product_id, customer_id, rating) values ($1, $2, 6)`, [productId, userId]);
      await refused(`insert into reviews (product_id, customer_id, rating) values ($1, $2, 0)`, [productId, userId]);
    });
    it("a second cart row for the same customer and product", async () => {
      await database().query(`insert into cart (customer_id, product_id, quantity) values ($1, $2, 1)`, [userId, productId]);
      await refused(`insert into cart (customer_id, product_id, quantity) values ($1, $2, 2)`, [userId, productId]);
    });
    /** An order for Lagos that the database accepts; each test spoils one field. */
    const insertOrder = (order: Partial<{ productId: string; state: string; quantity: number; unitPrice: number; total: number }>) => {
      const o = { productId, state: "Lagos", quantity: 1, unitPrice: 100, total: 100, ...order };
      return database().query(
        `insert into orders (customer_id, product_id, vendor_id, customer_name, customer_email, customer_phone,
           shipping_address, city, state, quantity, unit_price, total_amount)
         values ($1, $2, $3, 'Ada Obi', 'ada@tokunbo.test', '+2348031234567', '5 Awolowo Rd', 'Ikoyi', $4, $5, $6, $7)`,
        [userId, o.productId, vendorId, o.state, o.quantity, o.unitPrice, o.total],
      );
    };

    it("accepts a well-formed order", async () => {
      await insertOrder({});
      const [row] = await database().query<{ n: number }>("select count(*)::int n from orders");
      expect(row?.n).toBe(1);
    });
    it("order totals that are not unit price times quantity", () =>
      expect(insertOrder({ quantity: 2, unitPrice: 100, total: 150 })).rejects.toThrow());
    it("shipping states that are not a Nigerian state or the FCT", () =>
      expect(insertOrder({ state: "Lagoss" })).rejects.toThrow());
    it("unknown order statuses and orders for missing products", async () => {
      await refused(`update orders set status = 'lost'`);
      await expect(insertOrder({ productId: randomUUID() })).rejects.toThrow();
    });
    it("unknown cms sections and a second pricing row", async () => {
      await refused(`insert into cms_content (section, content) values ('sidebar', '{}')`);
      await refused(`insert into admin_pricing_config (id) values (2)`);
    });
    it("pre-approval field names outside lowercase letters and underscores", () =>
      refused(`insert into vendor_preapproval_fields (field_name, field_label, field_type) values ('CAC Number', 'CAC', 'text')`));
  });

  it("searches name, brand and model through the trigram index", async () => {
    const rows = await database().query<{ name: string }>(
      `select name from products where search_text % $1 order by similarity(search_text, $1) desc`,
      ["iphnoe 12 pro"],
    );
    expect(rows.map((r) => r.name)).toEqual(["iPhone 12 Pro Max"]);
    const index = await database().query<{ indexdef: string }>(
      "select indexdef from pg_indexes where indexname = 'products_search_trgm_idx'",
    );
    expect(index[0]?.indexdef).toContain("USING gin (search_text gin_trgm_ops)");
  });
});

describe.runIf(TEST_ENGINES.length === 2)("PGlite and PostgreSQL", () => {
  it("end up with the same schema", () => {
    expect(schemas.pglite).toBeDefined();
    expect(schemas.pglite).toEqual(schemas.postgres);
  });
});
