import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import type { Database } from "../../db/client";
import {
  accounts, cart, notifications, orderStatusHistory, orders, payments, profiles, reviews, sessions, users, vendorPreapprovalFields,
  vendorPreapprovalSubmissions,
} from "../../db/schema";
import { DEMO_PASSWORD } from "../../db/seed/demo-accounts";
import { grantRole } from "../../domain/accounts/roles";
import type { FileStorage } from "../../domain/media/storage";
import { SHIPPING } from "../support/shop";
import { insertListing, insertVendor } from "../support/rows";
import type { OrderStatus, Role } from "../../lib/constants";
import { TEST_AUTH_SECRET, signInAs } from "../support/app";

/*
 * A small shop in which every kind of actor owns something: the security suites call every door
 * as each of them and check that nobody reaches what belongs to someone else.
 */

export const ACTORS = ["anonymous", "customer", "otherCustomer", "vendor", "otherVendor", "admin", "superAdmin"] as const;
export type Actor = (typeof ACTORS)[number];
export type SignedInActor = Exclude<Actor, "anonymous">;
export const SIGNED_IN_ACTORS = ACTORS.filter((actor): actor is SignedInActor => actor !== "anonymous");

export const ROLE_OF: Record<SignedInActor, Role> = {
  customer: "customer",
  otherCustomer: "customer",
  vendor: "vendor",
  otherVendor: "vendor",
  admin: "admin",
  superAdmin: "super_admin",
};

/** Everyone in the world signs in with this password. */
export const WORLD_PASSWORD = DEMO_PASSWORD;

export interface Person {
  userId: string;
  email: string;
  fullName: string;
}

/** A buyer with a cart line, a delivered (reviewable) order paid under `paymentReference`, and a notification. */
export interface Buyer extends Person {
  cartItemId: string;
  orderId: string;
  paymentReference: string;
  notificationId: string;
  notificationTitle: string;
}

/** An approved vendor with a listed phone and the order line a buyer placed for it. */
export interface Seller extends Person {
  vendorId: string;
  businessName: string;
  productId: string;
  productName: string;
  orderId: string;
}

/** A pending application with a pre-approval document (stored when buildWorld is given the storage). */
export interface Applicant extends Person {
  vendorId: string;
  businessName: string;
  documentKey: string;
  /** Text inside the document's bytes, to look for in answers that must not carry it. */
  documentMarker: string;
}

export interface World {
  tag: string;
  customer: Buyer;
  otherCustomer: Buyer;
  vendor: Seller;
  otherVendor: Seller;
  admin: Person;
  superAdmin: Person;
  applicant: Applicant;
  /** The vendor's listing awaiting approval. */
  pendingProduct: { id: string; name: string };
  /** A review awaiting moderation, on the vendor's phone. */
  pendingReview: { id: string; comment: string };
  preapprovalField: { id: string; fieldName: string };
}

let passwordHash: Promise<string> | undefined;
const worldPasswordHash = () => (passwordHash ??= hashPassword(WORLD_PASSWORD));

/** A verified person who can sign in with WORLD_PASSWORD. */
export async function addPerson(db: Database, name: string, role: Role = "customer"): Promise<Person> {
  const userId = `${name}-${randomUUID().slice(0, 8)}`;
  const person = { userId, email: `${userId}@example.ng`.toLowerCase(), fullName: `Person ${name}` };
  await db.insert(users).values({ id: userId, name: person.fullName, email: person.email, emailVerified: true });
  await db.insert(profiles).values({ userId, fullName: person.fullName });
  await db.insert(accounts).values({ id: randomUUID(), accountId: userId, providerId: "credential", userId, password: await worldPasswordHash() });
  if (role !== "customer") await grantRole(db, userId, role);
  return person;
}

/** An approved vendor with one listed phone, named after `name`. */
export async function addSeller(db: Database, name: string, tag: string): Promise<Omit<Seller, "orderId">> {
  const person = await addPerson(db, name, "vendor");
  const businessName = `${name} Gadgets ${tag}`;
  const vendor = await insertVendor(db, person.userId, businessName);
  const productName = `Pixel ${name} ${tag}`;
  const productId = await insertListing(db, vendor.id, productName, { status: "approved", finalPrice: 250_000_00, stockQuantity: 5 });
  return { ...person, vendorId: vendor.id, businessName, productId, productName };
}

/** A paid order of one phone, in the given status, with its payment and history. */
export async function addOrder(
  db: Database,
  buyer: Person,
  seller: Pick<Seller, "vendorId" | "productId">,
  status: OrderStatus = "delivered",
): Promise<{ orderId: string; paymentReference: string }> {
  const paymentReference = `pay_${Date.now()}${randomBytes(6).toString("hex")}`;
  const [payment] = await db
    .insert(payments)
    .values({ customerId: buyer.userId, paymentReference, amount: 250_000_00, status: "successful", paidAt: new Date() })
    .returning({ id: payments.id });
  const [order] = await db
    .insert(orders)
    .values({
      ...SHIPPING,
      customerId: buyer.userId,
      customerName: buyer.fullName,
      customerEmail: buyer.email,
      productId: seller.productId,
      vendorId: seller.vendorId,
      paymentId: payment!.id,
      quantity: 1,
      unitPrice: 250_000_00,
      totalAmount: 250_000_00,
      status,
    })
    .returning({ id: orders.id });
  await db.insert(orderStatusHistory).values([{ orderId: order!.id, status: "pending" as const }, { orderId: order!.id, status }]);
  return { orderId: order!.id, paymentReference };
}

/** A cart line of the buyer; answers its id. */
export async function addCartLine(db: Database, buyer: Person, productId: string): Promise<string> {
  const [line] = await db.insert(cart).values({ customerId: buyer.userId, productId, quantity: 1 }).returning({ id: cart.id });
  return line!.id;
}

async function addBuyer(db: Database, name: string, seller: Omit<Seller, "orderId">, tag: string): Promise<Buyer> {
  const person = await addPerson(db, name);
  const cartItemId = await addCartLine(db, person, seller.productId);
  const { orderId, paymentReference } = await addOrder(db, person, seller);
  const notificationTitle = `Order for ${name} ${tag} shipped`;
  const [notification] = await db
    .insert(notifications)
    .values({ userId: person.userId, type: "order", title: notificationTitle, message: "Your phone is on its way." })
    .returning({ id: notifications.id });
  return { ...person, cartItemId, orderId, paymentReference, notificationId: notification!.id, notificationTitle };
}

/** A pending application whose pre-approval form was sent with a document. */
async function addApplicant(db: Database, tag: string, storage?: FileStorage): Promise<Applicant> {
  const person = await addPerson(db, "applicant");
  const businessName = `Applicant Phones ${tag}`;
  const vendor = await insertVendor(db, person.userId, businessName, "pending");
  const documentKey = `preapproval/${randomBytes(16).toString("hex")}.webp`;
  const documentMarker = `national-id-of-applicant-${tag}`;
  if (storage) await storage.put(documentKey, Buffer.from(documentMarker));
  await db.insert(vendorPreapprovalSubmissions).values({ vendorId: vendor.id, submissionData: { id_document: `/uploads/${documentKey}` } });
  return { ...person, vendorId: vendor.id, businessName, documentKey, documentMarker };
}

/**
 * The seven actors and what they own: customer buys from vendor, otherCustomer from
 * otherVendor. Give `storage` (the app's file storage) to store the applicant's document too.
 */
export async function buildWorld(db: Database, { storage }: { storage?: FileStorage } = {}): Promise<World> {
  const tag = randomBytes(3).toString("hex");
  const vendorSeller = await addSeller(db, "vendor", tag);
  const otherSeller = await addSeller(db, "othervendor", tag);
  const customer = await addBuyer(db, "customer", vendorSeller, tag);
  const otherCustomer = await addBuyer(db, "othercustomer", otherSeller, tag);
  const pendingName = `Galaxy pending ${tag}`;
  const pendingProductId = await insertListing(db, vendorSeller.vendorId, pendingName, { status: "pending", brand: "Samsung" });
  const reviewer = await addPerson(db, "reviewer");
  const comment = `Screen like new, review ${tag}`;
  const [review] = await db
    .insert(reviews)
    .values({ productId: vendorSeller.productId, customerId: reviewer.userId, rating: 4, comment, approved: false })
    .returning({ id: reviews.id });
  const fieldName = `world_${tag.replace(/[^a-z]/g, "x")}`;
  const [field] = await db
    .insert(vendorPreapprovalFields)
    .values({ fieldName, fieldLabel: "Shop photo caption", fieldType: "text", required: false })
    .returning({ id: vendorPreapprovalFields.id });
  return {
    tag,
    customer,
    otherCustomer,
    vendor: { ...vendorSeller, orderId: customer.orderId },
    otherVendor: { ...otherSeller, orderId: otherCustomer.orderId },
    admin: await addPerson(db, "admin", "admin"),
    superAdmin: await addPerson(db, "superadmin", "super_admin"),
    applicant: await addApplicant(db, tag, storage),
    pendingProduct: { id: pendingProductId, name: pendingName },
    pendingReview: { id: review!.id, comment },
    preapprovalField: { id: field!.id, fieldName },
  };
}

export function personOf(world: World, actor: SignedInActor): Person {
  return world[actor];
}

/** A session cookie per actor ("" for anonymous), each from one sign-in through /auth. */
export async function signInAll(base: string, world: World): Promise<Record<Actor, string>> {
  const cookies = { anonymous: "" } as Record<Actor, string>;
  for (const actor of SIGNED_IN_ACTORS) cookies[actor] = await signInAs(base, personOf(world, actor).email, WORLD_PASSWORD);
  return cookies;
}

/**
 * Another session of the person, as a sign-in would start it (the cookie signed the way
 * better-auth signs it), without spending one of the sign-in attempts the limits allow.
 */
export async function openSession(db: Database, person: Person, secret = TEST_AUTH_SECRET): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  await db.insert(sessions).values({ id: randomUUID(), token, userId: person.userId, expiresAt: new Date(Date.now() + 86_400_000) });
  const signature = createHmac("sha256", secret).update(token).digest("base64");
  return `tokunbo.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}
