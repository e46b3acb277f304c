CREATE TABLE "uploaded_images" (
	"url" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "inspected_by" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "inspected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "compare_price" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "warranty_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "replaced_by_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "recorded_by" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "admin_pricing_config" ADD COLUMN "warranty_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "uploaded_images" ADD CONSTRAINT "uploaded_images_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploaded_images_owner_idx" ON "uploaded_images" USING btree ("owner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_inspected_by_users_id_fk" FOREIGN KEY ("inspected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_replaced_by_id_payments_id_fk" FOREIGN KEY ("replaced_by_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_compare_price_positive" CHECK ("products"."compare_price" is null or "products"."compare_price" > 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_warranty_days_range" CHECK ("orders"."warranty_days" between 1 and 365);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_gateway_known" CHECK ("payments"."payment_gateway" in ('paystack', 'manual'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_manual_recorded" CHECK ("payments"."payment_gateway" <> 'manual' or "payments"."payment_method" in ('bank_transfer', 'cash', 'pos'));--> statement-breakpoint
ALTER TABLE "admin_pricing_config" ADD CONSTRAINT "pricing_warranty_days_range" CHECK ("admin_pricing_config"."warranty_days" between 1 and 365);--> statement-breakpoint
-- Listings approved before comparison prices were recorded: the suggested price the admin saw at approval.
UPDATE "products" SET "compare_price" = "suggested_price"
 WHERE "status" = 'approved' AND "final_price" IS NOT NULL AND "final_price" < "suggested_price";--> statement-breakpoint
UPDATE "products" SET "inspected_at" = "updated_at" WHERE "admin_inspected";--> statement-breakpoint
-- Photos already on listings count as uploads of the listing's vendor.
INSERT INTO "uploaded_images" ("url", "owner_id")
SELECT DISTINCT image.url, v."user_id" FROM "products" p
  JOIN "vendors" v ON v."id" = p."vendor_id"
  CROSS JOIN LATERAL unnest(p."images") AS image(url)
ON CONFLICT ("url") DO NOTHING;
