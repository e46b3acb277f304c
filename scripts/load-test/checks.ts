/**
 * What the load must leave behind, read from the database once the app has stopped: every order a
 * buyer was told of exists once, every payment is fulfilled at most once, and no phone is lost.
 */
import type pg from "pg";
import type { Line, Purchase } from "./buying";

export interface Check {
  name: string;
  /** Empty when the check holds; otherwise what broke it. */
  problems: string[];
}

/** The buyers' phones before the load: their stock, units sold and their vendors' sales. */
export interface StockSnapshot {
  phones: Map<string, { vendorId: string; stock: number; unitsSold: number }>;
  vendorSales: Map<string, number>;
}

interface StoredPayment {
  reference: string;
  customer_id: string;
  status: string;
  orders: Array<{ id: string; product_id: string; vendor_id: string; quantity: number; total_amount: number; status: string; paid_entries: number }>;
}

/** Lists the phones buyers buy and gives each plenty of stock, so the load never runs out. */
export async function stockUpPhones(pool: pg.Pool, count: number, stock: number): Promise<StockSnapshot> {
  // Phones no demo checkout still holds: reconciliation may release those during the load and give stock back.
  const { rows } = await pool.query<{ id: string; vendor_id: string; stock_quantity: number; units_sold: number; total_sales: string }>(
    `update products p set stock_quantity = $2, is_live = true
     from vendors v
     where p.id in (
       select p2.id from products p2 join vendors v2 on v2.id = p2.vendor_id
       where p2.status = 'approved' and v2.status = 'approved'
         and not exists (select 1 from orders o where o.vendor_id = p2.vendor_id and o.status = 'pending')
       order by p2.created_at, p2.id limit $1)
     and v.id = p.vendor_id
     returning p.id, p.vendor_id, p.stock_quantity, p.units_sold, v.total_sales`,
    [count, stock],
  );
  if (rows.length < count) throw new Error(`The demo shop has only ${rows.length} phones for buyers (wanted ${count})`);
  return {
    phones: new Map(rows.map((row) => [row.id, { vendorId: row.vendor_id, stock: row.stock_quantity, unitsSold: row.units_sold }])),
    vendorSales: new Map(rows.map((row) => [row.vendor_id, Number(row.total_sales)])),
  };
}

export async function checkOutcome(pool: pg.Pool, buyerIds: string[], purchases: Purchase[], before: StockSnapshot): Promise<Check[]> {
  const stored = await storedPayments(pool, buyerIds);
  const byReference = new Map(stored.map((payment) => [payment.reference, payment]));
  const told = new Map(purchases.map((purchase) => [purchase.reference, purchase]));
  const orders = stored.flatMap((payment) => payment.orders);
  return [
    { name: "every order a buyer was told of exists exactly once, as asked", problems: purchases.flatMap((p) => placedAsTold(p, byReference.get(p.reference))) },
    { name: "no order that no buyer was told of, except refused checkouts given back at once", problems: stored.filter((p) => !told.has(p.reference)).flatMap(givenBack) },
    { name: "no payment reference used twice", problems: await duplicateReferences(pool) },
    { name: "every confirmed payment is successful with its orders paid", problems: purchases.filter((p) => p.confirmed).flatMap((p) => paidAsConfirmed(byReference.get(p.reference))) },
    { name: "every paid order fulfilled exactly once (one 'paid' history entry)", problems: orders.filter((o) => o.paid_entries !== (o.status === "paid" ? 1 : 0)).map((o) => `order ${o.id} is ${o.status} with ${o.paid_entries} 'paid' entries`) },
    { name: "sales counted once (units sold and vendor sales)", problems: await salesCountedOnce(pool, orders, before) },
    { name: "stock now + units ordered = stock before", problems: await stockAccountedFor(pool, orders, before) },
  ];
}

async function storedPayments(pool: pg.Pool, buyerIds: string[]): Promise<StoredPayment[]> {
  const { rows } = await pool.query<StoredPayment>(
    `select p.payment_reference as reference, p.customer_id, p.status,
       coalesce(json_agg(json_build_object('id', o.id, 'product_id', o.product_id, 'vendor_id', o.vendor_id, 'quantity', o.quantity,
         'total_amount', o.total_amount, 'status', o.status,
         'paid_entries', (select count(*) from order_status_history h where h.order_id = o.id and h.status = 'paid'))
       ) filter (where o.id is not null), '[]') as orders
     from payments p left join orders o on o.payment_id = p.id
     where p.customer_id = any($1::text[])
     group by p.id`,
    [buyerIds],
  );
  return rows;
}

function placedAsTold(purchase: Purchase, payment: StoredPayment | undefined): string[] {
  if (!payment) return [`${purchase.reference}: no such payment`];
  if (payment.customer_id !== purchase.buyerId) return [`${purchase.reference}: belongs to ${payment.customer_id}, not ${purchase.buyerId}`];
  const asked = describeLines(purchase.lines);
  const stored = describeLines(payment.orders.map((o) => ({ productId: o.product_id, quantity: o.quantity })));
  return asked === stored ? [] : [`${purchase.reference}: asked for ${asked}, has ${stored}`];
}

/** A checkout the buyer was refused (the provider did not answer) leaves a failed payment and cancelled orders, nothing held. */
function givenBack(payment: StoredPayment): string[] {
  if (payment.status === "failed" && payment.orders.every((o) => o.status === "cancelled")) return [];
  return [`payment ${payment.reference} is ${payment.status} with orders ${payment.orders.map((o) => o.status).join(", ")}, but no buyer was told of it`];
}

const describeLines = (lines: Line[]) => lines.map((l) => `${l.quantity}×${l.productId}`).sort().join(", ");

function paidAsConfirmed(payment: StoredPayment | undefined): string[] {
  if (!payment) return ["a confirmed payment is missing"];
  const unpaid = payment.orders.filter((o) => o.status !== "paid");
  if (payment.status === "successful" && unpaid.length === 0) return [];
  return [`${payment.reference} is ${payment.status}; orders ${payment.orders.map((o) => o.status).join(", ")}`];
}

async function duplicateReferences(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ reference: string; n: string }>(
    "select payment_reference as reference, count(*) as n from payments group by payment_reference having count(*) > 1",
  );
  return rows.map((row) => `${row.reference} appears ${row.n} times`);
}

type StoredOrder = StoredPayment["orders"][number];

function sumBy(orders: StoredOrder[], key: (o: StoredOrder) => string, value: (o: StoredOrder) => number): Map<string, number> {
  const totals = new Map<string, number>();
  for (const order of orders) totals.set(key(order), (totals.get(key(order)) ?? 0) + value(order));
  return totals;
}

async function salesCountedOnce(pool: pg.Pool, orders: StoredOrder[], before: StockSnapshot): Promise<string[]> {
  const paid = orders.filter((o) => o.status === "paid");
  const units = sumBy(paid, (o) => o.product_id, (o) => o.quantity);
  const amounts = sumBy(paid, (o) => o.vendor_id, (o) => Number(o.total_amount));
  const now = await currentStock(pool, before);
  const problems: string[] = [];
  for (const [id, phone] of before.phones) {
    const counted = now.phones.get(id)!.unitsSold - phone.unitsSold;
    if (counted !== (units.get(id) ?? 0)) problems.push(`phone ${id}: ${counted} units counted as sold, ${units.get(id) ?? 0} paid for`);
  }
  for (const [vendorId, sales] of before.vendorSales) {
    const counted = now.vendorSales.get(vendorId)! - sales;
    if (counted !== (amounts.get(vendorId) ?? 0)) problems.push(`vendor ${vendorId}: sales grew by ${counted} kobo, paid orders total ${amounts.get(vendorId) ?? 0}`);
  }
  return problems;
}

async function stockAccountedFor(pool: pg.Pool, orders: StoredOrder[], before: StockSnapshot): Promise<string[]> {
  const ordered = sumBy(orders.filter((o) => o.status !== "cancelled"), (o) => o.product_id, (o) => o.quantity);
  const now = await currentStock(pool, before);
  return [...before.phones].flatMap(([id, phone]) => {
    const stock = now.phones.get(id)!.stock;
    const units = ordered.get(id) ?? 0;
    return stock + units === phone.stock ? [] : [`phone ${id}: ${stock} in stock + ${units} ordered ≠ ${phone.stock} before`];
  });
}

async function currentStock(pool: pg.Pool, before: StockSnapshot): Promise<StockSnapshot> {
  const { rows } = await pool.query<{ id: string; vendor_id: string; stock_quantity: number; units_sold: number; total_sales: string }>(
    `select p.id, p.vendor_id, p.stock_quantity, p.units_sold, v.total_sales from products p join vendors v on v.id = p.vendor_id where p.id = any($1::uuid[])`,
    [[...before.phones.keys()]],
  );
  return {
    phones: new Map(rows.map((row) => [row.id, { vendorId: row.vendor_id, stock: row.stock_quantity, unitsSold: row.units_sold }])),
    vendorSales: new Map(rows.map((row) => [row.vendor_id, Number(row.total_sales)])),
  };
}
