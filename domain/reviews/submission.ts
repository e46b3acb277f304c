import { and, eq } from "drizzle-orm";
import { Refusal } from "../core/refusal";
import type { Database } from "../../db/client";
import type { Viewer } from "../accounts/viewer";
import { recordActivity } from "../activity/service";
import { products } from "../../db/schema/catalog";
import { orders } from "../../db/schema/orders";
import { reviews } from "../../db/schema/reviews";
import { REVIEW_SUBMISSION_TEXTS, type ReviewSubmission } from "./validation";

export { REVIEW_SUBMISSION_TEXTS, reviewFormSchema, reviewSubmissionSchema, type ReviewSubmission } from "./validation";


/**
 * Stores the buyer's review of the phone of one of their delivered orders, waiting for an admin's
 * approval; one review per customer and product.
 */
export async function submitReview(
  db: Database,
  actor: Pick<Viewer, "userId">,
  input: ReviewSubmission,
): Promise<{ reviewId: string; message: string }> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status, productId: orders.productId, productName: products.name })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .where(and(eq(orders.id, input.orderId), eq(orders.customerId, actor.userId)));
    if (!order) throw new Refusal("not_found", REVIEW_SUBMISSION_TEXTS.orderNotFound);
    if (order.status !== "delivered") throw new Refusal("conflict", REVIEW_SUBMISSION_TEXTS.notDelivered);
    // The unique (customer, product) key decides a race between two submissions, without an error.
    const [review] = await tx
      .insert(reviews)
      .values({ productId: order.productId, customerId: actor.userId, orderId: input.orderId, rating: input.rating, comment: input.comment, approved: false })
      .onConflictDoNothing({ target: [reviews.customerId, reviews.productId] })
      .returning({ id: reviews.id });
    if (!review) throw new Refusal("conflict", REVIEW_SUBMISSION_TEXTS.alreadyReviewed);
    await recordActivity(tx, {
      userId: actor.userId,
      userType: "buyer",
      activityType: "review_submitted",
      description: `Reviewed ${order.productName}: ${input.rating} of 5 stars`,
      metadata: { review_id: review.id, product_id: order.productId, order_id: input.orderId },
    });
    return { reviewId: review.id, message: REVIEW_SUBMISSION_TEXTS.submitted };
  });
}
