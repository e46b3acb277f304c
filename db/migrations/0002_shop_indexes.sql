DROP INDEX "products_public_created_idx";--> statement-breakpoint
DROP INDEX "products_public_price_idx";--> statement-breakpoint
DROP INDEX "products_public_brand_idx";--> statement-breakpoint
DROP INDEX "products_public_grade_idx";--> statement-breakpoint
DROP INDEX "products_public_rating_idx";--> statement-breakpoint
DROP INDEX "products_public_popular_idx";--> statement-breakpoint
DROP INDEX "products_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "products_public_vendor_idx" ON "products" USING btree ("vendor_id","admin_inspected") WHERE "products"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "products_public_created_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "products_public_price_idx" ON "products" USING btree (coalesce("final_price", "suggested_price"),"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "products_public_brand_idx" ON "products" USING btree ("brand","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "products_public_grade_idx" ON "products" USING btree ("grade","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "products_public_rating_idx" ON "products" USING btree ("rating_average" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "products_public_popular_idx" ON "products" USING btree ("units_sold" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);