import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { products } from "../../db/schema/catalog";
import { reviews } from "../../db/schema/reviews";

/** Average rating (two decimals) and count of the product's approved reviews. */
export async function refreshProductRating(tx: Database, productId: string): Promise<void> {
  const approvedOfProduct = and(eq(reviews.productId, productId), eq(reviews.approved, true));
  await tx
    .update(products)
    .set({
      ratingAverage: sql`coalesce((select round(avg(${reviews.rating})::numeric, 2) from ${reviews} where ${approvedOfProduct}), 0)`,
      reviewCount: sql`(select count(*)::int from ${reviews} where ${approvedOfProduct})`,
    })
    .where(eq(products.id, productId));
}
