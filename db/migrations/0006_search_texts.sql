CREATE TABLE "product_search_texts" (
	"search_text" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "product_search_texts_trgm_idx" ON "product_search_texts" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_public_search_idx" ON "products" USING btree ("search_text","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'approved';--> statement-breakpoint
INSERT INTO "product_search_texts" ("search_text") SELECT DISTINCT "search_text" FROM "products";--> statement-breakpoint
CREATE FUNCTION "keep_product_search_texts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_search_texts" ("search_text")
  SELECT DISTINCT "search_text" FROM "changed_products"
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "products_keep_search_texts_on_insert"
AFTER INSERT ON "products" REFERENCING NEW TABLE AS "changed_products"
FOR EACH STATEMENT EXECUTE FUNCTION "keep_product_search_texts"();--> statement-breakpoint
-- Every update statement, as a trigger with transition rows cannot name columns; a text already
-- kept costs one index probe.
CREATE TRIGGER "products_keep_search_texts_on_update"
AFTER UPDATE ON "products" REFERENCING NEW TABLE AS "changed_products"
FOR EACH STATEMENT EXECUTE FUNCTION "keep_product_search_texts"();
