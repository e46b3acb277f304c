import { randomBytes, randomInt, randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { CMS_DEFAULTS } from "../../domain/cms/defaults";
import { escapeXml, renderPhoneImage } from "../../domain/media/phone-art";
import { createLocalStorage, type FileStorage, publicUrlFor } from "../../domain/media/storage";
import {
  CHECKOUT_WARRANTY, CMS_SECTIONS, type Grade, LIMITS, type OrderStatus, type PaymentStatus,
  PRICING_DEFAULTS, type ProductStatus, type Role, type StorageOption,
} from "../../lib/constants";
import { finalPriceFromSuggested, formatNaira, koboToNaira, nairaToKobo } from "../../lib/money";
import type { Database } from "../client";
import {
  accounts, adminPricingConfig, cart, cmsContent, notifications, orders, payments, products, profiles, reviews,
  userActivities, userRoles, users, vendorPreapprovalFields, vendorPreapprovalSubmissions, vendors,
} from "../schema";
import {
  listingDescription, listingName, PHONE_MODELS, type PhoneModel, roundToStep, storageOptionsOf,
  suggestedPriceNaira,
} from "./catalogue";
import { DEMO_ACCOUNTS, DEMO_CUSTOMERS, DEMO_PASSWORD, DEMO_VENDORS, type DemoVendor } from "./demo-accounts";

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
}

const EMPTY_SUMMARY: SeedSummary = {
  users: 0, vendors: 0, products: 0, reviews: 0, orders: 0, payments: 0, notifications: 0, images: 0,
};

/** Serialises seeding across app instances sharing one database (migrations use 7261001). */
const SEED_LOCK_KEY = 7261002;
const RANDOM_SEED = 20260101;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const SOLD_STATUSES: readonly OrderStatus[] = ["paid", "processing", "shipped", "delivered"];

// ---------------------------------------------------------------------------------------------
// Entry points

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).limit(1);
  const [product] = await db.select({ id: products.id }).from(products).limit(1);
  return !user && !product;
}

/**
 * Fills an empty database with the demo catalogue, people, orders and content.
 * Safe to call from several instances at once: only the first one inserts anything.
 */
export async function seedDemoData(db: Database, options: SeedOptions): Promise<SeedSummary> {
  if (!(await isDatabaseEmpty(db))) return { ...EMPTY_SUMMARY };
  const now = options.now ?? new Date();
  const listings = planListings(createRandom(RANDOM_SEED));
  const images = await writeImages(listings, createLocalStorage(options.uploadsDir));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const data = buildSeedData({ now, listings, passwordHash, documentUrl: images.documentUrl });

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (!(await isDatabaseEmpty(tx))) return { ...EMPTY_SUMMARY };
    await insertSeedData(tx, data);
    return summarise(data, images.written);
  });
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
// Deterministic randomness

export type Random = () => number;

/** mulberry32: a tiny seeded generator, so every run builds the same catalogue. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function between(random: Random, min: number, max: number): number {
  return min + random() * (max - min);
}

function intBetween(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

function weighted<T>(random: Random, options: readonly (readonly [T, number])[]): T {
  const total = options.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [value, weight] of options) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return (options[options.length - 1] as readonly [T, number])[0];
}

function shuffle<T>(random: Random, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

// ---------------------------------------------------------------------------------------------
// Time

function daysAgo(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** `days` after `from`, but never in the future. */
function after(from: Date, days: number, now: Date): Date {
  return new Date(Math.min(from.getTime() + days * DAY_MS, now.getTime()));
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------
// Catalogue plan (independent of the database, so images can be rendered first)

type View = "front" | "back";

interface ListingPlan {
  phone: PhoneModel;
  storage: StorageOption;
  grade: Grade;
  color: string;
  views: View[];
  status: ProductStatus;
  vendorIndex: number;
  stock: number;
  isLive: boolean;
  adminInspected: boolean;
  suggestedKobo: number;
  /** Null until approved. */
  finalKobo: number | null;
  ageDays: number;
  description: string;
}

const GRADE_WEIGHTS: readonly (readonly [Grade, number])[] = [["A", 45], ["B", 35], ["C", 20]];
const PENDING_LISTINGS = 12;
const REJECTED_LISTINGS = 4;
const SOLD_OUT_LISTINGS = 5;
const UNVERIFIED_PENDING_LISTINGS = 2;
const DISCOUNT_SHARE = 0.3;

const vendorIndexes = (test: (v: DemoVendor) => boolean) =>
  DEMO_VENDORS.flatMap((v, i) => (test(v) ? [i] : []));
const VERIFIED_VENDORS = vendorIndexes((v) => v.status === "approved" && v.verified);
const UNVERIFIED_VENDOR = vendorIndexes((v) => v.status === "approved" && !v.verified)[0] ?? 0;
/** Share of the catalogue each verified vendor holds, in DEMO_VENDORS order. */
const VERIFIED_VENDOR_WEIGHTS = [45, 30, 25];

function planListings(random: Random): ListingPlan[] {
  const seen = new Set<string>();
  const drafts = PHONE_MODELS.flatMap((phone) =>
    Array.from({ length: phone.listings }, () => draftListing(random, phone, seen)),
  );
  const order = shuffle(random, drafts.map((_, i) => i));
  const statusOf = new Map<number, "pending" | "rejected" | "sold-out">();
  order.slice(0, PENDING_LISTINGS).forEach((i) => statusOf.set(i, "pending"));
  order.slice(PENDING_LISTINGS, PENDING_LISTINGS + REJECTED_LISTINGS).forEach((i) => statusOf.set(i, "rejected"));
  order
    .slice(PENDING_LISTINGS + REJECTED_LISTINGS, PENDING_LISTINGS + REJECTED_LISTINGS + SOLD_OUT_LISTINGS)
    .forEach((i) => statusOf.set(i, "sold-out"));
  let pendingSeen = 0;
  let rejectedSeen = 0;
  return drafts.map((draft, i) => {
    const kind = statusOf.get(i) ?? "live";
    if (kind === "pending") return asPending(random, draft, pendingSeen++);
    if (kind === "rejected") return asRejected(random, draft, rejectedSeen++);
    return asApproved(random, draft, kind === "sold-out");
  });
}

type Draft = Pick<ListingPlan, "phone" | "storage" | "grade" | "color" | "views" | "suggestedKobo" | "description">;

function draftListing(random: Random, phone: PhoneModel, seen: Set<string>): Draft {
  const options = storageOptionsOf(phone);
  // Smaller storage is what mostly comes in from the UK, so weight towards the first options.
  const storage = options[Math.floor(random() ** 1.6 * options.length)] as StorageOption;
  const grade = weighted(random, GRADE_WEIGHTS);
  const key = (c: string) => `${phone.model}|${storage}|${grade}|${c}`;
  const fresh = phone.colors.filter((c) => !seen.has(key(c)));
  const color = pick(random, fresh.length > 0 ? fresh.slice(0, 3) : phone.colors);
  seen.add(key(color));
  const views: View[] = random() < 0.8 ? ["front", "back"] : ["front"];
  const description = listingDescription({ phone, storage, grade, color }, random);
  const suggestedKobo = nairaToKobo(suggestedPriceNaira(phone, storage, grade));
  return { phone, storage, grade, color, views, suggestedKobo, description };
}

function asApproved(random: Random, draft: Draft, soldOut: boolean): ListingPlan {
  const marked = finalPriceFromSuggested(draft.suggestedKobo, PRICING_DEFAULTS.markupPercentage);
  // Some sell a little below the suggested price, so the storefront's percent-off badge shows.
  const discounted = random() < DISCOUNT_SHARE;
  const finalKobo = discounted ? nairaToKobo(roundToStep(koboToNaira(marked) * (1 - between(random, 0.04, 0.1)))) : marked;
  return {
    ...draft,
    status: "approved",
    vendorIndex: VERIFIED_VENDORS[weightedIndex(random, VERIFIED_VENDOR_WEIGHTS)] ?? 0,
    stock: soldOut ? 0 : weighted(random, [[1, 25], [2, 20], [3, 20], [4, 15], [5, 10], [8, 10]]),
    isLive: !soldOut,
    adminInspected: random() < 0.45,
    finalKobo: Math.min(finalKobo, marked),
    ageDays: soldOut ? between(random, 40, 88) : between(random, 1, 88),
  };
}

function asPending(random: Random, draft: Draft, seen: number): ListingPlan {
  const vendorIndex = seen < UNVERIFIED_PENDING_LISTINGS
    ? UNVERIFIED_VENDOR
    : (VERIFIED_VENDORS[seen % VERIFIED_VENDORS.length] ?? 0);
  return {
    ...draft, status: "pending", vendorIndex, stock: intBetween(random, 1, 3), isLive: true,
    adminInspected: false, finalKobo: null, ageDays: between(random, 0.1, 4),
  };
}

function asRejected(random: Random, draft: Draft, seen: number): ListingPlan {
  return {
    ...draft, status: "rejected", vendorIndex: VERIFIED_VENDORS[seen % VERIFIED_VENDORS.length] ?? 0,
    stock: 1, isLive: false, adminInspected: false, finalKobo: null, ageDays: between(random, 8, 40),
  };
}

function weightedIndex(random: Random, weights: readonly number[]): number {
  return weighted(random, weights.map((w, i) => [i, w] as const));
}

// ---------------------------------------------------------------------------------------------
// Images

const APPLICANT = DEMO_VENDORS.find((v) => v.status === "pending") as DemoVendor;
const ID_DOCUMENT_KEY = `vendor-documents/${slug(APPLICANT.businessName)}-id.webp`;

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

function imageKey(phone: PhoneModel, color: string, view: View): string {
  return `products/demo/${slug(phone.model)}-${slug(color)}-${view}.webp`;
}

function imageUrls(listing: ListingPlan): string[] {
  return listing.views.map((view) => publicUrlFor(imageKey(listing.phone, listing.color, view)));
}

/** Renders each distinct model, colour and view once; files already on disk are kept. */
async function writeImages(
  listings: readonly ListingPlan[],
  storage: FileStorage,
): Promise<{ written: number; documentUrl: string }> {
  const jobs = new Map<string, () => Promise<Buffer>>();
  for (const { phone, color, views } of listings) {
    for (const view of views) {
      jobs.set(imageKey(phone, color, view), () =>
        renderPhoneImage({ brand: phone.brand, model: phone.model, color, view }));
    }
  }
  jobs.set(ID_DOCUMENT_KEY, renderIdDocument);
  let written = 0;
  await runPool([...jobs], 8, async ([key, render]) => {
    if (await storage.exists(key)) return;
    await storage.put(key, await render());
    written++;
  });
  return { written, documentUrl: publicUrlFor(ID_DOCUMENT_KEY) };
}

async function runPool<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

/** A plain placeholder for the ID document the pending applicant uploaded. */
async function renderIdDocument(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400">
<rect width="640" height="400" rx="24" fill="#e8f1ea"/><rect x="0" y="0" width="640" height="70" rx="24" fill="#0f7a3a"/>
<text x="320" y="46" text-anchor="middle" font-family="sans-serif" font-size="26" fill="#fff">SPECIMEN IDENTITY CARD</text>
<rect x="40" y="110" width="150" height="190" rx="10" fill="#c9d6cd"/>
<text x="220" y="150" font-family="sans-serif" font-size="22" fill="#1f2d24">${escapeXml(APPLICANT.ownerName)}</text>
<text x="220" y="190" font-family="sans-serif" font-size="18" fill="#3d4d42">${escapeXml(APPLICANT.businessName)}</text>
<text x="220" y="230" font-family="sans-serif" font-size="18" fill="#3d4d42">Demo document, not a real ID</text>
</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}

// ---------------------------------------------------------------------------------------------
// Rows

type NewUser = typeof users.$inferInsert;
type NewAccount = typeof accounts.$inferInsert;
type NewProfile = typeof profiles.$inferInsert;
type NewRole = typeof userRoles.$inferInsert;
type NewVendor = typeof vendors.$inferInsert;
type NewProduct = typeof products.$inferInsert;
type NewPayment = typeof payments.$inferInsert;
type NewOrder = typeof orders.$inferInsert;
type NewReview = typeof reviews.$inferInsert;
type NewCartItem = typeof cart.$inferInsert;
type NewNotification = typeof notifications.$inferInsert;
type NewField = typeof vendorPreapprovalFields.$inferInsert;
type NewSubmission = typeof vendorPreapprovalSubmissions.$inferInsert;
type NewActivity = typeof userActivities.$inferInsert;

interface SeedData {
  users: NewUser[];
  accounts: NewAccount[];
  profiles: NewProfile[];
  roles: NewRole[];
  vendors: NewVendor[];
  products: NewProduct[];
  payments: NewPayment[];
  orders: NewOrder[];
  reviews: NewReview[];
  cart: NewCartItem[];
  notifications: NewNotification[];
  fields: NewField[];
  submissions: NewSubmission[];
  activities: NewActivity[];
}

interface Person {
  id: string;
  email: string;
  fullName: string;
  phone: string | null;
  createdAt: Date;
  roles: { role: Role; at: Date }[];
}

interface BuildContext {
  now: Date;
  listings: readonly ListingPlan[];
  passwordHash: string;
  documentUrl: string;
}

/** Everything the seed inserts, with ids generated here so rows can refer to each other. */
function buildSeedData(ctx: BuildContext): SeedData {
  const { now } = ctx;
  const people = buildPeople(now, createRandom(RANDOM_SEED + 1));
  const vendorRows = buildVendors(now, people);
  const productRows = buildProducts(now, ctx.listings, vendorRows, createRandom(RANDOM_SEED + 2));
  const sales = buildCheckouts(now, people, productRows, createRandom(RANDOM_SEED + 3));
  const reviewRows = buildReviews(now, people, productRows, sales.orders, createRandom(RANDOM_SEED + 4));
  const cartRows = buildCart(now, people, productRows);
  const world: World = {
    now, people, vendors: vendorRows, products: productRows, orders: sales.orders, payments: sales.payments, cart: cartRows,
  };
  return {
    users: people.all.map((p) => userRow(p)),
    accounts: people.all.map((p) => accountRow(p, ctx.passwordHash)),
    profiles: people.all.map((p) => profileRow(p)),
    roles: people.all.flatMap((p) => p.roles.map((r) => ({ userId: p.id, role: r.role, assignedAt: r.at }))),
    vendors: vendorRows,
    products: productRows,
    payments: sales.payments,
    orders: sales.orders,
    reviews: reviewRows,
    cart: cartRows,
    notifications: buildNotifications(world),
    fields: buildPreapprovalFields(now),
    submissions: [buildSubmission(world, ctx.documentUrl)],
    activities: buildActivities(world),
  };
}

interface People {
  all: Person[];
  byEmail: Map<string, Person>;
  admin: Person;
  customers: Person[];
}

interface World {
  now: Date;
  people: People;
  vendors: NewVendor[];
  products: NewProduct[];
  orders: NewOrder[];
  payments: NewPayment[];
  cart: NewCartItem[];
}

function userRow(p: Person): NewUser {
  return { id: p.id, name: p.fullName, email: p.email, emailVerified: true, createdAt: p.createdAt, updatedAt: p.createdAt };
}

function profileRow(p: Person): NewProfile {
  return { userId: p.id, fullName: p.fullName, phone: p.phone, createdAt: p.createdAt, updatedAt: p.createdAt };
}

function accountRow(p: Person, passwordHash: string): NewAccount {
  return {
    id: randomUUID(), accountId: p.id, providerId: "credential", userId: p.id, password: passwordHash,
    createdAt: p.createdAt, updatedAt: p.createdAt,
  };
}

// ---------------------------------------------------------------------------------------------
// People and vendors

/** When each vendor applied and (if decided) was reviewed, in days before now. */
function vendorTimeline(vendor: DemoVendor, index: number): { applied: number; reviewed: number | null } {
  if (vendor.status === "pending") return { applied: 2, reviewed: null };
  if (vendor.status === "rejected") return { applied: 30, reviewed: 27 };
  if (!vendor.verified) return { applied: 15, reviewed: 12 };
  return { applied: 120 - index * 6, reviewed: 117 - index * 6 };
}

function buildVendors(now: Date, people: People): NewVendor[] {
  return DEMO_VENDORS.map((v, index) => {
    const { applied, reviewed } = vendorTimeline(v, index);
    const createdAt = daysAgo(now, applied);
    return {
      id: randomUUID(),
      userId: mustFind(people.byEmail, v.ownerEmail).id,
      businessName: v.businessName,
      contactEmail: v.ownerEmail,
      contactPhone: v.contactPhone,
      businessAddress: v.businessAddress,
      status: v.status,
      verified: v.verified,
      commissionRate: PRICING_DEFAULTS.commissionRate,
      rejectionReason: v.rejectionReason ?? null,
      createdAt,
      updatedAt: reviewed === null ? createdAt : daysAgo(now, reviewed),
    };
  });
}

function buildPeople(now: Date, random: Random): People {
  const person = (email: string, fullName: string, phone: string | null, createdAt: Date): Person => ({
    id: randomUUID(), email, fullName, phone, createdAt, roles: [],
  });
  const staff = DEMO_ACCOUNTS.filter((a) => a.role === "admin" || a.role === "super_admin").map((a) => {
    const p = person(a.email, a.fullName, null, daysAgo(now, 150));
    p.roles.push({ role: a.role, at: p.createdAt });
    return p;
  });
  // Vendors sign up as customers shortly before applying; approval adds the vendor role.
  const owners = DEMO_VENDORS.map((v, i) => {
    const { applied, reviewed } = vendorTimeline(v, i);
    const signedUp = new Date(daysAgo(now, applied).getTime() - 45 * MINUTE_MS);
    const p = person(v.ownerEmail, v.ownerName, v.contactPhone, signedUp);
    p.roles.push({ role: "customer", at: signedUp });
    if (v.status === "approved" && reviewed !== null) p.roles.push({ role: "vendor", at: daysAgo(now, reviewed) });
    return p;
  });
  const customers = DEMO_CUSTOMERS.map((c, i) => {
    const p = person(c.email, c.fullName, c.phone, daysAgo(now, i === 0 ? 120 : between(random, 85, 140)));
    p.roles.push({ role: "customer", at: p.createdAt });
    return p;
  });
  const all = [...staff, ...owners, ...customers];
  const admin = staff.find((p) => p.roles.some((r) => r.role === "admin"));
  if (!admin) throw new Error("DEMO_ACCOUNTS needs an admin");
  return { all, byEmail: new Map(all.map((p) => [p.email, p])), admin, customers };
}

function mustFind<K, V>(map: Map<K, V>, key: K): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Seed data is inconsistent: ${String(key)} not found`);
  return value;
}

// ---------------------------------------------------------------------------------------------
// Products

function buildProducts(
  now: Date, listings: readonly ListingPlan[], vendorRows: readonly NewVendor[], random: Random,
): NewProduct[] {
  return listings.map((listing) => {
    const vendor = vendorRows[listing.vendorIndex] as NewVendor;
    const createdAt = daysAgo(now, listing.ageDays);
    const reviewedAt = listing.status === "pending" ? createdAt : after(createdAt, between(random, 0.1, 1.5), now);
    return {
      id: randomUUID(),
      vendorId: vendor.id as string,
      name: listingName(listing.phone, listing.storage),
      brand: listing.phone.brand,
      model: listing.phone.model,
      storage: listing.storage,
      color: listing.color,
      description: listing.description,
      grade: listing.grade,
      images: imageUrls(listing),
      suggestedPrice: listing.suggestedKobo,
      finalPrice: listing.finalKobo,
      stockQuantity: listing.stock,
      status: listing.status,
      isLive: listing.isLive,
      adminInspected: listing.adminInspected,
      createdAt,
      updatedAt: reviewedAt,
    };
  });
}

const isApproved = (p: NewProduct) => p.status === "approved";
const isBuyable = (p: NewProduct) => isApproved(p) && p.isLive === true && (p.stockQuantity ?? 0) > 0;

// ---------------------------------------------------------------------------------------------
// Checkouts: payments and their orders

/** How many checkouts end in each status; each checkout is one payment and 1–2 orders. */
const CHECKOUT_PLAN: readonly (readonly [OrderStatus, number])[] = [
  ["delivered", 10], ["shipped", 4], ["processing", 4], ["paid", 4], ["pending", 3], ["cancelled", 3],
];

/** Age range in days of a checkout by its status; pending ones are minutes old, like a live reservation. */
const CHECKOUT_AGE: Record<OrderStatus, [number, number]> = {
  delivered: [12, 75],
  shipped: [2, 5],
  processing: [1, 3],
  paid: [0.1, 1],
  pending: [5 / 1440, 20 / 1440],
  cancelled: [3, 45],
};

/** Days from placing the order to its last status change. */
const STATUS_DELAY: Record<OrderStatus, number> = {
  pending: 0, paid: 3 / 1440, processing: 0.5, shipped: 1, delivered: 3, cancelled: 35 / 1440,
};

const CANCELLED_PAYMENT_STATUSES: readonly PaymentStatus[] = ["failed", "refunded", "failed"];

const DELIVERY_NOTES = [
  null, null, "Please call before delivery.", "Leave with the security man at the gate.",
  "Deliver after 4pm on weekdays.", null, "Office address, ask for me at the front desk.",
];

interface Checkout {
  status: OrderStatus;
  customer: Person;
  placedAt: Date;
  items: { product: NewProduct; quantity: number }[];
}

function buildCheckouts(now: Date, people: People, productRows: readonly NewProduct[], random: Random) {
  const checkouts = planCheckouts(now, people, productRows, random);
  const payments: NewPayment[] = [];
  const orders: NewOrder[] = [];
  let cancelledSeen = 0;
  for (const checkout of checkouts) {
    const placed = checkoutRows(now, checkout, random);
    const paymentStatus = checkout.status === "cancelled"
      ? (CANCELLED_PAYMENT_STATUSES[cancelledSeen++ % CANCELLED_PAYMENT_STATUSES.length] as PaymentStatus)
      : paymentStatusFor(checkout.status);
    payments.push(paymentRow(checkout, placed, paymentStatus));
    orders.push(...placed);
  }
  return { payments, orders };
}

function planCheckouts(now: Date, people: People, productRows: readonly NewProduct[], random: Random): Checkout[] {
  const [demoCustomer, ...others] = people.customers as [Person, ...Person[]];
  return CHECKOUT_PLAN.flatMap(([status, count]) =>
    Array.from({ length: count }, (_, i) => {
      const [minAge, maxAge] = CHECKOUT_AGE[status];
      const placedAt = daysAgo(now, between(random, minAge, maxAge));
      // The demo customer gets one checkout in every status, so My Orders shows them all.
      const customer = i === 0 ? demoCustomer : pick(random, others);
      const itemCount = random() < 0.3 ? 2 : 1;
      const items = pickProducts(random, productRows, status, placedAt, itemCount).map((product) => ({
        product,
        quantity: random() < 0.1 && (product.stockQuantity ?? 0) > 1 ? 2 : 1,
      }));
      return { status, customer, placedAt, items };
    }),
  );
}

function pickProducts(
  random: Random, productRows: readonly NewProduct[], status: OrderStatus, placedAt: Date, count: number,
): NewProduct[] {
  const stillForSale = status === "pending" || status === "paid" || status === "processing";
  const candidates = productRows.filter((p) =>
    (stillForSale ? isBuyable(p) : isApproved(p)) && (p.createdAt as Date).getTime() < placedAt.getTime() - DAY_MS / 2);
  const pool = candidates.length > 0 ? candidates : productRows.filter(isBuyable);
  return shuffle(random, pool).slice(0, count);
}

function paymentStatusFor(status: OrderStatus): PaymentStatus {
  return status === "pending" ? "pending" : "successful";
}

function checkoutRows(now: Date, checkout: Checkout, random: Random): NewOrder[] {
  const customer = mustFind(CUSTOMER_DETAILS, checkout.customer.email);
  const updatedAt = after(checkout.placedAt, STATUS_DELAY[checkout.status], now);
  const notes = pick(random, DELIVERY_NOTES);
  const shipping = shippingDetails(now, checkout, random);
  return checkout.items.map(({ product, quantity }) => {
    const unitPrice = product.finalPrice as number;
    return {
      id: randomUUID(),
      customerId: checkout.customer.id,
      productId: product.id as string,
      vendorId: product.vendorId,
      customerName: customer.fullName,
      customerEmail: customer.email,
      customerPhone: customer.phone,
      shippingAddress: customer.address,
      city: customer.city,
      state: customer.state,
      deliveryNotes: notes,
      quantity,
      unitPrice,
      totalAmount: unitPrice * quantity,
      status: checkout.status,
      warrantyType: CHECKOUT_WARRANTY,
      ...shipping,
      createdAt: checkout.placedAt,
      updatedAt,
    };
  });
}

const CUSTOMER_DETAILS = new Map(DEMO_CUSTOMERS.map((c) => [c.email, c]));
const COURIERS = ["GIGL", "RSX", "DHL"];

function shippingDetails(
  now: Date, checkout: Checkout, random: Random,
): Pick<NewOrder, "trackingNumber" | "estimatedDeliveryDate"> {
  if (checkout.status !== "shipped" && checkout.status !== "delivered") {
    return { trackingNumber: null, estimatedDeliveryDate: null };
  }
  // Parcels still on the road are due in the next few days.
  const from = checkout.status === "shipped" ? now : checkout.placedAt;
  const eta = new Date(from.getTime() + intBetween(random, checkout.status === "shipped" ? 1 : 3, 5) * DAY_MS);
  const trackingNumber = `${pick(random, COURIERS)}-${intBetween(random, 1_000_000, 9_999_999)}`;
  return { trackingNumber, estimatedDeliveryDate: isoDate(eta) };
}

function paymentRow(checkout: Checkout, placed: readonly NewOrder[], status: PaymentStatus): NewPayment {
  const id = randomUUID();
  const customer = mustFind(CUSTOMER_DETAILS, checkout.customer.email);
  const orderIds = placed.map((o) => o.id as string);
  const deliveryFee = PRICING_DEFAULTS.deliveryFeeKobo;
  const amount = placed.reduce((sum, o) => sum + o.totalAmount, 0) + deliveryFee;
  const paid = status === "successful" || status === "refunded";
  const paidAt = paid ? new Date(checkout.placedAt.getTime() + 3 * MINUTE_MS) : null;
  for (const order of placed) order.paymentId = id;
  return {
    id,
    customerId: checkout.customer.id,
    paymentReference: `pay_${checkout.placedAt.getTime()}${randomBytes(6).toString("hex")}`,
    amount,
    deliveryFee,
    status,
    paymentMethod: "card",
    gatewayReference: paid ? String(randomInt(1_000_000_000, 4_000_000_000)) : null,
    refundReason: status === "refunded" ? "Customer cancelled before dispatch" : null,
    paidAt,
    metadata: {
      all_order_ids: orderIds,
      order_ids: orderIds,
      order_count: orderIds.length,
      total_orders: orderIds.length,
      customer_id: checkout.customer.id,
      customer_name: customer.fullName,
      customer_phone: customer.phone,
      shipping_address: `${customer.address}, ${customer.city}, ${customer.state}`,
      cart_item_ids: placed.map(() => randomUUID()),
      payment_id: id,
      total_amount: amount,
      delivery_fee: deliveryFee,
    },
    createdAt: checkout.placedAt,
    updatedAt: paidAt ?? checkout.placedAt,
  };
}

// ---------------------------------------------------------------------------------------------
// Reviews

const REVIEW_TOTAL = 150;
const UNAPPROVED_REVIEWS = 20;
const RATING_WEIGHTS: readonly (readonly [number, number])[] = [[5, 50], [4, 30], [3, 10], [2, 7], [1, 3]];

const REVIEW_COMMENTS: Record<number, readonly string[]> = {
  5: [
    "Phone came exactly as described. Battery health was as stated. Very happy.",
    "Delivered in two days, no scratches, everything works. 100% recommend.",
    "Neat UK-used, no lock wahala at all. The seller picked my calls.",
    "Cheaper than what I saw in Computer Village for the same grade.",
    "Camera is still sharp and the battery lasts me from morning till night.",
    "Second phone I'm buying here. Original parts, no issues.",
    "Bought it for my wife and she loves it. Packaged well with charger.",
    "Reached me in 48 hours. Everything works perfectly.",
    "Exactly the condition they described. Very honest seller.",
  ],
  4: [
    "Good phone, small scratch on the frame but they mentioned it.",
    "Delivery took a bit longer than promised but the phone is clean.",
    "Battery was a little lower than stated but fine for the price.",
    "Works well on MTN and Glo. Charger is not original though.",
    "Solid phone. Would have liked the original box.",
    "Condition is even better than the grade suggested. Just one small mark.",
  ],
  3: [
    "Phone is okay but the battery drains faster than I expected.",
    "More scratches on the screen than the pictures showed. Works fine.",
    "Took five days to reach me. The phone itself is good.",
    "Average. Speaker is a little low but they offered to check it.",
  ],
  2: [
    "Battery health lower than stated. Waiting for them to sort it out under warranty.",
    "Fingerprint sensor is slow. Support responded but it is not fixed yet.",
    "Delivery was delayed twice and nobody called me.",
  ],
  1: ["Phone kept restarting, returned it under warranty. The refund took a week."],
};

function buildReviews(
  now: Date, people: People, productRows: readonly NewProduct[], orderRows: readonly NewOrder[], random: Random,
): NewReview[] {
  const approvedProducts = productRows.filter(isApproved);
  const byId = new Map(productRows.map((p) => [p.id as string, p]));
  const taken = new Set<string>();
  const drafts: NewReview[] = [];
  const add = (customer: string, product: NewProduct, createdAt: Date, orderId: string | null) => {
    const key = `${customer}:${product.id}`;
    if (taken.has(key) || drafts.length >= REVIEW_TOTAL) return;
    taken.add(key);
    const rating = weighted(random, RATING_WEIGHTS);
    const comment = pick(random, REVIEW_COMMENTS[rating] ?? []);
    drafts.push({ productId: product.id as string, customerId: customer, orderId, rating, comment, approved: true, createdAt });
  };
  for (const order of orderRows.filter((o) => o.status === "delivered")) {
    const reviewedAt = after(order.updatedAt as Date, between(random, 0.5, 5), now);
    add(order.customerId, mustFind(byId, order.productId), reviewedAt, order.id as string);
  }
  while (drafts.length < REVIEW_TOTAL) {
    const product = pick(random, approvedProducts);
    const createdAt = (product.createdAt as Date).getTime();
    add(pick(random, people.customers).id, product, new Date(createdAt + random() * (now.getTime() - createdAt)), null);
  }
  // The newest reviews are the ones still waiting for an admin.
  for (const review of [...drafts].sort(newestFirst).slice(0, UNAPPROVED_REVIEWS)) review.approved = false;
  return drafts;
}

// ---------------------------------------------------------------------------------------------
// Cart, notifications, pre-approval, activity

function buildCart(now: Date, people: People, productRows: readonly NewProduct[]): NewCartItem[] {
  const customer = people.customers[0] as Person;
  const discounted = productRows.filter((p) => isBuyable(p) && (p.finalPrice as number) < p.suggestedPrice);
  const others = productRows.filter((p) => isBuyable(p) && p.brand !== "Apple" && !discounted.includes(p));
  const chosen = [discounted[0], others[0], others[Math.floor(others.length / 2)]].filter((p): p is NewProduct => !!p);
  return chosen.map((product, i) => ({
    customerId: customer.id,
    productId: product.id as string,
    quantity: i === 1 && (product.stockQuantity ?? 0) >= 2 ? 2 : 1,
    createdAt: daysAgo(now, 1 + i),
    updatedAt: daysAgo(now, 1 + i),
  }));
}

const orderNumber = (order: NewOrder) => (order.id as string).slice(-LIMITS.orderNumberLength);
const newestFirst = (a: { createdAt?: Date | null }, b: { createdAt?: Date | null }) =>
  (b.createdAt as Date).getTime() - (a.createdAt as Date).getTime();

function notice(userId: string, type: string, title: string, message: string, at: Date, read: boolean): NewNotification {
  return { userId, type, title, message, createdAt: at, read };
}

function buildNotifications(world: World): NewNotification[] {
  return [...customerNotifications(world), ...vendorNotifications(world), ...applicantNotifications(world)];
}

function customerNotifications(world: World): NewNotification[] {
  const customer = world.people.customers[0] as Person;
  const mine = world.orders.filter((o) => o.customerId === customer.id);
  const first = (status: OrderStatus) => mine.find((o) => o.status === status);
  const nameOf = (o: NewOrder) => world.products.find((p) => p.id === o.productId)?.name ?? "phone";
  const say = (type: string, title: string, message: string, at: Date, read: boolean) =>
    notice(customer.id, type, title, message, at, read);
  const paid = first("paid");
  const shipped = first("shipped");
  const delivered = first("delivered");
  const cancelled = first("cancelled");
  const onSale = world.cart
    .map((c) => world.products.find((p) => p.id === c.productId))
    .find((p) => p && (p.finalPrice as number) < p.suggestedPrice);
  return [
    say("info", "Welcome to Tokunbo Phones", "Every phone is graded, checked and covered by a 30-day warranty.",
      customer.createdAt, true),
    ...(paid ? [say("order", "Payment successful",
      `We received ${formatNaira(paid.totalAmount)} for order #${orderNumber(paid)}. Your ${nameOf(paid)} is being prepared.`,
      paid.updatedAt as Date, true)] : []),
    ...(shipped ? [say("order", "Order shipped",
      `Order #${orderNumber(shipped)} (${nameOf(shipped)}) is on the way. Tracking number ${shipped.trackingNumber}.`,
      shipped.updatedAt as Date, false)] : []),
    ...(delivered ? [say("order", "Order delivered",
      `Order #${orderNumber(delivered)} was delivered. Enjoy your phone and tell others how it went in a review.`,
      delivered.updatedAt as Date, true)] : []),
    ...(cancelled ? [say("warning", "Payment not completed",
      `Payment for order #${orderNumber(cancelled)} did not go through, so the order was cancelled.`,
      cancelled.updatedAt as Date, false)] : []),
    ...(onSale ? [say("product", "Price drop on an item in your cart",
      `${onSale.name} is now ${formatNaira(onSale.finalPrice as number)}, down from ${formatNaira(onSale.suggestedPrice)}.`,
      daysAgo(world.now, 0.5), false)] : []),
  ];
}

function vendorNotifications(world: World): NewNotification[] {
  const vendor = world.vendors[0] as NewVendor;
  const own = world.products.filter((p) => p.vendorId === vendor.id);
  const say = (type: string, title: string, message: string, at: Date, read: boolean) =>
    notice(vendor.userId, type, title, message, at, read);
  const sale = world.orders.find((o) => o.vendorId === vendor.id && (o.status === "paid" || o.status === "processing"));
  const approved = own.filter(isApproved).sort((a, b) => (b.updatedAt as Date).getTime() - (a.updatedAt as Date).getTime())
    .at(0);
  const rejected = own.find((p) => p.status === "rejected");
  const low = own.find((p) => isBuyable(p) && (p.stockQuantity ?? 0) <= LIMITS.lowStockThreshold);
  return [
    say("info", "Verification complete",
      `${vendor.businessName} is now a verified vendor. Your listings show the verified badge.`, vendor.updatedAt as Date, true),
    ...(sale ? [say("order", "New order received",
      `Order #${orderNumber(sale)} has been paid: ${sale.quantity} × ${own.find((p) => p.id === sale.productId)?.name}. Please prepare it for dispatch.`,
      sale.createdAt as Date, false)] : []),
    ...(approved ? [say("product", "Product approved",
      `${approved.name} is now live in the shop at ${formatNaira(approved.finalPrice as number)}.`, approved.updatedAt as Date, true)] : []),
    ...(rejected ? [say("warning", "Product not approved",
      `${rejected.name} was not approved: the photos do not match the stated grade. Please update the listing and submit it again.`,
      rejected.updatedAt as Date, false)] : []),
    ...(low ? [say("warning", "Low stock",
      `${low.name} has only ${low.stockQuantity} left in stock.`, daysAgo(world.now, 1), false)] : []),
    say("info", "Weekly payout sent",
      `Your payout for last week's delivered orders (minus ${vendor.commissionRate}% commission) was sent to your bank account.`,
      daysAgo(world.now, 3), true),
  ];
}

function applicantNotifications(world: World): NewNotification[] {
  return world.vendors.flatMap((v): NewNotification[] => {
    if (v.status === "pending") {
      return [notice(v.userId, "info", "Application received",
        `Thanks for applying with ${v.businessName}. Our team reviews applications in ${LIMITS.vendorReviewDays}.`,
        v.createdAt as Date, false)];
    }
    if (v.status === "rejected") {
      return [notice(v.userId, "warning", "Vendor application rejected", v.rejectionReason ?? "Please contact support.",
        v.updatedAt as Date, false)];
    }
    return [];
  });
}

function buildPreapprovalFields(now: Date): NewField[] {
  const createdAt = daysAgo(now, 140);
  const fields: [string, string, NewField["fieldType"], boolean][] = [
    ["cac_registration_number", "CAC registration number", "text", true],
    ["owner_full_name", "Owner's full name", "text", true],
    ["business_phone", "Business phone number", "phone", true],
    ["id_document", "Valid ID (NIN slip, driver's licence or passport)", "file", true],
    ["store_description", "Tell us about your store", "textarea", false],
  ];
  return fields.map(([fieldName, fieldLabel, fieldType, required], i) => ({
    fieldName, fieldLabel, fieldType, required, active: true, fieldOrder: i + 1, createdAt,
  }));
}

function buildSubmission(world: World, documentUrl: string): NewSubmission {
  const vendor = world.vendors.find((v) => v.status === "pending");
  if (!vendor) throw new Error("DEMO_VENDORS needs a pending vendor");
  const owner = world.people.all.find((p) => p.id === vendor.userId) as Person;
  return {
    vendorId: vendor.id as string,
    status: "pending",
    submissionData: {
      cac_registration_number: "BN 3482915",
      owner_full_name: owner.fullName,
      business_phone: vendor.contactPhone,
      id_document: documentUrl,
      store_description:
        "We have sold UK-used iPhones and Samsung phones at Garki International Market since 2019. "
        + "Every phone is tested before sale; pickup in Garki or delivery within Abuja.",
    },
    createdAt: new Date((vendor.createdAt as Date).getTime() + 20 * MINUTE_MS),
  };
}

function activity(
  userId: string, userType: NewActivity["userType"], activityType: string, activityDescription: string,
  createdAt: Date, metadata: Record<string, unknown> = {},
): NewActivity {
  return { userId, userType, activityType, activityDescription, createdAt, metadata };
}

/** A recent history for the admin activity log, drawn from the rows above. */
function buildActivities(world: World): NewActivity[] {
  const admin = world.people.admin.id;
  const nameOf = (productId: string) => world.products.find((p) => p.id === productId)?.name;
  const newest = <T extends { createdAt?: Date | null }>(rows: readonly T[], n: number) =>
    [...rows].sort(newestFirst).slice(0, n);
  const ordersIn = (status: OrderStatus, n: number) => newest(world.orders.filter((o) => o.status === status), n);
  const decided = world.vendors.filter((v) => v.status !== "pending");
  return [
    ...world.people.customers.slice(0, 4).map((c) =>
      activity(c.id, "buyer", "sign_up", `${c.fullName} created an account`, c.createdAt)),
    ...world.vendors.map((v) => activity(v.userId, "vendor", "vendor_application",
      `${v.businessName} applied to sell`, v.createdAt as Date, { vendor_id: v.id })),
    ...decided.map((v) => activity(admin, "admin", `vendor_${v.status}`,
      `${v.status === "approved" ? "Approved" : "Rejected"} vendor ${v.businessName}`, v.updatedAt as Date, { vendor_id: v.id })),
    ...newest(world.products.filter((p) => p.status === "pending"), 3).map((p) =>
      activity(ownerOf(world, p.vendorId), "vendor", "product_created", `Listed ${p.name} (grade ${p.grade})`,
        p.createdAt as Date, { product_id: p.id })),
    ...newest(world.products.filter(isApproved), 4).map((p) =>
      activity(admin, "admin", "product_approved", `Approved ${p.name} at ${formatNaira(p.finalPrice as number)}`,
        p.updatedAt as Date, { product_id: p.id })),
    ...world.products.filter((p) => p.status === "rejected").slice(0, 2).map((p) =>
      activity(admin, "admin", "product_rejected", `Rejected ${p.name}`, p.updatedAt as Date, { product_id: p.id })),
    ...ordersIn("pending", 3).map((o) =>
      activity(o.customerId, "buyer", "order_placed", `Placed order #${orderNumber(o)} for ${nameOf(o.productId)}`,
        o.createdAt as Date, { order_id: o.id })),
    ...ordersIn("paid", 3).map((o) =>
      activity(o.customerId, "buyer", "order_paid", `Paid ${formatNaira(o.totalAmount)} for order #${orderNumber(o)}`,
        o.updatedAt as Date, { order_id: o.id })),
    ...ordersIn("shipped", 2).map((o) =>
      activity(admin, "admin", "order_shipped", `Marked order #${orderNumber(o)} as shipped (${o.trackingNumber})`,
        o.updatedAt as Date, { order_id: o.id })),
    activity(admin, "admin", "cms_updated", "Updated the home page top banner", daysAgo(world.now, 6),
      { section: "top_banner" }),
  ];
}

function ownerOf(world: World, vendorId: string): string {
  return (world.vendors.find((v) => v.id === vendorId) as NewVendor).userId;
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
  // payments.order_id and orders.payment_id point at each other: payments first, then link back.
  await tx.insert(payments).values(data.payments);
  await tx.insert(orders).values(data.orders);
  await tx
    .update(payments)
    .set({ orderId: sql`(${payments.metadata} -> 'order_ids' ->> 0)::uuid` })
    .where(inArray(payments.id, data.payments.map((p) => p.id as string)));
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
  await tx.insert(cmsContent).values(
    CMS_SECTIONS.map((section) => ({ section, content: CMS_DEFAULTS[section] as unknown as Record<string, unknown> })),
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
