import { randomInt } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { inArray, sql } from "drizzle-orm";
import { CMS_DEFAULTS, type CmsDefaults } from "../../domain/cms/defaults";
import { PUBLIC_UPLOADS_PREFIX } from "../../domain/media/image-urls";
import { createLocalStorage } from "../../domain/media/storage";
import { postMissingEntries, releaseEndedWarranties } from "../../domain/ledger/ledger";
import { CMS_SECTIONS, type OrderStatus, PRICING_DEFAULTS } from "../../lib/constants";
import type { Database } from "../client";
import {
  accounts, adminPricingConfig, cart, cmsContent, notifications, orderStatusHistory, orders, payments, products, profiles, refunds, reviews,
  userActivities, userRoles, users, vendorPreapprovalFields, vendorPreapprovalSubmissions, vendors,
} from "../schema";
import { deliveryStateFees } from "../schema/buyers";
import { buildCart, buildCheckouts, buildReviews } from "./commerce";
import { DEMO_DELIVERY_FEES } from "./delivery-fees";
import { DEMO_PASSWORD } from "./demo-accounts";
import { DEMO_IMAGE_FOLDER, recordDemoImageOwners, writeImages } from "./images";
import {
  accountRow, buildActivities, buildNotifications, buildPeople, buildPreapprovalFields, buildSubmission, buildVendors,
  profileRow, userRow, type World,
} from "./people";
import { type ListingPlan, planListings } from "./plan";
import { buildProducts } from "./products";
import { createRandom } from "./random";
import type {
  NewAccount, NewActivity, NewCartItem, NewField, NewNotification, NewOrder, NewOrderStatus, NewPayment, NewProduct, NewProfile, NewRefund,
  NewReview, NewRole, NewSubmission, NewUser, NewVendor,
} from "./rows";

export interface SeedSummary {
  users: number;
  vendors: number;
  products: number;
  reviews: number;
  orders: number;
  payments: number;
  notifications: number;
  /** Image files written in this run (existing files are kept). */
  images: number;
}

export interface SeedOptions {
  uploadsDir: string;
  now?: Date;
  /** The seeded accounts' passwords; every account has the published demo password when not given. */
  passwords?: SeedPasswords;
  /**
   * Called once the demo shop is stored, with its payments as the payment provider must know
   * them (test mode hands them to the Paystack stand-in), so they can be verified and refunded.
   */
  recordPayments?: (payments: readonly SeededPayment[]) => Promise<void>;
}

/** A seeded payment as its provider knows it. */
export interface SeededPayment {
  reference: string;
  providerId: number;
  amount: number;
  email: string;
  outcome: "unpaid" | "paid" | "declined";
  channel: string;
  createdAt: Date;
  paidAt: Date | null;
  refunds: { id: number; amount: number; at: Date }[];
}

export interface SeedPasswords {
  byEmail: ReadonlyMap<string, string>;
  /** Every account not in byEmail. */
  others: string;
}

const EMPTY_SUMMARY: SeedSummary = {
  users: 0, vendors: 0, products: 0, reviews: 0, orders: 0, payments: 0, notifications: 0, images: 0,
};

/** Site content of the demo where it differs from the defaults: the rotating home banner is on, so every home section shows. */
const DEMO_CONTENT: Partial<CmsDefaults> = {
  home_banner: { ...CMS_DEFAULTS.home_banner, enabled: true },
};

/** Serialises seeding across app instances sharing one database (migrations use 7261001). */
const SEED_LOCK_KEY = 7261002;
const RANDOM_SEED = 20260101;
const SOLD_STATUSES: readonly OrderStatus[] = ["paid", "processing", "shipped", "delivered"];

// ---------------------------------------------------------------------------------------------
// Entry points

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).limit(1);
  const [product] = await db.select({ id: products.id }).from(products).limit(1);
  return !user && !product;
}

/** The demo catalogue's listings: the same on every run. */
export function demoListings(): ListingPlan[] {
  return planListings(createRandom(RANDOM_SEED));
}

/**
 * Completes the image files of a database seeded with the demo catalogue earlier: renditions
 * introduced since, or files lost, are written; when nothing is missing it costs only file
 * checks. Returns how many files were written (0 for a database without the demo catalogue).
 */
export async function completeDemoImages(db: Database, uploadsDir: string): Promise<number> {
  const [demo] = await db
    .select({ id: products.id })
    .from(products)
    .where(sql`${products.images}[1] like ${`${PUBLIC_UPLOADS_PREFIX}${DEMO_IMAGE_FOLDER}/%`}`)
    .limit(1);
  if (!demo) return 0;
  return (await writeImages(demoListings(), createLocalStorage(uploadsDir))).written;
}

/**
 * Fills an empty database with the demo catalogue, people, orders and content.
 * Safe to call from several instances at once: only the first one inserts anything.
 */
export async function seedDemoData(db: Database, options: SeedOptions): Promise<SeedSummary> {
  if (!(await isDatabaseEmpty(db))) return { ...EMPTY_SUMMARY };
  const now = options.now ?? new Date();
  const listings = demoListings();
  const images = await writeImages(listings, createLocalStorage(options.uploadsDir));
  const passwordHashFor = await hashEachPassword(options.passwords ?? { byEmail: new Map(), others: DEMO_PASSWORD });
  const data = buildSeedData({ now, listings, passwordHashFor, documentUrl: images.documentUrl });

  const summary = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (!(await isDatabaseEmpty(tx))) return { ...EMPTY_SUMMARY };
    await insertSeedData(tx, data);
    // The vendors' ledger follows the demo orders and refunds, as it follows real ones.
    await postMissingEntries(tx);
    await releaseEndedWarranties(tx, now);
    return summarise(data, images.written);
  });
  if (summary.payments > 0) await options.recordPayments?.(seededPayments(data));
  return summary;
}

/** The demo payments as Paystack would know them: pending ones opened and never finished, failed ones declined. */
function seededPayments(data: SeedData): SeededPayment[] {
  const emails = new Map(data.users.map((u) => [u.id, u.email]));
  return data.payments.map((payment) => {
    const refunds = data.refunds.filter((r) => r.paymentId === payment.id);
    return {
      reference: payment.paymentReference,
      providerId: Number(payment.gatewayReference ?? randomInt(1_000_000_000, 4_000_000_000)),
      amount: payment.amount,
      email: emails.get(payment.customerId as string) ?? "customer@tokunbo.test",
      outcome: payment.status === "pending" ? "unpaid" : payment.status === "failed" ? "declined" : "paid",
      channel: payment.paymentMethod ?? "card",
      createdAt: payment.createdAt as Date,
      paidAt: payment.paidAt ?? null,
      refunds: refunds.map((r) => ({ id: r.providerRefundId as number, amount: r.amount, at: r.processedAt as Date })),
    };
  });
}

/** Hashes each distinct password once (hashing is slow on purpose). */
async function hashEachPassword(passwords: SeedPasswords): Promise<(email: string) => string> {
  const hashes = new Map<string, string>();
  for (const password of new Set([passwords.others, ...passwords.byEmail.values()])) hashes.set(password, await hashPassword(password));
  return (email) => hashes.get(passwords.byEmail.get(email) ?? passwords.others)!;
}

function summarise(data: SeedData, images: number): SeedSummary {
  return {
    users: data.users.length,
    vendors: data.vendors.length,
    products: data.products.length,
    reviews: data.reviews.length,
    orders: data.orders.length,
    payments: data.payments.length,
    notifications: data.notifications.length,
    images,
  };
}

// ---------------------------------------------------------------------------------------------
// Rows

interface SeedData {
  users: NewUser[];
  accounts: NewAccount[];
  profiles: NewProfile[];
  roles: NewRole[];
  vendors: NewVendor[];
  products: NewProduct[];
  payments: NewPayment[];
  orders: NewOrder[];
  orderHistory: NewOrderStatus[];
  refunds: NewRefund[];
  reviews: NewReview[];
  cart: NewCartItem[];
  notifications: NewNotification[];
  fields: NewField[];
  submissions: NewSubmission[];
  activities: NewActivity[];
}

interface BuildContext {
  now: Date;
  listings: readonly ListingPlan[];
  passwordHashFor: (email: string) => string;
  documentUrl: string;
}

/** Everything the seed inserts, with ids generated here so rows can refer to each other. */
function buildSeedData(ctx: BuildContext): SeedData {
  const { now } = ctx;
  const people = buildPeople(now, createRandom(RANDOM_SEED + 1));
  const vendorRows = buildVendors(now, people);
  const productRows = buildProducts(now, ctx.listings, vendorRows, createRandom(RANDOM_SEED + 2), people.admin.id);
  const sales = buildCheckouts(now, people, productRows, createRandom(RANDOM_SEED + 3));
  const reviewRows = buildReviews(now, people, productRows, sales.orders, createRandom(RANDOM_SEED + 4));
  const cartRows = buildCart(now, people, productRows);
  const world: World = {
    now, people, vendors: vendorRows, products: productRows, orders: sales.orders, payments: sales.payments, cart: cartRows,
  };
  return {
    users: people.all.map((p) => userRow(p)),
    accounts: people.all.map((p) => accountRow(p, ctx.passwordHashFor(p.email))),
    profiles: people.all.map((p) => profileRow(p)),
    roles: people.all.flatMap((p) => p.roles.map((r) => ({ userId: p.id, role: r.role, assignedAt: r.at }))),
    vendors: vendorRows,
    products: productRows,
    payments: sales.payments,
    orders: sales.orders,
    orderHistory: sales.history,
    refunds: sales.refunds,
    reviews: reviewRows,
    cart: cartRows,
    notifications: buildNotifications(world),
    fields: buildPreapprovalFields(now),
    submissions: [buildSubmission(world, ctx.documentUrl)],
    activities: buildActivities(world),
  };
}

// ---------------------------------------------------------------------------------------------
// Writing

async function insertSeedData(tx: Database, data: SeedData): Promise<void> {
  await tx.insert(users).values(data.users);
  await tx.insert(accounts).values(data.accounts);
  await tx.insert(profiles).values(data.profiles);
  await tx.insert(userRoles).values(data.roles);
  await tx.insert(vendors).values(data.vendors);
  await tx.insert(products).values(data.products);
  await recordDemoImageOwners(tx);
  // payments.order_id and orders.payment_id point at each other: payments first, then link back.
  await tx.insert(payments).values(data.payments);
  await tx.insert(orders).values(data.orders);
  await tx
    .update(payments)
    .set({ orderId: sql`(${payments.metadata} -> 'order_ids' ->> 0)::uuid` })
    .where(inArray(payments.id, data.payments.map((p) => p.id as string)));
  await tx.insert(orderStatusHistory).values(data.orderHistory);
  await tx.insert(refunds).values(data.refunds);
  await tx.insert(reviews).values(data.reviews);
  await refreshDerivedCounts(tx);
  await tx.insert(cart).values(data.cart);
  await tx.insert(notifications).values(data.notifications);
  await tx.insert(vendorPreapprovalFields).values(data.fields);
  await tx.insert(vendorPreapprovalSubmissions).values(data.submissions);
  await tx.insert(userActivities).values(data.activities);
  await tx.insert(adminPricingConfig).values({
    id: 1,
    defaultMarkupPercentage: PRICING_DEFAULTS.markupPercentage,
    defaultCommissionRate: PRICING_DEFAULTS.commissionRate,
    deliveryFee: PRICING_DEFAULTS.deliveryFeeKobo,
  });
  await tx.insert(deliveryStateFees).values(DEMO_DELIVERY_FEES);
  await tx.insert(cmsContent).values(
    CMS_SECTIONS.map((section) => ({ section, content: (DEMO_CONTENT[section] ?? CMS_DEFAULTS[section]) as unknown as Record<string, unknown> })),
  );
}

/** Ratings from approved reviews; units sold and vendor sales from paid-or-later orders. */
async function refreshDerivedCounts(tx: Database): Promise<void> {
  const sold = sql.join(SOLD_STATUSES.map((s) => sql`${s}`), sql`, `);
  await tx.execute(sql`
    update products p set rating_average = r.average, review_count = r.count
    from (select product_id, round(avg(rating)::numeric, 2) as average, count(*) as count
          from reviews where approved group by product_id) r
    where p.id = r.product_id`);
  await tx.execute(sql`
    update products p set units_sold = s.units
    from (select product_id, sum(quantity) as units from orders
          where status in (${sold}) group by product_id) s
    where p.id = s.product_id`);
  await tx.execute(sql`
    update vendors v set total_sales = s.total
    from (select vendor_id, sum(total_amount) as total from orders
          where status in (${sold}) group by vendor_id) s
    where v.id = s.vendor_id`);
}
