/**
 * Admin review of listings (operations.md §4, product status): Approve sets the status and the
 * final price (suggested price × (1 + markup) from the pricing config, decisions.md 3); Reject
 * sets the status. Each decision tells the vendor and is written to the activity log, in the
 * same transaction as the change.
 */
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client";
import type { ProductStatus } from "../../lib/constants";
import { finalPriceFromSuggested, formatNaira } from "../../lib/money";
import { recordActivity } from "../activity/service";
import { notify } from "../notifications/service";
import { getPricingConfig } from "../pricing/service";
import { type Actor, assertAdmin } from "../vendors/approval";
import { Refusal } from "../vendors/errors";
import { vendors } from "../vendors/schema";
import { PRODUCT_TEXTS } from "./management-validation";
import { products } from "./schema";

export interface ModerationResult {
  id: string;
  status: ProductStatus;
  /** Kobo. */
  finalPrice: number | null;
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
  status: "approved" | "rejected",
  reason?: string,
): Promise<ModerationResult> {
  assertAdmin(actor);
  const id = productIdSchema.safeParse(productId);
  if (!id.success) throw new Refusal(404, PRODUCT_TEXTS.notFound);
  const markup = status === "approved" ? (await getPricingConfig(db)).markupPercentage : 0;
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ suggestedPrice: products.suggestedPrice })
      .from(products)
      .where(eq(products.id, id.data))
      .for("update");
    if (!current) throw new Refusal(404, PRODUCT_TEXTS.notFound);
    const [product] = await tx
      .update(products)
      .set({
        status,
        ...(status === "approved" ? { finalPrice: finalPriceFromSuggested(current.suggestedPrice, markup) } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(products.id, id.data))
      .returning({ id: products.id, name: products.name, vendorId: products.vendorId, status: products.status, finalPrice: products.finalPrice });
    const decided = product as DecidedProduct;
    await announceProductDecision(tx, actor, decided, reason?.trim() || undefined);
    return { id: decided.id, status: decided.status, finalPrice: decided.finalPrice };
  });
}

/** Approve (admins): status approved, final price = suggested price × (1 + markup percent). */
export function approveProduct(db: Database, actor: Actor, productId: string): Promise<ModerationResult> {
  return decide(db, actor, productId, "approved");
}

/** Reject (admins): status rejected; the vendor is told, with the reason when one is given. */
export function rejectProduct(db: Database, actor: Actor, productId: string, reason?: string): Promise<ModerationResult> {
  return decide(db, actor, productId, "rejected", reason);
}
