import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { verifyPassword } from "better-auth/crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHONE_COLOR_HEX } from "./phone-art";
import { createLocalStorage, InvalidStorageKeyError } from "../../domain/media/storage";
import { BRANDS, CMS_SECTIONS, GRADES, ORDER_STATUSES, PRICING_DEFAULTS, STORAGE_OPTIONS } from "../../lib/constants";
import { createPostgresTestDatabase, createTestDatabase } from "../../tests/support/database";
import type { DatabaseHandle } from "../client";
import { GRADE_PRICE_FACTOR, PHONE_MODELS, storageOptionsOf, suggestedPriceNaira } from "./catalogue";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./demo-accounts";
import { type SeedSummary, completeDemoImages, isDatabaseEmpty, seedDemoData } from "./index";

const NOW = new Date("2026-03-02T10:00:00Z");
const ZERO: SeedSummary = { users: 0, vendors: 0, products: 0, reviews: 0, orders: 0, payments: 0, notifications: 0, images: 0 };

let handle: DatabaseHandle;
let uploadsDir: string;
let summary: SeedSummary;

async function one<T>(h: DatabaseHandle, text: string): Promise<T> {
  const [row] = await h.query<T>(text);
  if (!row) throw new Error(`no row for: ${text}`);
  return row;
}

async function tableCounts(h: DatabaseHandle): Promise<SeedSummary> {
  return one<SeedSummary>(h, `select
    (select count(*)::int from users) as users, (select count(*)::int from vendors) as vendors,
    (select count(*)::int from products) as products, (select count(*)::int from reviews) as reviews,
    (select count(*)::int from orders) as orders, (select count(*)::int from payments) as payments,
    (select count(*)::int from notifications) as notifications, 0 as images`);
}

/** What must come out the same on every run: everything but ids and timestamps. */
async function catalogueFingerprint(h: DatabaseHandle): Promise<unknown[]> {
  return h.query(`select p.name, p.brand, p.model, p.storage, p.color, p.grade, p.description,
      p.suggested_price::text, p.final_price::text, p.status, p.stock_quantity, p.images, v.business_name
    from products p join vendors v on v.id = p.vendor_id
    order by p.name, p.grade, p.color, p.suggested_price, p.description`);
}

beforeAll(async () => {
  handle = await createTestDatabase();
  uploadsDir = await mkdtemp(path.join(os.tmpdir(), "tokunbo-seed-"));
  const started = performance.now();
  summary = await seedDemoData(handle.db, { uploadsDir, now: NOW });
  console.log(`seedDemoData took ${Math.round(performance.now() - started)} ms`, summary);
});

afterAll(async () => {
  await handle?.close();
  if (uploadsDir) await rm(uploadsDir, { recursive: true, force: true });
});

describe("demo catalogue data", () => {
  it("offers only storage sizes from STORAGE_OPTIONS and colours the artwork knows", () => {
    for (const phone of PHONE_MODELS) {
      for (const storage of storageOptionsOf(phone)) expect(STORAGE_OPTIONS).toContain(storage);
      for (const color of phone.colors) expect(PHONE_COLOR_HEX, `${phone.model} ${color}`).toHaveProperty([color]);
    }
  });

  it("prices grade B about 9% and grade C about 20% below grade A, in steps of ₦5,000", () => {
    for (const phone of PHONE_MODELS) {
      for (const storage of storageOptionsOf(phone)) {
        const [a, b, c] = GRADES.map((g) => suggestedPriceNaira(phone, storage, g)) as [number, number, number];
        expect([a % 5000, b % 5000, c % 5000]).toEqual([0, 0, 0]);
        expect(1 - b / a).toBeGreaterThanOrEqual(0.07);
        expect(1 - b / a).toBeLessThanOrEqual(0.11);
        expect(1 - c / a).toBeGreaterThanOrEqual(0.17);
        expect(1 - c / a).toBeLessThanOrEqual(0.23);
      }
    }
    expect(GRADE_PRICE_FACTOR.A).toBe(1);
  });
});

describe("seedDemoData", () => {
  it("reports exactly what it inserted", async () => {
    expect({ ...(await tableCounts(handle)), images: summary.images }).toEqual(summary);
    expect(summary.products).toBeGreaterThanOrEqual(120);
    expect(await isDatabaseEmpty(handle.db)).toBe(false);
  });

  it("covers all eight brands, all grades and only known storage sizes", async () => {
    const brands = await handle.query<{ brand: string }>("select distinct brand from products order by brand");
    expect(brands.map((r) => r.brand)).toEqual([...BRANDS].sort());
    const grades = await handle.query<{ grade: string }>("select distinct grade::text from products order by grade");
    expect(grades.map((r) => r.grade)).toEqual([...GRADES]);
    const storage = await handle.query<{ storage: string }>("select distinct storage from products");
    for (const { storage: size } of storage) expect(STORAGE_OPTIONS).toContain(size);
    const perBrand = await handle.query<{ n: number }>(
      "select count(*)::int as n from products where status = 'approved' group by brand");
    expect(Math.min(...perBrand.map((r) => r.n))).toBeGreaterThanOrEqual(8);
  });

  it("prices approved phones like the Lagos market: mostly under ₦1,000,000, some discounted", async () => {
    const prices = await one<{ total: number; under: number; discounted: number; bad: number; pending_priced: number }>(handle, `select
      count(*) filter (where status = 'approved')::int as total,
      count(*) filter (where status = 'approved' and final_price < 100000000)::int as under,
      count(*) filter (where status = 'approved' and final_price < suggested_price)::int as discounted,
      count(*) filter (where status = 'approved' and (final_price is null or final_price > suggested_price))::int as bad,
      count(*) filter (where status = 'pending' and final_price is not null)::int as pending_priced
      from products`);
    expect(prices.under / prices.total).toBeGreaterThan(0.85);
    expect(prices.under).toBeLessThan(prices.total);
    expect(prices.discounted / prices.total).toBeGreaterThan(0.2);
    expect(prices.discounted / prices.total).toBeLessThan(0.4);
    expect(prices.bad).toBe(0);
    expect(prices.pending_priced).toBe(0);
    const range = await one<{ low: number; high: number }>(handle,
      "select min(final_price / 100)::int as low, max(final_price / 100)::int as high from products where status = 'approved'");
    expect(range.low).toBeGreaterThanOrEqual(80_000);
    expect(range.high).toBeLessThanOrEqual(1_400_000);
  });

  it("has listings in every state: live, pending, rejected, sold out, inspected", async () => {
    const states = await one<Record<string, number>>(handle, `select
      count(*) filter (where status = 'approved' and is_live and stock_quantity > 0)::int as live,
      count(*) filter (where status = 'pending')::int as pending,
      count(*) filter (where status = 'rejected')::int as rejected,
      count(*) filter (where status = 'approved' and stock_quantity = 0 and is_live)::int as sold_out,
      count(*) filter (where status = 'approved' and not is_live)::int as hidden,
      count(*) filter (where admin_inspected)::int as inspected,
      count(*) filter (where cardinality(images) not in (1, 2))::int as odd_images
      from products`);
    // Sold out is stock 0 alone; the vendor's switch stays on, so their shared links say 'Sold out'.
    expect(states).toMatchObject({ pending: 12, rejected: 4, sold_out: 5, hidden: 0, odd_images: 0 });
    expect(states.live).toBeGreaterThan(100);
    expect(states.inspected).toBeGreaterThan(20);
  });

  it("names the demo admin on every inspected listing, and gives approved ones their suggested price as the approved comparison price", async () => {
    const rows = await one<Record<string, number>>(handle, `select
      count(*) filter (where p.admin_inspected and u.email = 'admin@tokunbo.test' and p.inspected_at is not null)::int as inspected_by_admin,
      count(*) filter (where p.admin_inspected)::int as inspected,
      count(*) filter (where not p.admin_inspected and (p.inspected_by is not null or p.inspected_at is not null))::int as stray,
      count(*) filter (where p.status = 'approved' and p.compare_price is distinct from p.suggested_price)::int as approved_without_compare,
      count(*) filter (where p.status <> 'approved' and p.compare_price is not null)::int as unapproved_with_compare
      from products p left join users u on u.id = p.inspected_by`);
    expect(rows).toEqual({ inspected_by_admin: rows.inspected, inspected: rows.inspected, stray: 0, approved_without_compare: 0, unapproved_with_compare: 0 });
  });

  it("has vendors approved and verified, approved and unverified, pending and rejected", async () => {
    const rows = await handle.query<{ status: string; verified: boolean; n: number; reasons: number }>(
      `select status::text, verified, count(*)::int as n, count(rejection_reason)::int as reasons
       from vendors group by status, verified order by status, verified`);
    expect(rows).toEqual([
      { status: "approved", verified: false, n: 1, reasons: 0 },
      { status: "approved", verified: true, n: 3, reasons: 0 },
      { status: "pending", verified: false, n: 1, reasons: 0 },
      { status: "rejected", verified: false, n: 1, reasons: 1 },
    ]);
    const misplaced = await one<{ n: number }>(handle, `select count(*)::int as n from products p join vendors v on v.id = p.vendor_id
      where v.status <> 'approved'`);
    expect(misplaced.n).toBe(0);
    // The unverified vendor sells a few approved phones too, so "verified vendors only" filters something.
    const unverified = await one<{ approved: number; pending: number }>(handle, `select
      count(*) filter (where p.status = 'approved')::int as approved, count(*) filter (where p.status = 'pending')::int as pending
      from products p join vendors v on v.id = p.vendor_id where not v.verified`);
    expect(unverified.approved).toBeGreaterThan(3);
    expect(unverified.pending).toBeGreaterThan(0);
    const roles = await one<{ n: number }>(handle, `select count(*)::int as n from vendors v
      where (v.status = 'approved') <> ((select role::text from user_roles r where r.user_id = v.user_id
        order by assigned_at desc limit 1) = 'vendor')`);
    expect(roles.n).toBe(0);
  });

  it("places orders in every status with consistent prices, payments and tracking", async () => {
    const statuses = await handle.query<{ status: string }>("select distinct status::text from orders order by 1");
    expect(statuses.map((r) => r.status).sort()).toEqual([...ORDER_STATUSES].sort());
    const problems = await one<Record<string, number>>(handle, `select
      count(*) filter (where o.unit_price <> p.final_price)::int as wrong_price,
      count(*) filter (where o.payment_id is null)::int as unpaid_link,
      count(*) filter (where o.status = 'shipped' and (o.tracking_number is null or o.estimated_delivery_date is null))::int as untracked,
      count(*) filter (where o.warranty_type <> 'basic_48hr')::int as warranty
      from orders o join products p on p.id = o.product_id`);
    expect(problems).toEqual({ wrong_price: 0, unpaid_link: 0, untracked: 0, warranty: 0 });
    const payments = await handle.query<{ status: string; order_status: string; amount_ok: boolean; first_ok: boolean; ref_ok: boolean; keys: string[] }>(`
      select pay.status::text, min(o.status::text) as order_status,
        pay.amount = sum(o.total_amount) + pay.delivery_fee as amount_ok,
        pay.order_id = (pay.metadata -> 'order_ids' ->> 0)::uuid and bool_or(o.id = pay.order_id) as first_ok,
        pay.payment_reference ~ '^pay_[0-9]{13}[0-9a-f]+$' as ref_ok,
        array(select jsonb_object_keys(pay.metadata) order by 1) as keys
      from payments pay join orders o on o.payment_id = pay.id group by pay.id`);
    expect(payments.length).toBeGreaterThanOrEqual(20);
    for (const p of payments) {
      expect(p).toMatchObject({ amount_ok: true, first_ok: true, ref_ok: true });
      expect(p.keys).toEqual(["all_order_ids", "cart_item_ids", "customer_id", "customer_name", "customer_phone",
        "delivery_fee", "order_count", "order_ids", "payment_id", "shipping_address", "total_amount", "total_orders"]);
      const expected = p.order_status === "pending" ? ["pending"]
        : p.order_status === "cancelled" ? ["failed", "refunded"] : p.order_status === "refunded" ? ["refunded"] : ["successful"];
      expect(expected).toContain(p.status);
    }
    expect(payments.some((p) => p.order_status === "cancelled" && p.status === "failed")).toBe(true);
    const unrefunded = await one<{ n: number }>(handle, `select count(*)::int n from payments pay where pay.status = 'refunded'
      and pay.amount <> (select coalesce(sum(r.amount), 0) from refunds r where r.payment_id = pay.id and r.status = 'processed')`);
    expect(unrefunded.n).toBe(0);
  });

  it("gives every order its status history: each status it passed through, oldest first, shipping with its tracking number", async () => {
    const rows = await handle.query<{
      status: string; payment: string; tracking: string | null; placed: number; updated: number; statuses: string[]; notes: (string | null)[]; times: number[];
    }>(`select o.status::text, pay.status::text payment, o.tracking_number tracking,
        extract(epoch from o.created_at)::float8 placed, extract(epoch from o.updated_at)::float8 updated,
        array_agg(h.status::text order by h.id) statuses, array_agg(h.note order by h.id) notes,
        array_agg(extract(epoch from h.created_at)::float8 order by h.id) times
      from orders o join payments pay on pay.id = o.payment_id join order_status_history h on h.order_id = o.id
      group by o.id, pay.status`);
    const orders = await one<{ n: number }>(handle, "select count(*)::int n from orders");
    expect(rows).toHaveLength(orders.n);
    const progress = ["pending", "paid", "processing", "shipped", "delivered"];
    for (const row of rows) {
      const path = row.status === "cancelled"
        ? row.payment === "refunded" ? ["pending", "paid", "cancelled"] : ["pending", "cancelled"]
        : row.status === "refunded" ? [...progress, "refunded"] : progress.slice(0, progress.indexOf(row.status) + 1);
      expect(row.statuses).toEqual(path);
      expect(row.notes).toEqual(path.map((s) => (s === "shipped" ? `Tracking number ${row.tracking}` : null)));
      expect(row.times[0]).toBe(row.placed);
      expect(row.times.at(-1)).toBe(row.updated);
      expect(row.times).toEqual([...row.times].sort((a, b) => a - b));
      expect(Math.max(...row.times)).toBeLessThanOrEqual(NOW.getTime() / 1000);
    }
    const demo = await handle.query<{ status: string; entries: number }>(`select o.status::text, count(h.id)::int entries
      from orders o join users u on u.id = o.customer_id join order_status_history h on h.order_id = o.id
      where u.email = 'customer@tokunbo.test' and o.status = 'delivered' group by o.id, o.status`);
    expect(demo.length).toBeGreaterThan(0);
    for (const order of demo) expect(order.entries).toBe(5);
  });

  it("keeps units sold and vendor sales equal to paid-or-later orders", async () => {
    const drift = await one<{ products: number; vendors: number; sold: number }>(handle, `select
      (select count(*)::int from products p where p.units_sold <> coalesce((select sum(quantity) from orders o
        where o.product_id = p.id and o.status in ('paid','processing','shipped','delivered')), 0)) as products,
      (select count(*)::int from vendors v where v.total_sales <> coalesce((select sum(total_amount) from orders o
        where o.vendor_id = v.id and o.status in ('paid','processing','shipped','delivered')), 0)) as vendors,
      (select sum(units_sold)::int from products) as sold`);
    expect(drift.products).toBe(0);
    expect(drift.vendors).toBe(0);
    expect(drift.sold).toBeGreaterThan(10);
  });

  it("stores approved and unapproved reviews and ratings from approved ones only", async () => {
    const counts = await one<{ approved: number; waiting: number; ratings: number[] }>(handle, `select
      count(*) filter (where approved)::int as approved, count(*) filter (where not approved)::int as waiting,
      array_agg(distinct rating order by rating) as ratings from reviews`);
    expect(counts.approved).toBe(130);
    expect(counts.waiting).toBe(20);
    expect(counts.ratings).toEqual([1, 2, 3, 4, 5]);
    const mismatched = await one<{ n: number; rated: number }>(handle, `select
      count(*) filter (where p.rating_average::numeric <> coalesce(r.average, 0) or p.review_count <> coalesce(r.count, 0))::int as n,
      count(*) filter (where p.review_count > 0)::int as rated
      from products p left join (select product_id, round(avg(rating)::numeric, 2) as average, count(*) as count
        from reviews where approved group by product_id) r on r.product_id = p.id`);
    expect(mismatched.n).toBe(0);
    expect(mismatched.rated).toBeGreaterThan(40);
  });

  it("gives the demo customer orders in every status, cart items and notifications", async () => {
    const customer = await one<{ statuses: string[]; cart: number; types: string[]; unread: number; read: number }>(handle, `
      select array(select distinct o.status::text from orders o where o.customer_id = u.id order by 1) as statuses,
        (select count(*)::int from cart c where c.customer_id = u.id) as cart,
        array(select distinct type from notifications n where n.user_id = u.id order by 1) as types,
        (select count(*)::int from notifications n where n.user_id = u.id and not read) as unread,
        (select count(*)::int from notifications n where n.user_id = u.id and read) as read
      from users u where email = 'customer@tokunbo.test'`);
    expect(customer.statuses.sort()).toEqual([...ORDER_STATUSES].sort());
    expect(customer.cart).toBe(3);
    expect(customer.types).toEqual(["info", "order", "product", "warning"]);
    expect(customer.unread).toBeGreaterThan(0);
    expect(customer.read).toBeGreaterThan(0);
    const vendor = await one<{ types: string[] }>(handle, `select array(select distinct type from notifications n
      where n.user_id = u.id order by 1) as types from users u where email = 'vendor@tokunbo.test'`);
    expect(vendor.types).toEqual(["info", "order", "product", "warning"]);
  });

  it("seeds site content, pricing, pre-approval and activity", async () => {
    const sections = await handle.query<{ section: string }>("select section from cms_content order by section");
    expect(sections.map((r) => r.section)).toEqual([...CMS_SECTIONS].sort());
    const pricing = await handle.query("select id, default_markup_percentage::float8 as markup, default_commission_rate::float8 as commission, delivery_fee::int as fee from admin_pricing_config");
    expect(pricing).toEqual([{ id: 1, markup: PRICING_DEFAULTS.markupPercentage, commission: PRICING_DEFAULTS.commissionRate, fee: PRICING_DEFAULTS.deliveryFeeKobo }]);
    const fees = await handle.query<{ state: string; fee: number }>("select state, fee::int as fee from delivery_state_fees order by state");
    expect(fees).toHaveLength(37);
    expect(Object.fromEntries(fees.map((row) => [row.state, row.fee]))).toMatchObject({ Lagos: 0, Oyo: 250_000, Kano: 550_000, Sokoto: 600_000, Borno: 650_000 });
    const preapproval = await one<{ fields: number; submissions: number; status: string }>(handle, `select
      (select count(*)::int from vendor_preapproval_fields) as fields, (select count(*)::int from vendor_preapproval_submissions s) as submissions,
      (select v.status::text from vendor_preapproval_submissions s join vendors v on v.id = s.vendor_id limit 1) as status`);
    expect(preapproval).toEqual({ fields: 5, submissions: 1, status: "pending" });
    const activity = await one<{ n: number; kinds: number; types: string[] }>(handle, `select count(*)::int as n,
      count(distinct activity_type)::int as kinds, array_agg(distinct user_type::text order by user_type::text) as types from user_activities`);
    expect(activity.n).toBeGreaterThanOrEqual(25);
    expect(activity.kinds).toBeGreaterThanOrEqual(8);
    expect(activity.types).toEqual(["admin", "buyer", "vendor"]);
  });

  it("creates every demo account with its role and the shared password", async () => {
    for (const account of DEMO_ACCOUNTS) {
      const row = await one<{ role: string; hash: string; verified: boolean; full_name: string }>(handle, `
        select (select role::text from user_roles r where r.user_id = u.id order by assigned_at desc limit 1) as role,
          a.password as hash, u.email_verified as verified, p.full_name
        from users u join accounts a on a.user_id = u.id and a.provider_id = 'credential' and a.account_id = u.id
        join profiles p on p.user_id = u.id
        where u.email = '${account.email}'`);
      expect(row).toMatchObject({ role: account.role, verified: true, full_name: account.fullName });
      expect(await verifyPassword({ hash: row.hash, password: DEMO_PASSWORD })).toBe(true);
    }
    const [anyHash] = await handle.query<{ password: string }>("select password from accounts limit 1");
    expect(await verifyPassword({ hash: anyHash?.password ?? "", password: "wrong-password" })).toBe(false);
  });

  it("writes every product image as a WebP file with its renditions and link preview", async () => {
    const rows = await handle.query<{ url: string }>("select distinct unnest(images) as url from products order by 1");
    // Each image has three width renditions and a preview JPEG; plus the pending vendor's ID document.
    expect(rows.length * 5 + 1).toBe(summary.images);
    const fileOf = (url: string) => path.join(uploadsDir, url.slice("/uploads/".length));
    const shapeOf = async (url: string) => {
      const meta = await sharp(fileOf(url)).metadata();
      return [meta.format, meta.width, meta.height];
    };
    for (const { url } of rows) {
      expect(url).toMatch(/^\/uploads\/products\/demo\/[a-z0-9-]+-(front|back)\.webp$/);
      const bytes = await readFile(fileOf(url));
      expect(bytes.subarray(0, 4).toString("latin1")).toBe("RIFF");
      expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
      expect(await shapeOf(url)).toEqual(["webp", 600, 800]);
      expect(await shapeOf(url.replace(/\.webp$/, "-320w.webp"))).toEqual(["webp", 320, 427]);
      // Never enlarged: the wider renditions are the 600-wide original.
      expect(await readFile(fileOf(url.replace(/\.webp$/, "-640w.webp")))).toEqual(bytes);
      expect(await readFile(fileOf(url.replace(/\.webp$/, "-1280w.webp")))).toEqual(bytes);
      expect(await shapeOf(url.replace(/\.webp$/, "-og.jpg"))).toEqual(["jpeg", 1200, 630]);
    }
  });

  it("records every drawn picture as an upload of a vendor whose listing shows it", async () => {
    const [row] = await handle.query<{ images: number; owned: number; by_own_vendor: number }>(`
      select count(distinct i.url)::int as images,
             count(distinct u.url)::int as owned,
             count(distinct u.url) filter (where v.user_id = u.owner_id)::int as by_own_vendor
        from products p join vendors v on v.id = p.vendor_id
        cross join lateral unnest(p.images) as i(url)
        left join uploaded_images u on u.url = i.url`);
    expect(row!.images).toBeGreaterThan(0);
    expect(row).toEqual({ images: row!.images, owned: row!.images, by_own_vendor: row!.images });
  });

  it("completes renditions missing beside the images of an earlier seed", async () => {
    const [{ url } = { url: "" }] = await handle.query<{ url: string }>("select images[1] as url from products limit 1");
    const missing = [url.replace(/\.webp$/, "-320w.webp"), url.replace(/\.webp$/, "-og.jpg")];
    for (const gone of missing) await rm(path.join(uploadsDir, gone.slice("/uploads/".length)));
    expect(await completeDemoImages(handle.db, uploadsDir)).toBe(2);
    for (const back of missing) expect(await readFile(path.join(uploadsDir, back.slice("/uploads/".length)))).not.toHaveLength(0);
    expect(await completeDemoImages(handle.db, uploadsDir)).toBe(0);

    const empty = await createTestDatabase();
    try {
      expect(await completeDemoImages(empty.db, uploadsDir)).toBe(0);
    } finally {
      await empty.close();
    }
  });

  it("inserts nothing the second time", async () => {
    const before = await tableCounts(handle);
    expect(await seedDemoData(handle.db, { uploadsDir, now: NOW })).toEqual(ZERO);
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("builds the same catalogue on another database, reusing the images", async () => {
    const other = await createTestDatabase();
    try {
      const again = await seedDemoData(other.db, { uploadsDir, now: new Date(NOW.getTime() + 86_400_000) });
      expect(again).toEqual({ ...summary, images: 0 });
      expect(await catalogueFingerprint(other)).toEqual(await catalogueFingerprint(handle));
      // Demo phones keep their ids (and links) from one seed to the next.
      const ids = (h: DatabaseHandle) => h.query("select id, name, status from products order by id");
      expect(await ids(other)).toEqual(await ids(handle));
    } finally {
      await other.close();
    }
  });

  it("seeds once when two callers start together", async () => {
    const shared = await createTestDatabase();
    try {
      const results = await Promise.all([
        seedDemoData(shared.db, { uploadsDir, now: NOW }),
        seedDemoData(shared.db, { uploadsDir, now: NOW }),
      ]);
      expect(results.map((r) => r.products).sort((a, b) => a - b)).toEqual([0, summary.products]);
      expect((await tableCounts(shared)).products).toBe(summary.products);
    } finally {
      await shared.close();
    }
  });
});

describe("local file storage", () => {
  it("rejects unsafe keys and stores safe ones under the uploads directory", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "tokunbo-storage-"));
    try {
      const storage = createLocalStorage(dir);
      for (const key of ["../x.webp", "/etc/passwd", "a/../b.webp", "Upper.webp", "a b.webp", "a//b.webp", ""]) {
        await expect(storage.put(key, Buffer.from("x")), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      }
      expect(await storage.put("products/p-1/a_b.webp", Buffer.from("data"))).toBe("/uploads/products/p-1/a_b.webp");
      expect(await readFile(path.join(dir, "products/p-1/a_b.webp"), "utf8")).toBe("data");
      expect(await storage.exists("products/p-1/a_b.webp")).toBe(true);
      expect(await storage.exists("products/p-1/missing.webp")).toBe(false);
      expect((await storage.read("products/p-1/a_b.webp")).toString("utf8")).toBe("data");
      await expect(storage.read("products/p-1/missing.webp")).rejects.toThrow();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("seedDemoData on PostgreSQL", () => {
  it("builds the same catalogue as on the embedded database", async () => {
    const postgres = await createPostgresTestDatabase();
    if (!postgres) throw new Error("TEST_DATABASE_URL is set but no database was created");
    try {
      const seeded = await seedDemoData(postgres.db, { uploadsDir, now: NOW });
      expect({ ...seeded, images: 0 }).toEqual({ ...summary, images: 0 });
      expect(await tableCounts(postgres)).toEqual(await tableCounts(handle));
      expect(await catalogueFingerprint(postgres)).toEqual(await catalogueFingerprint(handle));
    } finally {
      await postgres.close();
    }
  });
});
