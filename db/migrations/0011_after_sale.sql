CREATE TYPE "public"."claim_reason" AS ENUM('hardware_malfunction', 'battery_performance', 'screen_defect', 'charging_problem', 'not_as_described', 'other');--> statement-breakpoint
CREATE TYPE "public"."claim_status" AS ENUM('open', 'accepted', 'declined', 'escalated', 'resolved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."refund_status" AS ENUM('pending', 'processed', 'failed');--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'refunded';--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'partially_refunded' BEFORE 'refunded';--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"order_id" uuid,
	"claim_id" uuid,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" "refund_status" DEFAULT 'pending' NOT NULL,
	"provider_refund_id" bigint,
	"idempotency_key" text NOT NULL,
	"requested_by" text,
	"failure_reason" text,
	"is_test" boolean DEFAULT false NOT NULL,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_provider_refund_id_unique" UNIQUE("provider_refund_id"),
	CONSTRAINT "refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "warranty_claim_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"claim_id" uuid NOT NULL,
	"actor_id" text,
	"actor_role" text NOT NULL,
	"kind" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warranty_claim_events_actor_role_known" CHECK ("warranty_claim_events"."actor_role" in ('buyer', 'vendor', 'admin', 'system'))
);
--> statement-breakpoint
CREATE TABLE "warranty_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_id" text NOT NULL,
	"vendor_id" uuid NOT NULL,
	"reason" "claim_reason" NOT NULL,
	"description" text NOT NULL,
	"photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" "claim_status" DEFAULT 'open' NOT NULL,
	"answer_due_at" timestamp with time zone NOT NULL,
	"vendor_outcome" text,
	"return_instructions" text,
	"decline_reason" text,
	"answered_at" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	"escalation_note" text,
	"admin_decision" text,
	"admin_note" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"overdue_flagged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warranty_claims_photos_at_most_5" CHECK (coalesce(array_length("warranty_claims"."photos", 1), 0) <= 5),
	CONSTRAINT "warranty_claims_vendor_outcome_known" CHECK ("warranty_claims"."vendor_outcome" is null or "warranty_claims"."vendor_outcome" in ('repair', 'replacement', 'refund')),
	CONSTRAINT "warranty_claims_admin_decision_known" CHECK ("warranty_claims"."admin_decision" is null or "warranty_claims"."admin_decision" in ('full_refund', 'partial_refund', 'replacement', 'reject'))
);
--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "actor_id" text;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "actor_role" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "admin_pricing_config" ADD COLUMN "auto_deliver_after_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_claim_id_warranty_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."warranty_claims"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claim_events" ADD CONSTRAINT "warranty_claim_events_claim_id_warranty_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."warranty_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claim_events" ADD CONSTRAINT "warranty_claim_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "warranty_claim_events_claim_idx" ON "warranty_claim_events" USING btree ("claim_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "warranty_claims_one_active_per_order" ON "warranty_claims" USING btree ("order_id") WHERE "warranty_claims"."status" in ('open', 'accepted', 'declined', 'escalated');--> statement-breakpoint
CREATE INDEX "warranty_claims_customer_idx" ON "warranty_claims" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "warranty_claims_vendor_idx" ON "warranty_claims" USING btree ("vendor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "warranty_claims_open_due_idx" ON "warranty_claims" USING btree ("answer_due_at") WHERE "warranty_claims"."status" = 'open';--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_shipped_at_idx" ON "orders" USING btree ("shipped_at") WHERE "orders"."status" = 'shipped';--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_actor_role_known" CHECK ("order_status_history"."actor_role" is null or "order_status_history"."actor_role" in ('buyer', 'vendor', 'admin', 'system'));--> statement-breakpoint
ALTER TABLE "admin_pricing_config" ADD CONSTRAINT "pricing_auto_deliver_days_range" CHECK ("admin_pricing_config"."auto_deliver_after_days" between 1 and 60);--> statement-breakpoint
-- Orders shipped or delivered before these moments were kept: the time the history recorded each move.
UPDATE "orders" o SET "shipped_at" = coalesce(
  (SELECT max(h."created_at") FROM "order_status_history" h WHERE h."order_id" = o."id" AND h."status" = 'shipped'), o."updated_at")
 WHERE o."status" IN ('shipped', 'delivered');--> statement-breakpoint
UPDATE "orders" o SET "delivered_at" = coalesce(
  (SELECT max(h."created_at") FROM "order_status_history" h WHERE h."order_id" = o."id" AND h."status" = 'delivered'), o."updated_at")
 WHERE o."status" = 'delivered';
