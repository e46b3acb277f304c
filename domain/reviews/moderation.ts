import { eq, sql } from "drizzle-orm";
import { Refusal } from "../core/refusal";
import type { Database } from "../../db/client";
import { profiles } from "../../db/schema/accounts";
import { recordActivity } from "../activity/service";
import { type Actor, assertMay } from "../core/access";
import { type Page, mapPage, newestPage } from "../core/paging";
import { products } from "../../db/schema/catalog";
import { refreshProductRating } from "../catalog/ratings";
import { reviews } from "../../db/schema/reviews";

export const REVIEW_TEXTS = {
  approved: "Review approved successfully",
  rejected: "Review rejected successfully",
  failed: "Failed to update review",
  notFound: "Review not found",
} as const;

export interface AdminReview {
  id: string;
  rating: number;
  comment: string | null;
  approved: boolean;
  createdAt: string;
  productId: string;
  productName: string;
  authorName: string;
}

export async function listReviewsForAdmin(
  db: Database,
  actor: Actor,
  filter: { approved?: boolean; page?: number },
): Promise<Page<AdminReview>> {
  assertMay(actor, "back_office");
  const query = db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      comment: reviews.comment,
      approved: reviews.approved,
      createdAt: reviews.createdAt,
      productId: products.id,
      productName: products.name,
      authorName: sql<string>`coalesce(nullif(trim(${profiles.fullName}), ''), 'Anonymous')`,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .leftJoin(profiles, eq(profiles.userId, reviews.customerId))
    .where(filter.approved === undefined ? undefined : eq(reviews.approved, filter.approved))
    .$dynamic();
  const page = await newestPage(query, reviews, filter.page);
  return mapPage(page, (row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}


/**
 * Approves or rejects a review; the product's rating and review count are recomputed from
 * its approved reviews in the same transaction, so only approved reviews ever count.
 */
export async function setReviewApproval(
  db: Database,
  actor: Actor,
  input: { reviewId: string; approved: boolean },
): Promise<{ approved: boolean }> {
  assertMay(actor, "back_office");
  return db.transaction(async (tx) => {
    const [review] = await tx
      .update(reviews)
      .set({ approved: input.approved })
      .where(eq(reviews.id, input.reviewId))
      .returning({ productId: reviews.productId, rating: reviews.rating });
    if (!review) throw new Refusal("not_found", REVIEW_TEXTS.notFound);
    await refreshProductRating(tx, review.productId);
    const [product] = await tx.select({ name: products.name }).from(products).where(eq(products.id, review.productId));
    await recordActivity(tx, {
      userId: actor.userId,
      userType: "admin",
      activityType: input.approved ? "review_approved" : "review_rejected",
      description: `${input.approved ? "Approved" : "Rejected"} a ${review.rating}-star review of ${product?.name ?? "a product"}`,
      metadata: { review_id: input.reviewId, product_id: review.productId },
    });
    return { approved: input.approved };
  });
}

