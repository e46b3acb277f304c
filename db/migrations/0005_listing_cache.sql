CREATE TABLE "catalogue_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_version_single_row" CHECK ("catalogue_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "catalogue_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
-- Raised in the changing transaction, once per statement, so a listing read in the same snapshot
-- as the counter is never newer than it.
CREATE FUNCTION "raise_catalogue_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- What decides which products a listing holds and in which order; stock, pictures and review
-- counts are read fresh on every request and need no raise.
CREATE TRIGGER "products_raise_catalogue_version"
AFTER INSERT OR DELETE OR UPDATE OF "status", "vendor_id", "name", "brand", "model", "storage", "grade", "final_price",
  "suggested_price", "admin_inspected", "rating_average", "units_sold", "created_at" ON "products"
FOR EACH STATEMENT EXECUTE FUNCTION "raise_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "vendors_raise_catalogue_version"
AFTER DELETE OR UPDATE OF "status", "verified" ON "vendors"
FOR EACH STATEMENT EXECUTE FUNCTION "raise_catalogue_version"();--> statement-breakpoint
-- The shop's price filter is on this expression: without statistics the planner guessed 0.5% of
-- rows for any price range and read the price index instead of stopping early on newest first.
CREATE STATISTICS "products_display_price_stats" ON (coalesce("final_price", "suggested_price")) FROM "products";
