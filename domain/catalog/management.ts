/**
 * Product management (docs/vendors.md): who sees and changes which listings is
 * decided here, for every caller. Visitors and customers see approved, live products; vendors
 * see and manage only their own (another vendor's product is "not found"); admins see all, add
 * for an approved vendor, set the final price and status, and delete. Prices are kobo.
 */
import { type SQL, and, count, desc, eq, sql } from "drizzle-orm";
import { type SiteLink, announceRestock } from "./stock-alerts";
import { announcePriceDrops } from "./wishlist";
import { z } from "../../lib/zod";
import type { Database } from "../../db/client";
import type { Grade, ProductStatus } from "../../lib/constants";
import { finalPriceFromSuggested, formatNaira } from "../../lib/money";
import { ACCESS_TEXTS } from "../core/access";
import { recordActivity } from "../activity/service";
import { notify } from "../notifications/service";
import { orders } from "../../db/schema/orders";
import { getPricingConfig } from "../pricing/service";
import { type Actor, may } from "../core/access";
import { Refusal } from "../core/refusal";
import { vendors } from "../../db/schema/vendors";
import { findVendorByUser } from "./vendor-listings";
import { PRODUCT_TEXTS, type ProductFormInput, type ProductListQuery } from "./management-validation";
import { announceProductDecision } from "./moderation";
import { ownedImages, recordUploadedImages } from "./photos";
import { products } from "../../db/schema/catalog";
import { type PhoneName, listed, phoneNameColumns } from "./summary";

export const MANAGED_PAGE_SIZE = 20;

/** What the caller's role lets them see on /products. */
export type ManagementScope = "public" | "vendor" | "admin";

export interface ManagedProduct extends PhoneName {
  color: string | null;
  description: string | null;
  grade: Grade;
  images: string[];
  /** Kobo. */
  suggestedPrice: number;
  /** Kobo; null until an admin sets it. */
  finalPrice: number | null;
  stockQuantity: number;
  status: ProductStatus;
  isLive: boolean;
  vendorId: string;
  vendorName: string;
  createdAt: string;
}

export interface ManagedProductPage {
  scope: ManagementScope;
  items: ManagedProduct[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  /** False for a vendor-role user without a vendor record (they see no products). */
  hasVendorRecord: boolean;
}

const COLUMNS = {
  ...phoneNameColumns,
  color: products.color,
  description: products.description,
  grade: products.grade,
  images: products.images,
  suggestedPrice: products.suggestedPrice,
  finalPrice: products.finalPrice,
  stockQuantity: products.stockQuantity,
  status: products.status,
  isLive: products.isLive,
  vendorId: products.vendorId,
  vendorName: vendors.businessName,
  createdAt: products.createdAt,
};

function toManaged(row: Omit<ManagedProduct, "createdAt"> & { createdAt: Date }): ManagedProduct {
  return { ...row, images: row.images.filter(Boolean), createdAt: new Date(row.createdAt).toISOString() };
}

const productIdSchema = z.guid();

export function scopeOf(actor: Actor | null): ManagementScope {
  if (!actor) return "public";
  if (may(actor, "back_office")) return "admin";
  if (may(actor, "sell")) return "vendor";
  return "public";
}

function notFound(): Refusal {
  return new Refusal("not_found", PRODUCT_TEXTS.notFound);
}

/** "%term%" for LIKE over the lower-cased name, brand and model, with the wildcards in term escaped. */
function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The vendor record a vendor manages products through; refused when there is none or it is not approved. */
async function approvedOwnVendor(db: Database, actor: Actor) {
  const vendor = await findVendorByUser(db, actor.userId);
  if (!vendor || vendor.status !== "approved") throw new Refusal("forbidden", PRODUCT_TEXTS.vendorNotFound);
  return vendor;
}

/** The /products list for the caller (docs/accounts.md), newest first, searched and filtered, 20 a page. */
export async function listManagedProducts(db: Database, actor: Actor | null, query: ProductListQuery = {}): Promise<ManagedProductPage> {
  const scope = scopeOf(actor);
  const page = query.page ?? 1;
  const conditions: Array<SQL | undefined> = [];
  let hasVendorRecord = true;
  if (scope === "public") {
    conditions.push(listed);
  } else if (scope === "vendor") {
    const vendor = await findVendorByUser(db, (actor as Actor).userId);
    hasVendorRecord = vendor !== null;
    if (!vendor) return { scope, items: [], total: 0, page: 1, pageSize: MANAGED_PAGE_SIZE, pageCount: 1, hasVendorRecord };
    conditions.push(eq(products.vendorId, vendor.id));
  }
  if (query.status && scope !== "public") conditions.push(eq(products.status, query.status));
  if (query.q) conditions.push(sql`${products.searchText} like ${containsPattern(query.q)}`);
  const where = and(...conditions);

  const [rows, [totals]] = await Promise.all([
    db
      .select(COLUMNS)
      .from(products)
      .innerJoin(vendors, eq(vendors.id, products.vendorId))
      .where(where)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(MANAGED_PAGE_SIZE)
      .offset((page - 1) * MANAGED_PAGE_SIZE),
    db.select({ total: count() }).from(products).where(where),
  ]);
  const total = totals?.total ?? 0;
  return {
    scope,
    items: rows.map(toManaged),
    total,
    page,
    pageSize: MANAGED_PAGE_SIZE,
    pageCount: Math.max(1, Math.ceil(total / MANAGED_PAGE_SIZE)),
    hasVendorRecord,
  };
}

/** One product the caller may manage: a vendor's own, or any for an admin; otherwise "not found". */
export async function getManagedProduct(db: Database, actor: Actor, productId: string): Promise<ManagedProduct> {
  const scope = scopeOf(actor);
  const id = productIdSchema.safeParse(productId);
  if (!id.success || scope === "public") throw notFound();
  const conditions: SQL[] = [eq(products.id, id.data)];
  if (scope === "vendor") {
    const vendor = await findVendorByUser(db, actor.userId);
    if (!vendor) throw notFound();
    conditions.push(eq(products.vendorId, vendor.id));
  }
  const [row] = await db.select(COLUMNS).from(products).innerJoin(vendors, eq(vendors.id, products.vendorId)).where(and(...conditions));
  if (!row) throw notFound();
  return toManaged(row);
}

function refuseVendorPricing(input: Pick<ProductFormInput, "finalPrice" | "status">): void {
  if (input.finalPrice !== undefined || input.status !== undefined) throw new Refusal("forbidden", PRODUCT_TEXTS.priceAndStatusAreOurs);
}

function listingFields(input: ProductFormInput) {
  return {
    name: input.name,
    brand: input.brand,
    model: input.model,
    storage: input.storage,
    grade: input.grade,
    suggestedPrice: input.suggestedPrice,
    stockQuantity: input.stockQuantity,
    color: input.color,
    description: input.description,
  };
}

/**
 * Photos the same request stored (the form's file input, without scripts): recorded as the
 * caller's uploads in the save's own transaction, so a refused save leaves no record of them.
 */
export interface NewUploads {
  storedNow?: readonly string[];
}

export interface SavedProduct {
  id: string;
  status: ProductStatus;
  /** Kobo. */
  finalPrice: number | null;
  /** A vendor's edit took an approved listing out of the shop until it is approved again (docs/vendors.md). */
  backToReview: boolean;
}

/**
 * Adds a listing. A vendor's starts pending with no final price, on their own vendor record;
 * an admin's is for the approved vendor they chose and starts approved, priced from the
 * suggested price and the markup unless they typed a final price.
 */
export async function createProduct(db: Database, actor: Actor, input: ProductFormInput, uploads: NewUploads = {}): Promise<SavedProduct> {
  const scope = scopeOf(actor);
  if (scope === "public") throw new Refusal("forbidden", ACCESS_TEXTS.forbidden);
  if (scope === "vendor") {
    refuseVendorPricing(input);
    const vendor = await approvedOwnVendor(db, actor);
    return db.transaction(async (tx) => {
      await recordUploadedImages(tx, actor.userId, uploads.storedNow ?? []);
      const images = await ownedImages(tx, input.images, [actor.userId]);
      const [created] = await tx
        .insert(products)
        .values({ ...listingFields(input), images, vendorId: vendor.id, status: "pending", finalPrice: null, isLive: true })
        .returning({ id: products.id, status: products.status, finalPrice: products.finalPrice });
      const saved = created as Omit<SavedProduct, "backToReview">;
      await recordActivity(tx, {
        userId: actor.userId,
        userType: "vendor",
        activityType: "product_created",
        description: `Listed ${input.name} (grade ${input.grade})`,
        metadata: { product_id: saved.id },
      });
      return { ...saved, backToReview: false };
    });
  }
  return createForVendor(db, actor, input, uploads);
}

async function createForVendor(db: Database, actor: Actor, input: ProductFormInput, uploads: NewUploads): Promise<SavedProduct> {
  if (!input.vendorId) throw new Refusal("invalid", PRODUCT_TEXTS.chooseVendor, { fieldErrors: { vendorId: PRODUCT_TEXTS.chooseVendor } });
  const [vendor] = await db
    .select({ id: vendors.id, userId: vendors.userId, businessName: vendors.businessName })
    .from(vendors)
    .where(and(eq(vendors.id, input.vendorId), eq(vendors.status, "approved")));
  if (!vendor) throw new Refusal("invalid", PRODUCT_TEXTS.chooseVendor, { fieldErrors: { vendorId: PRODUCT_TEXTS.chooseVendor } });
  const finalPrice = input.finalPrice ?? finalPriceFromSuggested(input.suggestedPrice, (await getPricingConfig(db)).markupPercentage);
  return db.transaction(async (tx) => {
    await recordUploadedImages(tx, actor.userId, uploads.storedNow ?? []);
    const images = await ownedImages(tx, input.images, [actor.userId, vendor.userId]);
    const [created] = await tx
      .insert(products)
      .values({
        ...listingFields(input),
        images,
        vendorId: vendor.id,
        status: "approved",
        finalPrice,
        // A 'Was' price is only one an admin sets on purpose in the approval queue (docs/admin.md).
        comparePrice: null,
        isLive: true,
      })
      .returning({ id: products.id, status: products.status, finalPrice: products.finalPrice });
    const saved = created as Omit<SavedProduct, "backToReview">;
    await notify(tx, vendor.userId, "product", "Listing added", `Our team added ${input.name} to your shop at ${formatNaira(finalPrice)}.`);
    await recordActivity(tx, {
      userId: actor.userId,
      userType: "admin",
      activityType: "product_created",
      description: `Listed ${input.name} (grade ${input.grade}) for ${vendor.businessName} at ${formatNaira(finalPrice)}`,
      metadata: { product_id: saved.id, vendor_id: vendor.id },
    });
    return { ...saved, backToReview: false };
  });
}

/** What a vendor may not change on an approved listing without it going back to review (docs/vendors.md). */
const REVIEWED_FIELDS = ["name", "brand", "model", "storage", "color", "grade", "suggestedPrice"] as const;

type ReviewedListing = Pick<ManagedProduct, (typeof REVIEWED_FIELDS)[number] | "images">;

/** True when the edit changes what an admin approved: one of the reviewed fields, or the photos (which, their order or how many). */
export function changesApprovedListing(current: ReviewedListing, next: ReviewedListing): boolean {
  const photosChanged = current.images.length !== next.images.length || current.images.some((url, i) => url !== next.images[i]);
  return photosChanged || REVIEWED_FIELDS.some((field) => current[field] !== next[field]);
}

/** The listing as it is, locked until the edit commits, with its vendor's user. */
async function lockForEdit(tx: Database, productId: string) {
  const [row] = await tx
    .select({
      ...phoneNameColumns,
      color: products.color,
      grade: products.grade,
      suggestedPrice: products.suggestedPrice,
      images: products.images,
      status: products.status,
      finalPrice: products.finalPrice,
      comparePrice: products.comparePrice,
      vendorId: products.vendorId,
    })
    .from(products)
    .where(eq(products.id, productId))
    .for("update");
  if (!row) throw notFound();
  const [owner] = await tx.select({ userId: vendors.userId }).from(vendors).where(eq(vendors.id, row.vendorId));
  return { ...row, images: row.images.filter(Boolean), vendorUserId: owner?.userId ?? null };
}

type LockedListing = Awaited<ReturnType<typeof lockForEdit>>;
type Moderation = Pick<typeof products.$inferInsert, "status" | "finalPrice" | "comparePrice">;

/** A vendor never sets status or prices; changing what was approved sends the listing back to review, unpriced. */
function vendorModeration(current: LockedListing, next: ReviewedListing): Moderation & { backToReview: boolean } {
  const backToReview = current.status === "approved" && changesApprovedListing(current, next);
  if (backToReview) return { status: "pending", finalPrice: null, comparePrice: null, backToReview };
  return { status: current.status, finalPrice: current.finalPrice, comparePrice: current.comparePrice, backToReview };
}

/** An admin sets status and final price; approving prices from the markup when no final price is given, with no comparison price (docs/admin.md). */
function adminModeration(current: LockedListing, input: ProductFormInput, markupPercentage: number): Moderation {
  const status = input.status ?? current.status;
  let finalPrice = input.finalPrice ?? current.finalPrice;
  if (status === "approved" && finalPrice === null) finalPrice = finalPriceFromSuggested(input.suggestedPrice, markupPercentage);
  const comparePrice = status === "approved" && current.status === "approved" ? current.comparePrice : null;
  return { status, finalPrice, comparePrice };
}

/**
 * Edits a listing. Vendors change their own listing's details but never its final price or
 * status (refused, whatever the form sends); a vendor's change to what an admin approved sends
 * the listing back to review and tells them why (docs/vendors.md). Admins may change price and
 * status, and their edits are not re-reviewed. Stock 0 takes the phone out of the shop. A status
 * change by an admin tells the vendor, as Approve and Reject do. Photos must be the vendor's own
 * uploads (or the editing admin's), or already on the listing.
 */
export async function updateProduct(
  db: Database,
  actor: Actor,
  productId: string,
  input: ProductFormInput,
  uploads: NewUploads = {},
  site: SiteLink = {},
): Promise<SavedProduct> {
  const scope = scopeOf(actor);
  if (scope === "vendor") refuseVendorPricing(input);
  const { id } = await getManagedProduct(db, actor, productId);
  const markup = scope === "admin" ? (await getPricingConfig(db)).markupPercentage : 0;
  return db.transaction(async (tx) => {
    const current = await lockForEdit(tx, id);
    await recordUploadedImages(tx, actor.userId, uploads.storedNow ?? []);
    const owners = scope === "admin" ? [actor.userId, ...(current.vendorUserId ? [current.vendorUserId] : [])] : [actor.userId];
    const images = await ownedImages(tx, input.images, owners, current.images);
    const fields = listingFields(input);
    const { backToReview, ...moderation } =
      scope === "admin" ? { ...adminModeration(current, input, markup), backToReview: false } : vendorModeration(current, { ...fields, images });
    const [updated] = await tx
      .update(products)
      .set({
        ...fields,
        images,
        ...moderation,
        updatedAt: sql`now()`,
      })
      .where(eq(products.id, current.id))
      .returning({ id: products.id, name: products.name, vendorId: products.vendorId, status: products.status, finalPrice: products.finalPrice });
    if (!updated) throw notFound();
    await announcePriceDrops(tx, updated.id);
    await announceRestock(tx, updated.id, site);
    if (backToReview) {
      await notify(tx, actor.userId, "product", PRODUCT_TEXTS.backToReviewTitle, backToReviewMessage(updated.name));
    } else if (updated.status !== current.status) {
      await announceProductDecision(tx, actor, updated);
    }
    await recordActivity(tx, {
      userId: actor.userId,
      userType: scope === "admin" ? "admin" : "vendor",
      activityType: "product_updated",
      description: `Updated ${updated.name}${backToReview ? " (back to review)" : ""}`,
      metadata: { product_id: updated.id, ...(backToReview ? { back_to_review: true } : {}) },
    });
    return { id: updated.id, status: updated.status, finalPrice: updated.finalPrice, backToReview };
  });
}

/** The vendor's notification when their edit sent a listing back to review. */
export function backToReviewMessage(name: string): string {
  return `${name}: ${PRODUCT_TEXTS.backToReview.toLowerCase()}. ${PRODUCT_TEXTS.backToReviewDetail}`;
}

function isForeignKeyViolation(error: unknown): boolean {
  const codeOf = (e: unknown) => (e as { code?: unknown } | null)?.code;
  return codeOf(error) === "23503" || codeOf((error as { cause?: unknown } | null)?.cause) === "23503";
}

/** Deletes a listing (a vendor's own, or any for an admin). A phone that was ordered stays: hide it instead. */
export async function deleteProduct(db: Database, actor: Actor, productId: string): Promise<void> {
  const scope = scopeOf(actor);
  const product = await getManagedProduct(db, actor, productId);
  const [ordered] = await db.select({ id: orders.id }).from(orders).where(eq(orders.productId, product.id)).limit(1);
  if (ordered) throw new Refusal("conflict", PRODUCT_TEXTS.hasOrders);
  try {
    await db.transaction(async (tx) => {
      await tx.delete(products).where(eq(products.id, product.id));
      await recordActivity(tx, {
        userId: actor.userId,
        userType: scope === "admin" ? "admin" : "vendor",
        activityType: "product_deleted",
        description: `Deleted ${product.name}${scope === "admin" ? ` of ${product.vendorName}` : ""}`,
        metadata: { product_id: product.id },
      });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new Refusal("conflict", PRODUCT_TEXTS.hasOrders);
    throw error;
  }
}
