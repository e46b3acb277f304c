/**
 * A marketplace at scale for the benchmarks: the demo shop (accounts, site content, phone
 * pictures) grown by SQL to the asked-for numbers of vendors, products, customers, orders and
 * reviews. Listings copy the demo phones (names, brands, storage, pictures) with their own
 * vendor, grade, price, stock and age, so searches and filters meet a realistic spread; the
 * products' kept ratings and units sold agree with the generated reviews and orders.
 */
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../db/client";
import { NIGERIAN_STATES } from "../lib/constants";

export interface CatalogueSize {
  vendors: number;
  products: number;
  customers: number;
  orders: number;
  reviews: number;
}

export const POSTGRES_SIZE: CatalogueSize = { vendors: 1_000, products: 100_000, customers: 30_000, orders: 50_000, reviews: 200_000 };
export const PGLITE_SIZE: CatalogueSize = { vendors: 100, products: 10_000, customers: 3_000, orders: 5_000, reviews: 20_000 };

/** Generated accounts are recognisable by their e-mail domain. */
export const BENCH_EMAIL_DOMAIN = "bench.tokunbo.test";

const textArray = (values: readonly string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ")}]`;

/**
 * Grows a migrated, demo-seeded database to `size` (totals, demo rows included). Reviews pair
 * customer n % customers with product n % products, so `customers` must not divide evenly
 * into a pattern that repeats a pair: 30,000 and 100,000 repeat only after 300,000 reviews.
 */
export async function growCatalogue(handle: DatabaseHandle, size: CatalogueSize): Promise<CatalogueSize> {
  const count = async (table: string) => Number((await handle.query<{ n: string }>(`select count(*) as n from ${table}`))[0]!.n);
  const missing = {
    vendors: size.vendors - (await count("vendors")),
    products: size.products - (await count("products")),
    customers: size.customers,
    orders: size.orders - (await count("orders")),
    reviews: size.reviews - (await count("reviews")),
  };
  const [vacuum, ...inserts] = statements(missing).reverse();
  // One transaction, so the staging table of orders lives on one connection; VACUUM cannot run inside one.
  await handle.db.transaction(async (tx) => {
    for (const statement of inserts.reverse()) await tx.execute(sql.raw(statement));
  });
  await handle.query(vacuum!);
  return {
    vendors: await count("vendors"),
    products: await count("products"),
    customers: await count("users u where not exists (select 1 from user_roles r where r.user_id = u.id)"),
    orders: await count("orders"),
    reviews: await count("reviews"),
  };
}

function statements(add: CatalogueSize): string[] {
  const states = textArray(NIGERIAN_STATES);
  return [
    // Vendors: nine in ten approved (a third of those verified), the rest pending or rejected.
    `insert into users (id, name, email, email_verified)
     select 'bench-vendor-' || n, 'Bench Vendor ' || n, 'vendor-' || n || '@${BENCH_EMAIL_DOMAIN}', true
     from generate_series(1, ${add.vendors}) as n`,
    `insert into user_roles (user_id, role) select 'bench-vendor-' || n, 'vendor' from generate_series(1, ${add.vendors}) as n`,
    `insert into vendors (user_id, business_name, contact_email, contact_phone, business_address, status, verified, created_at)
     select 'bench-vendor-' || n,
       (array['Ikeja', 'Computer Village', 'Wuse', 'Onitsha', 'Aba', 'Garki', 'Dugbe', 'Kano'])[1 + n % 8] || ' Phones ' || n,
       'vendor-' || n || '@${BENCH_EMAIL_DOMAIN}', '+234803' || lpad(n::text, 7, '0'), 'Shop ' || n || ', ' || (${states})[1 + n % 37],
       status::vendor_status, status = 'approved' and n % 3 = 0, now() - make_interval(days => n % 700)
     from generate_series(1, ${add.vendors}) as n
     cross join lateral (select case when n % 20 = 7 then 'pending' when n % 20 = 13 then 'rejected' else 'approved' end as status) as s`,
    // Customers.
    `insert into users (id, name, email, email_verified)
     select 'bench-customer-' || n, 'Bench Customer ' || n, 'customer-' || n || '@${BENCH_EMAIL_DOMAIN}', true
     from generate_series(1, ${add.customers}) as n`,
    // Products: copies of the demo phones; most approved, some pending or rejected, some hidden or sold out.
    `insert into products (vendor_id, name, brand, model, storage, color, description, grade, images, suggested_price,
                           final_price, stock_quantity, status, is_live, admin_inspected, created_at, updated_at)
     select v.ids[1 + (n * 7) % array_length(v.ids, 1)], t.name, t.brand, t.model, t.storage, t.color, t.description,
       (array['A', 'B', 'C'])[1 + n % 3]::product_grade, t.images, price,
       case when listing_status = 'approved' then price + price / 10 end,
       case when n % 17 = 0 then 0 else 1 + n % 5 end,
       listing_status::product_status, n % 23 <> 0, n % 2 = 0, created, created
     from generate_series(1, ${add.products}) as n
     cross join (select array_agg(id order by id) as ids from vendors where user_id like 'bench-vendor-%') as v
     cross join (select count(*) as total from products) as c
     join (select *, row_number() over (order by id) - 1 as k from products) as t on t.k = n % c.total
     cross join lateral (select
       greatest(5000000, t.suggested_price * (90 + (n * 7919) % 21) / 100 - (n % 3) * 2000000) as price,
       case when n % 10 = 3 then 'pending' when n % 50 = 7 then 'rejected' else 'approved' end as listing_status,
       now() - make_interval(secs => n * 631) as created) as p`,
    // Orders: one per row, from the approved catalogue, with a payment and a first status entry.
    `create temporary table bench_orders on commit drop as
     select n, gen_random_uuid() as order_id, gen_random_uuid() as payment_id, 1 + n % ${add.customers} as customer,
       'bench-customer-' || (1 + n % ${add.customers}) as customer_id, p.id as product_id, p.vendor_id,
       coalesce(p.final_price, p.suggested_price) as unit_price, 1 + (n % 7 = 0)::int as quantity,
       -- Only the newest few still await payment: older unpaid checkouts were released long ago.
       case when n <= 3 then 'pending'
            else (array['paid', 'processing', 'shipped', 'delivered', 'delivered', 'delivered', 'delivered', 'cancelled'])[1 + n % 8] end as status,
       now() - make_interval(secs => n * 1277) as created
     from generate_series(1, ${add.orders}) as n
     cross join (select count(*) as total from products where status = 'approved') as c
     join (select id, vendor_id, final_price, suggested_price, row_number() over (order by id) - 1 as k
           from products where status = 'approved') as p on p.k = (n * 31) % c.total`,
    ...ordersFromStaging(states),
    // Reviews: one per customer and product, four in five approved, most of them favourable.
    `insert into reviews (product_id, customer_id, rating, comment, approved, created_at)
     select p.id, 'bench-customer-' || (1 + n % ${add.customers}),
       (array[5, 5, 4, 4, 5, 3, 4, 2, 5, 1])[1 + n % 10],
       (array['Came exactly as described, battery health 89%.', 'Fast delivery to Yaba, phone is clean.',
              'Small scratch on the frame but works perfectly.', 'Face ID works, no issues after two weeks.',
              'Seller answered quickly on WhatsApp.'])[1 + n % 5],
       n % 5 <> 0, now() - make_interval(secs => n * 157)
     from generate_series(1, ${add.reviews}) as n
     cross join (select count(*) as total from products) as c
     join (select id, row_number() over (order by id) - 1 as k from products) as p on p.k = n % c.total`,
    // What the app keeps on the product: rating and count of approved reviews, units sold.
    `update products set rating_average = r.average, review_count = r.total
     from (select product_id, round(avg(rating), 2) as average, count(*) as total from reviews where approved group by product_id) as r
     where r.product_id = products.id`,
    `update products set units_sold = s.units
     from (select product_id, sum(quantity) as units from orders where status in ('paid', 'processing', 'shipped', 'delivered') group by product_id) as s
     where s.product_id = products.id`,
    // What autovacuum keeps up to date on a live database: statistics and the visibility map.
    "vacuum analyze",
  ];
}

function ordersFromStaging(states: string): string[] {
  return [
    `insert into payments (id, customer_id, payment_reference, amount, status, payment_method, gateway_reference, metadata,
                           paid_at, released_at, created_at, updated_at)
     select payment_id, customer_id, 'pay_bench_' || n, unit_price * quantity,
       (case when status = 'pending' then 'pending' when status = 'cancelled' then 'failed' else 'successful' end)::payment_status,
       case when status in ('pending', 'cancelled') then null else 'card' end, 'bench-' || n, '{}'::jsonb,
       case when status in ('pending', 'cancelled') then null else created + interval '3 minutes' end,
       case when status = 'cancelled' then created + interval '30 minutes' end, created, created
     from bench_orders`,
    `insert into orders (id, customer_id, product_id, vendor_id, payment_id, customer_name, customer_email, customer_phone,
                         shipping_address, city, state, quantity, unit_price, total_amount, status, tracking_number, created_at, updated_at)
     select order_id, customer_id, product_id, vendor_id, payment_id, 'Bench Customer ' || customer,
       'customer-' || customer || '@${BENCH_EMAIL_DOMAIN}', '+234802' || lpad(n::text, 7, '0'), n || ' Allen Avenue',
       (array['Ikeja', 'Lekki', 'Wuse', 'Port Harcourt', 'Ibadan', 'Enugu'])[1 + n % 6], (${states})[1 + n % 37],
       quantity, unit_price, unit_price * quantity, status::order_status,
       case when status in ('shipped', 'delivered') then 'GIG' || lpad(n::text, 9, '0') end, created, created
     from bench_orders`,
    `insert into order_status_history (order_id, status, created_at) select order_id, status::order_status, created from bench_orders`,
  ];
}
