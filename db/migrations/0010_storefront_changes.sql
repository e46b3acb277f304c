-- Signed-out storefront pages are kept rendered in each instance's memory (server/page-cache.ts).
-- Any change to what they show tells every instance, at commit, to drop them. One notification
-- per statement at most, and PostgreSQL folds identical ones within a transaction into one.
CREATE FUNCTION "notify_storefront_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('storefront_changed', '');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "products_storefront_changed" AFTER INSERT OR UPDATE OR DELETE ON "products"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_storefront_changed"();--> statement-breakpoint
CREATE TRIGGER "vendors_storefront_changed" AFTER INSERT OR UPDATE OR DELETE ON "vendors"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_storefront_changed"();--> statement-breakpoint
CREATE TRIGGER "reviews_storefront_changed" AFTER INSERT OR UPDATE OR DELETE ON "reviews"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_storefront_changed"();--> statement-breakpoint
CREATE TRIGGER "cms_content_storefront_changed" AFTER INSERT OR UPDATE OR DELETE ON "cms_content"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_storefront_changed"();--> statement-breakpoint
CREATE TRIGGER "admin_pricing_config_storefront_changed" AFTER INSERT OR UPDATE OR DELETE ON "admin_pricing_config"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_storefront_changed"();--> statement-breakpoint
-- Reviews show their writer's name.
CREATE TRIGGER "profiles_storefront_changed" AFTER UPDATE OF "full_name" OR DELETE ON "profiles"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_storefront_changed"();
