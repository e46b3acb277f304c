import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import {
  accounts, cart, cmsContent, emailOutbox, notifications, orderStatusHistory, orders, payments, payoutRuns, products, profiles, reviews, userActivities,
  userRoles, users, vendorBankAccounts, vendorCommissionChanges, vendorLedgerEntries, vendorPayouts, vendorPreapprovalFields, vendorPreapprovalSubmissions, vendors,
  warrantyClaimEvents, warrantyClaims, wishlistItems,
} from "../db/schema";
import { DEMO_PASSWORD } from "../db/seed/demo-accounts";
import { CMS_DEFAULTS } from "../domain/cms/defaults";
import { EDITABLE_SECTIONS } from "../domain/cms/validation";
import type { OrderStatus, ProductStatus, Role, VendorStatus } from "../lib/constants";
import { type TestApp, signInAs, startTestApp } from "../tests/support/app";
import { TEST_ENGINES } from "../tests/support/database";
import { type CountedDatabase, openCountedDatabase, statementGrowth } from "../tests/support/query-counter";

/*
 * Query discipline: each main page and endpoint sends exactly as many statements to the
 * database with many items shown as with few. Every request is measured once in a small world
 * (about two items of each kind), then again after a dozen more of every kind were added; the
 * lists stay within their first page, so what grows is what the page shows.
 */

const SIGNED_IN = ["customer", "vendor", "admin", "super-admin", "applicant"] as const;
type SignedIn = (typeof SIGNED_IN)[number];
type Actor = "visitor" | SignedIn;

const ROLE_OF: Record<SignedIn, Role> = {
  customer: "customer",
  vendor: "vendor",
  admin: "admin",
  "super-admin": "super_admin",
  applicant: "customer",
};

interface World {
  customerId: string;
  vendorId: string;
  /** A listed phone whose page shows the reviews. */
  reviewedProductId: string;
  /** An order of the customer whose dialogs show its status history. */
  trackedOrderId: string;
}

interface CheckedRequest {
  label: string;
  as: Actor;
  url(world: World): string;
}

const request = (as: Actor, path: string): CheckedRequest => ({ label: `GET ${path} as ${as}`, as, url: () => path });

const ADMIN_TABS = ["vendors", "products", "orders", "claims", "reviews", "payments", "payouts", "preapproval", "pricing", "activities"];

const REQUESTS: CheckedRequest[] = [
  request("visitor", "/"),
  request("visitor", "/shop"),
  request("visitor", "/shop?search=iphone"),
  { label: "GET /product/:id as visitor", as: "visitor", url: (world) => `/product/${world.reviewedProductId}` },
  request("visitor", "/products"),
  request("visitor", "/sitemap.xml"),
  request("visitor", "/api/products"),
  request("visitor", "/api/products?search=iphone"),
  request("admin", "/dev/mailbox"),
  request("customer", "/"),
  request("customer", "/shop"),
  { label: "GET /product/:id as customer", as: "customer", url: (world) => `/product/${world.reviewedProductId}` },
  request("customer", "/wishlist"),
  request("customer", "/cart"),
  request("customer", "/checkout"),
  request("customer", "/orders"),
  { label: "GET /orders?details=:id as customer", as: "customer", url: (world) => `/orders?details=${world.trackedOrderId}` },
  request("customer", "/notifications"),
  request("vendor", "/vendor-dashboard"),
  request("vendor", "/vendor-dashboard?tab=orders"),
  request("vendor", "/vendor-dashboard?tab=claims"),
  request("vendor", "/vendor-dashboard?tab=earnings"),
  request("vendor", "/vendor-dashboard/statement?month=2026-11"),
  request("vendor", "/products"),
  request("applicant", "/vendor-pre-approval"),
  ...ADMIN_TABS.map((tab) => request("admin", `/admin?tab=${tab}`)),
  request("admin", "/admin?tab=payments&flagged=true"),
  request("admin", "/admin?tab=orders&q=0803&status=paid&from=2020-01-01"),
  request("admin", "/products"),
  ...EDITABLE_SECTIONS.map((tab) => request("admin", `/cms?tab=${tab}`)),
  request("admin", "/admin/export/orders"),
  request("admin", "/admin/export/orders?q=a&to=2100-01-01"),
  request("admin", "/admin/export/payments"),
  request("admin", "/admin/export/payouts"),
  request("super-admin", "/super-admin?tab=admins"),
];

/** The shop's lists, measured again beyond one page of results. */
const SHOP_REQUESTS = REQUESTS.filter((r) => r.as === "visitor" && /^GET \/(shop|api\/products)/.test(r.label));

/**
 * The statements of a request on an app just started, and of the same request asked again:
 * what the app remembers between requests (such as shop pages) starts the same in every
 * measurement, and both the first answer and a remembered one are measured.
 */
interface Measured {
  first: string[];
  again: string[];
}

function growthOf(requests: readonly CheckedRequest[], few: Map<string, Measured>, many: Map<string, Measured>): string[] {
  return requests.flatMap(({ label }) => {
    const [before, after] = [few.get(label)!, many.get(label)!];
    return [statementGrowth(label, before.first, after.first), statementGrowth(`${label}, asked again`, before.again, after.again)];
  }).filter((message) => message !== null);
}

describe.each(TEST_ENGINES)("statements per request, few items against many (%s)", (engine) => {
  let counted: CountedDatabase;
  let db: Database;
  let world: World;
  const cookies = new Map<Actor, string>();
  let withFew: Map<string, Measured>;
  let withMany: Map<string, Measured>;

  async function statementsOf(app: TestApp, checked: CheckedRequest): Promise<string[]> {
    const cookie = cookies.get(checked.as);
    return counted.statementsDuring(async () => {
      const response = await fetch(`${app.base}${checked.url(world)}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${checked.label} answered ${response.status}: ${body.slice(0, 200)}`);
    });
  }

  async function measureOnFreshApp(requests: readonly CheckedRequest[]): Promise<Map<string, Measured>> {
    const app = await startTestApp(counted.database);
    try {
      const measured = new Map<string, Measured>();
      for (const checked of requests) {
        measured.set(checked.label, { first: await statementsOf(app, checked), again: await statementsOf(app, checked) });
      }
      return measured;
    } finally {
      await app.close();
    }
  }

  /** Sessions live in the database, so the cookies stay good on every app started later. */
  async function signInEveryone() {
    const app = await startTestApp(counted.database);
    try {
      for (const actor of SIGNED_IN) cookies.set(actor, await signInAs(app.base, emailOf(actor), DEMO_PASSWORD));
    } finally {
      await app.close();
    }
  }

  beforeAll(async () => {
    counted = await openCountedDatabase(engine);
    db = counted.database.db;
    world = await createWorld(db, await hashPassword(DEMO_PASSWORD));
    await addItemsOfEveryKind(db, world, "few", 2);
    await signInEveryone();
    withFew = await measureOnFreshApp(REQUESTS);
    await addItemsOfEveryKind(db, world, "many", 12);
    withMany = await measureOnFreshApp(REQUESTS);
  });
  afterAll(async () => {
    await counted?.database.close();
  });

  it.each(REQUESTS)("$label sends as many statements with many items as with few", (checked) => {
    expect(growthOf([checked], withFew, withMany)).toEqual([]);
  });

  // 15 phones are listed by now: 27 fill the first page (the total takes a count), 67 make three pages.
  it("the shop and /api/products send as many statements for one full page of results as for several", async () => {
    await addListings(db, world.vendorId, "page", 12, "approved");
    const onePage = await measureOnFreshApp(SHOP_REQUESTS);
    await addListings(db, world.vendorId, "pages", 40, "approved");
    const severalPages = await measureOnFreshApp(SHOP_REQUESTS);
    expect(growthOf(SHOP_REQUESTS, onePage, severalPages)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// The world: the signed-in actors, then items of every kind a page lists, added a batch at a time

const emailOf = (id: string) => `${id}@example.ng`;
const range = (count: number) => Array.from({ length: count }, (_, i) => i);
const tagged = (tag: string, count: number) => range(count).map((i) => `${tag}-${i}`);

async function createWorld(db: Database, passwordHash: string): Promise<World> {
  for (const actor of SIGNED_IN) await addPeople(db, [actor], ROLE_OF[actor], passwordHash);
  const [vendorId] = await addVendors(db, ["vendor"], "approved");
  await addVendors(db, ["applicant"], "pending");
  const [reviewedProductId] = await addListings(db, vendorId!, "reviewed", 1, "approved");
  const seller = { customerId: "customer", vendorId: vendorId! };
  const [trackedOrderId] = await addOrders(db, seller, [reviewedProductId!]);
  return { ...seller, reviewedProductId: reviewedProductId!, trackedOrderId: trackedOrderId! };
}

/** `count` more items of each kind the pages list, named after `tag`. */
async function addItemsOfEveryKind(db: Database, world: World, tag: string, count: number): Promise<void> {
  const listed = await addListings(db, world.vendorId, tag, count, "approved");
  await addListings(db, world.vendorId, `${tag}-pending`, count, "pending");
  await db.insert(cart).values(listed.map((productId) => ({ customerId: world.customerId, productId })));
  await db.insert(wishlistItems).values(listed.map((productId) => ({ userId: world.customerId, productId, lastSeenPrice: 1 })));
  await addClaims(db, world, await addOrders(db, world, listed), tag);
  await addOrderHistory(db, world.trackedOrderId, tag, count);
  await addLedgerEntries(db, world.vendorId, tag, count);
  await addNotifications(db, world.customerId, tag, count);
  const reviewers = await addPeople(db, tagged(`${tag}-reviewer`, count), "customer");
  await addReviews(db, world.reviewedProductId, reviewers, true);
  await addReviews(db, listed[0]!, reviewers, false);
  const applicants = await addPeople(db, tagged(`${tag}-shop`, count), "customer");
  await addVendors(db, applicants, "pending", { submitted: true });
  await addPreapprovalFields(db, tag, count);
  await addActivities(db, world.customerId, tag, count);
  await addPeople(db, tagged(`${tag}-admin`, count), "admin");
  await setSiteLists(db, count);
  await addOutboxEmails(db, tag, count);
  await addPayouts(db, world, tag, await addVendors(db, await addPeople(db, tagged(`${tag}-seller`, count), "vendor"), "approved"));
}

async function addPeople(db: Database, ids: string[], role: Role, passwordHash?: string): Promise<string[]> {
  await db.insert(users).values(ids.map((id) => ({ id, name: id, email: emailOf(id), emailVerified: true })));
  await db.insert(profiles).values(ids.map((id) => ({ userId: id, fullName: `Person ${id}` })));
  if (passwordHash) {
    await db.insert(accounts).values(ids.map((id) => ({ id: randomUUID(), accountId: id, providerId: "credential", userId: id, password: passwordHash })));
  }
  if (role !== "customer") await db.insert(userRoles).values(ids.map((userId) => ({ userId, role })));
  return ids;
}

async function addVendors(db: Database, ownerIds: string[], status: VendorStatus, { submitted = false } = {}): Promise<string[]> {
  const rows = await db
    .insert(vendors)
    .values(ownerIds.map((userId) => ({
      userId,
      businessName: `Shop of ${userId}`,
      contactEmail: emailOf(userId),
      contactPhone: "+2348031234567",
      businessAddress: "Shop 4, Otigba Street, Ikeja, Lagos",
      status,
      verified: status === "approved",
    })))
    .returning({ id: vendors.id });
  if (submitted) await db.insert(vendorPreapprovalSubmissions).values(rows.map((v) => ({ vendorId: v.id, submissionData: { cac_number: "RC 123456" } })));
  return rows.map((row) => row.id);
}

async function addListings(db: Database, vendorId: string, tag: string, count: number, status: ProductStatus): Promise<string[]> {
  const rows = await db
    .insert(products)
    .values(range(count).map((i) => ({
      vendorId,
      name: `iPhone 13 ${tag} ${i}`,
      brand: "Apple",
      model: "iPhone 13",
      storage: "128GB",
      grade: "A" as const,
      suggestedPrice: 300_000_00,
      finalPrice: status === "approved" ? 330_000_00 : null,
      stockQuantity: 5,
      status,
    })))
    .returning({ id: products.id });
  return rows.map((row) => row.id);
}

const ORDER_STATUSES_SEEN: readonly OrderStatus[] = ["paid", "processing", "shipped", "delivered"];
const PRICE = 330_000_00;

/** An order of the customer for each phone, each paid (a third flagged for a refund) and with its history. */
async function addOrders(db: Database, world: Pick<World, "customerId" | "vendorId">, productIds: string[]): Promise<string[]> {
  const paid = await db
    .insert(payments)
    .values(productIds.map((_, i) => ({
      customerId: world.customerId,
      paymentReference: `ref-${randomUUID()}`,
      amount: PRICE,
      status: "successful" as const,
      paidAt: new Date(),
      flaggedForRefund: i % 3 === 0,
      refundReason: i % 3 === 0 ? "The phone was sold out when the payment arrived" : null,
    })))
    .returning({ id: payments.id });
  const placed = await db
    .insert(orders)
    .values(productIds.map((productId, i) => ({
      customerId: world.customerId,
      productId,
      vendorId: world.vendorId,
      paymentId: paid[i]!.id,
      customerName: "Ada Okafor",
      customerEmail: emailOf(world.customerId),
      customerPhone: "+2348031234567",
      shippingAddress: "12 Allen Avenue",
      city: "Ikeja",
      state: "Lagos",
      quantity: 1,
      unitPrice: PRICE,
      totalAmount: PRICE,
      status: ORDER_STATUSES_SEEN[i % ORDER_STATUSES_SEEN.length]!,
    })))
    .returning({ id: orders.id });
  await db.insert(orderStatusHistory).values(placed.flatMap(({ id }) => [{ orderId: id, status: "pending" as const }, { orderId: id, status: "paid" as const }]));
  return placed.map((order) => order.id);
}

/** A warranty claim on each order, with a photo and two steps on its timeline. */
async function addClaims(db: Database, world: Pick<World, "customerId" | "vendorId">, orderIds: string[], tag: string): Promise<void> {
  const claims = await db
    .insert(warrantyClaims)
    .values(orderIds.map((orderId, i) => ({
      orderId,
      customerId: world.customerId,
      vendorId: world.vendorId,
      reason: "battery_performance" as const,
      description: `The battery drains within two hours (${tag} ${i}).`,
      photos: [`/uploads/claims/${randomUUID().replaceAll("-", "")}.webp`],
      status: i % 2 === 0 ? ("open" as const) : ("declined" as const),
      answerDueAt: new Date(Date.now() + (i % 3 === 0 ? -1 : 3) * 86_400_000),
    })))
    .returning({ id: warrantyClaims.id, customerId: warrantyClaims.customerId });
  await db.insert(warrantyClaimEvents).values(claims.flatMap(({ id }) => [
    { claimId: id, actorId: world.customerId, actorRole: "buyer" as const, kind: "opened" },
    { claimId: id, actorId: null, actorRole: "system" as const, kind: "overdue" },
  ]));
}

async function addOrderHistory(db: Database, orderId: string, tag: string, count: number): Promise<void> {
  await db.insert(orderStatusHistory).values(range(count).map((i) => ({ orderId, status: "processing" as const, note: `Checked at the hub (${tag} ${i})` })));
}

/** Adjustments on the vendor's ledger over six months: the Earnings tab lists them, with a statement per month. */
async function addLedgerEntries(db: Database, vendorId: string, tag: string, count: number): Promise<void> {
  await db.insert(vendorLedgerEntries).values(range(count).map((i) => ({
    vendorId,
    kind: "adjustment" as const,
    bucket: i % 2 === 0 ? ("available" as const) : ("pending" as const),
    amount: 1_000_00,
    note: `Correction (${tag} ${i})`,
    createdAt: new Date(Date.UTC(2026, 10 - (i % 6), 10)),
  })));
}

async function addReviews(db: Database, productId: string, reviewerIds: string[], approved: boolean): Promise<void> {
  await db.insert(reviews).values(reviewerIds.map((customerId) => ({ productId, customerId, rating: 4, comment: "Battery still strong", approved })));
}

async function addNotifications(db: Database, userId: string, tag: string, count: number): Promise<void> {
  await db.insert(notifications).values(range(count).map((i) => ({ userId, type: "order", title: `Order shipped (${tag} ${i})`, message: "Your phone is on its way." })));
}

/** Field names take letters and underscores only. */
async function addPreapprovalFields(db: Database, tag: string, count: number): Promise<void> {
  const letter = (i: number) => String.fromCharCode(97 + i);
  await db
    .insert(vendorPreapprovalFields)
    .values(range(count).map((i) => ({ fieldName: `${tag}_${letter(i)}`, fieldLabel: `Question ${tag} ${i}`, fieldType: "text" as const, fieldOrder: i })));
}

async function addActivities(db: Database, userId: string, tag: string, count: number): Promise<void> {
  await db
    .insert(userActivities)
    .values(range(count).map((i) => ({ userId, userType: "buyer" as const, activityType: "order_placed", activityDescription: `Placed order ${tag} ${i}` })));
}

/**
 * What the Payouts tab and the vendors' commission show: for each new approved vendor a ledger
 * entry, a bank account (every other one's name flagged for checking) and a commission change;
 * and a finished run paying each of them.
 */
async function addPayouts(db: Database, world: Pick<World, "customerId">, tag: string, vendorIds: string[]): Promise<void> {
  await db.insert(vendorLedgerEntries).values(vendorIds.map((vendorId) => ({ vendorId, kind: "adjustment" as const, bucket: "available" as const, amount: 100_000, note: "Opening balance" })));
  await db.insert(vendorCommissionChanges).values(vendorIds.map((vendorId) => ({ vendorId, oldRate: 10, newRate: 8, reason: "Top seller", changedBy: world.customerId })));
  const accounts = await db
    .insert(vendorBankAccounts)
    .values(vendorIds.map((vendorId, i) => ({
      vendorId, bankCode: "058", bankName: "GTBank", accountNumber: "0123456789", accountName: `Shop ${i}`, nameMismatch: i % 2 === 0, recipientCode: `RCP_${tag}_${i}`,
    })))
    .returning({ id: vendorBankAccounts.id, vendorId: vendorBankAccounts.vendorId });
  const [run] = await db.insert(payoutRuns).values({ period: `${tag}-W01`, finishedAt: new Date() }).returning({ id: payoutRuns.id });
  await db.insert(vendorPayouts).values(accounts.map((account, i) => ({
    runId: run!.id, vendorId: account.vendorId, bankAccountId: account.id, period: `${tag}-W01`, amount: 100_000, reference: `payout_${tag}_${i}`,
    status: i % 2 === 0 ? ("failed" as const) : ("paid" as const), failureReason: i % 2 === 0 ? "Account closed" : null,
  })));
}

async function addOutboxEmails(db: Database, tag: string, count: number): Promise<void> {
  await db.insert(emailOutbox).values(range(count).map((i) => ({ toAddress: emailOf(`${tag}-${i}`), subject: `Verify your e-mail (${tag} ${i})`, textBody: "Open the link." })));
}

/** The site content lists (carousel banners, home slides, brand categories), `count` entries each. */
async function setSiteLists(db: Database, count: number): Promise<void> {
  const { hero_banners: hero, home_banner: home, featured_categories: categories } = CMS_DEFAULTS;
  const content = {
    hero_banners: { ...hero, enabled: true, banners: range(count).map((i) => ({ ...hero.banners[0]!, id: `hero-${i}`, title: `Banner ${i}` })) },
    home_banner: { ...home, enabled: true, slides: range(count).map((i) => ({ ...home.slides[0]!, id: `slide-${i}`, title: `Slide ${i}` })) },
    featured_categories: { ...categories, categories: range(count).map((i) => ({ ...categories.categories[0]!, name: `Brand ${i}` })) },
  };
  await db
    .insert(cmsContent)
    .values(Object.entries(content).map(([section, value]) => ({ section, content: value })))
    .onConflictDoUpdate({ target: cmsContent.section, set: { content: sql`excluded.content` } });
}
