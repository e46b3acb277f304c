import { randomBytes } from "node:crypto";
import { and, count, eq, isNull } from "drizzle-orm";
import sharp from "sharp";
import type { Database } from "../../db/client";
import {
  cart, emailChanges, emailOutbox, notifications, orderReturns, orders, payments, payoutRuns, products, refunds, reviews, savedAddresses, sessions, stockAlerts, userRoles, users,
  vendorBankAccounts, vendorLedgerEntries, vendorPayouts, vendorPreapprovalFields, vendorPreapprovalSubmissions, vendors, warrantyClaims, wishlistItems,
} from "../../db/schema";
import { CLAIM_TEXTS } from "../../domain/claims/texts";
import { RETURN_TEXTS } from "../../domain/returns/texts";
import { SUPER_ADMIN_TEXTS } from "../../domain/accounts/texts";
import { ACCOUNT_TEXTS } from "../../domain/accounts/account-texts";
import { ACCESS_TEXTS } from "../../domain/core/access";
import { PRODUCT_TEXTS } from "../../domain/catalog/management-validation";
import { PAYMENT_TEXTS } from "../../domain/payments/texts";
import { ORDER_STATUS_TEXTS } from "../../domain/orders/status";
import { CANCELLATION_TEXTS } from "../../domain/orders/cancellation-validation";
import { lagosToday } from "../../lib/lagos-time";
import type { FileStorage } from "../../domain/media/storage";
import { SHIPPING } from "../support/shop";
import type { PaymentProvider } from "../../domain/payments/provider";
import { insertListing, insertVendor } from "../support/rows";
import { recordUploadedImages } from "../../domain/catalog/photos";
import { INSPECTION_POINTS } from "../../lib/constants";
import { ADMIN_GUARD, VENDOR_GUARD } from "../../app/server/access.server";
import { CART_SIGN_IN_TEXTS } from "../../app/checkout/cart-sign-in";
import { STOCK_ALERT_TEXTS, WISHLIST_TEXTS } from "../../domain/catalog/wishlist-texts";
import { quantityFieldOf } from "../../app/checkout/checkout-form-data";
import { PRIVACY_TEXTS } from "../../domain/privacy/texts";
import { PAGE_ACCESS_TEXTS } from "../../paystack-standin";
import {
  type Actor, type Buyer, type Person, ROLE_OF, type SignedInActor, type World, WORLD_PASSWORD, addCartLine, addOrder, addPerson, openSession,
} from "./world";

/*
 * Who may use each door of the app (docs/accounts.md): one row per door
 * as tests/security/endpoints.ts keys them, several where one action serves intents with
 * different audiences or where someone else's record is at stake. Each row says how to call the
 * door as a given actor; rows that change something make a fresh record first, so every allowed
 * actor really does it.
 */

export interface Caller {
  base: string;
  db: Database;
  storage: FileStorage;
  payments: PaymentProvider;
  world: World;
  actor: Actor;
  /** The actor's session cookie; "" for anonymous. */
  cookie: string;
}

/** An answer, and for actions that redirect whether they succeed or refuse: whether the change happened. */
export interface Answer {
  response: Response;
  happened?: () => Promise<boolean>;
  /** False when someone else's record was touched. */
  unharmed?: () => Promise<boolean>;
}

/** What a refusal looks like: a status (with the body text where one applies) or a redirect. */
export type Refusal = { status: number; text?: string } | { redirect: string };

export interface Row {
  /** "METHOD /path" exactly as allEndpoints() keys the door. */
  key: string;
  /** Which intent or whose record, when the door has several rows. */
  what?: string;
  allow: readonly Actor[];
  call(caller: Caller): Promise<Answer>;
  /** How an actor outside `allow` is refused; by default 401 signed out, 403 signed in, with ACCESS_TEXTS. */
  refusal?: (actor: Actor) => Refusal;
  /** An allowed answer with this status (the 404 page, a 405) instead of 2xx/3xx. */
  allowedStatus?: number;
  /** Where an allowed answer may redirect although it is a sign-in page (sign-out lands on /auth). */
  lands?: string;
  /** The call ends every session of the actor (sign-out): the suite opens a new one after it. */
  endsSessions?: boolean;
  /** Text that must not appear in this actor's answer: someone else's data. */
  hidden?: (world: World, actor: Actor) => string[];
}

export const EVERYONE: readonly Actor[] = ["anonymous", "customer", "otherCustomer", "vendor", "otherVendor", "admin", "superAdmin"];
export const SIGNED_IN: readonly Actor[] = EVERYONE.filter((actor) => actor !== "anonymous");
const BACK_OFFICE: readonly Actor[] = ["admin", "superAdmin"];
const MANAGERS: readonly Actor[] = ["vendor", "otherVendor", "admin", "superAdmin"];
const NOBODY: readonly Actor[] = [];

// ---------------------------------------------------------------------------------------------
// Refusals

const byDefault = (actor: Actor): Refusal =>
  actor === "anonymous" ? { status: 401, text: ACCESS_TEXTS.signInRequired } : { status: 403, text: ACCESS_TEXTS.forbidden };

/** A page guard of access.server.ts: signed out to one page, the wrong role to another. */
const guarded = (guard: { signedOut: string; wrongRole: string }) => (actor: Actor): Refusal =>
  ({ redirect: actor === "anonymous" ? guard.signedOut : guard.wrongRole });

/** Someone else's record: signed out 401, a signed-in stranger `status` (404: it does not exist for them). */
const notTheirs = (status = 404, text?: string) => (actor: Actor): Refusal =>
  actor === "anonymous" ? { status: 401, text: ACCESS_TEXTS.signInRequired } : { status, text };

/** A form without scripts that answers by redirecting, refused or not (the change is checked instead). */
const sentBack = (signedOut: Refusal, signedIn: string) => (actor: Actor): Refusal => (actor === "anonymous" ? signedOut : { redirect: signedIn });

/**
 * Someone else's payment reference gets the answer of a reference that does not exist: the
 * result page's 'Payment Verification Failed' (200, as the page always answers) with nothing of the order.
 */
const UNKNOWN_REFERENCE: Refusal = { status: 200, text: PAYMENT_TEXTS.reasonNotFound };

const everyone = (refusal: Refusal) => () => refusal;

/** The test-mode stand-in's pages of money refuse with their own words. */
const standinPageRefusal = (actor: Actor): Refusal =>
  actor === "anonymous" ? { status: 401, text: PAGE_ACCESS_TEXTS.signInRequired } : { status: 403, text: PAGE_ACCESS_TEXTS.forbidden };

// ---------------------------------------------------------------------------------------------
// Calling

function headersOf(caller: Caller, extra: Record<string, string> = {}): Record<string, string> {
  return caller.cookie ? { Cookie: caller.cookie, ...extra } : extra;
}

async function get(caller: Caller, path: string, extra: Record<string, string> = {}): Promise<Answer> {
  return { response: await fetch(`${caller.base}${path}`, { headers: headersOf(caller, extra), redirect: "manual" }) };
}

/** What a browser without scripts sends with a form: the action answers it with a redirect and a toast. */
const WITHOUT_SCRIPTS = { Accept: "text/html" };

/** A form post as a page's script sends it (JSON answers where the route has them). */
async function post(caller: Caller, path: string, fields: Record<string, string> | URLSearchParams, extra: Record<string, string> = {}): Promise<Answer> {
  const body = fields instanceof URLSearchParams ? fields : new URLSearchParams(fields);
  const headers = headersOf(caller, { "Content-Type": "application/x-www-form-urlencoded", ...extra });
  return { response: await fetch(`${caller.base}${path}`, { method: "POST", headers, body, redirect: "manual" }) };
}

async function multipart(caller: Caller, path: string, form: FormData): Promise<Answer> {
  const headers = headersOf(caller, { Accept: "application/json" });
  return { response: await fetch(`${caller.base}${path}`, { method: "POST", headers, body: form, redirect: "manual" }) };
}

async function json(caller: Caller, method: string, path: string, body?: unknown, extra: Record<string, string> = {}): Promise<Answer> {
  const headers = headersOf(caller, body === undefined ? extra : { "Content-Type": "application/json", ...extra });
  const init: RequestInit = { method, headers, redirect: "manual", body: body === undefined ? undefined : JSON.stringify(body) };
  return { response: await fetch(`${caller.base}${path}`, init) };
}

const withEffect = async (answer: Promise<Answer>, happened: () => Promise<boolean>): Promise<Answer> => ({ ...(await answer), happened });

// ---------------------------------------------------------------------------------------------
// Fresh records for the calls that change or use up something

const fresh = (label: string) => `${label}${randomBytes(4).toString("hex")}`;
/** A fresh pre-approval field name: lower-case letters only, eight random ones (hex digits turned to 'x' collided between runs). */
const freshFieldName = (prefix: string) => `${prefix}${[...randomBytes(8)].map((byte) => String.fromCharCode(97 + (byte % 26))).join("")}`;

/** The signed-in actor as a person (their user id), or null for anonymous. */
function personOf({ world, actor }: Caller): Person | null {
  return actor === "anonymous" ? null : world[actor];
}

async function rowExists(db: Database, table: typeof cart | typeof reviews | typeof products, id: string): Promise<boolean> {
  return (await db.select({ id: table.id }).from(table).where(eq(table.id, id))).length > 0;
}

async function freshListing(db: Database, world: World, status: "approved" | "pending" = "approved"): Promise<string> {
  return insertListing(db, world.vendor.vendorId, fresh("Pixel fixture "), { status, finalPrice: status === "approved" ? 250_000_00 : null, stockQuantity: 5 });
}

/** A photo the vendor uploaded: only their listings (or an admin's edit of them) may show it. */
async function vendorUpload(db: Database, world: World): Promise<string> {
  const url = `/uploads/products/${randomBytes(16).toString("hex")}.webp`;
  await recordUploadedImages(db, world.vendor.userId, [url]);
  return url;
}

/** A delivered order of the customer for a phone they have not reviewed yet. */
async function reviewableOrder({ db, world }: Caller): Promise<string> {
  const productId = await freshListing(db, world);
  return (await addOrder(db, world.customer, { vendorId: world.vendor.vendorId, productId })).orderId;
}

/** A pending order of the customer whose payment is still open: 'Pay now' and 'Cancel order' apply to it. */
async function unpaidOrder({ db, world }: Caller): Promise<{ orderId: string; paymentId: string }> {
  const productId = await freshListing(db, world);
  const [payment] = await db
    .insert(payments)
    .values({ customerId: world.customer.userId, paymentReference: fresh("pay_matrix_"), amount: 250_000_00, status: "failed", failureReason: "Declined" })
    .returning({ id: payments.id });
  const [order] = await db
    .insert(orders)
    .values({
      ...SHIPPING,
      customerId: world.customer.userId,
      customerName: world.customer.fullName,
      customerEmail: world.customer.email,
      productId,
      vendorId: world.vendor.vendorId,
      paymentId: payment!.id,
      quantity: 1,
      unitPrice: 250_000_00,
      totalAmount: 250_000_00,
      status: "pending",
    })
    .returning({ id: orders.id });
  return { orderId: order!.id, paymentId: payment!.id };
}

async function orderState(db: Database, orderId: string): Promise<{ status: string; paymentId: string | null }> {
  const [order] = await db.select({ status: orders.status, paymentId: orders.paymentId }).from(orders).where(eq(orders.id, orderId));
  return order!;
}

async function reviewExistsFor(db: Database, orderId: string): Promise<boolean> {
  return (await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.orderId, orderId))).length > 0;
}

async function isDeleted(db: Database, userId: string): Promise<boolean> {
  const [user] = await db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId));
  return user?.deletedAt != null;
}

async function cartQuantity(db: Database, lineId: string): Promise<number | null> {
  const [line] = await db.select({ quantity: cart.quantity }).from(cart).where(eq(cart.id, lineId));
  return line?.quantity ?? null;
}

async function isRead(db: Database, notificationId: string): Promise<boolean> {
  const [row] = await db.select({ read: notifications.read }).from(notifications).where(eq(notifications.id, notificationId));
  return row?.read ?? false;
}

async function freshNotification(db: Database, owner: Person): Promise<string> {
  const [row] = await db.insert(notifications).values({ userId: owner.userId, title: fresh("Fixture "), message: "x" }).returning({ id: notifications.id });
  return row!.id;
}

/** A saved address of `owner` that is not their default. */
async function freshAddress(db: Database, owner: Person): Promise<string> {
  const [row] = await db
    .insert(savedAddresses)
    .values({ userId: owner.userId, label: fresh("Office "), fullName: SHIPPING.customerName, phone: SHIPPING.customerPhone, address: SHIPPING.shippingAddress, city: SHIPPING.city, state: SHIPPING.state })
    .returning({ id: savedAddresses.id });
  return row!.id;
}

async function addressExists(db: Database, id: string): Promise<boolean> {
  return (await db.select({ id: savedAddresses.id }).from(savedAddresses).where(eq(savedAddresses.id, id))).length > 0;
}

async function addressLabelled(db: Database, label: string): Promise<boolean> {
  return (await db.select({ id: savedAddresses.id }).from(savedAddresses).where(eq(savedAddresses.label, label))).length > 0;
}

async function isDefaultAddress(db: Database, id: string): Promise<boolean> {
  const [row] = await db.select({ isDefault: savedAddresses.isDefault }).from(savedAddresses).where(eq(savedAddresses.id, id));
  return row?.isDefault ?? false;
}

/** Another signed-in device of `owner`: a session row of its own. */
async function freshSession(db: Database, owner: Person): Promise<string> {
  const id = fresh("session-");
  await db.insert(sessions).values({ id, token: fresh("token-"), userId: owner.userId, expiresAt: new Date(Date.now() + 86_400_000), userAgent: "Mozilla/5.0 (Linux; Android 13) Chrome/124.0 Mobile Safari/537.36" });
  return id;
}

async function emailChangeAsked(db: Database, userId: string, newEmail: string): Promise<boolean> {
  return (await db.select({ id: emailChanges.id }).from(emailChanges).where(and(eq(emailChanges.userId, userId), eq(emailChanges.newEmail, newEmail)))).length > 0;
}

async function sessionExists(db: Database, id: string): Promise<boolean> {
  return (await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, id))).length > 0;
}

async function wished(db: Database, userId: string, productId: string): Promise<boolean> {
  return (await db.select({ userId: wishlistItems.userId }).from(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))).length > 0;
}

async function waitingAlert(db: Database, userId: string, productId: string): Promise<boolean> {
  const rows = await db.select({ userId: stockAlerts.userId }).from(stockAlerts).where(and(eq(stockAlerts.userId, userId), eq(stockAlerts.productId, productId), isNull(stockAlerts.notifiedAt)));
  return rows.length > 0;
}

/**
 * The actor and the customer both saved a fresh phone (or wait for it, `alerts`); the actor takes
 * theirs away: only their own row goes.
 */
async function onlyOwnSaved(caller: Caller, kind: "wishlist" | "alerts", send: (productId: string) => Promise<Answer>): Promise<Answer> {
  const productId = await freshListing(caller.db, caller.world);
  if (kind === "alerts") await caller.db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, productId));
  const table = kind === "wishlist" ? wishlistItems : stockAlerts;
  const person = personOf(caller);
  const owners = [caller.world.customer.userId, ...(person && person.userId !== caller.world.customer.userId ? [person.userId] : [])];
  await caller.db.insert(table).values(owners.map((userId) => ({ userId, productId })));
  const holds = kind === "wishlist" ? wished : waitingAlert;
  const answer = await send(productId);
  const ownGone = person !== null && !(await holds(caller.db, person.userId, productId));
  const customersKept = caller.actor === "customer" || (await holds(caller.db, caller.world.customer.userId, productId));
  return { ...answer, happened: async () => ownGone, unharmed: async () => customersKept };
}

/** A cart line of the actor (a phone of the vendor), for checkout and cart changes that use it up. */
async function ownCartLine(caller: Caller): Promise<{ productId: string; lineId: string | null }> {
  const productId = await freshListing(caller.db, caller.world);
  const person = personOf(caller);
  return { productId, lineId: person ? await addCartLine(caller.db, person, productId) : null };
}

async function customersCartLine({ db, world }: Caller): Promise<string> {
  return addCartLine(db, world.customer, await freshListing(db, world));
}

/**
 * A change to "all of one's own" lines: the actor's own line goes (or nothing happens when
 * signed out), and a line of the customer's stays unless the actor is the customer.
 */
async function onlyOwnCartLines(caller: Caller, send: () => Promise<Answer>): Promise<Answer> {
  const { lineId: ownLine } = await ownCartLine(caller);
  const customersLine = caller.actor === "customer" ? null : await customersCartLine(caller);
  const answer = await send();
  const ownGone = ownLine !== null && !(await rowExists(caller.db, cart, ownLine));
  const customersKept = customersLine === null || (await rowExists(caller.db, cart, customersLine));
  return { ...answer, happened: async () => ownGone, unharmed: async () => customersKept };
}

async function onlyOwnNotifications(caller: Caller, send: () => Promise<Answer>): Promise<Answer> {
  const person = personOf(caller);
  const own = person ? await freshNotification(caller.db, person) : null;
  const customers = caller.actor === "customer" ? null : await freshNotification(caller.db, caller.world.customer);
  const answer = await send();
  const ownRead = own !== null && (await isRead(caller.db, own));
  const customersUnread = customers === null || !(await isRead(caller.db, customers));
  return { ...answer, happened: async () => ownRead, unharmed: async () => customersUnread };
}

async function sentPreapproval(caller: Caller): Promise<boolean> {
  const person = personOf(caller);
  if (!person) return false;
  const sent = await caller.db
    .select({ id: vendorPreapprovalSubmissions.id })
    .from(vendorPreapprovalSubmissions)
    .innerJoin(vendors, eq(vendors.id, vendorPreapprovalSubmissions.vendorId))
    .where(eq(vendors.userId, person.userId));
  return sent.length > 0;
}

async function pendingApplication(db: Database): Promise<string> {
  const person = await addPerson(db, "pending");
  return (await insertVendor(db, person.userId, fresh("Pending Shop "), "pending")).id;
}

async function paidOrder({ db, world }: Caller): Promise<string> {
  return (await addOrder(db, world.customer, world.vendor, "paid")).orderId;
}

/** An order of the customer still waiting for its money (₦250,000). */
async function awaitingMoneyOrder({ db, world }: Caller): Promise<string> {
  return (await addOrder(db, world.customer, world.vendor, "pending")).orderId;
}

/** A delivered order of the customer whose ₦250,000 was really paid at the stand-in: an admin may refund it. */
async function paidAtStandin(caller: Caller, how: "card" | "bank_transfer" = "card"): Promise<{ paymentId: string; reference: string }> {
  const reference = fresh("pay_matrix_refund");
  const started = await caller.payments.initialize({ email: caller.world.customer.email, amount: 250_000_00, reference, callbackUrl: "http://127.0.0.1/payment-success", metadata: {} });
  const fields: Record<string, string> = how === "card" ? { action: "pay", card_number: "4084084084084081", expiry: "12/40", cvv: "408" } : { action: "transfer_sent" };
  const paid = await fetch(`${caller.base}${new URL(started.authorizationUrl).pathname}`, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });
  if (paid.status !== 303) throw new Error(`the stand-in's page answered ${paid.status}`);
  const { paymentReference } = await addOrder(caller.db, caller.world.customer, caller.world.vendor, "delivered");
  const [payment] = await caller.db.update(payments).set({ paymentReference: reference }).where(eq(payments.paymentReference, paymentReference)).returning({ id: payments.id });
  return { paymentId: payment!.id, reference };
}

/** A refund of the world customer's bank-transfer payment that Paystack holds for their bank account. */
async function refundWaitingForAccount(caller: Caller): Promise<string> {
  const { paymentId, reference } = await paidAtStandin(caller, "bank_transfer");
  const atProvider = await caller.payments.refund({ transaction: reference, amount: 10_000_00 });
  for (let tries = 0; (await caller.payments.fetchRefund(atProvider.id)).status !== "needs-attention"; tries++) {
    if (tries > 50) throw new Error("the stand-in's refund never needed the buyer's account");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const [refund] = await caller.db
    .insert(refunds)
    .values({ paymentId, amount: 10_000_00, reason: "Matrix", idempotencyKey: fresh("matrix_account_"), providerRefundId: atProvider.id, needsAccountAt: new Date() })
    .onConflictDoUpdate({ target: refunds.providerRefundId, set: { needsAccountAt: new Date() } })
    .returning({ id: refunds.id });
  return refund!.id;
}

async function refundGoesToAccount(db: Database, refundId: string): Promise<boolean> {
  const [refund] = await db.select({ account: refunds.refundAccount }).from(refunds).where(eq(refunds.id, refundId));
  return refund?.account !== null && refund?.account !== undefined;
}

/** An approved vendor of its own, so a change to it leaves the world's vendors as they were. */
async function freshVendor(db: Database): Promise<string> {
  const person = await addPerson(db, "seller", "vendor");
  return (await insertVendor(db, person.userId, fresh("Matrix Shop "))).id;
}

async function payoutRunCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(payoutRuns);
  return row!.n;
}

/** A payout already paid, to a fresh vendor's bank account, in a finished run: a retry of it is refused. */
async function paidPayout(db: Database): Promise<string> {
  const vendorId = await freshVendor(db);
  const [account] = await db
    .insert(vendorBankAccounts)
    .values({ vendorId, bankCode: "058", bankName: "GTBank", accountNumber: "0123456789", accountName: "MATRIX SHOP", recipientCode: fresh("RCP_matrix_") })
    .returning({ id: vendorBankAccounts.id });
  const [run] = await db.insert(payoutRuns).values({ period: "2026-W01", finishedAt: new Date() }).returning({ id: payoutRuns.id });
  const [payout] = await db
    .insert(vendorPayouts)
    .values({ runId: run!.id, vendorId, bankAccountId: account!.id, period: "2026-W01", amount: 500_000, reference: fresh("payout_matrix_"), status: "paid", paidAt: new Date() })
    .returning({ id: vendorPayouts.id });
  return payout!.id;
}

async function hasLedgerEntry(db: Database, vendorId: string): Promise<boolean> {
  return (await db.select({ id: vendorLedgerEntries.id }).from(vendorLedgerEntries).where(eq(vendorLedgerEntries.vendorId, vendorId))).length > 0;
}

async function commissionOf(db: Database, vendorId: string): Promise<number | undefined> {
  const [row] = await db.select({ rate: vendors.commissionRate }).from(vendors).where(eq(vendors.id, vendorId));
  return row?.rate;
}

async function hasRefund(db: Database, paymentId: string): Promise<boolean> {
  return (await db.select({ id: refunds.id }).from(refunds).where(eq(refunds.paymentId, paymentId))).length > 0;
}

async function orderIsPaid(db: Database, orderId: string): Promise<boolean> {
  const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return row?.status === "paid";
}

async function isInspected(db: Database, productId: string): Promise<boolean> {
  const [row] = await db.select({ inspected: products.adminInspected }).from(products).where(eq(products.id, productId));
  return row?.inspected === true;
}

async function freshReview({ db, world }: Caller): Promise<string> {
  const reviewer = await addPerson(db, "reviewer");
  const [row] = await db.insert(reviews).values({ productId: world.vendor.productId, customerId: reviewer.userId, rating: 5, approved: false }).returning({ id: reviews.id });
  return row!.id;
}

/** A warranty claim of the customer on a fresh delivered order of the vendor's phone, in `status`. */
async function freshClaim({ db, world }: Caller, status: "open" | "declined", photos: string[] = []): Promise<{ claimId: string; orderId: string }> {
  const { orderId } = await addOrder(db, world.customer, { vendorId: world.vendor.vendorId, productId: await freshListing(db, world) });
  const [claim] = await db
    .insert(warrantyClaims)
    .values({
      orderId, customerId: world.customer.userId, vendorId: world.vendor.vendorId, reason: "battery_performance", status, photos,
      description: "The battery drains within two hours of light use.", answerDueAt: new Date(Date.now() + 3 * 86_400_000),
      declineReason: status === "declined" ? "Battery wear is normal for its age." : null,
    })
    .returning({ id: warrantyClaims.id });
  return { claimId: claim!.id, orderId };
}

/**
 * A claim the vendor accepted with `outcome` on a fresh delivered order of the customer, the phone
 * sent back (`shipped`) and received (`received`) when asked; a refund claim's order was really
 * paid at the stand-in, so its refund goes through.
 */
async function acceptedClaim(caller: Caller, outcome: "repair" | "refund" | "replacement", stage: { shipped?: boolean; received?: boolean } = {}): Promise<string> {
  const { db, world } = caller;
  const orderId = outcome === "refund"
    ? (await db.select({ id: orders.id }).from(orders).where(eq(orders.paymentId, (await paidAtStandin(caller)).paymentId)))[0]!.id
    : (await addOrder(db, world.customer, { vendorId: world.vendor.vendorId, productId: await freshListing(db, world) })).orderId;
  const shippedAt = stage.shipped || stage.received ? new Date() : null;
  const [claim] = await db
    .insert(warrantyClaims)
    .values({
      orderId, customerId: world.customer.userId, vendorId: world.vendor.vendorId, reason: "battery_performance", status: "accepted", vendorOutcome: outcome,
      returnInstructions: "Send it to Shop 4, Computer Village.", description: "The battery drains within two hours of light use.", answerDueAt: new Date(),
      returnCarrier: shippedAt ? "GIG Logistics" : null, returnTrackingNumber: shippedAt ? "GIGL-5501234" : null, returnShippedAt: shippedAt,
      receivedAt: stage.received ? new Date() : null,
    })
    .returning({ id: warrantyClaims.id });
  return claim!.id;
}

async function claimFacts(db: Database, claimId: string) {
  const [row] = await db.select().from(warrantyClaims).where(eq(warrantyClaims.id, claimId));
  return row!;
}

async function claimStatus(db: Database, claimId: string): Promise<string | undefined> {
  const [row] = await db.select({ status: warrantyClaims.status }).from(warrantyClaims).where(eq(warrantyClaims.id, claimId));
  return row?.status;
}

async function claimOf(db: Database, orderId: string): Promise<boolean> {
  return (await db.select({ id: warrantyClaims.id }).from(warrantyClaims).where(eq(warrantyClaims.orderId, orderId))).length > 0;
}

/**
 * A change-of-mind return of the customer at `status` on a fresh delivered order; with `paid` the
 * order was really paid at the stand-in, so its refund goes through.
 */
async function freshReturn(caller: Caller, status: "requested" | "instructions_given" | "sent_back" | "received", options: { paid?: boolean; late?: boolean } = {}): Promise<string> {
  const { db, world } = caller;
  const orderId = options.paid
    ? (await db.select({ id: orders.id }).from(orders).where(eq(orders.paymentId, (await paidAtStandin(caller)).paymentId)))[0]!.id
    : (await addOrder(db, world.customer, { vendorId: world.vendor.vendorId, productId: await freshListing(db, world) })).orderId;
  const sent = status === "sent_back" || status === "received" ? new Date() : null;
  const [created] = await db
    .insert(orderReturns)
    .values({
      orderId, customerId: world.customer.userId, vendorId: world.vendor.vendorId, status, reason: "I changed my mind about the colour", refundAmount: 250_000_00,
      instructions: status === "requested" ? null : "Send it to Shop 4, Computer Village.", carrier: sent ? "GIG Logistics" : null, trackingNumber: sent ? "GIGL-5501234" : null,
      sentAt: sent, receivedAt: status === "received" ? new Date() : null, vendorDueAt: options.late ? new Date(Date.now() - 3_600_000) : new Date(Date.now() + 5 * 86_400_000),
    })
    .returning({ id: orderReturns.id });
  return created!.id;
}

async function returnFacts(db: Database, returnId: string) {
  const [row] = await db.select().from(orderReturns).where(eq(orderReturns.id, returnId));
  return row!;
}

async function returnOf(db: Database, orderId: string): Promise<boolean> {
  return (await db.select({ id: orderReturns.id }).from(orderReturns).where(eq(orderReturns.orderId, orderId))).length > 0;
}

/** Text inside a claim photo's bytes, to look for in answers that must not carry it. */
const CLAIM_PHOTO_MARKER = "photo-of-the-customers-claim";

/** The Paystack stand-in's test accounts (paystack-standin/test-accounts.ts): each vendor saves its own, at GTBank. */
const PAYOUT_ACCOUNTS = { vendor: "0001234567", otherVendor: "0004567890" } as const;

/** The seller the actor is, if a vendor. */
const sellerOf = ({ actor, world }: Caller) => (actor === "vendor" ? world.vendor : actor === "otherVendor" ? world.otherVendor : null);

/** The account number payouts of the actor's vendor record go to now, if any. */
async function payoutAccountOf(caller: Caller): Promise<string | null> {
  const seller = sellerOf(caller);
  if (!seller) return null;
  const [row] = await caller.db
    .select({ accountNumber: vendorBankAccounts.accountNumber })
    .from(vendorBankAccounts)
    .where(and(eq(vendorBankAccounts.vendorId, seller.vendorId), isNull(vendorBankAccounts.replacedAt)));
  return row?.accountNumber ?? null;
}

/** A note on the vendor's ledger this month, which only that vendor's Earnings tab and statement may show. */
const ledgerMarker = (world: World) => `Ledger note of ${world.vendor.businessName}`;

async function vendorLedgerEntry({ db, world }: Caller): Promise<void> {
  await db.insert(vendorLedgerEntries).values({ vendorId: world.vendor.vendorId, kind: "adjustment", bucket: "available", amount: 1_000_00, note: ledgerMarker(world) });
}

async function adminRoleId(db: Database): Promise<string> {
  const person = await addPerson(db, "admin", "admin");
  const [role] = await db.select({ id: userRoles.id }).from(userRoles).where(and(eq(userRoles.userId, person.userId), eq(userRoles.role, "admin")));
  return role!.id;
}

/** A pre-approval field of its own, so turning it off or deleting it leaves the world's field in place. */
async function freshField({ db }: Caller): Promise<string> {
  const fieldName = freshFieldName("fixture_");
  const [row] = await db.insert(vendorPreapprovalFields).values({ fieldName, fieldLabel: "Fixture", fieldType: "text" }).returning({ id: vendorPreapprovalFields.id });
  return row!.id;
}

const PRODUCT_FIELDS = {
  name: "iPhone 12 fixture",
  brand: "Apple",
  model: "iPhone 12",
  storage: "128GB",
  grade: "A",
  suggestedPrice: "250000",
  stockQuantity: "2",
  color: "Blue",
  description: "Battery health 90%.",
};

/** Admins choose the vendor of a listing they add (docs/vendors.md). */
const productFields = ({ actor, world }: Caller) => (actor === "admin" || actor === "superAdmin" ? { ...PRODUCT_FIELDS, vendorId: world.vendor.vendorId } : PRODUCT_FIELDS);

const photo = () => sharp({ create: { width: 64, height: 64, channels: 3, background: "#3a86ff" } }).jpeg().toBuffer();

async function hostedPayment({ payments, world }: Caller): Promise<string> {
  const reference = fresh("pay_matrix");
  const started = await payments.initialize({ email: world.customer.email, amount: 100_00, reference, callbackUrl: "http://127.0.0.1/payment-success", metadata: {} });
  return new URL(started.authorizationUrl).pathname;
}

/** The newest reset link e-mailed to `email`, as its token (the e-mail is written just after the answer). */
async function resetTokenOf(db: Database, email: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const mails = await db.select({ text: emailOutbox.textBody }).from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    const link = mails.map((mail) => /https?:\/\/\S+reset-password\?token=\S+/.exec(mail.text ?? "")?.[0]).find(Boolean);
    if (link) return new URL(link).searchParams.get("token")!;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no reset link was e-mailed to ${email}`);
}

// ---------------------------------------------------------------------------------------------
// What each actor must never see of someone else's

const buyersData = (buyer: Buyer) => [buyer.paymentReference, buyer.email, buyer.notificationTitle];

/** The other buyers' data, for answers that list the actor's own things. */
const othersBuyerData = (world: World, actor: Actor) =>
  [world.customer, world.otherCustomer].filter((buyer) => buyer !== (actor === "anonymous" ? null : world[actor])).flatMap(buyersData);

/** Data only `insiders` may see. */
const outsiders = (insiders: readonly Actor[], data: (world: World) => string[]) => (world: World, actor: Actor) => (insiders.includes(actor) ? [] : data(world));

/** What a verification answer would show of the customer's order, beyond the reference the caller sent. */
const customersPayment = (world: World, actor: Actor) => (actor === "customer" ? [] : [world.customer.email, world.vendor.productName]);

// ---------------------------------------------------------------------------------------------
// The table

const page = (key: string, path: (world: World) => string, allow: readonly Actor[], more: Partial<Row> = {}): Row => ({
  key,
  allow,
  call: (caller) => get(caller, path(caller.world), { Accept: "text/html" }),
  ...more,
});

const publicPage = (path: string, more: Partial<Row> = {}) => page(`GET ${path}`, () => path, EVERYONE, more);

const STANDIN = "/paystack-standin";

export const AUTHORIZATION_MATRIX: readonly Row[] = [
  // Public pages
  publicPage("/"),
  page("GET /product/:id", (w) => `/product/${w.vendor.productId}`, EVERYONE, { what: "a listed phone" }),
  page("GET /product/:id", (w) => `/product/${w.pendingProduct.id}`, NOBODY, {
    what: "a listing awaiting approval",
    refusal: everyone({ status: 404 }),
    hidden: (w) => [w.pendingProduct.name],
  }),
  publicPage("/shop"),
  publicPage("/privacy"),
  publicPage("/auth"),
  page("GET /auth/verify-email", () => "/auth/verify-email?token=not-a-token", EVERYONE, { lands: "/auth" }),
  page("GET /auth/reset-password", () => "/auth/reset-password?token=abc", EVERYONE),
  page("GET /auth/cancel-email-change", () => "/auth/cancel-email-change?token=not-a-token", EVERYONE, { what: "a bad link", lands: "/auth" }),
  publicPage("/auth/sign-out"),
  publicPage("/vendor-auth"),
  publicPage("/become-vendor"),
  publicPage("/super-admin-bootstrap"),
  publicPage("/sitemap.xml"),
  publicPage("/robots.txt"),
  page("GET /payment-success", (w) => `/payment-success?reference=${w.customer.paymentReference}`, EVERYONE),
  page("GET /*", () => "/no-such-page", EVERYONE, { allowedStatus: 404 }),
  page("GET /dev/mailbox", () => "/dev/mailbox", NOBODY, { what: "in production", refusal: everyone({ status: 404 }) }),
  // Pages that show the actor's own things; a signed-out visitor gets a sign-in card or is sent to sign in
  page("GET /cart", () => "/cart", EVERYONE, { hidden: othersBuyerData }),
  page("GET /checkout", () => "/checkout", EVERYONE, { hidden: othersBuyerData }),
  page("GET /orders", () => "/orders", SIGNED_IN, { refusal: everyone({ redirect: "/auth" }), hidden: othersBuyerData }),
  page("GET /notifications", () => "/notifications", SIGNED_IN, { refusal: everyone({ redirect: "/auth" }), hidden: othersBuyerData }),
  page("GET /account", () => "/account", SIGNED_IN, { refusal: everyone({ redirect: "/auth" }), hidden: othersBuyerData }),
  page("GET /account/data", () => "/account/data", SIGNED_IN, { refusal: everyone({ redirect: "/auth" }), hidden: othersBuyerData }),
  page("GET /account/delete", () => "/account/delete", SIGNED_IN, { refusal: everyone({ redirect: "/auth" }), hidden: othersBuyerData }),
  page("GET /wishlist", () => "/wishlist", SIGNED_IN, { refusal: everyone({ redirect: "/auth" }), hidden: othersBuyerData }),
  page("GET /vendor-application", () => "/vendor-application", EVERYONE),
  page("GET /vendor-pre-approval", () => "/vendor-pre-approval", SIGNED_IN, {
    what: "each is sent where their application stands",
    refusal: everyone({ redirect: "/vendor-auth" }),
  }),
  page("GET /products", () => "/products", EVERYONE, {
    hidden: (w, actor) => (["vendor", "admin", "superAdmin"].includes(actor) ? [] : [w.pendingProduct.name]),
  }),
  // Guarded pages
  page("GET /admin", () => "/admin", BACK_OFFICE, { refusal: guarded(ADMIN_GUARD), hidden: outsiders(BACK_OFFICE, (w) => [w.applicant.businessName]) }),
  page("GET /admin", (w) => `/admin?tab=orders&q=${encodeURIComponent(w.customer.email)}`, BACK_OFFICE, {
    what: "the orders a search finds",
    refusal: guarded(ADMIN_GUARD),
    hidden: outsiders(BACK_OFFICE, (w) => [w.customer.email]),
  }),
  page("GET /admin", () => "/admin?tab=payouts", BACK_OFFICE, {
    what: "the Payouts tab",
    refusal: guarded(ADMIN_GUARD),
    hidden: outsiders(BACK_OFFICE, (w) => [w.otherVendor.businessName]),
  }),
  page("GET /cms", () => "/cms", BACK_OFFICE, { refusal: guarded(ADMIN_GUARD) }),
  page("GET /vendor-dashboard", () => "/vendor-dashboard?tab=orders", ["vendor", "otherVendor"], {
    refusal: guarded(VENDOR_GUARD),
    hidden: (w, actor) => (actor === "vendor" ? buyersData(w.otherCustomer) : actor === "otherVendor" ? buyersData(w.customer) : [...buyersData(w.customer), ...buyersData(w.otherCustomer)]),
  }),
  {
    key: "GET /vendor-dashboard",
    what: "the Earnings tab, with the vendor's ledger",
    allow: ["vendor", "otherVendor"],
    call: async (caller) => {
      await vendorLedgerEntry(caller);
      return get(caller, "/vendor-dashboard?tab=earnings", { Accept: "text/html" });
    },
    refusal: guarded(VENDOR_GUARD),
    hidden: outsiders(["vendor"], (w) => [ledgerMarker(w)]),
  },
  {
    key: "GET /vendor-dashboard/statement",
    what: "one's own statement of this month",
    allow: ["vendor", "otherVendor"],
    call: async (caller) => {
      await vendorLedgerEntry(caller);
      return get(caller, `/vendor-dashboard/statement?month=${lagosToday().slice(0, 7)}`);
    },
    hidden: outsiders(["vendor"], (w) => [ledgerMarker(w)]),
  },
  page("GET /super-admin", () => "/super-admin", ["superAdmin"], {
    refusal: (actor) => (actor === "anonymous" ? { redirect: "/auth" } : { status: 403, text: SUPER_ADMIN_TEXTS.accessDenied }),
    hidden: outsiders(["superAdmin"], (w) => [w.admin.email]),
  }),
  page("GET /super-admin-creator", () => "/super-admin-creator", ["superAdmin"], {
    refusal: (actor) => (actor === "anonymous" ? { redirect: "/auth" } : { status: 403, text: SUPER_ADMIN_TEXTS.accessDenied }),
  }),
  page("GET /admin/export/:kind", () => "/admin/export/orders", BACK_OFFICE, { hidden: outsiders(BACK_OFFICE, (w) => buyersData(w.customer).slice(0, 2)) }),
  page("GET /admin/export/:kind", (w) => `/admin/export/orders?q=${encodeURIComponent(w.customer.email)}&vendor=${w.vendor.vendorId}`, BACK_OFFICE, {
    what: "orders a search finds",
    hidden: outsiders(BACK_OFFICE, (w) => buyersData(w.customer).slice(0, 2)),
  }),
  page("GET /admin/export/:kind", () => "/admin/export/payouts", BACK_OFFICE, { what: "payouts" }),
  page("GET /admin/preapproval-documents/*", (w) => `/admin/preapproval-documents/${w.applicant.documentKey}`, BACK_OFFICE, {
    hidden: outsiders(BACK_OFFICE, (w) => [w.applicant.documentMarker]),
  }),
  page("GET /products/images", () => "/products/images", EVERYONE, { what: "uploads are posted", allowedStatus: 405 }),
  {
    key: "GET /claim-photos/*",
    what: "a photo of the customer's claim",
    allow: ["customer", "vendor", "admin", "superAdmin"],
    call: async (caller) => {
      const key = `claims/${randomBytes(16).toString("hex")}.webp`;
      await caller.storage.put(key, Buffer.from(CLAIM_PHOTO_MARKER));
      await freshClaim(caller, "open", [`/uploads/${key}`]);
      return get(caller, `/claim-photos/${key}`, { Accept: "text/html" });
    },
    refusal: notTheirs(404),
    hidden: outsiders(["customer", "vendor", "admin", "superAdmin"], () => [CLAIM_PHOTO_MARKER]),
  },

  // Accounts
  {
    key: "POST /auth",
    what: "sign in",
    allow: EVERYONE,
    call: async (caller) => post(caller, "/auth", { intent: "signin", email: (await addPerson(caller.db, "signin")).email, password: WORLD_PASSWORD }),
  },
  {
    key: "POST /vendor-auth",
    what: "sign in",
    allow: EVERYONE,
    call: async (caller) => post(caller, "/vendor-auth", { intent: "signin", email: (await addPerson(caller.db, "seller", "vendor")).email, password: WORLD_PASSWORD }),
  },
  {
    key: "POST /auth/reset-password",
    what: "with the link e-mailed to that address",
    allow: EVERYONE,
    call: async (caller) => {
      const person = await addPerson(caller.db, "forgetful");
      await (await post({ ...caller, cookie: "" }, "/auth", { intent: "forgot", email: person.email })).response.body?.cancel();
      const token = await resetTokenOf(caller.db, person.email);
      return post(caller, "/auth/reset-password", { token, password: "a-new-pass-9", confirmPassword: "a-new-pass-9" });
    },
    lands: "/auth",
  },
  {
    key: "POST /auth/sign-out",
    what: "ends the actor's own sessions",
    allow: EVERYONE,
    call: (caller) => post(caller, "/auth/sign-out", {}),
    lands: "/auth",
    endsSessions: true,
  },
  {
    key: "POST /account/delete",
    what: "deletes the account of whoever is signed in (a fresh person of the actor's role, so the world stays)",
    allow: SIGNED_IN,
    call: async (caller) => {
      if (caller.actor === "anonymous") return post(caller, "/account/delete", { password: WORLD_PASSWORD, confirmation: PRIVACY_TEXTS.confirmationWord });
      const person = await addPerson(caller.db, "leaving", ROLE_OF[caller.actor]);
      const cookie = await openSession(caller.db, person);
      const answer = post({ ...caller, cookie }, "/account/delete", { password: WORLD_PASSWORD, confirmation: PRIVACY_TEXTS.confirmationWord });
      return withEffect(answer, () => isDeleted(caller.db, person.userId));
    },
  },
  {
    key: "POST /account/delete",
    what: "with a wrong password, the actor's own account stays",
    allow: NOBODY,
    call: (caller) => {
      const answer = post(caller, "/account/delete", { password: "not-the-password", confirmation: PRIVACY_TEXTS.confirmationWord });
      return caller.actor === "anonymous" ? answer : withEffect(answer, () => isDeleted(caller.db, caller.world[caller.actor as SignedInActor].userId));
    },
    refusal: (actor) => (actor === "anonymous" ? { status: 401, text: ACCESS_TEXTS.signInRequired } : { status: 400, text: PRIVACY_TEXTS.wrongPassword }),
  },
  {
    key: "POST /super-admin-bootstrap",
    what: "once a super admin exists",
    allow: NOBODY,
    call: (caller) => post(caller, "/super-admin-bootstrap", { intent: "bootstrap" }),
    refusal: (actor) => (actor === "anonymous" ? { status: 401, text: ACCESS_TEXTS.signInRequired } : { status: 409, text: SUPER_ADMIN_TEXTS.alreadyExists }),
  },
  {
    key: "POST /super-admin-creator",
    allow: ["superAdmin"],
    call: async (caller) => post(caller, "/super-admin-creator", { email: (await addPerson(caller.db, "promoted")).email }),
  },
  {
    key: "POST /super-admin",
    what: "assign the admin role",
    allow: ["superAdmin"],
    call: async (caller) => post(caller, "/super-admin", { intent: "assign", identifier: (await addPerson(caller.db, "newadmin")).email }),
  },
  {
    key: "POST /super-admin",
    what: "remove the admin role",
    allow: ["superAdmin"],
    call: async (caller) => post(caller, "/super-admin", { intent: "remove", roleId: await adminRoleId(caller.db) }),
  },

  // Cart and checkout pages without scripts
  {
    key: "POST /cart/items",
    what: "add to cart",
    allow: SIGNED_IN,
    call: async (caller) => post(caller, "/cart/items", { productId: await freshListing(caller.db, caller.world), quantity: "1" }),
    refusal: everyone({ status: 401, text: CART_SIGN_IN_TEXTS.required }),
  },
  {
    key: "POST /wishlist/items",
    what: "save a phone to one's own wishlist",
    allow: SIGNED_IN,
    call: async (caller) => {
      const productId = await freshListing(caller.db, caller.world);
      const person = personOf(caller);
      return withEffect(post(caller, "/wishlist/items", { intent: "add", productId }), async () => person !== null && (await wished(caller.db, person.userId, productId)));
    },
    refusal: everyone({ status: 401, text: WISHLIST_TEXTS.signInRequired }),
  },
  {
    key: "POST /wishlist/items",
    what: "remove a phone from one's own wishlist, not the customer's, without scripts",
    allow: SIGNED_IN,
    call: (caller) => onlyOwnSaved(caller, "wishlist", (productId) => post(caller, "/wishlist/items", { intent: "remove", productId }, WITHOUT_SCRIPTS)),
    refusal: everyone({ redirect: "/auth" }),
  },
  {
    key: "POST /stock-alerts",
    what: "ask to be told when a sold-out phone is back",
    allow: SIGNED_IN,
    call: async (caller) => {
      const productId = await freshListing(caller.db, caller.world);
      await caller.db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, productId));
      const person = personOf(caller);
      return withEffect(post(caller, "/stock-alerts", { intent: "subscribe", productId }), async () => person !== null && (await waitingAlert(caller.db, person.userId, productId)));
    },
    refusal: everyone({ status: 401, text: STOCK_ALERT_TEXTS.signInRequired }),
  },
  {
    key: "POST /stock-alerts",
    what: "cancel one's own alert, not the customer's",
    allow: SIGNED_IN,
    call: (caller) => onlyOwnSaved(caller, "alerts", (productId) => post(caller, "/stock-alerts", { intent: "cancel", productId })),
    refusal: everyone({ status: 401, text: STOCK_ALERT_TEXTS.signInRequired }),
  },
  {
    key: "POST /cart",
    what: "change the quantity of the customer's line",
    allow: ["customer"],
    call: async (caller) => {
      const lineId = await customersCartLine(caller);
      return withEffect(post(caller, "/cart", { intent: "quantity", itemId: lineId, quantity: "2" }, WITHOUT_SCRIPTS), async () => (await cartQuantity(caller.db, lineId)) === 2);
    },
    refusal: sentBack(byDefault("anonymous"), "/cart"),
  },
  {
    key: "POST /cart",
    what: "remove the customer's line",
    allow: ["customer"],
    call: async (caller) => {
      const lineId = await customersCartLine(caller);
      return withEffect(post(caller, "/cart", { intent: "remove", itemId: lineId }, WITHOUT_SCRIPTS), async () => !(await rowExists(caller.db, cart, lineId)));
    },
    refusal: sentBack(byDefault("anonymous"), "/cart"),
  },
  {
    key: "POST /cart",
    what: "remove the customer's line, as the page's script",
    allow: ["customer"],
    call: async (caller) => {
      const lineId = await customersCartLine(caller);
      return withEffect(post(caller, "/cart", { intent: "quantity", itemId: lineId, quantity: "0" }), async () => !(await rowExists(caller.db, cart, lineId)));
    },
    refusal: notTheirs(404),
  },
  {
    key: "POST /cart",
    what: "clear one's own cart, not the customer's",
    allow: SIGNED_IN,
    call: (caller) => onlyOwnCartLines(caller, () => post(caller, "/cart", { intent: "clear" })),
  },
  {
    key: "POST /checkout",
    what: "place an order from one's own cart",
    allow: SIGNED_IN,
    call: async (caller) => {
      const { productId } = await ownCartLine(caller);
      const shipping = { ...SHIPPING, deliveryNotes: "" };
      return post(caller, "/checkout", { intent: "place", productId, [quantityFieldOf(productId)]: "1", ...shipping });
    },
    refusal: everyone({ redirect: "/auth" }),
  },
  {
    key: "POST /payment-success",
    what: "the customer's payment",
    allow: ["customer"],
    call: (caller) => post(caller, "/payment-success", { reference: caller.world.customer.paymentReference }),
    refusal: (actor) => (actor === "anonymous" ? { status: 401, text: PAYMENT_TEXTS.reasonSignedOut } : UNKNOWN_REFERENCE),
    hidden: customersPayment,
  },
  {
    key: "POST /account",
    what: "save a delivery address of one's own",
    allow: SIGNED_IN,
    call: (caller) => {
      const label = fresh("Home ");
      const { deliveryNotes: _notes, ...shipping } = SHIPPING;
      return withEffect(post(caller, "/account", { intent: "save-address", label, ...shipping }), () => addressLabelled(caller.db, label));
    },
  },
  {
    key: "POST /account",
    what: "ask to move one's own account to a new address, with the password",
    allow: SIGNED_IN,
    call: (caller) => {
      const newEmail = `${fresh("moving-")}@example.com`;
      const answer = post(caller, "/account", { intent: "email", newEmail, currentPassword: WORLD_PASSWORD });
      return caller.actor === "anonymous" ? answer : withEffect(answer, () => emailChangeAsked(caller.db, caller.world[caller.actor as SignedInActor].userId, newEmail));
    },
  },
  {
    key: "POST /account",
    what: "with a wrong password, no change of address is asked",
    allow: NOBODY,
    call: (caller) => {
      const newEmail = `${fresh("moving-")}@example.com`;
      const answer = post(caller, "/account", { intent: "email", newEmail, currentPassword: "not-the-password" });
      return caller.actor === "anonymous" ? answer : withEffect(answer, () => emailChangeAsked(caller.db, caller.world[caller.actor as SignedInActor].userId, newEmail));
    },
    refusal: (actor) => (actor === "anonymous" ? { status: 401, text: ACCESS_TEXTS.signInRequired } : { status: 400, text: ACCOUNT_TEXTS.wrongCurrentPassword }),
  },
  {
    key: "POST /account",
    what: "delete the customer's saved address",
    allow: ["customer"],
    call: async (caller) => {
      const id = await freshAddress(caller.db, caller.world.customer);
      return withEffect(post(caller, "/account", { intent: "delete-address", addressId: id }), async () => !(await addressExists(caller.db, id)));
    },
    refusal: notTheirs(404),
  },
  {
    key: "POST /account",
    what: "make the customer's saved address the default",
    allow: ["customer"],
    call: async (caller) => {
      const id = await freshAddress(caller.db, caller.world.customer);
      return withEffect(post(caller, "/account", { intent: "default-address", addressId: id }), () => isDefaultAddress(caller.db, id));
    },
    refusal: notTheirs(404),
  },
  {
    key: "POST /account",
    what: "sign out one of the customer's other devices",
    allow: ["customer"],
    call: async (caller) => {
      const id = await freshSession(caller.db, caller.world.customer);
      return withEffect(post(caller, "/account", { intent: "end-session", sessionId: id }), async () => !(await sessionExists(caller.db, id)));
    },
    refusal: notTheirs(404),
  },
  {
    key: "POST /notifications",
    what: "mark the customer's notification read",
    allow: ["customer"],
    call: async (caller) => {
      const id = await freshNotification(caller.db, caller.world.customer);
      return withEffect(post(caller, "/notifications", { intent: "read", id }, WITHOUT_SCRIPTS), () => isRead(caller.db, id));
    },
    refusal: sentBack(byDefault("anonymous"), "/notifications"),
  },
  {
    key: "POST /notifications",
    what: "mark the customer's notification read, as the page's script",
    allow: ["customer"],
    call: async (caller) => {
      const id = await freshNotification(caller.db, caller.world.customer);
      return withEffect(post(caller, "/notifications", { intent: "read", id }), () => isRead(caller.db, id));
    },
    refusal: notTheirs(404),
  },
  {
    key: "POST /notifications",
    what: "mark all of one's own read",
    allow: SIGNED_IN,
    call: (caller) => onlyOwnNotifications(caller, () => post(caller, "/notifications", { intent: "read-all" })),
  },
  {
    key: "POST /orders",
    what: "review the customer's delivered order",
    allow: ["customer"],
    call: async (caller) => {
      const orderId = await reviewableOrder(caller);
      return withEffect(post(caller, "/orders", { intent: "review", orderId, rating: "5", comment: "Works well." }), () => reviewExistsFor(caller.db, orderId));
    },
    refusal: sentBack({ redirect: "/auth" }, "/orders"),
  },

  {
    key: "POST /orders",
    what: "cancel the customer's unpaid order",
    allow: ["customer"],
    call: async (caller) => {
      const { orderId } = await unpaidOrder(caller);
      return withEffect(post(caller, "/orders", { intent: "cancel-order", orderId }), async () => (await orderState(caller.db, orderId)).status === "cancelled");
    },
    refusal: sentBack({ redirect: "/auth" }, "/orders"),
  },
  {
    key: "POST /orders",
    what: "cancel the customer's paid order before it ships, with a refund",
    allow: ["customer"],
    call: async (caller) => {
      const orderId = await paidOrder(caller);
      return withEffect(post(caller, "/orders", { intent: "cancel-paid-order", orderId, reason: "Other", otherReason: "My brother gave me his phone" }), async () => (await orderState(caller.db, orderId)).status === "cancelled");
    },
    refusal: sentBack({ redirect: "/auth" }, "/orders"),
  },
  {
    key: "POST /orders",
    what: "pay again for the customer's unpaid order",
    allow: ["customer"],
    call: async (caller) => {
      const { orderId, paymentId } = await unpaidOrder(caller);
      return withEffect(post(caller, "/orders", { intent: "pay-now", orderId }), async () => (await orderState(caller.db, orderId)).paymentId !== paymentId);
    },
    refusal: sentBack({ redirect: "/auth" }, "/orders"),
  },

  {
    key: "POST /orders/claims",
    what: "open a claim on the customer's delivered order",
    allow: ["customer"],
    call: async (caller) => {
      const { orderId } = await addOrder(caller.db, caller.world.customer, { vendorId: caller.world.vendor.vendorId, productId: await freshListing(caller.db, caller.world) });
      const fields = { intent: "open", orderId, reason: "battery_performance", description: "The battery drains within two hours of light use." };
      return withEffect(post(caller, "/orders/claims", fields), () => claimOf(caller.db, orderId));
    },
    refusal: notTheirs(404, CLAIM_TEXTS.orderNotFound),
  },
  {
    key: "POST /orders/claims",
    what: "escalate the customer's declined claim",
    allow: ["customer"],
    call: async (caller) => {
      const { claimId } = await freshClaim(caller, "declined");
      const answer = post(caller, "/orders/claims", { intent: "escalate", claimId, note: "The vendor did not look at the photos." });
      return withEffect(answer, async () => (await claimStatus(caller.db, claimId)) === "escalated");
    },
    refusal: notTheirs(404, CLAIM_TEXTS.notFound),
  },
  {
    key: "POST /orders/claims",
    what: "send back the phone of the customer's accepted claim, with its tracking number",
    allow: ["customer"],
    call: async (caller) => {
      const claimId = await acceptedClaim(caller, "repair");
      const answer = post(caller, "/orders/claims", { intent: "return", claimId, carrier: "Red Star Express", trackingNumber: "RSX-7788123" });
      return withEffect(answer, async () => (await claimFacts(caller.db, claimId)).returnShippedAt !== null);
    },
    refusal: notTheirs(404, CLAIM_TEXTS.notFound),
  },
  {
    key: "POST /orders/returns",
    what: "ask to return the customer's delivered order",
    allow: ["customer"],
    call: async (caller) => {
      const { orderId } = await addOrder(caller.db, caller.world.customer, { vendorId: caller.world.vendor.vendorId, productId: await freshListing(caller.db, caller.world) });
      const fields = { intent: "ask", orderId, reason: "I changed my mind about the colour", unused: "yes" };
      return withEffect(post(caller, "/orders/returns", fields), () => returnOf(caller.db, orderId));
    },
    refusal: notTheirs(404, RETURN_TEXTS.orderNotFound),
  },
  {
    key: "POST /orders/returns",
    what: "send back the phone of the customer's return, with its tracking number",
    allow: ["customer"],
    call: async (caller) => {
      const returnId = await freshReturn(caller, "instructions_given");
      const answer = post(caller, "/orders/returns", { intent: "send", returnId, carrier: "Red Star Express", trackingNumber: "RSX-7788123" });
      return withEffect(answer, async () => (await returnFacts(caller.db, returnId)).status === "sent_back");
    },
    refusal: notTheirs(404, RETURN_TEXTS.notFound),
  },
  {
    key: "POST /orders/returns",
    what: "cancel the customer's return before sending the phone",
    allow: ["customer"],
    call: async (caller) => {
      const returnId = await freshReturn(caller, "requested");
      return withEffect(post(caller, "/orders/returns", { intent: "cancel", returnId, confirm: "yes" }), async () => (await returnFacts(caller.db, returnId)).status === "cancelled");
    },
    refusal: notTheirs(404, RETURN_TEXTS.notFound),
  },
  {
    key: "POST /orders/returns",
    what: "send the customer's return whose vendor is late to support",
    allow: ["customer"],
    call: async (caller) => {
      const returnId = await freshReturn(caller, "requested", { late: true });
      const answer = post(caller, "/orders/returns", { intent: "escalate", returnId, note: "The vendor never told me where to send it." });
      return withEffect(answer, async () => (await returnFacts(caller.db, returnId)).escalatedAt !== null);
    },
    refusal: notTheirs(404, RETURN_TEXTS.notFound),
  },
  {
    key: "POST /orders",
    what: "send the customer's refund that needs a bank account to their account",
    allow: ["customer"],
    call: async (caller) => {
      const refundId = await refundWaitingForAccount(caller);
      const fields = { intent: "refund-account", refundId, bankCode: "058", accountNumber: "0001234567" };
      return withEffect(post(caller, "/orders", fields), () => refundGoesToAccount(caller.db, refundId));
    },
    refusal: sentBack({ redirect: "/auth" }, "/orders"),
  },
  {
    key: "POST /orders",
    what: "say the customer's shipped order arrived ('I received my phone')",
    allow: ["customer"],
    call: async (caller) => {
      const { orderId } = await addOrder(caller.db, caller.world.customer, caller.world.vendor, "shipped");
      return withEffect(post(caller, "/orders", { intent: "received", orderId }), async () => (await orderState(caller.db, orderId)).status === "delivered");
    },
    refusal: sentBack({ redirect: "/auth" }, "/orders"),
  },

  // Vendors
  {
    key: "POST /vendor-dashboard/claims",
    what: "answer the vendor's open claim",
    allow: ["vendor"],
    call: async (caller) => {
      const { claimId } = await freshClaim(caller, "open");
      const answer = post(caller, "/vendor-dashboard/claims", { claimId, answer: "decline", declineReason: "Battery wear is normal for its age." });
      return withEffect(answer, async () => (await claimStatus(caller.db, claimId)) === "declined");
    },
    refusal: (actor) => (actor === "otherVendor" ? { status: 404, text: CLAIM_TEXTS.notFound } : byDefault(actor)),
  },
  {
    key: "POST /vendor-dashboard/claims",
    what: "confirm the returned phone of the vendor's accepted claim arrived",
    allow: ["vendor"],
    call: async (caller) => {
      const claimId = await acceptedClaim(caller, "repair", { shipped: true });
      const answer = post(caller, "/vendor-dashboard/claims", { intent: "received", claimId });
      return withEffect(answer, async () => (await claimFacts(caller.db, claimId)).receivedAt !== null);
    },
    refusal: (actor) => (actor === "otherVendor" ? { status: 404, text: CLAIM_TEXTS.notFound } : byDefault(actor)),
  },
  {
    key: "POST /vendor-dashboard/claims",
    what: "refund the buyer of the vendor's accepted refund claim once the phone is back",
    allow: ["vendor"],
    call: async (caller) => {
      const claimId = await acceptedClaim(caller, "refund", { received: true });
      const answer = post(caller, "/vendor-dashboard/claims", { intent: "refund", claimId, confirm: "yes" });
      return withEffect(answer, async () => (await claimStatus(caller.db, claimId)) === "resolved" && (await caller.db.select({ id: refunds.id }).from(refunds).where(eq(refunds.claimId, claimId))).length === 1);
    },
    refusal: (actor) => (actor === "otherVendor" ? { status: 404, text: CLAIM_TEXTS.notFound } : byDefault(actor)),
  },
  {
    key: "POST /vendor-dashboard/claims",
    what: "send a replacement for the vendor's accepted claim once the phone is back",
    allow: ["vendor"],
    call: async (caller) => {
      const claimId = await acceptedClaim(caller, "replacement", { received: true });
      const answer = post(caller, "/vendor-dashboard/claims", { intent: "replace", claimId });
      return withEffect(answer, async () => (await claimFacts(caller.db, claimId)).replacementOrderId !== null);
    },
    refusal: (actor) => (actor === "otherVendor" ? { status: 404, text: CLAIM_TEXTS.notFound } : byDefault(actor)),
  },
  {
    key: "POST /vendor-dashboard/claims",
    what: "send the repaired phone of the vendor's accepted claim back to the buyer",
    allow: ["vendor"],
    call: async (caller) => {
      const claimId = await acceptedClaim(caller, "repair", { received: true });
      const answer = post(caller, "/vendor-dashboard/claims", { intent: "returned", claimId, carrier: "DHL Nigeria", trackingNumber: "1234567890" });
      return withEffect(answer, async () => (await claimStatus(caller.db, claimId)) === "resolved");
    },
    refusal: (actor) => (actor === "otherVendor" ? { status: 404, text: CLAIM_TEXTS.notFound } : byDefault(actor)),
  },
  {
    key: "POST /vendor-dashboard/returns",
    what: "give instructions for the vendor's return",
    allow: ["vendor"],
    call: async (caller) => {
      const returnId = await freshReturn(caller, "requested");
      const answer = post(caller, "/vendor-dashboard/returns", { intent: "instructions", returnId, instructions: "Send it by GIG to Shop 4, Computer Village, Ikeja." });
      return withEffect(answer, async () => (await returnFacts(caller.db, returnId)).status === "instructions_given");
    },
    refusal: (actor) => (actor === "otherVendor" ? { status: 404, text: RETURN_TEXTS.notFound } : byDefault(actor)),
  },
  {
    key: "POST /vendor-dashboard/returns",
    what: "confirm the vendor's returned phone arrived, and refund the buyer",
    allow: ["vendor"],
    call: async (caller) => {
      const returnId = await freshReturn(caller, "sent_back", { paid: true });
      const answer = post(caller, "/vendor-dashboard/returns", { intent: "received", returnId, restock: "yes" });
      return withEffect(answer, async () => (await returnFacts(caller.db, returnId)).status === "refunded");
    },
    refusal: (actor) => (actor === "otherVendor" ? { status: 404, text: RETURN_TEXTS.notFound } : byDefault(actor)),
  },
  {
    key: "POST /vendor-dashboard/returns",
    what: "refund the buyer of the vendor's received return",
    allow: ["vendor"],
    call: async (caller) => {
      const returnId = await freshReturn(caller, "received", { paid: true });
      const answer = post(caller, "/vendor-dashboard/returns", { intent: "refund", returnId, confirm: "yes" });
      return withEffect(answer, async () => (await returnFacts(caller.db, returnId)).status === "refunded");
    },
    refusal: (actor) => (actor === "otherVendor" ? { status: 404, text: RETURN_TEXTS.notFound } : byDefault(actor)),
  },
  {
    key: "POST /vendor-dashboard/returns",
    what: "reject the vendor's return",
    allow: ["vendor"],
    call: async (caller) => {
      const returnId = await freshReturn(caller, "sent_back");
      const answer = post(caller, "/vendor-dashboard/returns", { intent: "reject", returnId, reason: "The phone arrived with a cracked screen.", confirm: "yes" });
      return withEffect(answer, async () => (await returnFacts(caller.db, returnId)).status === "rejected");
    },
    refusal: (actor) => (actor === "otherVendor" ? { status: 404, text: RETURN_TEXTS.notFound } : byDefault(actor)),
  },
  {
    key: "POST /vendor-application",
    what: "apply (once)",
    allow: SIGNED_IN,
    call: async (caller) => {
      const fields = { intent: "apply", businessName: fresh("Matrix Phones "), contactEmail: "shop@example.ng", contactPhone: "08031234567", businessAddress: "7 Ikorodu Road, Lagos", acceptTerms: "on" };
      const answer = await post(caller, "/vendor-application", fields);
      // Back to how the world was: the actor has not applied.
      const person = personOf(caller);
      if (person) await caller.db.delete(vendors).where(and(eq(vendors.userId, person.userId), eq(vendors.businessName, fields.businessName)));
      return answer;
    },
    refusal: everyone({ redirect: "/auth" }),
    lands: "/vendor-auth",
  },
  {
    key: "POST /vendor-pre-approval",
    what: "nobody here has an application under review",
    allow: NOBODY,
    call: (caller) => withEffect(post(caller, "/vendor-pre-approval", { intent: "preapproval" }), () => sentPreapproval(caller)),
    // Refused (404 or 409), then sent on to where their application stands, with nothing stored.
    refusal: (actor) => (actor === "anonymous" ? byDefault(actor) : { redirect: ["vendor", "otherVendor"].includes(actor) ? "/vendor-dashboard" : "/vendor-application" }),
  },
  {
    key: "POST /vendor-dashboard",
    what: "show the vendor's listing",
    allow: ["vendor"],
    call: (caller) => post(caller, "/vendor-dashboard", { intent: "live", productId: caller.world.vendor.productId, isLive: "true" }),
    refusal: (actor) => (actor === "otherVendor" ? { status: 404 } : byDefault(actor)),
  },
  {
    key: "POST /vendor-dashboard",
    what: "ship the vendor's paid order with a courier and tracking number",
    allow: ["vendor"],
    call: async (caller) => {
      const orderId = await paidOrder(caller);
      const fields = { intent: "move", orderId, status: "shipped", carrier: "GIG Logistics", trackingNumber: "GIGL-55012", estimatedDeliveryDate: lagosToday() };
      return withEffect(post(caller, "/vendor-dashboard", fields), async () => (await orderState(caller.db, orderId)).status === "shipped");
    },
    refusal: (actor) => (actor === "otherVendor" ? { status: 404, text: ORDER_STATUS_TEXTS.notFound } : byDefault(actor)),
  },
  {
    key: "POST /vendor-dashboard",
    what: "cancel the vendor's paid order with a reason, refunding the buyer",
    allow: ["vendor"],
    call: async (caller) => {
      const orderId = await paidOrder(caller);
      const fields = { intent: "cancel", orderId, reason: "Out of stock" };
      return withEffect(post(caller, "/vendor-dashboard", fields), async () => (await orderState(caller.db, orderId)).status === "cancelled");
    },
    refusal: (actor) => (actor === "otherVendor" ? { status: 404, text: CANCELLATION_TEXTS.notFound } : byDefault(actor)),
  },
  {
    key: "POST /vendor-dashboard",
    what: "update one's own profile",
    allow: ["vendor", "otherVendor"],
    call: (caller) => {
      const seller = caller.actor === "otherVendor" ? caller.world.otherVendor : caller.world.vendor;
      return post(caller, "/vendor-dashboard", {
        intent: "profile",
        businessName: seller.businessName,
        contactEmail: `${seller.userId}@shop.ng`,
        contactPhone: "+2348031234567",
        businessAddress: "Shop 4, Otigba Street, Ikeja, Lagos",
      });
    },
  },
  {
    key: "POST /vendor-dashboard",
    what: "check the name on a payout account",
    allow: ["vendor", "otherVendor"],
    call: (caller) => post(caller, "/vendor-dashboard", { intent: "resolve-bank", bankCode: "058", accountNumber: PAYOUT_ACCOUNTS.vendor }),
  },
  {
    key: "POST /vendor-dashboard",
    what: "save one's own payout account (with the password, for a change)",
    allow: ["vendor", "otherVendor"],
    call: (caller) => {
      const accountNumber = caller.actor === "otherVendor" ? PAYOUT_ACCOUNTS.otherVendor : PAYOUT_ACCOUNTS.vendor;
      const fields = { intent: "save-bank", bankCode: "058", accountNumber, password: WORLD_PASSWORD };
      return withEffect(post(caller, "/vendor-dashboard", fields), async () => (await payoutAccountOf(caller)) === accountNumber);
    },
  },
  {
    key: "POST /products",
    what: "add a listing",
    allow: MANAGERS,
    call: (caller) => post(caller, "/products", { intent: "create", ...productFields(caller) }),
  },
  {
    key: "POST /products",
    what: "add a listing showing the vendor's own uploaded photo (another vendor may not use it)",
    allow: ["vendor", "admin", "superAdmin"],
    call: async (caller) => post(caller, "/products", { intent: "create", ...productFields(caller), images: await vendorUpload(caller.db, caller.world) }),
    refusal: (actor) => (actor === "otherVendor" ? { status: 400, text: PRODUCT_TEXTS.imageNotOwned } : byDefault(actor)),
  },
  {
    key: "POST /products",
    what: "edit the vendor's listing",
    allow: ["vendor", "admin", "superAdmin"],
    call: async (caller) => post(caller, "/products", { intent: "update", productId: await freshListing(caller.db, caller.world), ...PRODUCT_FIELDS }),
    refusal: (actor) => (actor === "otherVendor" ? { status: 404 } : byDefault(actor)),
  },
  {
    key: "POST /products",
    what: "delete the vendor's listing",
    allow: ["vendor", "admin", "superAdmin"],
    call: async (caller) => {
      const productId = await freshListing(caller.db, caller.world);
      return withEffect(post(caller, "/products", { intent: "delete", productId }), async () => !(await rowExists(caller.db, products, productId)));
    },
    refusal: (actor) => (actor === "otherVendor" ? { status: 404 } : byDefault(actor)),
  },
  {
    key: "POST /products/images",
    allow: MANAGERS,
    call: async (caller) => {
      const form = new FormData();
      form.append("images", new Blob([new Uint8Array(await photo())], { type: "image/jpeg" }), "front.jpg");
      return multipart(caller, "/products/images", form);
    },
  },

  // The back office
  {
    key: "POST /admin/vendors",
    allow: BACK_OFFICE,
    call: async (caller) => post(caller, "/admin/vendors", { vendorId: await pendingApplication(caller.db), status: "approved" }),
  },
  {
    key: "POST /admin/vendors",
    what: "change the commission",
    allow: BACK_OFFICE,
    call: async (caller) => {
      const vendorId = await freshVendor(caller.db);
      const fields = { intent: "commission", vendorId, rate: "8", reason: "Top seller this quarter" };
      return withEffect(post(caller, "/admin/vendors", fields), async () => (await commissionOf(caller.db, vendorId)) === 8);
    },
  },
  {
    key: "POST /admin/products",
    what: "approve or reject",
    allow: BACK_OFFICE,
    call: async (caller) =>
      post(caller, "/admin/products", { intent: "decide", productId: await freshListing(caller.db, caller.world, "pending"), decision: "approve", finalPriceNaira: "850000", compareSource: "custom", comparePriceNaira: "900000" }),
  },
  {
    key: "POST /admin/orders",
    what: "change the status",
    allow: BACK_OFFICE,
    call: async (caller) => post(caller, "/admin/orders", { intent: "status", orderId: await paidOrder(caller), status: "processing" }),
  },
  {
    key: "POST /admin/orders",
    what: "record a payment received outside Paystack",
    allow: BACK_OFFICE,
    call: async (caller) => {
      const orderId = await awaitingMoneyOrder(caller);
      const fields = { intent: "record-payment", orderId, method: "bank_transfer", reference: "GTB-55012", amountNaira: "250,000" };
      return withEffect(post(caller, "/admin/orders", fields), () => orderIsPaid(caller.db, orderId));
    },
  },
  {
    key: "POST /admin/payments",
    what: "refund part of a payment",
    allow: BACK_OFFICE,
    call: async (caller) => {
      const { paymentId } = await paidAtStandin(caller);
      const fields = { intent: "refund", paymentId, amountNaira: "1,000", reason: "Scratch not in the listing", idempotencyKey: randomBytes(12).toString("hex"), confirm: "yes" };
      return withEffect(post(caller, "/admin/payments", fields), () => hasRefund(caller.db, paymentId));
    },
  },
  {
    key: "POST /admin/payouts",
    what: "start a payout run",
    allow: BACK_OFFICE,
    call: async (caller) => {
      const before = await payoutRunCount(caller.db);
      return withEffect(post(caller, "/admin/payouts", { intent: "start" }), async () => (await payoutRunCount(caller.db)) > before);
    },
  },
  {
    key: "POST /admin/payouts",
    what: "retry a payout: one already paid is refused past the access check",
    allow: BACK_OFFICE,
    allowedStatus: 409,
    call: async (caller) => post(caller, "/admin/payouts", { intent: "retry", payoutId: await paidPayout(caller.db) }),
  },
  {
    key: "POST /admin/payouts",
    what: "enter a payout's OTP: one already paid is refused past the access check",
    allow: BACK_OFFICE,
    allowedStatus: 409,
    call: async (caller) => post(caller, "/admin/payouts", { intent: "finalize-otp", payoutId: await paidPayout(caller.db), otp: "123456" }),
  },
  {
    key: "POST /admin/payouts",
    what: "ask for a new OTP: one already paid is refused past the access check",
    allow: BACK_OFFICE,
    allowedStatus: 409,
    call: async (caller) => post(caller, "/admin/payouts", { intent: "resend-otp", payoutId: await paidPayout(caller.db) }),
  },
  {
    key: "POST /admin/payouts",
    what: "adjust a vendor's balance",
    allow: BACK_OFFICE,
    call: async (caller) => {
      const vendorId = await freshVendor(caller.db);
      const fields = { intent: "adjust", vendorId, direction: "credit", amountNaira: "1,000", reason: "Courier fee refunded" };
      return withEffect(post(caller, "/admin/payouts", fields), () => hasLedgerEntry(caller.db, vendorId));
    },
  },
  {
    key: "POST /admin/products",
    what: "mark inspected by the checklist",
    allow: BACK_OFFICE,
    call: async (caller) => {
      const productId = await freshListing(caller.db, caller.world);
      const fields = new URLSearchParams([["intent", "inspect"], ["productId", productId], ...INSPECTION_POINTS.map((point) => ["point", point])]);
      return withEffect(post(caller, "/admin/products", fields), () => isInspected(caller.db, productId));
    },
  },
  {
    key: "POST /admin/products",
    what: "withdraw an inspection",
    allow: BACK_OFFICE,
    call: async (caller) => {
      const productId = await freshListing(caller.db, caller.world);
      await caller.db.update(products).set({ adminInspected: true, inspectedAt: new Date() }).where(eq(products.id, productId));
      return withEffect(post(caller, "/admin/products", { intent: "withdraw-inspection", productId }), async () => !(await isInspected(caller.db, productId)));
    },
  },
  {
    key: "POST /admin/claims",
    what: "reject a claim",
    allow: BACK_OFFICE,
    call: async (caller) => {
      const { claimId } = await freshClaim(caller, "open");
      const answer = post(caller, "/admin/claims", { claimId, decision: "reject", note: "Water damage is not covered.", confirm: "yes" });
      return withEffect(answer, async () => (await claimStatus(caller.db, claimId)) === "rejected");
    },
  },
  {
    key: "POST /admin/returns",
    what: "reject a return",
    allow: BACK_OFFICE,
    call: async (caller) => {
      const returnId = await freshReturn(caller, "requested");
      const answer = post(caller, "/admin/returns", { returnId, decision: "reject", note: "The phone was bought over a month ago.", confirm: "yes" });
      return withEffect(answer, async () => (await returnFacts(caller.db, returnId)).status === "rejected");
    },
  },
  {
    key: "POST /admin/returns",
    what: "refund a return",
    allow: BACK_OFFICE,
    call: async (caller) => {
      const returnId = await freshReturn(caller, "sent_back", { paid: true });
      const answer = post(caller, "/admin/returns", { returnId, decision: "refund", confirm: "yes" });
      return withEffect(answer, async () => (await returnFacts(caller.db, returnId)).status === "refunded");
    },
  },
  {
    key: "POST /admin/reviews",
    allow: BACK_OFFICE,
    call: async (caller) => post(caller, "/admin/reviews", { reviewId: await freshReview(caller), decision: "approve" }),
  },
  {
    key: "POST /admin/preapproval-fields",
    what: "add",
    allow: BACK_OFFICE,
    call: (caller) => post(caller, "/admin/preapproval-fields", { intent: "add", fieldName: freshFieldName("added_"), fieldLabel: "Added", fieldType: "text", fieldOrder: "1" }),
  },
  {
    key: "POST /admin/preapproval-fields",
    what: "turn off",
    allow: BACK_OFFICE,
    call: async (caller) => post(caller, "/admin/preapproval-fields", { intent: "toggle", fieldId: await freshField(caller), active: "false" }),
  },
  {
    key: "POST /admin/preapproval-fields",
    what: "delete",
    allow: BACK_OFFICE,
    call: async (caller) => post(caller, "/admin/preapproval-fields", { intent: "delete", fieldId: await freshField(caller) }),
  },
  {
    key: "POST /admin/pricing",
    allow: BACK_OFFICE,
    call: (caller) => post(caller, "/admin/pricing", { markupPercentage: "10", commissionRate: "10", deliveryFeeNaira: "0", warrantyDays: "30", autoDeliverAfterDays: "14", returnWindowDays: "7", payoutWeekday: "5", payoutMinimumNaira: "5000" }),
  },
  {
    key: "POST /admin/delivery-fees",
    allow: BACK_OFFICE,
    call: (caller) => post(caller, "/admin/delivery-fees", { "fee:Lagos": "0", "fee:Kano": "5500", "fee:Oyo": "" }),
  },
  {
    key: "POST /cms",
    allow: BACK_OFFICE,
    call: (caller) => post(caller, "/cms?tab=top_banner", { section: "top_banner", text: "Naija deals", background_color: "#000000", text_color: "#ffffff" }),
  },

  // /api
  { key: "GET /healthz", allow: EVERYONE, call: (caller) => get(caller, "/healthz") },
  { key: "GET /favicon.ico", allow: EVERYONE, call: (caller) => get(caller, "/favicon.ico") },
  { key: "GET /api/products", allow: EVERYONE, call: (caller) => get(caller, "/api/products"), hidden: (w) => [w.pendingProduct.name] },
  {
    key: "GET /api/events",
    what: "one's own stream",
    allow: SIGNED_IN,
    call: (caller) => get(caller, "/api/events", { Accept: "text/event-stream" }),
  },

  // Payments: the stand-in's API answers the secret key only; its payment page is public; the webhook wants a signature
  ...[
    ["POST", "/transaction/initialize"],
    ["GET", "/transaction/verify/:reference"],
    ["GET", "/transaction"],
    ["POST", "/refund"],
    ["GET", "/refund"],
    ["GET", "/refund/:id"],
    ["POST", "/refund/retry_with_customer_details/:id"],
    ["GET", "/bank"],
    ["GET", "/bank/resolve"],
    ["POST", "/transferrecipient"],
    ["POST", "/transfer"],
    ["POST", "/transfer/bulk"],
    ["POST", "/transfer/finalize_transfer"],
    ["POST", "/transfer/resend_otp"],
    ["GET", "/transfer"],
    ["GET", "/transfer/verify/:reference"],
    ["GET", "/transfer/:idOrCode"],
  ].map(([method, path]): Row => ({
    key: `${method} ${STANDIN}${path}`,
    what: "with a session but no secret key",
    allow: NOBODY,
    call: (caller) => {
      const url = `${STANDIN}${path!.replace(":reference", caller.world.customer.paymentReference).replace(":idOrCode", "TRF_unknown").replace(":id", "12000001")}`;
      const body = method === "POST" ? { email: caller.world.customer.email, amount: 100_00, reference: fresh("pay_"), transaction: caller.world.customer.paymentReference } : undefined;
      return json(caller, method!, url, body);
    },
    refusal: everyone({ status: 401 }),
    hidden: (w) => [w.customer.email],
  })),
  {
    key: `GET ${STANDIN}/pay/:accessCode`,
    allow: EVERYONE,
    call: async (caller) => get(caller, await hostedPayment(caller)),
  },
  {
    key: `GET ${STANDIN}/refunds`,
    what: "a transaction's refunds, in test mode: its buyer and the admins",
    allow: ["customer", ...BACK_OFFICE],
    call: async (caller) => get(caller, `${STANDIN}/refunds?reference=${(await paidAtStandin(caller)).reference}`),
    refusal: standinPageRefusal,
  },
  {
    key: `GET ${STANDIN}/transfers`,
    what: "the transfers, in test mode: the admins",
    allow: BACK_OFFICE,
    call: (caller) => get(caller, `${STANDIN}/transfers`),
    refusal: standinPageRefusal,
  },
  {
    key: `POST ${STANDIN}/pay/:accessCode`,
    what: "cancel",
    allow: EVERYONE,
    call: async (caller) => post(caller, await hostedPayment(caller), { action: "cancel" }),
  },
  {
    key: "POST /api/webhooks/paystack",
    what: "without a valid signature",
    allow: NOBODY,
    call: (caller) => json(caller, "POST", "/api/webhooks/paystack", { event: "charge.success", data: { reference: caller.world.customer.paymentReference } }, { "x-paystack-signature": "0".repeat(128) }),
    refusal: everyone({ status: 401, text: "Invalid signature" }),
  },

  // Uploaded files
  {
    key: "GET /uploads/*",
    what: "a catalogue photo",
    allow: EVERYONE,
    call: async (caller) => {
      const key = `products/${randomBytes(16).toString("hex")}.jpg`;
      await caller.storage.put(key, await photo());
      return get(caller, `/uploads/${key}`);
    },
  },
  {
    key: "GET /uploads/*",
    what: "a pre-approval document",
    allow: NOBODY,
    call: (caller) => get(caller, `/uploads/${caller.world.applicant.documentKey}`),
    refusal: everyone({ status: 404 }),
    hidden: (w) => [w.applicant.documentMarker],
  },
];

/** "METHOD /path — what", the name of a row in test titles. */
export const labelOf = (row: Row) => (row.what ? `${row.key} (${row.what})` : row.key);

export function refusalOf(row: Row, actor: Actor): Refusal {
  return (row.refusal ?? byDefault)(actor);
}
