import { type AnyColumn, type SQL, and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { accounts, emailChanges, profiles, rateLimits, sessions, userRoles, users, verifications } from "../../db/schema/accounts";
import { userActivities } from "../../db/schema/activity";
import { refunds, warrantyClaimEvents, warrantyClaims } from "../../db/schema/after-sale";
import { orderReturnEvents, orderReturns } from "../../db/schema/returns";
import { savedAddresses, stockAlerts, wishlistItems } from "../../db/schema/buyers";
import { cart } from "../../db/schema/cart";
import { products } from "../../db/schema/catalog";
import { liveEvents } from "../../db/schema/live";
import { emailOutbox } from "../../db/schema/mail";
import { uploadedImages } from "../../db/schema/media";
import { notifications } from "../../db/schema/notifications";
import { orderStatusHistory, orders } from "../../db/schema/orders";
import { payments } from "../../db/schema/payments";
import { vendorBankAccounts } from "../../db/schema/payouts";
import { reviews } from "../../db/schema/reviews";
import { vendorPreapprovalSubmissions, vendors } from "../../db/schema/vendors";
import { fieldErrors } from "../accounts/validation";
import { isOwnPassword } from "../accounts/password-confirmation";
import { Refusal } from "../core/refusal";
import { announceSessionsEnded } from "../live/events";
import { claimPhotoKey, preapprovalDocumentKey } from "../media/private-uploads";
import type { FileStorage } from "../media/storage";
import { deleteStoredImage } from "../media/variants";
import { deletionBlockers } from "./blockers";
import { PRIVACY_TEXTS as T } from "./texts";
import { deleteAccountSchema } from "./validation";

/** Keys of a payment's metadata that hold the buyer's contact details (checkout's paymentMetadata). */
const PERSONAL_METADATA_KEYS = ["customer_name", "customer_email", "customer_phone", "shipping_address", "email", "phone", "name"];

/** Strings shorter than this are not searched for in free text: they would match ordinary words. */
const MIN_SCRUB_LENGTH = 4;

/** The address a deleted account keeps: unique, reaches no one, says nothing about the person. */
export const deletedEmailOf = (id: string) => `deleted-${id}@deleted.invalid`;

export interface AccountDeletionDeps {
  db: Database;
  /** Where the person's claim photos and pre-approval documents are stored. */
  storage: FileStorage;
  /** Told of a private file that could not be deleted; the account is deleted all the same. */
  logError: (message: string, error: unknown) => void;
}

/**
 * Deletes the signed-in user's account (docs/accounts.md, 'Your data'): checks the password and
 * the typed confirmation, refuses while something still needs the person, then in one
 * transaction removes or replaces every personal field. Orders, payments, refunds, claims and the
 * vendor ledger stay with their amounts, statuses and dates. Every session ends. Once the
 * transaction has committed, the person's claim photos and pre-approval documents leave storage.
 */
export async function deleteAccount(deps: AccountDeletionDeps, userId: string, input: unknown): Promise<void> {
  const { db } = deps;
  const parsed = deleteAccountSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    throw new Refusal("invalid", Object.values(errors).find(Boolean) ?? T.deleteFailed, { fieldErrors: errors });
  }
  await checkPassword(db, userId, parsed.data.password);
  const privateFiles = await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt))).for("update");
    if (!user) throw new Refusal("not_found", T.deleteFailed);
    const blockers = await deletionBlockers(tx, userId);
    if (blockers.length > 0) throw new Refusal("conflict", blockers.join(" "));
    const keys = await privateFilesOf(tx, userId);
    await erasePersonalData(tx, userId);
    return keys;
  });
  try {
    await announceSessionsEnded(db, userId);
  } finally {
    await deletePrivateFiles(deps, privateFiles);
  }
}

async function checkPassword(db: Database, userId: string, password: string): Promise<void> {
  if (await isOwnPassword(db, userId, password)) return;
  throw new Refusal("invalid", T.wrongPassword, { fieldErrors: { password: T.wrongPassword } });
}

/** Storage keys of the person's claim photos and, for a vendor, pre-approval documents. */
async function privateFilesOf(tx: Database, userId: string): Promise<string[]> {
  const claims = await tx.select({ photos: warrantyClaims.photos }).from(warrantyClaims).where(eq(warrantyClaims.customerId, userId));
  const submissions = await tx
    .select({ data: vendorPreapprovalSubmissions.submissionData })
    .from(vendorPreapprovalSubmissions)
    .innerJoin(vendors, eq(vendors.id, vendorPreapprovalSubmissions.vendorId))
    .where(eq(vendors.userId, userId));
  const answers = submissions.flatMap(({ data }) => Object.values(data).filter((value) => typeof value === "string"));
  const keys = [...claims.flatMap(({ photos }) => photos.map(claimPhotoKey)), ...answers.map(preapprovalDocumentKey)];
  return [...new Set(keys.filter((key) => key !== null))];
}

/** Every file goes even when one fails: the erasure has committed, so a failure is logged, not thrown. */
async function deletePrivateFiles({ storage, logError }: AccountDeletionDeps, keys: readonly string[]): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => deleteStoredImage(storage, key)));
  results.forEach((result, i) => {
    if (result.status === "rejected") logError(`Deleting the private file ${keys[i]} of a deleted account failed`, result.reason);
  });
}

/** Everything the person gave us or that names them, to find it again in free text (notes, logs). */
async function personalValuesOf(tx: Database, userId: string): Promise<string[]> {
  const [user] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
  const [profile] = await tx.select({ fullName: profiles.fullName, phone: profiles.phone }).from(profiles).where(eq(profiles.userId, userId));
  const addresses = await tx.select({ a: savedAddresses.fullName, b: savedAddresses.phone, c: savedAddresses.address }).from(savedAddresses).where(eq(savedAddresses.userId, userId));
  const bought = await tx
    .selectDistinct({ a: orders.customerName, b: orders.customerEmail, c: orders.customerPhone, d: orders.shippingAddress, e: orders.deliveryNotes })
    .from(orders)
    .where(eq(orders.customerId, userId));
  const [vendor] = await tx.select({ a: vendors.contactEmail, b: vendors.contactPhone, c: vendors.businessAddress }).from(vendors).where(eq(vendors.userId, userId));
  const values = [user?.email, user?.name, profile?.fullName, profile?.phone, ...[...addresses, ...bought, ...(vendor ? [vendor] : [])].flatMap(Object.values)];
  const kept = values.filter((v): v is string => typeof v === "string" && v.trim().length >= MIN_SCRUB_LENGTH && v !== T.deletedName);
  // Longest first, so a full address is replaced before a part of it.
  return [...new Set(kept.flatMap((v) => [v.trim(), v.trim().toLowerCase()]))].sort((a, b) => b.length - a.length);
}

/** The column's text with every personal value replaced by 'Removed'. */
function scrubbed(column: AnyColumn | SQL, values: string[]): SQL {
  return values.reduce<SQL>((text, value) => sql`replace(${text}, ${value}, ${T.removed})`, sql`${column}`);
}

/** The same for a jsonb column: values are matched as they are written inside its JSON text. */
function scrubbedJson(column: AnyColumn | SQL, values: string[]): SQL {
  const inJson = values.map((v) => JSON.stringify(v).slice(1, -1));
  return sql`(${scrubbed(sql`(${column})::text`, inJson)})::jsonb`;
}

async function erasePersonalData(tx: Database, userId: string): Promise<void> {
  const values = await personalValuesOf(tx, userId);
  const [{ email } = { email: "" }] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  await endSignIn(tx, userId, email);
  await removeOwnRecords(tx, userId, email);
  await anonymiseOrders(tx, userId, values);
  await anonymiseAfterSale(tx, userId, values);
  await anonymiseVendor(tx, userId, values);
  await tx
    .update(userActivities)
    .set({ activityDescription: scrubbed(userActivities.activityDescription, values), metadata: scrubbedJson(userActivities.metadata, values) })
    .where(eq(userActivities.userId, userId));
  await tx.update(profiles).set({ fullName: T.deletedName, phone: null, updatedAt: new Date() }).where(eq(profiles.userId, userId));
  await tx
    .update(users)
    .set({ email: deletedEmailOf(userId), name: T.deletedName, image: null, emailVerified: false, deletedAt: new Date(), updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Credentials, sessions, e-mail links and the counters keyed by the address: nothing can sign in as the person again. */
async function endSignIn(tx: Database, userId: string, email: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(accounts).where(eq(accounts.userId, userId));
  await tx.delete(verifications).where(or(eq(verifications.value, userId), sql`position(${email.toLowerCase()} in lower(${verifications.identifier})) > 0`));
  await tx.delete(emailChanges).where(eq(emailChanges.userId, userId));
  await tx.delete(rateLimits).where(sql`position(${email.toLowerCase()} in lower(${rateLimits.key})) > 0`);
  // The account becomes a customer's with no sign-in: no role is left to hold.
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
}

/** What exists only for the person: addresses, wishes, alerts, cart, messages, uploads, e-mails to them. */
async function removeOwnRecords(tx: Database, userId: string, email: string): Promise<void> {
  await tx.delete(savedAddresses).where(eq(savedAddresses.userId, userId));
  await tx.delete(wishlistItems).where(eq(wishlistItems.userId, userId));
  await tx.delete(stockAlerts).where(eq(stockAlerts.userId, userId));
  await tx.delete(cart).where(eq(cart.customerId, userId));
  await tx.delete(notifications).where(eq(notifications.userId, userId));
  await tx.delete(liveEvents).where(eq(liveEvents.userId, userId));
  await tx.delete(uploadedImages).where(eq(uploadedImages.ownerId, userId));
  const [vendor] = await tx.select({ contactEmail: vendors.contactEmail }).from(vendors).where(eq(vendors.userId, userId));
  const addresses = [email, vendor?.contactEmail].filter((a): a is string => Boolean(a)).map((a) => a.toLowerCase());
  await tx.delete(emailOutbox).where(inArray(sql`lower(${emailOutbox.toAddress})`, addresses));
  // A rating stays so other buyers' averages stay true; the words go, as they may describe the person.
  await tx.update(reviews).set({ comment: null }).where(eq(reviews.customerId, userId));
}

/** Orders and payments stay for the accounts with their amounts; who, where and notes go. */
async function anonymiseOrders(tx: Database, userId: string, values: string[]): Promise<void> {
  const mine = tx.select({ id: orders.id }).from(orders).where(eq(orders.customerId, userId));
  await tx
    .update(orderStatusHistory)
    .set({ note: scrubbed(orderStatusHistory.note, values) })
    .where(inArray(orderStatusHistory.orderId, mine));
  await tx
    .update(orders)
    .set({
      customerName: T.deletedName,
      customerEmail: deletedEmailOf(userId),
      customerPhone: T.removed,
      shippingAddress: T.removed,
      city: T.removed,
      deliveryNotes: null,
      cancelReason: scrubbed(orders.cancelReason, values),
      updatedAt: new Date(),
    })
    .where(eq(orders.customerId, userId));
  const withoutContact = sql`${payments.metadata} - ${sql.raw(`array[${PERSONAL_METADATA_KEYS.map((k) => `'${k}'`).join(", ")}]`)}`;
  await tx
    .update(payments)
    .set({
      metadata: scrubbedJson(withoutContact, values),
      note: scrubbed(payments.note, values),
      failureReason: scrubbed(payments.failureReason, values),
      refundReason: scrubbed(payments.refundReason, values),
    })
    .where(eq(payments.customerId, userId));
  const myPayments = tx.select({ id: payments.id }).from(payments).where(eq(payments.customerId, userId));
  await tx
    .update(refunds)
    .set({ reason: scrubbed(refunds.reason, values), failureReason: scrubbed(refunds.failureReason, values) })
    .where(inArray(refunds.paymentId, myPayments));
}

/**
 * Claims stay (refunds and the vendor's ledger point at them) with reason, status and decision;
 * the buyer's description and photos go, as they may show the person, their home or papers.
 */
async function anonymiseAfterSale(tx: Database, userId: string, values: string[]): Promise<void> {
  const claims = tx.select({ id: warrantyClaims.id }).from(warrantyClaims).where(eq(warrantyClaims.customerId, userId));
  await tx
    .update(warrantyClaimEvents)
    .set({ note: sql`case when ${warrantyClaimEvents.actorId} = ${userId} then null else ${scrubbed(warrantyClaimEvents.note, values)} end` })
    .where(inArray(warrantyClaimEvents.claimId, claims));
  await tx
    .update(warrantyClaims)
    .set({
      description: T.claimRemoved,
      photos: [],
      returnInstructions: scrubbed(warrantyClaims.returnInstructions, values),
      declineReason: scrubbed(warrantyClaims.declineReason, values),
      escalationNote: scrubbed(warrantyClaims.escalationNote, values),
      adminNote: scrubbed(warrantyClaims.adminNote, values),
      updatedAt: new Date(),
    })
    .where(eq(warrantyClaims.customerId, userId));
  // Returns stay (their refunds point at them by key) with status and amounts; the buyer's own words go.
  const myReturns = tx.select({ id: orderReturns.id }).from(orderReturns).where(eq(orderReturns.customerId, userId));
  await tx
    .update(orderReturnEvents)
    .set({ note: sql`case when ${orderReturnEvents.actorId} = ${userId} then null else ${scrubbed(orderReturnEvents.note, values)} end` })
    .where(inArray(orderReturnEvents.returnId, myReturns));
  await tx
    .update(orderReturns)
    .set({
      reason: T.removed,
      instructions: scrubbed(orderReturns.instructions, values),
      rejectionReason: scrubbed(orderReturns.rejectionReason, values),
      escalationNote: scrubbed(orderReturns.escalationNote, values),
      updatedAt: new Date(),
    })
    .where(eq(orderReturns.customerId, userId));
}

/**
 * A vendor's record stays (orders, payouts and the append-only ledger point at it) under its
 * business name; the contact details and the bank account holder go, the pre-approval papers are
 * deleted and every listing is taken off sale.
 */
async function anonymiseVendor(tx: Database, userId: string, values: string[]): Promise<void> {
  const [vendor] = await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.userId, userId));
  if (!vendor) return;
  await tx
    .update(vendors)
    .set({
      contactEmail: deletedEmailOf(`vendor-${vendor.id}`),
      contactPhone: T.removed,
      businessAddress: T.removed,
      rejectionReason: scrubbed(vendors.rejectionReason, values),
      updatedAt: new Date(),
    })
    .where(eq(vendors.id, vendor.id));
  await tx.delete(vendorPreapprovalSubmissions).where(eq(vendorPreapprovalSubmissions.vendorId, vendor.id));
  await tx
    .update(vendorBankAccounts)
    .set({ accountName: T.deletedBankAccountName, accountNumber: "0000000000", recipientCode: T.removed })
    .where(eq(vendorBankAccounts.vendorId, vendor.id));
  await tx.update(products).set({ isLive: false, updatedAt: new Date() }).where(eq(products.vendorId, vendor.id));
}
