DROP INDEX "products_public_created_idx";--> statement-breakpoint
DROP INDEX "products_public_price_idx";--> statement-breakpoint
DROP INDEX "products_public_rating_idx";--> statement-breakpoint
DROP INDEX "products_public_popular_idx";--> statement-breakpoint
DROP INDEX "products_public_featured_idx";--> statement-breakpoint
DROP INDEX "products_public_brand_idx";--> statement-breakpoint
DROP INDEX "products_public_grade_idx";--> statement-breakpoint
DROP INDEX "products_public_vendor_idx";--> statement-breakpoint
DROP INDEX "products_public_search_idx";--> statement-breakpoint
CREATE INDEX "products_public_model_idx" ON "products" USING btree ("brand","model","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'approved' and "products"."is_live" and "products"."stock_quantity" > 0;--> statement-breakpoint
CREATE INDEX "products_public_created_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'approved' and "products"."is_live" and "products"."stock_quantity" > 0;--> statement-breakpoint
CREATE INDEX "products_public_price_idx" ON "products" USING btree (coalesce("final_price", "suggested_price"),"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'approved' and "products"."is_live" and "products"."stock_quantity" > 0;--> statement-breakpoint
CREATE INDEX "products_public_rating_idx" ON "products" USING btree ("rating_average" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'approved' and "products"."is_live" and "products"."stock_quantity" > 0;--> statement-breakpoint
CREATE INDEX "products_public_popular_idx" ON "products" USING btree ("units_sold" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'approved' and "products"."is_live" and "products"."stock_quantity" > 0;--> statement-breakpoint
CREATE INDEX "products_public_featured_idx" ON "products" USING btree ("admin_inspected" DESC NULLS FIRST,"rating_average" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'approved' and "products"."is_live" and "products"."stock_quantity" > 0;--> statement-breakpoint
CREATE INDEX "products_public_brand_idx" ON "products" USING btree ("brand","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'approved' and "products"."is_live" and "products"."stock_quantity" > 0;--> statement-breakpoint
CREATE INDEX "products_public_grade_idx" ON "products" USING btree ("grade","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'approved' and "products"."is_live" and "products"."stock_quantity" > 0;--> statement-breakpoint
CREATE INDEX "products_public_vendor_idx" ON "products" USING btree ("vendor_id","admin_inspected") WHERE "products"."status" = 'approved' and "products"."is_live" and "products"."stock_quantity" > 0;--> statement-breakpoint
CREATE INDEX "products_public_search_idx" ON "products" USING btree ("search_text","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'approved' and "products"."is_live" and "products"."stock_quantity" > 0;--> statement-breakpoint
-- Lists now hold only live phones in stock (docs/storefront.md): the vendor's switch and stock
-- crossing zero change which products a listing holds. Per row, and only when membership moves,
-- so a sale that leaves stock above zero leaves every remembered shop page valid.
CREATE TRIGGER "products_listing_membership_raises_catalogue_version"
AFTER UPDATE OF "is_live", "stock_quantity" ON "products"
FOR EACH ROW
WHEN (OLD."is_live" IS DISTINCT FROM NEW."is_live" OR (OLD."stock_quantity" > 0) IS DISTINCT FROM (NEW."stock_quantity" > 0))
EXECUTE FUNCTION "raise_catalogue_version"();
--> statement-breakpoint
-- Selling or editing the last unit used to switch a phone off. Sold-out phones now keep the
-- vendor's switch, so their shared links show 'Sold out' instead of 'not found'.
UPDATE "products" SET "is_live" = true WHERE "stock_quantity" = 0 AND NOT "is_live" AND "status" = 'approved';
