/**
 * Admin review of listings (docs/admin.md, product status): Approve sets the status, the
 * final price (suggested price × (1 + markup) from the pricing config, docs/admin.md) and the
 * comparison price the admin approves with it (docs/admin.md); Reject sets the status. Each
 * decision tells the vendor and is written to the activity log, in the same transaction as the
 * change. Admins also mark a listing inspected by its 15-point checklist (docs/admin.md).
 */
import { eq, sql } from "drizzle-orm";
import { z } from "../../lib/zod";
import type { Database } from "../../db/client";
import { INSPECTION_POINTS, type ProductStatus } from "../../lib/constants";
import { finalPriceFromSuggested, formatNaira } from "../../lib/money";
import { recordActivity } from "../activity/service";
import { notify } from "../notifications/service";
import { getPricingConfig } from "../pricing/service";
import { type Actor, assertMay } from "../core/access";
import { Refusal } from "../core/refusal";
import { vendors } from "../../db/schema/vendors";
import { PRODUCT_TEXTS } from "./management-validation";
import { type ComparePriceChoice, type InspectionInput, MODERATION_TEXTS } from "./moderation-validation";
import { products } from "../../db/schema/catalog";
import { announceRestock } from "./stock-alerts";
import { announcePriceDrops } from "./wishlist";

export interface ModerationResult {
  id: string;
  status: ProductStatus;
  /** Kobo. */
  finalPrice: number | null;
  /** Kobo: the comparison ('Was') price approved with the listing, or none. */
  comparePrice: number | null;
}

export interface DecidedProduct {
  id: string;
  name: string;
  vendorId: string;
  status: ProductStatus;
  finalPrice: number | null;
}

const productIdSchema = z.guid();

/** Tells the vendor what became of their listing and records the admin's decision. */
export async function announceProductDecision(tx: Database, actor: Actor, product: DecidedProduct, reason?: string): Promise<void> {
  const [owner] = await tx.select({ userId: vendors.userId }).from(vendors).where(eq(vendors.id, product.vendorId));
  if (owner && product.status === "approved") {
    const price = product.finalPrice === null ? "" : ` at ${formatNaira(product.finalPrice)}`;
    await notify(tx, owner.userId, "product", "Product approved", `${product.name} is now live in the shop${price}.`);
  } else if (owner && product.status === "rejected") {
    const why = reason ? `: ${reason.replace(/[.!\s]+$/, "")}` : "";
    await notify(tx, owner.userId, "warning", "Product not approved", `${product.name} was not approved${why}. Please update the listing and submit it again.`);
  }
  await recordActivity(tx, {
    userId: actor.userId,
    userType: "admin",
    activityType: `product_${product.status}`,
    description:
      product.status === "approved"
        ? `Approved ${product.name}${product.finalPrice === null ? "" : ` at ${formatNaira(product.finalPrice)}`}`
        : product.status === "rejected"
          ? `Rejected ${product.name}`
          : `Returned ${product.name} to review`,
    metadata: { product_id: product.id, ...(reason ? { reason } : {}) },
  });
}

async function decide(
  db: Database,
  actor: Actor,
  productId: string,
  decision: { status: "approved"; compare: ComparePriceChoice; finalPrice?: number } | { status: "rejected"; reason?: string },
): Promise<ModerationResult> {
  assertMay(actor, "back_office");
  const id = productIdSchema.safeParse(productId);
  if (!id.success) throw new Refusal("not_found", PRODUCT_TEXTS.notFound);
  const markup = decision.status === "approved" ? (await getPricingConfig(db)).markupPercentage : 0;
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ suggestedPrice: products.suggestedPrice })
      .from(products)
      .where(eq(products.id, id.data))
      .for("update");
    if (!current) throw new Refusal("not_found", PRODUCT_TEXTS.notFound);
    const prices = decision.status === "approved"
      ? approvedPrices(decision.finalPrice ?? finalPriceFromSuggested(current.suggestedPrice, markup), current.suggestedPrice, decision.compare)
      // A listing approved again later gets a comparison price from that approval, not this one.
      : { comparePrice: null };
    const [product] = await tx
      .update(products)
      .set({ status: decision.status, ...prices, updatedAt: sql`now()` })
      .where(eq(products.id, id.data))
      .returning({
        id: products.id, name: products.name, vendorId: products.vendorId, status: products.status, finalPrice: products.finalPrice,
        comparePrice: products.comparePrice,
      });
    const decided = product as DecidedProduct & { comparePrice: number | null };
    await announcePriceDrops(tx, decided.id);
    // A sold-out phone may wait in review; approved, it is for sale again.
    await announceRestock(tx, decided.id);
    await announceProductDecision(tx, actor, decided, decision.status === "rejected" ? decision.reason?.trim() || undefined : undefined);
    return { id: decided.id, status: decided.status, finalPrice: decided.finalPrice, comparePrice: decided.comparePrice };
  });
}

/** The final price, and the comparison price as the vendor suggests it now, as the admin typed it, or none. */
function approvedPrices(finalPrice: number, suggestedPrice: number, compare: ComparePriceChoice): { finalPrice: number; comparePrice: number | null } {
  if (compare.source === "none") return { finalPrice, comparePrice: null };
  if (compare.source === "suggested") return { finalPrice, comparePrice: suggestedPrice };
  if (compare.kobo <= finalPrice) throw new Refusal("invalid", MODERATION_TEXTS.compareNotAbove(formatNaira(finalPrice)), { fieldErrors: { comparePriceNaira: MODERATION_TEXTS.compareNotAbove(formatNaira(finalPrice)) } });
  return { finalPrice, comparePrice: compare.kobo };
}

/**
 * Approve (admins): status approved, the final price the admin set in the queue (without one,
 * suggested price × (1 + markup percent)), and the comparison ('Was') price only when the admin
 * chose one: the vendor's suggested price at this moment or another price above the final price.
 */
export function approveProduct(
  db: Database,
  actor: Actor,
  productId: string,
  compare: ComparePriceChoice = { source: "none" },
  finalPrice?: number,
): Promise<ModerationResult> {
  return decide(db, actor, productId, { status: "approved", compare, finalPrice });
}

/** Reject (admins): status rejected; the vendor is told, with the reason when one is given. */
export function rejectProduct(db: Database, actor: Actor, productId: string, reason?: string): Promise<ModerationResult> {
  return decide(db, actor, productId, { status: "rejected", reason });
}

export interface Inspection {
  id: string;
  adminInspected: boolean;
}

/**
 * Marks a listing inspected (docs/admin.md): only with every one of the 15 points ticked,
 * recording who and when; the badge and the 'Admin inspected' filter read admin_inspected.
 */
export async function inspectProduct(db: Database, actor: Actor, input: InspectionInput): Promise<Inspection> {
  assertMay(actor, "back_office");
  const known = new Set<string>(INSPECTION_POINTS);
  if (input.points.some((point) => !known.has(point))) throw new Refusal("invalid", MODERATION_TEXTS.unknownPoint);
  const ticked = new Set(input.points).size;
  if (ticked < INSPECTION_POINTS.length) throw new Refusal("invalid", MODERATION_TEXTS.incomplete(ticked, INSPECTION_POINTS.length));
  return db.transaction(async (tx) => {
    const [product] = await tx
      .update(products)
      .set({ adminInspected: true, inspectedBy: actor.userId, inspectedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(products.id, input.productId))
      .returning({ id: products.id, name: products.name });
    if (!product) throw new Refusal("not_found", PRODUCT_TEXTS.notFound);
    await recordActivity(tx, {
      userId: actor.userId,
      userType: "admin",
      activityType: "product_inspected",
      description: `Inspected ${product.name}: all ${INSPECTION_POINTS.length} checklist points passed`,
      metadata: { product_id: product.id, points: [...INSPECTION_POINTS] },
    });
    return { id: product.id, adminInspected: true };
  });
}

/** Takes an inspection back: the badge comes off and the listing leaves the 'Admin inspected' filter. */
export async function withdrawInspection(db: Database, actor: Actor, productId: string): Promise<Inspection> {
  assertMay(actor, "back_office");
  const id = productIdSchema.safeParse(productId);
  if (!id.success) throw new Refusal("not_found", PRODUCT_TEXTS.notFound);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ name: products.name, adminInspected: products.adminInspected })
      .from(products)
      .where(eq(products.id, id.data))
      .for("update");
    if (!current) throw new Refusal("not_found", PRODUCT_TEXTS.notFound);
    if (!current.adminInspected) throw new Refusal("conflict", MODERATION_TEXTS.notInspected);
    await tx
      .update(products)
      .set({ adminInspected: false, inspectedBy: null, inspectedAt: null, updatedAt: sql`now()` })
      .where(eq(products.id, id.data));
    await recordActivity(tx, {
      userId: actor.userId,
      userType: "admin",
      activityType: "product_inspection_withdrawn",
      description: `Withdrew the inspection of ${current.name}`,
      metadata: { product_id: id.data },
    });
    return { id: id.data, adminInspected: false };
  });
}
